package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.core.settings.InvalidSettingException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * For bench/auth-overhead only: {@code app.benchmark.unauthenticated-organization} switches key
 * checks off, every request acting for that organization, so the cost of authentication can be
 * measured against the same endpoint without it. Refused outright on a {@code live} deployment.
 */
@Component
class BenchmarkCaller {

    private static final Logger log = LoggerFactory.getLogger(BenchmarkCaller.class);

    /** Null unless authentication is off. */
    private final @Nullable AuthenticatedKey caller;

    public BenchmarkCaller(EnvironmentProperties settings, EnvironmentSettings environment) {
        UUID organization = settings.benchmark().unauthenticatedOrganization();
        if (organization == null) {
            this.caller = null;
            return;
        }
        if (environment.served() != DeploymentEnvironment.TEST) {
            throw new InvalidSettingException("app.benchmark.unauthenticated-organization switches authentication off"
                    + " and is refused on a live deployment");
        }
        log.warn("AUTHENTICATION IS OFF: every request acts for organization {} (app.benchmark.unauthenticated-organization)",
                organization);
        this.caller = new AuthenticatedKey(new UUID(0, 0), organization,
                Tier.ENTERPRISE, Integer.MAX_VALUE, List.of(Scopes.COMPANIES_READ), null);
    }

    public Optional<AuthenticatedKey> caller() {
        return Optional.ofNullable(caller);
    }
}
