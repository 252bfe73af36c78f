package com.prospectdata.webhooks;

/** A webhook URL or address refused by {@link EgressPolicy}, its message saying why in one line. */
final class EgressRefusedException extends RuntimeException {

    EgressRefusedException(String message) {
        super(message, null, false, false);
    }
}
