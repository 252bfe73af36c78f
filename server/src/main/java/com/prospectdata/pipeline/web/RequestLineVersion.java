package com.prospectdata.pipeline.web;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP version an HTTP/1 request line names: {@code HTTP/} DIGIT {@code .} DIGIT (RFC 9112,
 * 2.3). Tomcat refuses every version but 1.0 and 1.1 with 505, which RFC 9110 (6.2, 15.6.6) means
 * for a major version the server does not implement: a later minor version of HTTP/1 is to be
 * processed as HTTP/1.1, and a version that is not of that form is a malformed request.
 */
record RequestLineVersion(int major, int minor) {

    private static final Pattern VERSION = Pattern.compile("HTTP/([0-9])\\.([0-9])");

    /** The version the protocol field names, or empty when it is not of the form HTTP/DIGIT.DIGIT. */
    static Optional<RequestLineVersion> of(String protocol) {
        Matcher version = VERSION.matcher(protocol);
        return version.matches()
                ? Optional.of(new RequestLineVersion(version.group(1).charAt(0) - '0', version.group(2).charAt(0) - '0'))
                : Optional.empty();
    }

    /** HTTP/1.2 to HTTP/1.9: to be processed as the highest minor version the server implements. */
    boolean isLaterHttp1() {
        return major == 1 && minor > 1;
    }
}
