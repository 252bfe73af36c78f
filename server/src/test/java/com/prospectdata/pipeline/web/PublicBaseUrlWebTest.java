package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.test.context.TestPropertySource;

/**
 * With {@code app.public-base-url}, page links name it, whatever host the request named: no
 * request can have a link cached for others point elsewhere, and the request's host is not
 * checked, being used for nothing (docs/SECURITY.md, "The host in page links"). A context of its
 * own, on the web tier's database. Settings that are not such a URL stop start-up: BadSettingTest.
 */
@TestPropertySource(properties = "app.public-base-url=" + PublicBaseUrlWebTest.PUBLIC_BASE_URL)
class PublicBaseUrlWebTest extends WebTierTest {

    static final String PUBLIC_BASE_URL = "https://api.example.com:8443";

    @ParameterizedTest
    @ValueSource(strings = {"api.example.com", "evil.example", "evil.example:99999999", "", "user@evil.example"})
    void pageLinksNameThePublicBaseUrlWhateverTheHost(String host) throws Exception {
        Answer response = send(call(HostNameWebTest.PAGE).header("Host", host));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("Link")).contains("<" + PUBLIC_BASE_URL + "/api/v1/companies/?", "rel=\"next\"", "rel=\"prev\"")
                .doesNotContain("evil");
    }
}
