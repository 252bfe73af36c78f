package com.prospectdata.pipeline.auth;

import java.util.List;

/** The scopes of the specification. Only companies:read can be issued today. */
public final class Scopes {

    public static final String COMPANIES_READ = "companies:read";
    public static final String COMPANIES_WRITE = "companies:write";
    public static final List<String> ISSUABLE = List.of(COMPANIES_READ);

    private Scopes() {
    }
}
