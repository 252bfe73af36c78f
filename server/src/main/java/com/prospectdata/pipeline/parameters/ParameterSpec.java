package com.prospectdata.pipeline.parameters;

/**
 * One parameter of an operation as api/openapi.yaml declares it. {@code defaultValue} is the
 * schema's {@code default}, already read by the rule (null when there is none).
 */
record ParameterSpec(String name, Location location, boolean required, ValueRule rule, Object defaultValue) {

    enum Location {
        PATH, QUERY
    }
}
