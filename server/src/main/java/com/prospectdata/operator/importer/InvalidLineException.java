package com.prospectdata.operator.importer;

/** A line that breaks a rule of the import format; the message is the reason an operator reads. */
final class InvalidLineException extends Exception {

    public InvalidLineException(String reason) {
        // No stack trace: thousands of these are expected in a bad file, and only the words matter.
        super(reason, null, false, false);
    }
}
