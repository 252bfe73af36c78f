package com.prospectdata.features.companies;

import com.prospectdata.generated.model.ReviewStatus;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A company as read from the database, contacts included. */
record CompanyRow(UUID id, UUID prospectSearchId, String name, String city, String country,
                         String businessType, String website, double matchScore, ReviewStatus reviewStatus,
                         String phone, Instant createdAt, Instant updatedAt, List<ContactRow> contacts) {

    public record ContactRow(UUID id, String name, String title, String email, String linkedinUrl) {
    }
}
