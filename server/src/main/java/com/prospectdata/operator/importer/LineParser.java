package com.prospectdata.operator.importer;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.CompanyRemoval;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads one line of the import format (docs/import-format.md) into an {@link ImportRecord}, or
 * says why it cannot. It checks every rule the schema's constraints hold (and a few the API relies
 * on, such as non-empty names), so a record it returns is never refused by the database. It does
 * not look at references: whether a referenced record exists is the {@link Importer}'s question.
 */
public final class LineParser {

    public static final Set<String> REVIEW_STATUSES = Set.of("accepted", "rejected", "pending");
    public static final Set<String> SCAN_STATUSES = Set.of("completed", "failed", "pending");

    // UUID.fromString accepts shortened groups such as "1-2-3-4-5"; the format wants the standard text.
    private static final Pattern UUID_TEXT = Pattern.compile(
            "\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");
    private static final int MAX_QUOTED = 60;
    /**
     * For the text columns that are part of an index (company name, job id and platform, technology
     * name and category). A B-tree entry holds at most 2704 bytes, and two of these columns share
     * an index: 300 code points of at most 4 UTF-8 bytes each leave room for the rest of the key.
     */
    public static final int MAX_INDEXED_TEXT = 300;
    static final String NOT_UTF8 = "not valid UTF-8: an import file is UTF-8 text, not UTF-16 or another encoding";

    private static final Set<String> ORGANIZATION_FIELDS = Set.of("type", "id", "name");
    private static final Set<String> PROSPECT_SEARCH_FIELDS = Set.of("type", "id", "organization_id", "name");
    private static final Set<String> COMPANY_FIELDS = Set.of("type", "id", "prospect_search_id", "name", "city",
            "country", "business_type", "website", "match_score", "review_status", "phone", "contacts",
            "created_at", "updated_at");
    private static final Set<String> CONTACT_FIELDS = Set.of("id", "name", "title", "email", "linkedin_url");
    private static final Set<String> JOB_FIELDS = Set.of("type", "id", "company_id", "title", "platform",
            "date_posted", "job_url", "removed_at");
    private static final Set<String> WEBTECH_SCAN_FIELDS = Set.of("type", "company_id", "status", "scanned_at",
            "technologies");
    private static final Set<String> TECHNOLOGY_FIELDS = Set.of("name", "category", "confidence", "version");
    private static final Set<String> COMPANY_REMOVAL_FIELDS = Set.of("type", "id", "prospect_search_id");

