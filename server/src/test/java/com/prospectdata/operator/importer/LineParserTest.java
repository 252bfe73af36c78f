package com.prospectdata.operator.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LineParserTest {

    static final String ORG = "6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01";
    static final String SEARCH = "a3d5e7f9-1b2c-4d6e-8f0a-2b4c6d8e0f12";
    static final String COMPANY = "0b8e4f6a-2c1d-4e3f-9a5b-7c8d9e0f1a23";
    static final String CONTACT_1 = "c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8";
    static final String CONTACT_2 = "c2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809";

    final LineParser parser = new LineParser();

    static String company(String replace, String with) {
        String line = """
                {"type":"company","id":"%s","prospect_search_id":"%s","name":"Nordlicht Logistik GmbH",\
                "city":"Hamburg","country":"Germany","business_type":"Logistics","website":"https://nordlicht.de",\
                "match_score":8.7,"review_status":"accepted","phone":"+49 40 1234",\
                "contacts":[{"id":"%s","name":"Anna Berg","title":"CEO"},{"id":"%s","name":"Jonas Vogel"}],\
                "created_at":"2026-03-02T09:15:00Z","updated_at":"2026-05-18T14:40:12+02:00"}"""
                .formatted(COMPANY, SEARCH, CONTACT_1, CONTACT_2);
        return replace == null ? line : replaceOnce(line, replace, with);
    }

    static String job(String replace, String with) {
        String line = """
                {"type":"job","id":"li-1","company_id":"%s","title":"Disponent","platform":"linkedin",\
                "date_posted":"2026-11-10T08:00:00Z","job_url":"https://example.com/1"}""".formatted(COMPANY);
        return replace == null ? line : replaceOnce(line, replace, with);
    }

    static String scan(String replace, String with) {
        String line = """
                {"type":"webtech_scan","company_id":"%s","status":"completed","scanned_at":"2026-11-15T03:12:45Z",\
                "technologies":[{"name":"WordPress","category":"cms","confidence":100,"version":"6.6.2"},\
                {"name":"PHP","category":"programming_language","confidence":90}]}""".formatted(COMPANY);
        return replace == null ? line : replaceOnce(line, replace, with);
    }

    static String replaceOnce(String line, String replace, String with) {
        assertThat(line).as("test line contains the text to replace").contains(replace);
        return line.replace(replace, with);
    }

    @Test
    void parsesOrganizationAndProspectSearch() throws Exception {
        assertThat(parser.parse("{\"type\":\"organization\",\"id\":\"" + ORG + "\",\"name\":\"Acme\"}"))
                .isEqualTo(new Organization(UUID.fromString(ORG), "Acme"));
        assertThat(parser.parse("{\"type\":\"prospect_search\",\"id\":\"" + SEARCH + "\",\"organization_id\":\""
                + ORG.toUpperCase() + "\",\"name\":\"Logistics\"}"))
                .isEqualTo(new ProspectSearch(UUID.fromString(SEARCH), UUID.fromString(ORG), "Logistics"));
    }

    @Test
    void parsesCompanyWithContactsInOrder() throws Exception {
        Company company = (Company) parser.parse(company(null, null));
        assertThat(company.id()).isEqualTo(UUID.fromString(COMPANY));
        assertThat(company.matchScore()).isEqualTo(8.7);
        assertThat(company.phone()).isEqualTo("+49 40 1234");
        assertThat(company.createdAt()).isEqualTo(Instant.parse("2026-03-02T09:15:00Z"));
        assertThat(company.updatedAt()).isEqualTo(Instant.parse("2026-05-18T12:40:12Z"));
        assertThat(company.contacts()).containsExactly(
                new Contact(UUID.fromString(CONTACT_1), "Anna Berg", "CEO", null, null),
                new Contact(UUID.fromString(CONTACT_2), "Jonas Vogel", null, null, null));
    }

    @Test
    void optionalValuesMayBeAbsentNullOrBlank() throws Exception {
        Company company = (Company) parser.parse(company("\"phone\":\"+49 40 1234\",", "\"phone\":\"  \",")
                .replace(",\"created_at\":\"2026-03-02T09:15:00Z\",\"updated_at\":\"2026-05-18T14:40:12+02:00\"", "")
                .replace("\"title\":\"CEO\"", "\"title\":null,\"email\":\"\""));
        assertThat(company.phone()).isNull();
        assertThat(company.createdAt()).isNull();
        assertThat(company.updatedAt()).isNull();
        assertThat(company.contacts().getFirst().title()).isNull();
        assertThat(company.contacts().getFirst().email()).isNull();
    }

    @Test
    void parsesJobAndScan() throws Exception {
        Job job = (Job) parser.parse(job("\"job_url\":\"https://example.com/1\"",
                "\"job_url\":\"https://example.com/1\",\"removed_at\":\"2026-11-12T00:00:00Z\""));
        assertThat(job.id()).isEqualTo("li-1");
        assertThat(job.removedAt()).isEqualTo(Instant.parse("2026-11-12T00:00:00Z"));
        WebtechScan scan = (WebtechScan) parser.parse(scan(null, null));
        assertThat(scan.status()).isEqualTo("completed");
        assertThat(scan.technologies()).containsExactly(
                new Technology("WordPress", "cms", 100, "6.6.2"),
                new Technology("PHP", "programming_language", 90, null));
    }

    @Test
    void acceptsMatchScoreBoundsAndIntegerScores() throws Exception {
        assertThat(((Company) parser.parse(company("\"match_score\":8.7", "\"match_score\":0"))).matchScore()).isZero();
        assertThat(((Company) parser.parse(company("\"match_score\":8.7", "\"match_score\":10"))).matchScore()).isEqualTo(10);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not JSON                  | {"type":"organization",                                   | bad JSON:
            two values                | {"type":"x"} {"type":"y"}                                 | more than one JSON value
            duplicate key             | {"type":"organization","type":"organization"}            | bad JSON: Duplicate
            not an object             | [1,2]                                                     | a line must be a JSON object, not an array
            missing type              | {"id":"x"}                                                | missing field "type"
            unknown type              | {"type":"widget"}                                         | unknown type "widget"
            type not a string         | {"type":7}                                                | "type" must be a string, not 7
            missing name              | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01"} | missing field "name"
            blank name                | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":" \\t"} | "name" must not be empty
            name not a string         | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":42} | "name" must be a string, not 42
            name null                 | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":null} | "name" must be a string, not null
            NUL character             | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":"a\\u0000b"} | must not contain the character U+0000
            lone surrogate            | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":"a\\ud800b"} | lone surrogate
            unknown field             | {"type":"organization","id":"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01","name":"A","nme":"B"} | unknown field "nme"
            bad uuid                  | {"type":"organization","id":"abc","name":"A"}            | "id" must be a UUID such as
            short uuid groups         | {"type":"organization","id":"1-2-3-4-5","name":"A"}      | "id" must be a UUID such as
            uuid not a string         | {"type":"organization","id":12,"name":"A"}               | "id" must be a UUID such as
            """)
    void rejectsWithReason(String title, String line, String reason) {
        assertThatThrownBy(() -> parser.parse(line))
                .isInstanceOf(InvalidLineException.class)
                .hasMessageContaining(reason);
    }

    @ParameterizedTest(name = "company {0}")
    @CsvSource(delimiter = '|', textBlock = """
            score above 10     | "match_score":8.7           | "match_score":10.5            | "match_score" must be a number from 0 to 10, not 10.5
            score below 0      | "match_score":8.7           | "match_score":-0.1            | "match_score" must be a number from 0 to 10, not -0.1
            score as string    | "match_score":8.7           | "match_score":"8.7"           | "match_score" must be a number from 0 to 10, not "8.7"
            score overflow     | "match_score":8.7           | "match_score":1e400           | "match_score" must be a number from 0 to 10
            review status      | "review_status":"accepted"  | "review_status":"done"        | "review_status" must be accepted, rejected or pending, not "done"
            review status case | "review_status":"accepted"  | "review_status":"Accepted"    | "review_status" must be accepted
            missing city       | "city":"Hamburg",           | ''                            | missing field "city"
            phone not string   | "phone":"+49 40 1234"       | "phone":4940                  | "phone" must be a string or null, not 4940
            contacts missing   | "contacts":[                | "kontakte":[                  | unknown field "kontakte"
            timestamp no zone  | "2026-03-02T09:15:00Z"      | "2026-03-02T09:15:00"         | "created_at" must be an ISO-8601 timestamp with an offset
            impossible date    | "2026-03-02T09:15:00Z"      | "2026-02-30T09:15:00Z"        | "created_at" must be an ISO-8601 timestamp
            date only          | "2026-03-02T09:15:00Z"      | "2026-03-02"                  | "created_at" must be an ISO-8601 timestamp
            five-digit year    | "2026-03-02T09:15:00Z"      | "+12026-03-02T09:15:00Z"      | between the years 0001 and 9999
            updated first      | "2026-05-18T14:40:12+02:00" | "2026-01-01T00:00:00Z"        | "updated_at" must not be before "created_at"
            contact not object | {"id":"c2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809","name":"Jonas Vogel"} | "x" | "contacts[1]" must be an object, not "x"
            contact no name    | ,"name":"Jonas Vogel"       | ''                            | missing field "contacts[1].name"
            contact bad field  | "title":"CEO"               | "title":"CEO","phone":"1"     | unknown field "contacts[0].phone"
            contact bad id     | "id":"c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8" | "id":"c1"      | "contacts[0].id" must be a UUID
            duplicate contact  | c2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809 | c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8 | "contacts[1].id": contact c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8 appears twice
            """)
    void rejectsCompanyWithReason(String title, String replace, String with, String reason) {
        String line = company(replace, with);
        assertThatThrownBy(() -> parser.parse(line))
                .isInstanceOf(InvalidLineException.class)
                .hasMessageContaining(reason);
    }

    @ParameterizedTest(name = "job {0}")
    @CsvSource(delimiter = '|', textBlock = """
            empty id          | "id":"li-1"                           | "id":""                         | "id" must not be empty
            numeric id        | "id":"li-1"                           | "id":17                         | "id" must be a string, not 17
            missing url       | ,"job_url":"https://example.com/1"    | ''                              | missing field "job_url"
            date as number    | "date_posted":"2026-11-10T08:00:00Z"  | "date_posted":1731225600        | "date_posted" must be an ISO-8601 timestamp
            bad removed_at    | "job_url":"https://example.com/1"     | "job_url":"u","removed_at":"soon" | "removed_at" must be an ISO-8601 timestamp
            company not uuid  | "company_id":"0b8e4f6a-2c1d-4e3f-9a5b-7c8d9e0f1a23" | "company_id":"acme" | "company_id" must be a UUID
            """)
    void rejectsJobWithReason(String title, String replace, String with, String reason) {
        String line = job(replace, with);
        assertThatThrownBy(() -> parser.parse(line))
                .isInstanceOf(InvalidLineException.class)
                .hasMessageContaining(reason);
    }

    @ParameterizedTest(name = "webtech_scan {0}")
    @CsvSource(delimiter = '|', textBlock = """
            status            | "status":"completed"   | "status":"not_scanned"   | "status" must be completed, failed or pending, not "not_scanned"
            confidence > 100  | "confidence":100       | "confidence":101         | "technologies[0].confidence" must be an integer from 0 to 100, not 101
            confidence < 0    | "confidence":90        | "confidence":-1          | "technologies[1].confidence" must be an integer from 0 to 100, not -1
            fractional        | "confidence":90        | "confidence":89.5        | "technologies[1].confidence" must be an integer from 0 to 100, not 89.5
            as string         | "confidence":90        | "confidence":"90"        | "technologies[1].confidence" must be an integer from 0 to 100, not "90"
            huge              | "confidence":90        | "confidence":99999999999999999999 | must be an integer from 0 to 100
            duplicate name    | "name":"PHP"           | "name":"WordPress"       | "technologies[1].name": technology "WordPress" appears twice in this scan
            empty category    | "category":"cms"       | "category":""            | "technologies[0].category" must not be empty
            missing scan time | "scanned_at":"2026-11-15T03:12:45Z", | ''          | missing field "scanned_at"
            missing list      | ,"technologies":[      | ,"tech":[                | unknown field "tech"
            """)
    void rejectsScanWithReason(String title, String replace, String with, String reason) {
        String line = scan(replace, with);
        assertThatThrownBy(() -> parser.parse(line))
                .isInstanceOf(InvalidLineException.class)
                .hasMessageContaining(reason);
    }

    @Test
    void acceptsAnEmptyTechnologyListAndContactList() throws Exception {
        WebtechScan scan = (WebtechScan) parser.parse(scan("\"status\":\"completed\"", "\"status\":\"failed\"")
                .replaceAll("\"technologies\":\\[.*]}$", "\"technologies\":[]}"));
        assertThat(scan.technologies()).isEmpty();
        Company company = (Company) parser.parse(company(null, null).replaceAll("\"contacts\":\\[.*?}],", "\"contacts\":[],"));
        assertThat(company.contacts()).isEmpty();
    }

    @Test
    void limitsIndexedTextToThreeHundredCharacters() throws Exception {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        Company longest = (Company) parser.parse(company("Nordlicht Logistik GmbH", emoji.repeat(300)));
        assertThat(longest.name().codePointCount(0, longest.name().length())).isEqualTo(300);
        assertThatThrownBy(() -> parser.parse(company("Nordlicht Logistik GmbH", "n".repeat(301))))
                .hasMessage("\"name\" must be at most 300 characters long, not 301");
        assertThatThrownBy(() -> parser.parse(job("\"platform\":\"linkedin\"", "\"platform\":\"" + "p".repeat(301) + "\"")))
                .hasMessageContaining("\"platform\" must be at most 300 characters");
        assertThatThrownBy(() -> parser.parse(scan("\"category\":\"cms\"", "\"category\":\"" + "c".repeat(301) + "\"")))
                .hasMessageContaining("\"technologies[0].category\" must be at most 300 characters");
        // Only indexed columns are limited.
        assertThat(((Company) parser.parse(company("\"city\":\"Hamburg\"", "\"city\":\"" + "h".repeat(5000) + "\""))).city())
                .hasSize(5000);
    }

    @Test
    void rejectsContactsThatAreNotAnArray() {
        String line = company(null, null).replaceAll("\"contacts\":\\[.*?}],", "\"contacts\":{},");
        assertThatThrownBy(() -> parser.parse(line))
                .isInstanceOf(InvalidLineException.class)
                .hasMessage("\"contacts\" must be an array, not an object");
    }

    @Test
    void reportsInvalidUtf8AsSuchWithTheByteAtFault() {
        byte[] line = "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01\",\"name\":\"X\"}"
                .getBytes(StandardCharsets.UTF_8);
        line[line.length - 3] = (byte) 0xC3; // a lead byte followed by '"' instead of a continuation byte
        assertThatThrownBy(() -> parser.parse(line, 0, line.length))
                .isInstanceOf(InvalidLineException.class)
                .hasMessageStartingWith("not valid UTF-8")
                .hasMessageContaining("byte 0xC3 at byte " + (line.length - 2));
    }

    @Test
    void reportsUtf16AsNotUtf8WithOrWithoutItsByteOrderMark() {
        String record = "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01\",\"name\":\"X\"}";
        for (byte[] line : java.util.List.of(record.getBytes(StandardCharsets.UTF_16), record.getBytes(StandardCharsets.UTF_16LE),
                record.getBytes(StandardCharsets.UTF_16BE))) {
            assertThatThrownBy(() -> parser.parse(line, 0, line.length))
                    .isInstanceOf(InvalidLineException.class)
                    .hasMessageStartingWith("not valid UTF-8");
        }
    }
}
