package com.prospectdata.contract.support;

import java.util.List;

/** Closes resources in the order given, every one of them, and reports the first failure with the others suppressed in it. */
final class CloseAll {

    /** One step of a clean-up that may fail. */
    interface Step {
        void run() throws Exception;
    }

    private CloseAll() {
    }

    static void run(List<Step> steps) throws Exception {
        Exception failure = null;
        for (Step step : steps) {
            try {
                step.run();
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
