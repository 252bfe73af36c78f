package com.prospectdata.webtier;

import com.prospectdata.testing.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;

/**
 * A response of the web tier as a client reads it: status, headers, and the body decoded (a
 * gzip-encoded body is unzipped, as an HTTP client does), for tests that state what they expect
 * of it in the words of the contract tests they came from.
 */
public record Answer(int status, MockHttpServletResponse response) {

    static Answer of(MockHttpServletResponse response) {
        return new Answer(response.getStatus(), response);
    }

    public int statusCode() {
        return status;
    }

    /** The first value of the header, or null. */
    public String header(String name) {
        return response.getHeader(name);
    }

    public List<String> headers(String name) {
        return response.getHeaders(name);
    }

    public String contentType() {
        return response.getContentType();
    }

    /** The body as sent, compressed or not. */
    public byte[] bytes() {
        return response.getContentAsByteArray();
    }

    /** The body as the client reads it. */
    public byte[] body() {
        return decoded(response);
    }

    public String asString() {
        return new String(body(), StandardCharsets.UTF_8);
    }

    public JsonNode json() {
        return Json.parse(body());
    }

    /** The body as a client reads it: a gzip-encoded one unzipped. */
    static byte[] decoded(MockHttpServletResponse response) {
        byte[] bytes = response.getContentAsByteArray();
        if (!"gzip".equalsIgnoreCase(response.getHeader("Content-Encoding")) || bytes.length == 0) {
            return bytes;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("Content-Encoding: gzip, but the body is not gzip", e);
        }
    }

    @Override
    public String toString() {
        return status + " " + asString();
    }
}
