package com.prospectdata.operator.demodata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LongTailTechnologiesTest {

    // Copied from DemoVocabulary by hand because its names are spread over constants and EXTRAS; a scan
    // listing the same technology twice would look broken, so the long tail must not repeat any of them.
    private static final List<String> CORE_NAMES = List.of(
            "WordPress", "TYPO3", "Drupal", "Webflow", "Contentful", "Adobe Experience Manager", "PHP", "Java",
            "Node.js", "Python", "Ruby", "ASP.NET", "jQuery", "React", "Next.js", "Vue.js", "Nuxt.js", "Angular",
            "Alpine.js", "Nginx", "Apache HTTP Server", "Microsoft IIS", "LiteSpeed", "WooCommerce", "Shopify",
            "Shopware", "Magento", "Salesforce Commerce Cloud", "Google Analytics", "Google Tag Manager", "Matomo",
            "Hotjar", "Plausible", "Adobe Analytics", "HubSpot", "Mailchimp", "Salesforce Pardot", "Marketo",
            "Brevo", "Cloudflare", "Amazon CloudFront", "Fastly", "Akamai", "jsDelivr", "Cookiebot", "OneTrust",
            "Usercentrics", "Bootstrap", "Tailwind CSS", "Font Awesome", "Google Fonts", "Stripe", "PayPal",
            "Klarna", "Intercom", "Zendesk", "LinkedIn Insight Tag", "Meta Pixel", "Google Ads", "reCAPTCHA");

    @Test
    void isALongTail() {
        assertThat(LongTailTechnologies.ALL).hasSizeGreaterThanOrEqualTo(350);
    }

    @Test
    void namesAreUniqueIgnoringCase() {
        Set<String> seen = new HashSet<>();
        List<String> duplicates = LongTailTechnologies.ALL.stream()
                .map(tech -> tech.name().toLowerCase(Locale.ROOT))
                .filter(name -> !seen.add(name))
                .toList();
        assertThat(duplicates).isEmpty();
    }

    @Test
    void namesDoNotRepeatTheCoreCatalogue() {
        Set<String> core = CORE_NAMES.stream().map(name -> name.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        assertThat(LongTailTechnologies.ALL)
                .filteredOn(tech -> core.contains(tech.name().toLowerCase(Locale.ROOT)))
                .isEmpty();
    }

    @Test
    void namesAreTrimmedAndNonEmpty() {
        assertThat(LongTailTechnologies.ALL).allSatisfy(tech -> {
            assertThat(tech.name()).isNotBlank().isEqualTo(tech.name().strip()).hasSizeLessThanOrEqualTo(60);
            assertThat(tech.versions()).allSatisfy(version -> assertThat(version).isNotBlank());
        });
    }

    @Test
    void categoriesAreSnakeCase() {
        assertThat(LongTailTechnologies.ALL).allSatisfy(tech ->
                assertThat(tech.category()).matches("[a-z]+(_[a-z]+)*"));
    }
}
