package com.prospectdata.pipeline.web;

import com.prospectdata.pipeline.streaming.AcceptEncoding;
import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * Strong validators that need no query (docs/api-rules.md §1, "Validators and freshness"). The
 * operations the document declares {@code x-versioned} answer from the caller's organization's
 * stored data and the request alone, nothing else (no clock: the jobs' {@code days_back} window
 * moves with time, so jobs keep the hash of their body). For them, the organization's data version, the request and the
 * server's build decide the body's bytes, so a hash of those is a strong validator: the server
 * can answer {@code If-None-Match} with {@code 304} before it runs any query, and gives the
 * same {@code ETag} to the {@code 200}.
 */
@Component
@ConditionalOnWebApplication
class VersionValidators {

    private final RequestReads reads;
    private final String build;
    private final boolean compression;

    VersionValidators(RequestReads reads, ObjectProvider<BuildProperties> build, WebProperties settings) {
        this.reads = reads;
        // A new build may write the same data differently: its validators are new ones.
        this.build = build.stream().findFirst().map(b -> b.getVersion() + "@" + b.getTime()).orElse("development");
        this.compression = settings.compression().enabled();
    }

    /** The operation a request asks for, if the document declares it {@code x-versioned}. */
    Optional<ApiOperation> operationOf(HttpServletRequest request) {
        return RequestContext.of(request).operation().filter(operation -> operation.traits().versioned());
    }

    /**
     * The {@code ETag} a 200 to this request has at the caller's current data version, if the
     * request is for a versioned operation and a recent version is known: the version the request
     * reads once and its delegate keeps results under too.
     */
    Optional<String> validatorFor(HttpServletRequest request, ApiOperation operation) {
        RequestContext context = RequestContext.of(request);
        Optional<AuthenticatedKey> caller = context.caller();
        if (caller.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong version = reads.dataVersion(context);
        if (version.isEmpty()) {
            return Optional.empty();
        }
        // Whether the body may be gzip-compressed is part of the representation: each encoding
        // has its own validator, and one body is always compressed or not the same way.
        boolean gzip = compression && AcceptEncoding.allowsGzip(request.getHeaders(HttpHeaders.ACCEPT_ENCODING));
        String identity = String.join("\n", "v1", build, caller.get().organizationId().toString(),
                Long.toString(version.getAsLong()), operation.operationId(), request.getRequestURI(),
                String.valueOf(request.getQueryString()), gzip ? "gzip" : "identity");
        return Optional.of("\"v" + hash(identity) + "\"");
    }

    /** Whether {@code If-None-Match} names this validator (weak comparison, RFC 9110, 13.1.2). */
    static boolean namedIn(List<String> ifNoneMatch, String validator) {
        for (String header : ifNoneMatch) {
            for (String candidate : header.split(",")) {
                String tag = candidate.strip();
                if (tag.startsWith("W/")) {
                    tag = tag.substring(2);
                }
                if (tag.equals(validator)) {
                    return true;
                }
            }
        }
        return false;
    }

    static List<String> ifNoneMatch(HttpServletRequest request) {
        return Collections.list(request.getHeaders(HttpHeaders.IF_NONE_MATCH));
    }

    private static String hash(String identity) {
        byte[] digest = sha256(identity);
        // 128 bits: as many as the body hashes the other operations' validators carry.
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }
}
