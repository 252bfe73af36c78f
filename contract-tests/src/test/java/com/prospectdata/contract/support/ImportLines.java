package com.prospectdata.contract.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Lines of the import format (docs/import-format.md) for the tests that write an organization of
 * their own, and the operator's {@code import} of them.
 */
public final class ImportLines {

    private final ServerJar commands;
    private final Path directory;

    /** Imports through {@code commands}, writing each file into {@code directory}. */
    public ImportLines(ServerJar commands, Path directory) {
        this.commands = commands;
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code import} (or {@code import --replace}) of {@code lines}, in a file named after {@code name}. */
    public ServerJar.Result run(String name, boolean replace, List<String> lines) {
        Path file = directory.resolve(name + "-" + UUID.randomUUID() + ".jsonl");
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return replace ? commands.run("import", "--replace", file.toString()) : commands.run("import", file.toString());
    }

    public static String organization(String id, String name) {
        return "{\"type\":\"organization\",\"id\":\"" + id + "\",\"name\":\"" + name + "\"}";
    }

    public static String search(UUID id, String organization) {
        return "{\"type\":\"prospect_search\",\"id\":\"" + id + "\",\"organization_id\":\"" + organization
                + "\",\"name\":\"Search " + id + "\"}";
    }

    /**
     * A search named {@code name} of {@code organization}, then {@code companies} companies of five
     * contacts each with long titles, about 1.2 KB a line of export: a search of megabytes for the
     * export's tests. Company ids are {@code (idSpace, i)}, contact ids {@code (idSpace + 1, 8i + c)}.
     */
    public static List<String> largeSearch(String id, String organization, String name, int companies, long idSpace) {
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"prospect_search\",\"id\":\"" + id + "\",\"organization_id\":\"" + organization
                + "\",\"name\":\"" + name + "\"}");
        for (int i = 0; i < companies; i++) {
            StringBuilder contacts = new StringBuilder();
            for (int c = 0; c < 5; c++) {
                contacts.append(c == 0 ? "" : ",").append(String.format(Locale.ROOT,
                        "{\"id\":\"%s\",\"name\":\"Contact %d of company %d\",\"email\":\"contact%d.company%d@example.com\","
                                + "\"title\":\"Head of Procurement and Strategic Sourcing\"}",
                        new UUID(idSpace + 1, (long) i * 8 + c), c, i, c, i));
            }
            lines.add(String.format(Locale.ROOT, "{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\","
                    + "\"name\":\"Company %05d\",\"city\":\"Leipzig\",\"country\":\"Germany\",\"business_type\":\"Software\","
                    + "\"website\":\"https://company%d.example.com\",\"match_score\":%.1f,\"review_status\":\"pending\","
                    + "\"contacts\":[%s]}", new UUID(idSpace, i), id, i, i, (i % 101) / 10.0, contacts));
        }
        return lines;
    }

    /** A company with no contacts. */
    public static String company(String id, UUID search, int score) {
        return company(id, search, score, 0);
    }

    /**
     * A company with {@code contacts} contacts, whose ids follow from the company's: the same
     * company imported with fewer contacts loses the last ones.
     */
    public static String company(String id, UUID search, int score, int contacts) {
        List<String> listed = new ArrayList<>();
        for (int n = 0; n < contacts; n++) {
            String contact = UUID.nameUUIDFromBytes((id + "/contact/" + n).getBytes(StandardCharsets.UTF_8)).toString();
            listed.add("{\"id\":\"" + contact + "\",\"name\":\"Contact " + n + "\",\"email\":\"c" + n + "@example.com\"}");
        }
        return String.format(Locale.ROOT, "{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\","
                        + "\"name\":\"Company %s\",\"city\":\"Leipzig\",\"country\":\"Germany\",\"business_type\":\"Software\","
                        + "\"website\":\"https://example.com\",\"match_score\":%d,\"review_status\":\"pending\",\"contacts\":[%s]}",
                id, search, id, score, String.join(",", listed));
    }

    /** The removal of a company, of {@code search} when it is not null. */
    public static String removal(String id, UUID search) {
        return search == null ? "{\"type\":\"company_removal\",\"id\":\"" + id + "\"}"
                : "{\"type\":\"company_removal\",\"id\":\"" + id + "\",\"prospect_search_id\":\"" + search + "\"}";
    }
}
