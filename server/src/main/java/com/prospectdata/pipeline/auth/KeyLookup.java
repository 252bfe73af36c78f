package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.AuthenticatedKey;

/** What the database says about a key hash: a valid key, a revoked one, or none. */
sealed interface KeyLookup {

    record Valid(AuthenticatedKey key) implements KeyLookup {
    }

    record Revoked() implements KeyLookup {
    }

    record Unknown() implements KeyLookup {
    }
}
