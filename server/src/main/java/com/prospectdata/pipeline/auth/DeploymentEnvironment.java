package com.prospectdata.pipeline.auth;

import java.util.Locale;

/** The environment a deployment serves, and the environment a key belongs to. */
public enum DeploymentEnvironment {
    LIVE, TEST;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeploymentEnvironment fromWireName(String value) {
        for (DeploymentEnvironment environment : values()) {
            if (environment.wireName().equals(value)) {
                return environment;
            }
        }
        throw new IllegalArgumentException("environment must be live or test, not '" + value + "'");
    }
}
