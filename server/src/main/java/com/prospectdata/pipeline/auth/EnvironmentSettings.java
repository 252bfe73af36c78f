package com.prospectdata.pipeline.auth;

import com.prospectdata.data.database.NoDatasourceUrlCondition;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Which environment this deployment serves: {@code app.environment} when set, otherwise
 * {@code test} on the embedded database (a developer's machine) and {@code live} on a real one.
 */
@Component
public class EnvironmentSettings {

    private final DeploymentEnvironment served;

    public EnvironmentSettings(EnvironmentProperties settings, Environment environment) {
        if (settings.environment() != null) {
            this.served = settings.environment();
        } else {
            this.served = NoDatasourceUrlCondition.noDatasourceUrl(environment)
                    ? DeploymentEnvironment.TEST : DeploymentEnvironment.LIVE;
        }
    }

    public DeploymentEnvironment served() {
        return served;
    }
}
