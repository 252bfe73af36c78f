package com.prospectdata.core.settings;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Tells Spring Boot that an {@link InvalidSettingException} is explained by its message, so that
 * start-up ends without a stack trace; the command line prints the message as its one line.
 */
class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSettingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidSettingException cause) {
        return new FailureAnalysis(cause.getMessage(), "Correct the setting; the README's Configuration lists them all.", cause);
    }
}
