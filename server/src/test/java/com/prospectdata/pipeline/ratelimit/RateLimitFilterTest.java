package com.prospectdata.pipeline.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.core.openapi.DocumentCopies;
import com.prospectdata.pipeline.OperationFilter;
import com.prospectdata.pipeline.RequestContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** A request takes as many tokens as its operation's {@code x-rate-limit-cost}, read from the document. */
class RateLimitFilterTest {

    private static final ApiOperations WITH_THINGS = ApiOperations.of(DocumentCopies.withThings(false));

    @ParameterizedTest(name = "{0} leaves {1} of 100")
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/companies/c1/things  | 95
            /api/v1/companies/c1         | 99
            /api/v1/no-such-operation    | 99
            """)
    void aRequestTakesItsOperationsCost(String path, String remaining) throws Exception {
        RateLimiter limiter = new RateLimiter(new LocalRateLimitStore(),
                new RateLimitProperties(true, RateLimitProperties.Store.LOCAL, Duration.ofMillis(500)), Clock.systemUTC());
        RateLimitFilter filter = new RateLimitFilter(limiter, new SimpleMeterRegistry());
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        AuthenticatedKey caller = new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(), Tier.ENTERPRISE, 100,
                List.of("companies:read"), null);
        MockHttpServletResponse response = new MockHttpServletResponse();

        new OperationFilter(WITH_THINGS).doFilter(request, response, (resolved, answer) -> {
            // As the authentication step leaves it.
            RequestContext.of(resolved).acceptCaller(caller);
            filter.doFilter(resolved, answer, (served, ok) -> { });
        });

        assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo(remaining);
    }
}
