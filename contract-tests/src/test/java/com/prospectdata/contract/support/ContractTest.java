package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import org.junit.jupiter.api.extension.ExtendWith;

/** Base of the contract test classes: the server, its data and keys are there before the first test. */
@ExtendWith(ContractServerExtension.class)
public abstract class ContractTest {

    protected static ContractEnvironment environment() {
        return ContractEnvironment.shared();
    }

    protected static Fixture fixture() {
        return environment().fixture();
    }

    protected static ContractEnvironment.Keys keys() {
        return environment().keys();
    }
}
