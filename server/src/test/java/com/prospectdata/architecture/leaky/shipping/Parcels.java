package com.prospectdata.architecture.leaky.shipping;

import com.prospectdata.architecture.leaky.billing.internal.Ledger;

/** A planted module that reaches into billing's internals, for ModulesTest to refuse. */
public class Parcels {

    public Ledger ledger() {
        return new Ledger();
    }
}
