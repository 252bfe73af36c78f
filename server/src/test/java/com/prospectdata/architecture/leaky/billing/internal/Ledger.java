package com.prospectdata.architecture.leaky.billing.internal;

/** Internal to the planted billing module: public for Java, not for the module's neighbours. */
public class Ledger {
}
