package com.prospectdata.features.apidocs;

import com.prospectdata.core.openapi.OpenApiDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The API reference at /docs: Redoc, from the org.webjars:redoc jar rather than a CDN, renders
 * /openapi.yaml in the browser. Each rendering gets a fresh nonce, the only thing that lets a
 * script or a style element run under the page's Content-Security-Policy.
 */
final class ApiReferencePage {

    static final String REDOC_BUNDLE_PATTERN = "classpath*:META-INF/resources/webjars/redoc/*/redoc.standalone.js";
    private static final String NONCE_PLACEHOLDER = "{{nonce}}";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a rendering of the page sends: the HTML and the policy that goes with it. */
    record Rendering(String nonce, byte[] html, String contentSecurityPolicy) {
    }

    private final String template;
    private final byte[] redocBundle;
    private final byte[] initScript;

    private ApiReferencePage(String template, byte[] redocBundle, byte[] initScript) {
        if (!template.contains(NONCE_PLACEHOLDER)) {
            throw new IllegalStateException("The page template has no " + NONCE_PLACEHOLDER + " for its scripts and styles");
        }
        this.template = template;
        this.redocBundle = redocBundle;
        this.initScript = initScript;
    }

    static ApiReferencePage fromClasspath() {
        return new ApiReferencePage(
                new String(OpenApiDocument.classpathBytes("apidocs/reference.html"), StandardCharsets.UTF_8),
                loadRedocBundle(),
                OpenApiDocument.classpathBytes("apidocs/reference.js"));
    }

    /** The one Redoc bundle on the classpath, whatever version server/pom.xml pins. */
    private static byte[] loadRedocBundle() {
        try {
            Resource[] bundles = new PathMatchingResourcePatternResolver(ApiReferencePage.class.getClassLoader())
                    .getResources(REDOC_BUNDLE_PATTERN);
            if (bundles.length != 1) {
                throw new IllegalStateException("Expected exactly one Redoc bundle (" + REDOC_BUNDLE_PATTERN + "), found "
                        + bundles.length + ": check the org.webjars:redoc dependency of server/pom.xml");
            }
            try (InputStream in = bundles[0].getInputStream()) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the Redoc bundle", e);
        }
    }

    Rendering render() {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        String nonce = Base64.getEncoder().encodeToString(random);
        return new Rendering(nonce, template.replace(NONCE_PLACEHOLDER, nonce).getBytes(StandardCharsets.UTF_8),
                contentSecurityPolicy(nonce));
    }

    /**
     * The one style element the Redoc bundle adds while it loads, before Redoc.init can hand it
     * the nonce: perfect-scrollbar's stylesheet with its inline source map, inserted empty and
     * then filled. Admitted by hash, its content exactly; a bundle that adds anything else is
     * refused, which the contract tests' ApiReferencePageJarTest reports.
     */
    private static final String REDOC_LOADING_STYLES = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
            + " 'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='";

    /**
     * As strict as Redoc allows: its scripts and the style elements it creates carry the nonce
     * (Redoc hands it to styled-components), but for the one of {@link #REDOC_LOADING_STYLES}; it
     * fetches the document from this origin, runs its search index in a worker made from a blob:
     * URL, and its stylesheets embed data: images. Everything else is refused, including the
     * Redocly logo Redoc loads from cdn.redoc.ly for its "API docs by Redocly" link (Redoc then
     * drops the image): the page uses nothing from outside this server.
     */
    static String contentSecurityPolicy(String nonce) {
        String source = "'nonce-" + nonce + "'";
        return "default-src 'none'; script-src " + source + "; style-src " + source + " " + REDOC_LOADING_STYLES + ";"
                + " img-src data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none';"
                + " frame-ancestors 'none'";
    }

    byte[] redocBundle() {
        return redocBundle;
    }

    byte[] initScript() {
        return initScript;
    }
}
