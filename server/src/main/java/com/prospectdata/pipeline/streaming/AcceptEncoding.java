package com.prospectdata.pipeline.streaming;

import java.util.Enumeration;
import java.util.Locale;

/**
 * Whether a request's {@code Accept-Encoding} allows a gzip-compressed body (RFC 9110, 12.5.3):
 * {@code gzip} (or its old alias {@code x-gzip}) or {@code *} with a weight above zero, where
 * {@code gzip} named on its own overrides {@code *}. No header means identity only. A weight that
 * is not a number refuses the coding it is attached to, never the request.
 */
public final class AcceptEncoding {

    private AcceptEncoding() {
    }

    public static boolean allowsGzip(Enumeration<String> headers) {
        Boolean gzip = null;
        Boolean any = null;
        while (headers != null && headers.hasMoreElements()) {
            for (String element : headers.nextElement().split(",")) {
                String[] parts = element.split(";", -1);
                String coding = parts[0].strip().toLowerCase(Locale.ROOT);
                boolean allowed = weight(parts) > 0;
                if (coding.equals("gzip") || coding.equals("x-gzip")) {
                    gzip = gzip == null ? allowed : gzip || allowed;
                } else if (coding.equals("*")) {
                    any = any == null ? allowed : any || allowed;
                }
            }
        }
        return gzip != null ? gzip : any != null && any;
    }

    /** The {@code q} parameter: 1 when absent, 0 when it is not a weight (0 to 1, at most three decimals). */
    private static double weight(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            if (parameter.length() >= 2 && (parameter.charAt(0) == 'q' || parameter.charAt(0) == 'Q') && parameter.charAt(1) == '=') {
                String value = parameter.substring(2).strip();
                if (!value.matches("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?")) {
                    return 0;
                }
                return Double.parseDouble(value);
            }
        }
        return 1;
    }
}
