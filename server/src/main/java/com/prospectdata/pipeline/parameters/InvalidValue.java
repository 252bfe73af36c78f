package com.prospectdata.pipeline.parameters;

/**
 * A parameter value its rule refuses. The reason, when given, says more than the rule alone
 * ("must not contain the character U+0000"); without one, the message states the rule.
 */
final class InvalidValue extends Exception {

    private final String reason;

    InvalidValue() {
        this(null);
    }

    InvalidValue(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    /** The complete sentence for the parameter {@code name} whose rule is {@code rule}. */
    String sentence(String name, ValueRule rule) {
        return reason != null ? name + " " + reason : name + " must be " + rule.expected();
    }
}
