package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.openapi.OpenApiDocument;
import org.junit.jupiter.api.Test;

class RouteHintsTest {

    private static final RouteHints HINTS = new RouteHints(OpenApiDocument.fromClasspath());

    @Test
    void aPathThatMissesOnlyItsTrailingSlashIsNamedAsDocumented() {
        assertThat(HINTS.hintFor("/api/v1/companies")).contains("the path is /api/v1/companies/, with the trailing slash");
    }

    @Test
    void aPathWithAnExtraTrailingSlashIsNamedAsDocumented() {
        assertThat(HINTS.hintFor("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42/jobs/"))
                .contains("the path is /api/v1/companies/{company_id}/jobs, without the trailing slash");
        assertThat(HINTS.hintFor("/health/")).contains("the path is /health, without the trailing slash");
    }

    @Test
    void otherPathsGetNoHint() {
        assertThat(HINTS.hintFor("/api/v1/company")).isEmpty();
        assertThat(HINTS.hintFor("/api/v1/companies/x/contacts")).isEmpty();
        assertThat(HINTS.hintFor("/")).isEmpty();
        assertThat(HINTS.hintFor("")).isEmpty();
    }
}
