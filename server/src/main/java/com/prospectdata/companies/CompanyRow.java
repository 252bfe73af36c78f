package com.prospectdata.companies;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A company as read from the database, contacts included. */
public record CompanyRow(UUID id, UUID prospectSearchId, String name, String city, String country,
                         String businessType, String website, double matchScore, String reviewStatus,
                         String phone, Instant createdAt, Instant updatedAt, List<ContactRow> contacts) {

    public record ContactRow(UUID id, String name, String title, String email, String linkedinUrl) {
    }
}
