package com.prospectdata.contract.support;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand, for requests no client library will send: a path with broken
 * percent-encoding, oversized headers. The server must answer them in the contract's shape too,
 * although they are refused by the servlet container before the application sees them. The
 * exchange itself is {@link RawExchange}'s.
 */
public final class RawHttp {

    /** A response: status, headers (names in lower case) and the body, de-chunked. */
    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {
    }

    /** Sends {@code GET target} to the server with the extra header lines (each "Name: value"). */
    public static Response get(String target, String... headerLines) throws IOException {
        ContractEnvironment environment = ContractEnvironment.shared();
        return get(environment.isHttps(), environment.port(), target, headerLines);
    }

    /** Sends {@code GET target} in plain HTTP to the port, with the extra header lines. */
    public static Response getPlain(int port, String target, String... headerLines) throws IOException {
        return get(false, port, target, headerLines);
    }

    private static Response get(boolean tls, int port, String target, String... headerLines) throws IOException {
        String[] lines = new String[headerLines.length + 1];
        lines[0] = "Accept: application/json";
        System.arraycopy(headerLines, 0, lines, 1, headerLines.length);
        return RawExchange.send(tls, port, "GET " + target + " HTTP/1.1", lines);
    }
}
