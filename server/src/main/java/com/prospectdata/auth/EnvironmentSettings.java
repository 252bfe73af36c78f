package com.prospectdata.auth;

import com.prospectdata.database.NoDatasourceUrlCondition;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * Which environment this deployment serves: {@code app.environment} when set, otherwise
 * {@code test} on the embedded database (a developer's machine) and {@code live} on a real one.
 */
@Component
public class EnvironmentSettings {

    private final DeploymentEnvironment served;

    public EnvironmentSettings(Environment environment) {
        String configured = environment.getProperty("app.environment");
        if (StringUtils.hasText(configured)) {
            this.served = DeploymentEnvironment.fromWireName(configured.trim());
        } else {
            this.served = NoDatasourceUrlCondition.noDatasourceUrl(environment)
                    ? DeploymentEnvironment.TEST : DeploymentEnvironment.LIVE;
        }
    }

    public DeploymentEnvironment served() {
        return served;
    }
}
