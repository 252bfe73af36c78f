package com.prospectdata.architecture.leaky.billing;

/** The billing module's API in a planted application for ModulesTest; nothing else uses it. */
public class Invoices {
}
