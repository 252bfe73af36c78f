package com.prospectdata.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.quicktheories.generators.SourceDSL;

/**
 * Our signatures as a partner's receiver checks them: with Standard Webhooks' reference library
 * for Java, never with our own code ({@link WebhookSignature}).
 */
class WebhookSignatureTest {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Test
    void everyDeliveryOurSecretSignsVerifiesWithTheReferenceLibrary() {
        qt().forAll(SourceDSL.strings().allPossible().ofLengthBetween(0, 2_000)).checkAssert(body -> {
            String secret = WebhookSignature.newSecret(RANDOM);
            String id = "msg_" + Long.toUnsignedString(RANDOM.nextLong(), 36);
            long timestamp = Instant.now().getEpochSecond();
            String signature = WebhookSignature.sign(List.of(WebhookSignature.key(secret)), id, timestamp,
                    body.getBytes(StandardCharsets.UTF_8));
            assertThatCode(() -> new Webhook(secret).verify(body, headers(id, timestamp, signature))).doesNotThrowAnyException();
        });
    }

    @Test
    void duringARotationBothSecretsVerifyAndAnyOtherDoesNot() throws Exception {
        String old = WebhookSignature.newSecret(RANDOM);
        String current = WebhookSignature.newSecret(RANDOM);
        String body = "{\"type\":\"prospect_search.changes\"}";
        long timestamp = Instant.now().getEpochSecond();
        String both = WebhookSignature.sign(List.of(WebhookSignature.key(current), WebhookSignature.key(old)), "msg_1", timestamp,
                body.getBytes(StandardCharsets.UTF_8));
        assertThat(both.split(" ")).hasSize(2).allMatch(signature -> signature.startsWith("v1,"));
        new Webhook(old).verify(body, headers("msg_1", timestamp, both));
        new Webhook(current).verify(body, headers("msg_1", timestamp, both));
        String onlyCurrent = WebhookSignature.sign(List.of(WebhookSignature.key(current)), "msg_1", timestamp,
                body.getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> new Webhook(old).verify(body, headers("msg_1", timestamp, onlyCurrent)))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> new Webhook(WebhookSignature.newSecret(RANDOM)).verify(body, headers("msg_1", timestamp, both)))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void aSignatureCoversTheIdTheTimestampAndEveryByteOfTheBody() throws Exception {
        String secret = WebhookSignature.newSecret(RANDOM);
        long timestamp = Instant.now().getEpochSecond();
        String body = "{\"changes\":[]}";
        String signature = WebhookSignature.sign(List.of(WebhookSignature.key(secret)), "msg_a", timestamp,
                body.getBytes(StandardCharsets.UTF_8));
        Webhook receiver = new Webhook(secret);
        receiver.verify(body, headers("msg_a", timestamp, signature));
        assertThatThrownBy(() -> receiver.verify(body, headers("msg_b", timestamp, signature)))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> receiver.verify(body, headers("msg_a", timestamp + 1, signature)))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> receiver.verify(body + " ", headers("msg_a", timestamp, signature)))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void aSecretIsWhsecAndTheBase64OfThirtyTwoRandomBytesAndItsHintShowsLittleOfIt() {
        String secret = WebhookSignature.newSecret(RANDOM);
        assertThat(secret).matches("whsec_[A-Za-z0-9+/]{43}=");
        assertThat(WebhookSignature.key(secret)).hasSize(32);
        assertThat(WebhookSignature.newSecret(RANDOM)).isNotEqualTo(secret);
        assertThat(WebhookSignature.hint(secret)).isEqualTo(secret.substring(0, 8) + "..." + secret.substring(secret.length() - 4))
                .hasSize(15);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "whsec_", "whsec_not base64!", "whsec_AAAA", "sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="})
    void aMalformedSecretIsRefused(String secret) {
        assertThatThrownBy(() -> WebhookSignature.key(secret)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("signing secret");
    }

    private static Map<String, List<String>> headers(String id, long timestamp, String signature) {
        return Map.of("webhook-id", List.of(id), "webhook-timestamp", List.of(Long.toString(timestamp)), "webhook-signature",
                List.of(signature));
    }
}
