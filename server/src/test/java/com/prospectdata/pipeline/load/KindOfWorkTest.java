package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.core.openapi.DocumentCopies;
import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.OperationFilter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The kinds of work the document's traits give, with {@code app.load.deep-offset} at 1000. */
class KindOfWorkTest {

    private static final OperationFilter FRONT_DOOR = new OperationFilter(ApiOperations.of(OpenApiDocument.fromClasspath()));

    @ParameterizedTest(name = "{0} ?{1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/companies/                  | search=hamburg                     | HEAVY
            /api/v1/companies/                  | search=%20                          | LIST
            /api/v1/companies/                  | search=                             | LIST
            /api/v1/companies/                  | limit=50                            | LIST
            /api/v1/companies/                  | offset=999                          | LIST
            /api/v1/companies/                  | offset=1000                         | HEAVY
            /api/v1/companies/                  | offset=0001000                      | HEAVY
            /api/v1/companies/                  | offset=123456789012345678901234567  | HEAVY
            /api/v1/companies/                  | offset=-5000                        | LIST
            /api/v1/companies/                  | offset=1e4                          | LIST
            /api/v1/companies/                  | offset=%D9%A3%D9%A0%D9%A0%D9%A0     | LIST
            /api/v1/companies/c1/jobs           | search=hamburg                      | LIGHT
            /api/v1/companies/c1/jobs           | offset=5000                         | HEAVY
            /api/v1/companies/c1/webtech-intel  | offset=20                           | LIGHT
            /api/v1/companies/c1/webtech-intel  | offset=1000                         | HEAVY
            /api/v1/companies/c1                | limit=50                            | LIGHT
            /api/v1/companies/c1                | offset=5000                         | LIGHT
            /api/v1/companies/c1/jobs/summary   | offset=5000                         | LIGHT
            /api/v1/companies                   | limit=50                            | LIGHT
            /api/v1/no-such-operation           | offset=5000                         | LIGHT
            """)
    void searchesAndDeepPagesAreHeavyOtherCompanyPagesAreListsAndTheRestIsLight(String path, String query, WorkKind expected)
            throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        request.setQueryString(query);
        String[] pair = query.split("=", 2);
        request.addParameter(pair[0], URLDecoder.decode(pair[1], StandardCharsets.UTF_8));
        WorkKind[] judged = new WorkKind[1];

        FRONT_DOOR.doFilter(request, new MockHttpServletResponse(),
                (passed, response) -> judged[0] = KindOfWork.of(request, 1000));

        assertThat(judged[0]).isEqualTo(expected);
    }

    @ParameterizedTest(name = "?{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            q=bolts     | HEAVY
            q=%20       | LIST
            offset=5000 | LIST
            """)
    void anOperationAddedToTheDocumentTakesTheSlotsItDeclares(String query, WorkKind expected) throws Exception {
        OperationFilter frontDoor = new OperationFilter(ApiOperations.of(DocumentCopies.withThings(false)));
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/companies/c1/things");
        String[] pair = query.split("=", 2);
        request.addParameter(pair[0], URLDecoder.decode(pair[1], StandardCharsets.UTF_8));
        WorkKind[] judged = new WorkKind[1];

        frontDoor.doFilter(request, new MockHttpServletResponse(), (passed, response) -> judged[0] = KindOfWork.of(request, 1000));

        assertThat(judged[0]).isEqualTo(expected);
    }
}
