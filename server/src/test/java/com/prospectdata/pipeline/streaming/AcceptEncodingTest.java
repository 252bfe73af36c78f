package com.prospectdata.pipeline.streaming;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AcceptEncodingTest {

    @ParameterizedTest(name = "[{0}] allows gzip: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            gzip                          | true
            GZIP                          | true
            x-gzip                        | true
            gzip, deflate, br             | true
            br;q=1.0, gzip;q=0.8, *;q=0.1 | true
            ' gzip ; q=0.5 '              | true
            gzip;Q=1                      | true
            *                             | true
            deflate, *                    | true
            gzip;q=0                      | false
            gzip;q=0.000                  | false
            gzip;q=0, *                   | false
            *;q=0                         | false
            *;q=0, gzip                   | true
            identity                      | false
            deflate, br                   | false
            ''                            | false
            gzipped                       | false
            gzip;q=2                      | false
            gzip;q=-1                     | false
            gzip;q=0.1234                 | false
            gzip;q=abc                    | false
            gzip;q=                       | false
            ',,;,;'                       | false
            """)
    void aCodingIsAllowedWithAWeightAboveZero(String header, boolean allowed) {
        assertThat(AcceptEncoding.allowsGzip(Collections.enumeration(List.of(header)))).isEqualTo(allowed);
    }

    @ParameterizedTest(name = "{0} and {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            identity | gzip     | true
            gzip;q=0 | *        | false
            br       | deflate  | false
            """)
    void severalHeadersCountAsOneList(String first, String second, boolean allowed) {
        assertThat(AcceptEncoding.allowsGzip(Collections.enumeration(List.of(first, second)))).isEqualTo(allowed);
    }

    @org.junit.jupiter.api.Test
    void noHeaderMeansIdentityOnly() {
        assertThat(AcceptEncoding.allowsGzip(Collections.emptyEnumeration())).isFalse();
        assertThat(AcceptEncoding.allowsGzip(null)).isFalse();
    }
}
