package com.prospectdata.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;

class WorkKindTest {

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
            /api/v1/companies/c1                | limit=50                            | LIGHT
            /api/v1/companies                   | limit=50                            | LIGHT
            """)
    void searchesAndDeepPagesAreHeavyOtherCompanyPagesAreListsAndTheRestIsLight(String path, String query, WorkKind expected) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        request.setQueryString(query);
        String[] pair = query.split("=", 2);
        request.addParameter(pair[0], java.net.URLDecoder.decode(pair[1], java.nio.charset.StandardCharsets.UTF_8));

        assertThat(WorkKind.of(request, 1000)).isEqualTo(expected);
    }
}
