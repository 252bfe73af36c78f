package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class BenchmarkCallerTest {

    private static EnvironmentSettings serving(String environment) {
        return new EnvironmentSettings(settings(environment, null), new MockEnvironment());
    }

    private static EnvironmentProperties settings(String environment, UUID organization) {
        return new EnvironmentProperties(DeploymentEnvironment.fromWireName(environment),
                new EnvironmentProperties.Benchmark(organization));
    }

    @Test
    void unsetMeansEveryRequestIsAuthenticated() {
        assertThat(new BenchmarkCaller(settings("live", null), serving("live")).caller()).isEmpty();
    }

    @Test
    void aLiveDeploymentRefusesToSwitchAuthenticationOff() {
        assertThatThrownBy(() -> new BenchmarkCaller(settings("live", UUID.randomUUID()), serving("live")))
                .isInstanceOf(com.prospectdata.core.settings.InvalidSettingException.class)
                .hasMessageContaining("refused on a live deployment");
    }

    @Test
    void aTestDeploymentActsForTheConfiguredOrganization() {
        UUID organization = UUID.randomUUID();
        assertThat(new BenchmarkCaller(settings("test", organization), serving("test")).caller())
                .hasValueSatisfying(caller -> assertThat(caller.organizationId()).isEqualTo(organization));
    }
}
