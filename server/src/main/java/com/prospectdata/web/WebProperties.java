package com.prospectdata.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.plain-http-port} and {@code app.cors.*}.
 *
 * @param plainHttpPort a plain-HTTP listener that answers every request 403
 *        {@code HTTPS_REQUIRED}, for clients that still call {@code http://}; 0 for none
 * @param cors browser access
 */
@ConfigurationProperties("app")
@Validated
public record WebProperties(
        @DefaultValue("0") @Min(0) @Max(65535) int plainHttpPort,
        @DefaultValue @Valid Cors cors) {

    /**
     * @param allowedOrigins browser origins allowed to call the API, such as
     *        {@code https://app.partner.example}; none: CORS is off (partners call from servers)
     */
    public record Cors(List<@Pattern(regexp = "https?://[^/\\s,]+",
            message = "must be origins such as https://app.partner.example (scheme, host and port, no path)") String> allowedOrigins) {

        public Cors {
            allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        }

        public boolean enabled() {
            return !allowedOrigins.isEmpty();
        }
    }
}
