package com.prospectdata.operator.importer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How many rows of each table were written (a record repeated in the input counts each time). */
public record ImportCounts(long organizations, long prospectSearches, long companies, long contacts, long jobs,
                           long webtechScans, long technologies, long removedCompanies) {

    public static final ImportCounts NONE = new ImportCounts(0, 0, 0, 0, 0, 0, 0, 0);

    public ImportCounts plus(ImportCounts other) {
        return new ImportCounts(organizations + other.organizations, prospectSearches + other.prospectSearches,
                companies + other.companies, contacts + other.contacts, jobs + other.jobs,
                webtechScans + other.webtechScans, technologies + other.technologies,
                removedCompanies + other.removedCompanies);
    }

    /** Every row, nested contacts and technologies included, and every removal: the figure rates are given in. */
    public long total() {
        return organizations + prospectSearches + companies + contacts + jobs + webtechScans + technologies
                + removedCompanies;
    }

    /** E.g. "1 organization, 2 prospect searches, 100 companies, 290 contacts, 0 jobs, ...". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(count(organizations, "organization", "organizations"));
        parts.add(count(prospectSearches, "prospect search", "prospect searches"));
        parts.add(count(companies, "company", "companies"));
        parts.add(count(contacts, "contact", "contacts"));
        parts.add(count(jobs, "job", "jobs"));
        parts.add(count(webtechScans, "webtech scan", "webtech scans"));
        parts.add(count(technologies, "technology", "technologies"));
        if (removedCompanies > 0) {
            parts.add(count(removedCompanies, "company removed", "companies removed"));
        }
        return String.join(", ", parts);
    }

    /** "1 record", "12,345 records": counts are read by people, in the grouping they write. */
    public static String count(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }
}
