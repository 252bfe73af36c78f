package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.settings.InvalidSettingException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DatabaseUrlEnvironmentPostProcessorTest {

    private static Map<String, String> resolve(String... settings) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < settings.length; i += 2) {
            given.put(settings[i], settings[i + 1]);
        }
        return DatabaseUrlEnvironmentPostProcessor.resolve(given::get);
    }

    @Test
    void aPlatformsUrlBecomesAJdbcUrlWithItsUserAndPassword() {
        assertThat(resolve("database.url", "postgres://crm_app:p%40ss%3Aw+rd@db.internal:6543/crm?sslmode=require"))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "spring.datasource.url", "jdbc:postgresql://db.internal:6543/crm?sslmode=require",
                        "spring.datasource.username", "crm_app",
                        "spring.datasource.password", "p@ss:w+rd"));
    }

    @Test
    void theLongSchemeNameAnIpv6HostAndNoPortAreRead() {
        assertThat(resolve("database.url", "postgresql://crm@[::1]/crm")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "spring.datasource.url", "jdbc:postgresql://[::1]/crm",
                "spring.datasource.username", "crm"));
    }

    @Test
    void theSameFormIsReadInTheDatasourceUrlAndExplicitCredentialsWin() {
        assertThat(resolve("spring.datasource.url", "postgres://crm:from-url@db:5432/crm",
                "spring.datasource.username", "operator", "spring.datasource.password", "explicit"))
                .containsExactlyInAnyOrderEntriesOf(Map.of("spring.datasource.url", "jdbc:postgresql://db:5432/crm"));
    }

    @Test
    void aJdbcUrlIsLeftAsItIsAndWinsOverThePlatformsUrl() {
        assertThat(resolve("spring.datasource.url", "jdbc:postgresql://primary:5432/crm", "database.url", "postgres://other/x")).isEmpty();
        assertThat(resolve("database.url", "jdbc:postgresql://primary:5432/crm"))
                .containsExactlyEntriesOf(Map.of("spring.datasource.url", "jdbc:postgresql://primary:5432/crm"));
        assertThat(resolve()).isEmpty();
        assertThat(resolve("database.url", "  ")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql://crm:s3cret@db/crm", "jdbc:mysql://db/crm", "db:5432/crm", "http://db/crm", "postgres:/crm",
            "postgres://crm:s3cret@/crm", "postgres://db:notaport/crm"})
    void anyOtherAddressIsRefusedNamingTheSettingWithoutThePassword(String url) {
        assertThatThrownBy(() -> resolve("database.url", url))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("DATABASE_URL=")
                .hasMessageContaining(" is not allowed: ")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> resolve("spring.datasource.url", url))
                .hasMessageStartingWith("spring.datasource.url=");
    }

    @Test
    void aPasswordIsMaskedWhereverTheUrlIsRepeated() {
        assertThat(DatabaseUrlEnvironmentPostProcessor.withoutPassword("mysql://crm:s3cret@db/crm")).isEqualTo("mysql://crm:***@db/crm");
        assertThat(DatabaseUrlEnvironmentPostProcessor.withoutPassword("mysql://crm@db/crm")).isEqualTo("mysql://crm@db/crm");
        assertThat(DatabaseUrlEnvironmentPostProcessor.withoutPassword("jdbc:mysql://db/crm")).isEqualTo("jdbc:mysql://db/crm");
    }
}
