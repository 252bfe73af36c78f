package com.prospectdata.webtier;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** api/openapi.yaml as the tests read it: the copy the build puts on the class path for the jar. */
public final class OpenApiDocument {

    /** The served document, byte for byte: the build copies api/openapi.yaml here for the jar. */
    static final String RESOURCE = "/static-contract/openapi.yaml";

    private OpenApiDocument() {
    }

    /** The document's text. */
    public static String text() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path: the build copies it from api/");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The document as the validator reads it, a new copy each time: references resolved, allOf
     * merged (without that, RateLimitErrorResponse would refuse every example of itself).
     */
    public static OpenAPI resolved() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        options.setResolveCombinators(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text(), null, options);
        if (result.getOpenAPI() == null) {
            throw new IllegalStateException("Could not read " + RESOURCE + ": " + result.getMessages());
        }
        return result.getOpenAPI();
    }
}