    // Duplicate keys would make "later wins" ambiguous inside one line; a second value is an error.
    private final JsonMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    public ImportRecord parse(String line) throws InvalidLineException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return parse(bytes, 0, bytes.length);
    }

    /** One decoder per parser: an import parses its lines on one thread. */
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    private String utf8(byte[] line, int offset, int length) throws InvalidLineException {
        String text;
        try {
            text = utf8.decode(ByteBuffer.wrap(line, offset, length)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidLineException(NOT_UTF8 + " (" + firstMalformedByte(line, offset, length) + ")");
        }
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            // JSON text never holds a raw NUL (it is written \u0000); a file of UTF-16 is full of them.
            throw new InvalidLineException(NOT_UTF8 + " (a NUL byte at character " + (nul + 1) + ")");
        }
        return text;
    }

    private static String firstMalformedByte(byte[] line, int offset, int length) {
        CharsetDecoder probe = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(line, offset, length);
        CharBuffer chars = CharBuffer.allocate(length);
        probe.decode(bytes, chars, true);
        return "byte 0x%02X at byte %d".formatted(line[bytes.position()] & 0xFF, bytes.position() - offset + 1);
    }

    /**
     * Parses the UTF-8 bytes {@code line[offset, offset + length)}, one JSON object. The bytes
     * are decoded strictly first: Jackson would otherwise guess another encoding (a UTF-16
     * file) and report a puzzling character instead of the file's real fault.
     */
    public ImportRecord parse(byte[] line, int offset, int length) throws InvalidLineException {
        String text = utf8(line, offset, length);
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JacksonException e) {
            throw new InvalidLineException("bad JSON: " + describe(e));
        }
        if (root == null || !root.isObject()) {
            throw new InvalidLineException("a line must be a JSON object, not " + describeValue(root));
        }
        Fields fields = new Fields(root, "");
        String type = fields.requiredText("type");
        return switch (type) {
            case "organization" -> organization(fields);
            case "prospect_search" -> prospectSearch(fields);
            case "company" -> company(fields);
            case "job" -> job(fields);
            case "webtech_scan" -> webtechScan(fields);
            case "company_removal" -> companyRemoval(fields);
            default -> throw new InvalidLineException("unknown type " + quote(type)
                    + ": expected organization, prospect_search, company, job, webtech_scan or company_removal");
        };
    }

    private static Organization organization(Fields fields) throws InvalidLineException {
        fields.allowOnly(ORGANIZATION_FIELDS);
        return new Organization(fields.uuid("id"), fields.requiredText("name"));
    }

    private static ProspectSearch prospectSearch(Fields fields) throws InvalidLineException {
        fields.allowOnly(PROSPECT_SEARCH_FIELDS);
        return new ProspectSearch(fields.uuid("id"), fields.uuid("organization_id"), fields.requiredText("name"));
    }

    private static Company company(Fields fields) throws InvalidLineException {
        fields.allowOnly(COMPANY_FIELDS);
        UUID id = fields.uuid("id");
        UUID prospectSearchId = fields.uuid("prospect_search_id");
        String name = fields.indexedText("name");
        String city = fields.requiredText("city");
        String country = fields.requiredText("country");
        String businessType = fields.requiredText("business_type");
        String website = fields.requiredText("website");
        double matchScore = fields.number("match_score", 0, 10);
        String reviewStatus = fields.oneOf("review_status", REVIEW_STATUSES, "accepted, rejected or pending");
        String phone = fields.optionalText("phone");
        List<Contact> contacts = contacts(fields);
        Instant createdAt = fields.optionalTimestamp("created_at");
        Instant updatedAt = fields.optionalTimestamp("updated_at");
        if (createdAt != null && updatedAt != null && updatedAt.isBefore(createdAt)) {
            throw new InvalidLineException("\"updated_at\" must not be before \"created_at\"");
        }
        return new Company(id, prospectSearchId, name, city, country, businessType, website, matchScore,
                reviewStatus, phone, contacts, createdAt, updatedAt);
    }

    private static List<Contact> contacts(Fields company) throws InvalidLineException {
        List<Fields> elements = company.objects("contacts");
        List<Contact> contacts = new ArrayList<>(elements.size());
        Set<UUID> seen = new HashSet<>();
        for (Fields contact : elements) {
            contact.allowOnly(CONTACT_FIELDS);
            UUID id = contact.uuid("id");
            if (!seen.add(id)) {
                throw new InvalidLineException(contact.label("id") + ": contact " + id + " appears twice in this company");
            }
            contacts.add(new Contact(id, contact.requiredText("name"), contact.optionalText("title"),
                    contact.optionalText("email"), contact.optionalText("linkedin_url")));
        }
        return contacts;
    }

    private static CompanyRemoval companyRemoval(Fields fields) throws InvalidLineException {
        fields.allowOnly(COMPANY_REMOVAL_FIELDS);
        return new CompanyRemoval(fields.uuid("id"), fields.optionalUuid("prospect_search_id"));
    }

    private static Job job(Fields fields) throws InvalidLineException {
        fields.allowOnly(JOB_FIELDS);
        return new Job(fields.indexedText("id"), fields.uuid("company_id"), fields.requiredText("title"),
                fields.indexedText("platform"), fields.requiredTimestamp("date_posted"),
                fields.requiredText("job_url"), fields.optionalTimestamp("removed_at"));
    }

    private static WebtechScan webtechScan(Fields fields) throws InvalidLineException {
        fields.allowOnly(WEBTECH_SCAN_FIELDS);
        UUID companyId = fields.uuid("company_id");
        String status = fields.oneOf("status", SCAN_STATUSES, "completed, failed or pending");
        Instant scannedAt = fields.requiredTimestamp("scanned_at");
        List<Fields> elements = fields.objects("technologies");
        List<Technology> technologies = new ArrayList<>(elements.size());
        // The technology table's key is (company, name): one name once per scan.
        Set<String> names = new HashSet<>();
        for (Fields technology : elements) {
            technology.allowOnly(TECHNOLOGY_FIELDS);
            String name = technology.indexedText("name");
            if (!names.add(name)) {
                throw new InvalidLineException(technology.label("name") + ": technology " + quote(name)
                        + " appears twice in this scan");
            }
            technologies.add(new Technology(name, technology.indexedText("category"),
                    technology.integer("confidence", 0, 100), technology.optionalText("version")));
        }
        return new WebtechScan(companyId, status, scannedAt, technologies);
    }

    /** The fields of one JSON object, named in messages with their path, e.g. contacts[2].name. */
    private static final class Fields {

        private final JsonNode node;
        private final String path;

        Fields(JsonNode node, String path) {
            this.node = node;
            this.path = path;
        }

        String label(String name) {
            return "\"" + path + name + "\"";
        }

        // Checked before the values, so a misspelt optional field is reported, not silently dropped.
        void allowOnly(Set<String> allowed) throws InvalidLineException {
            for (String name : node.propertyNames()) {
                if (!allowed.contains(name)) {
                    throw new InvalidLineException("unknown field " + label(name));
                }
            }
        }

        private JsonNode present(String name) throws InvalidLineException {
            JsonNode value = node.get(name);
            if (value == null) {
                throw new InvalidLineException("missing field " + label(name));
            }
            return value;
        }

        String requiredText(String name) throws InvalidLineException {
            JsonNode value = present(name);
            if (!value.isString()) {
                throw new InvalidLineException(label(name) + " must be a string, not " + describeValue(value));
            }
            String text = value.stringValue();
            if (text.isBlank()) {
                throw new InvalidLineException(label(name) + " must not be empty");
            }
            return checkedText(name, text);
        }

        /** A required string that is part of an index, so of limited length. */
        String indexedText(String name) throws InvalidLineException {
            String text = requiredText(name);
            if (text.length() > MAX_INDEXED_TEXT && text.codePointCount(0, text.length()) > MAX_INDEXED_TEXT) {
                throw new InvalidLineException(label(name) + " must be at most " + MAX_INDEXED_TEXT
                        + " characters long, not " + text.codePointCount(0, text.length()));
            }
            return text;
        }

        /** Absent, null and blank all mean "no value": the API omits the field rather than sending "". */
        String optionalText(String name) throws InvalidLineException {
            JsonNode value = node.get(name);
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isString()) {
                throw new InvalidLineException(label(name) + " must be a string or null, not " + describeValue(value));
            }
            String text = value.stringValue();
            return text.isBlank() ? null : checkedText(name, text);
        }

        // PostgreSQL text cannot hold U+0000, and a lone surrogate cannot be encoded as UTF-8.
        private String checkedText(String name, String text) throws InvalidLineException {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\u0000') {
                    throw new InvalidLineException(label(name) + " must not contain the character U+0000");
                }
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    throw new InvalidLineException(label(name) + " is not valid Unicode (a lone surrogate \\u"
                            + Integer.toHexString(c) + ")");
                }
            }
            return text;
        }

        UUID uuid(String name) throws InvalidLineException {
            JsonNode value = present(name);
            if (!value.isString() || !UUID_TEXT.matcher(value.stringValue()).matches()) {
                throw new InvalidLineException(label(name) + " must be a UUID such as "
                        + "3f2b8c4e-1d2a-4b6f-9c1e-7a5d2e8f0b13, not " + describeValue(value));
            }
            return UUID.fromString(value.stringValue());
        }

        UUID optionalUuid(String name) throws InvalidLineException {
            JsonNode value = node.get(name);
            return value == null || value.isNull() ? null : uuid(name);
        }

        double number(String name, double min, double max) throws InvalidLineException {
            JsonNode value = present(name);
            String rule = " must be a number from " + plain(min) + " to " + plain(max);
            if (!value.isNumber()) {
                throw new InvalidLineException(label(name) + rule + ", not " + describeValue(value));
            }
            double number = value.doubleValue();
            if (!Double.isFinite(number) || number < min || number > max) {
                throw new InvalidLineException(label(name) + rule + ", not " + describeValue(value));
            }
            return number;
        }

        int integer(String name, int min, int max) throws InvalidLineException {
            JsonNode value = present(name);
            if (!value.isIntegralNumber() || !value.canConvertToInt()
                    || value.intValue() < min || value.intValue() > max) {
                throw new InvalidLineException(label(name) + " must be an integer from " + min + " to " + max
                        + ", not " + describeValue(value));
            }
            return value.intValue();
        }

        String oneOf(String name, Set<String> allowed, String listed) throws InvalidLineException {
            JsonNode value = present(name);
            if (!value.isString() || !allowed.contains(value.stringValue())) {
                throw new InvalidLineException(label(name) + " must be " + listed + ", not " + describeValue(value));
            }
            return value.stringValue();
        }

        Instant requiredTimestamp(String name) throws InvalidLineException {
            return timestamp(name, present(name));
        }

        Instant optionalTimestamp(String name) throws InvalidLineException {
            JsonNode value = node.get(name);
            return value == null || value.isNull() ? null : timestamp(name, value);
        }

        private Instant timestamp(String name, JsonNode value) throws InvalidLineException {
            String rule = " must be an ISO-8601 timestamp with an offset, such as 2026-11-21T10:15:30Z, not ";
            if (!value.isString()) {
                throw new InvalidLineException(label(name) + rule + describeValue(value));
            }
            OffsetDateTime parsed;
            try {
                parsed = OffsetDateTime.parse(value.stringValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            } catch (DateTimeParseException e) {
                throw new InvalidLineException(label(name) + rule + describeValue(value));
            }
            // Four-digit years only: the wire format prints them, and PostgreSQL's range ends long before Java's.
            if (parsed.getYear() < 1 || parsed.getYear() > 9999) {
                throw new InvalidLineException(label(name) + " must be between the years 0001 and 9999, not "
                        + describeValue(value));
            }
            return parsed.toInstant();
        }

        /** The elements of a required array of objects, each named e.g. contacts[2]. in messages. */
        List<Fields> objects(String name) throws InvalidLineException {
            JsonNode value = present(name);
            if (!value.isArray()) {
                throw new InvalidLineException(label(name) + " must be an array, not " + describeValue(value));
            }
            List<Fields> elements = new ArrayList<>(value.size());
            for (int i = 0; i < value.size(); i++) {
                JsonNode element = value.get(i);
                String elementPath = path + name + "[" + i + "]";
                if (!element.isObject()) {
                    throw new InvalidLineException("\"" + elementPath + "\" must be an object, not " + describeValue(element));
                }
                elements.add(new Fields(element, elementPath + "."));
            }
            return elements;
        }
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    static String describeValue(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isNull()) {
            return "null";
        }
        if (value.isString()) {
            return quote(value.stringValue());
        }
        if (value.isArray()) {
            return "an array";
        }
        if (value.isObject()) {
            return "an object";
        }
        return shorten(value.toString());
    }

    static String quote(String text) {
        return "\"" + shorten(text) + "\"";
    }

    private static String shorten(String text) {
        return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "...";
    }

    private static String describe(JacksonException e) {
        String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        if (message.startsWith("Trailing token")) {
            message = "more than one JSON value on the line";
        }
        message = message.replaceAll("\\s+", " ").strip();
        if (e.getLocation() != null && e.getLocation().getColumnNr() > 0) {
            message += " (column " + e.getLocation().getColumnNr() + ")";
        }
        return message.toLowerCase(Locale.ROOT).startsWith("unexpected end-of-input")
                ? "the line ends before the JSON object does" : message;
    }
}
