package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import io.restassured.http.Header;
import io.restassured.response.Response;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What a browser sends and reads of CORS (docs/SECURITY.md, API8), for the classes that check it. */
public final class Cors {

    /** The list of the shared server's companies, whose CORS answers are checked. */
    public static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    /** The origin a server configured for CORS allows ({@code --app.cors.allowed-origins}). */
    public static final String PARTNER = "https://partner.example";
    /** An origin no server allows. */
    public static final String EVIL = "https://evil.example";

    private Cors() {
    }

    /** A browser's preflight of {@code method} on the list, from {@code origin}, over TLS. */
    public static RawHttp.Response preflight(int port, String origin, String method) throws IOException {
        return RawExchange.send(true, port, "OPTIONS " + LIST + " HTTP/1.1",
                "Origin: " + origin,
                "Access-Control-Request-Method: " + method,
                "Access-Control-Request-Headers: authorization, if-none-match");
    }

    /** The names of the response's {@code Access-Control-*} headers. */
    public static List<String> corsHeaders(Response response) {
        return response.headers().asList().stream()
                .map(Header::getName)
                .filter(name -> name.toLowerCase(Locale.ROOT).startsWith("access-control-"))
                .toList();
    }

    /** The items of a comma-separated header (Allow, Access-Control-Allow-Methods, ...); none when it is absent. */
    public static List<String> listed(String headerValue) {
        return headerValue == null ? List.of() : Arrays.stream(headerValue.split(","))
                .map(String::strip).filter(value -> !value.isEmpty()).toList();
    }

    /** As {@link #listed}, in lower case: header names. */
    public static List<String> listedLowerCase(String headerValue) {
        return listed(headerValue).stream().map(value -> value.toLowerCase(Locale.ROOT)).toList();
    }
}
