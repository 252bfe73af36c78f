package com.prospectdata.contract.support;

import com.prospectdata.testing.Exchange;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.http.Header;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * What docs/api-rules.md says of every response (testing's
 * {@link com.prospectdata.testing.ContractInvariants}, which the web tier applies too), checked on
 * every response of every test that goes through {@link Api} or a {@link ServerProcess}, whatever
 * the test itself looks at.
 */
final class ContractInvariants implements Filter {

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                           FilterContext context) {
        Response response = context.next(request, responseSpec);
        com.prospectdata.testing.ContractInvariants.check(exchange(request, response));
        return response;
    }

    /** The request and its response as the checks both tiers share see them; the body as REST Assured decoded it. */
    static Exchange exchange(FilterableRequestSpecification request, Response response) {
        String rawPath;
        String rawQuery;
        try {
            URI uri = URI.create(request.getURI());
            rawPath = uri.getRawPath();
            rawQuery = uri.getRawQuery();
        } catch (IllegalArgumentException unparsable) {
            // A target no URI parser takes, sent on purpose: it is no operation's, and names itself whole.
            rawPath = request.getURI();
            rawQuery = null;
        }
        Map<String, String> headers = new HashMap<>();
        for (Header header : response.headers()) {
            headers.putIfAbsent(header.getName(), header.getValue());
        }
        return new Exchange(request.getMethod(), rawPath, rawQuery, response.statusCode(), headers, response.asByteArray());
    }
}
