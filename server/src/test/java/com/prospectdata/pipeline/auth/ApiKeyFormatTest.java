package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyFormatTest {

    @Test
    void generatedKeysFollowTheDocumentedFormat() {
        String key = ApiKeyFormat.generate(DeploymentEnvironment.LIVE);
        assertThat(key).matches("cpd_live_[0-9A-Za-z]{36}");
        assertThat(ApiKeyFormat.environmentOf(key)).contains(DeploymentEnvironment.LIVE);
        assertThat(ApiKeyFormat.environmentOf(ApiKeyFormat.generate(DeploymentEnvironment.TEST)))
                .contains(DeploymentEnvironment.TEST);
    }

    @Test
    void theLastSixCharactersAreTheBase62Crc32OfTheRest() {
        // CRC32("cpd_test_" + 30 * "a") = 0x59D4DFE5 = 1507123173 = "1dzjaH" in base62 (0-9A-Za-z).
        String body = "cpd_test_" + "a".repeat(30);
        assertThat(ApiKeyFormat.checksum(body)).isEqualTo("1dzjaH");
        assertThat(ApiKeyFormat.environmentOf(body + "1dzjaH")).contains(DeploymentEnvironment.TEST);
        assertThat(ApiKeyFormat.environmentOf(body + "1dzjaI")).isEmpty();
    }

    @Test
    void anyAlteredCharacterBreaksTheChecksum() {
        String key = ApiKeyFormat.generate(DeploymentEnvironment.TEST);
        for (int i = 9; i < key.length(); i++) {
            char replacement = key.charAt(i) == 'x' ? 'y' : 'x';
            String altered = key.substring(0, i) + replacement + key.substring(i + 1);
            assertThat(ApiKeyFormat.environmentOf(altered)).as("altered at %d", i).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "cpd_prod_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa000000",
            "xyz_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa000000",
            "cpd_test_short",
            "cpd_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "cpd_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaa-000000",
            "cpd_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa000000"
    })
    void malformedKeysAreRefused(String key) {
        assertThat(ApiKeyFormat.environmentOf(key)).isEmpty();
    }

    @Test
    void keysAreUniqueAndHintsShowOnlyTheEnds() {
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            keys.add(ApiKeyFormat.generate(DeploymentEnvironment.LIVE));
        }
        assertThat(keys).hasSize(1000);
        String key = keys.iterator().next();
        assertThat(ApiKeyFormat.hint(ApiKeyFormat.hintPrefix(key), ApiKeyFormat.hintSuffix(key)))
                .isEqualTo(key.substring(0, 8) + "..." + key.substring(key.length() - 8));
        assertThat(ApiKeyFormat.sha256(key)).hasSize(32);
    }
}
