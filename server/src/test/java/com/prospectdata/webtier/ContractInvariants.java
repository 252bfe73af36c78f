package com.prospectdata.webtier;

import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultMatcher;

/**
 * What docs/api-rules.md says of every response (testing's
 * {@link com.prospectdata.testing.ContractInvariants}, which the jar tier applies too), checked on
 * every response of the web tier, whatever the test itself looks at. {@link ValidationConfiguration}
 * adds it to every MockMvc, after {@link DocumentValidation}.
 */
final class ContractInvariants implements ResultMatcher {

    @Override
    public void match(MvcResult result) {
        // A stream's exchange is checked when its asynchronous dispatch has completed it.
        if (!result.getRequest().isAsyncStarted()) {
            com.prospectdata.testing.ContractInvariants.check(WebExchange.of(result));
        }
    }
}
