package com.prospectdata.data.database;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Start-up with the database down ends with one line and a non-zero exit (docs/OPERATIONS.md,
 * "Outages"): telling Spring Boot that such a failure is explained keeps it from logging the
 * stack trace of every layer the connection attempt went through; the command line prints the
 * one line ({@code error: the database cannot be reached (...)}).
 */
class DatabaseUnreachableFailureAnalyzer implements FailureAnalyzer {

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        if (!DatabaseFailures.isUnreachable(failure)) {
            return null;
        }
        return new FailureAnalysis("The database cannot be reached",
                "Start PostgreSQL, or check spring.datasource.url and its credentials, then start the server again.", failure);
    }
}
