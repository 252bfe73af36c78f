package com.prospectdata.contract.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the {@link ContractEnvironment} before the first test class that needs it and stops it
 * when the whole run ends: the environment is kept in the root context's store, which JUnit
 * closes after the last test class.
 */
public final class ContractServerExtension implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ContractServerExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(NAMESPACE).computeIfAbsent(Closer.class, key -> {
            ContractEnvironment.shared();
            return new Closer();
        }, Closer.class);
    }

    /** Stops the server and drops the database when the root store is closed. */
    private static final class Closer implements AutoCloseable {
        @Override
        public void close() {
            ContractEnvironment.closeShared();
        }
    }
}
