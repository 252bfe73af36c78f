package com.prospectdata.auth;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * For bench/auth-overhead only: {@code app.benchmark.unauthenticated-organization} switches key
 * checks off, every request acting for that organization, so the cost of authentication can be
 * measured against the same endpoint without it. Refused outright on a {@code live} deployment.
 */
@Component
public class BenchmarkCaller {

    private static final Logger log = LoggerFactory.getLogger(BenchmarkCaller.class);

    private final Optional<AuthenticatedKey> caller;

    public BenchmarkCaller(@Value("${app.benchmark.unauthenticated-organization:}") String organization,
                           EnvironmentSettings environment) {
        if (!StringUtils.hasText(organization)) {
            this.caller = Optional.empty();
            return;
        }
        if (environment.served() != DeploymentEnvironment.TEST) {
            throw new IllegalStateException("app.benchmark.unauthenticated-organization switches authentication off"
                    + " and is refused on a live deployment");
        }
        log.warn("AUTHENTICATION IS OFF: every request acts for organization {} (app.benchmark.unauthenticated-organization)",
                organization);
        this.caller = Optional.of(new AuthenticatedKey(new UUID(0, 0), UUID.fromString(organization.trim()),
                Tier.ENTERPRISE, Integer.MAX_VALUE, List.of(Scopes.COMPANIES_READ), Optional.empty()));
    }

    public Optional<AuthenticatedKey> caller() {
        return caller;
    }
}
