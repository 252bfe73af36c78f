package com.prospectdata.features.apidocs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ApiReferencePageTest {

    private static final Pattern NONCE_ATTRIBUTE = Pattern.compile("<(script|style)\\b[^>]*?(?: nonce=\"([^\"]*)\")?[^>]*>");

    private final ApiReferencePage page = ApiReferencePage.fromClasspath();

    @Test
    void everyScriptAndStyleElementCarriesTheNonceThePolicyAdmits() {
        ApiReferencePage.Rendering rendering = page.render();
        String html = new String(rendering.html(), StandardCharsets.UTF_8);

        Matcher elements = NONCE_ATTRIBUTE.matcher(html);
        int count = 0;
        while (elements.find()) {
            count++;
            assertThat(elements.group(2)).as("nonce of %s", elements.group()).isEqualTo(rendering.nonce());
        }
        assertThat(count).as("script and style elements").isEqualTo(3);
        assertThat(html).doesNotContain("{{");
        List<String> directives = List.of(rendering.contentSecurityPolicy().split("; "));
        assertThat(directives).contains("script-src 'nonce-" + rendering.nonce() + "'", "default-src 'none'");
        assertThat(directives).anySatisfy(directive ->
                assertThat(directive).startsWith("style-src 'nonce-" + rendering.nonce() + "' "));
    }

    @Test
    void everyRenderingHasANewNonce() {
        assertThat(page.render().nonce()).isNotEqualTo(page.render().nonce());
        assertThat(page.render().nonce()).matches("[A-Za-z0-9+/]{22}==");
    }

    @Test
    void theRedocBundleAndTheScriptThatStartsItArePacked() {
        assertThat(new String(page.redocBundle(), StandardCharsets.UTF_8)).contains("Redoc");
        assertThat(new String(page.initScript(), StandardCharsets.UTF_8)).contains("Redoc.init('/openapi.yaml'");
    }
}
