package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.core.openapi.DocumentCopies;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.OperationFilter;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.Tier;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The scopes a request needs are its operation's {@code x-required-scopes}, read from the document. */
class ScopeFilterTest {

    private static final ApiOperations WITH_THINGS = ApiOperations.of(DocumentCopies.withThings(false));

    @ParameterizedTest(name = "{0} with [{1}] -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/companies/c1/things  | companies:read               | 403
            /api/v1/companies/c1/things  | companies:read things:read   | 200
            /api/v1/companies/c1         | companies:read               | 200
            /api/v1/companies/c1         | things:read                  | 403
            /api/v1/no-such-operation    | companies:read               | 200
            /api/v1/no-such-operation    | things:read                  | 403
            """)
    void aKeyNeedsEveryScopeItsOperationDeclares(String path, String scopes, int expected) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        AuthenticatedKey caller = new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(), Tier.PRO, 1000,
                List.of(scopes.split(" ")), null);
        MockHttpServletResponse response = new MockHttpServletResponse();
        ScopeFilter step = new ScopeFilter(WITH_THINGS);

        int status;
        try {
            new OperationFilter(WITH_THINGS).doFilter(request, response, (resolved, answer) -> {
                RequestContext.of(resolved).acceptCaller(caller);
                step.doFilter(resolved, answer, (served, ok) -> ((MockHttpServletResponse) ok).setStatus(200));
            });
            status = response.getStatus();
        } catch (ApiException refused) {
            status = refused.code().status().value();
        }

        assertThat(status).isEqualTo(expected);
    }
}
