package com.prospectdata.features.apidocs;

import com.prospectdata.core.openapi.OpenApiDocument;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract as partners read it, without a key (the key filter guards /api/v1 only): the
 * OpenAPI document in YAML and JSON, and the API reference page rendering it.
 *
 * <p>The API answers JSON whatever the Accept header says (WebConfiguration). These routes set
 * their content type on the response instead, which Spring takes as given and does not
 * negotiate, so the API's negotiation stays as it is. HEAD is answered as GET by Spring; any
 * other method, and any failure, reaches ApiExceptionHandler like every route's.
 */
@RestController
class ApiDocsController {

    static final MediaType YAML = MediaType.parseMediaType("application/yaml");
    static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");
    static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");

    private final PublishedContract contract;
    private final ApiReferencePage page = ApiReferencePage.fromClasspath();

    ApiDocsController(OpenApiDocument document) {
        this.contract = PublishedContract.of(document);
    }

    @GetMapping("/openapi.yaml")
    ResponseEntity<byte[]> yaml() {
        return ResponseEntity.ok().contentType(YAML).body(contract.yaml());
    }

    @GetMapping("/openapi.json")
    ResponseEntity<byte[]> json() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(contract.json());
    }

    @GetMapping("/docs")
    ResponseEntity<byte[]> reference() {
        ApiReferencePage.Rendering rendering = page.render();
        return ResponseEntity.ok()
                .contentType(HTML)
                .header("Content-Security-Policy", rendering.contentSecurityPolicy())
                // The page links out (Redoc's own link, links in descriptions); the path it came from stays here.
                .header("Referrer-Policy", "no-referrer")
                .body(rendering.html());
    }

    @GetMapping("/docs/redoc.standalone.js")
    ResponseEntity<byte[]> redoc() {
        return ResponseEntity.ok().contentType(JAVASCRIPT).body(page.redocBundle());
    }

    @GetMapping("/docs/reference.js")
    ResponseEntity<byte[]> initScript() {
        return ResponseEntity.ok().contentType(JAVASCRIPT).body(page.initScript());
    }
}
