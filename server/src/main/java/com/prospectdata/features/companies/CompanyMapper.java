package com.prospectdata.features.companies;

import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.Contact;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.core.openapi.WireTime;

/** Database rows to the generated DTOs; absent optional values stay null and are omitted on the wire. */
final class CompanyMapper {

    private CompanyMapper() {
    }

    static Company toDto(CompanyRow row) {
        Company company = new Company()
                .id(row.id())
                .prospectSearchId(row.prospectSearchId())
                .name(row.name())
                .city(row.city())
                .country(row.country())
                .businessType(row.businessType())
                .website(row.website())
                .matchScore(row.matchScore())
                .reviewStatus(row.reviewStatus())
                .phone(row.phone())
                .createdAt(WireTime.of(row.createdAt()))
                .updatedAt(WireTime.of(row.updatedAt()));
        company.setContacts(row.contacts().stream().map(CompanyMapper::toDto).toList());
        return company;
    }

    private static Contact toDto(CompanyRow.ContactRow row) {
        return new Contact()
                .id(row.id())
                .name(row.name())
                .title(row.title())
                .email(row.email())
                .linkedinUrl(row.linkedinUrl());
    }
}
