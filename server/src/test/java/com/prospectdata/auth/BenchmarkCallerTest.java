package com.prospectdata.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class BenchmarkCallerTest {

    private static EnvironmentSettings serving(String environment) {
        return new EnvironmentSettings(new MockEnvironment().withProperty("app.environment", environment));
    }

    @Test
    void unsetMeansEveryRequestIsAuthenticated() {
        assertThat(new BenchmarkCaller("", serving("live")).caller()).isEmpty();
    }

    @Test
    void aLiveDeploymentRefusesToSwitchAuthenticationOff() {
        assertThatThrownBy(() -> new BenchmarkCaller(UUID.randomUUID().toString(), serving("live")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("refused on a live deployment");
    }

    @Test
    void aTestDeploymentActsForTheConfiguredOrganization() {
        UUID organization = UUID.randomUUID();
        assertThat(new BenchmarkCaller(organization.toString(), serving("test")).caller())
                .hasValueSatisfying(caller -> assertThat(caller.organizationId()).isEqualTo(organization));
    }
}
