package com.prospectdata.operator.demodata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The long tail of website technologies beyond the core catalogue in {@link DemoVocabulary}: large corporate
 * sites pile up tags, pixels, widgets and libraries until scans list hundreds of technologies, and demo data
 * needs enough distinct real names to show that. The names are data, in {@code long-tail-technologies.txt}
 * beside this class (in the resources), whose first lines give the format. Order matters for the same reason
 * as in the vocabulary: the generator draws by index.
 */
final class LongTailTechnologies {

    private LongTailTechnologies() {
    }

    static final List<DemoVocabulary.Tech> ALL = parse(read("long-tail-technologies.txt"));

    private static String read(String resource) {
        try (InputStream in = LongTailTechnologies.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("The catalogue " + resource + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("The catalogue " + resource + " cannot be read", e);
        }
    }

    private static List<DemoVocabulary.Tech> parse(String catalog) {
        List<DemoVocabulary.Tech> techs = new ArrayList<>();
        catalog.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).forEach(line -> {
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalStateException("Catalogue line without a category: " + line);
            }
            String category = line.substring(0, colon).strip();
            for (String entry : line.substring(colon + 1).split(",")) {
                techs.add(parseEntry(category, entry.strip(), line));
            }
        });
        return List.copyOf(techs);
    }

    private static DemoVocabulary.Tech parseEntry(String category, String entry, String line) {
        int open = entry.indexOf('[');
        String name = open < 0 ? entry : entry.substring(0, open).strip();
        // Fail at class load rather than let a typo in the catalogue turn into odd demo data.
        if (name.isEmpty() || entry.indexOf(']') != (open < 0 ? -1 : entry.length() - 1)) {
            throw new IllegalStateException("Malformed catalogue entry '" + entry + "' in line: " + line);
        }
        if (open < 0) {
            return new DemoVocabulary.Tech(name, category, List.of());
        }
        String versions = entry.substring(open + 1, entry.length() - 1).strip();
        if (versions.isEmpty()) {
            throw new IllegalStateException("Empty version list in catalogue entry '" + entry + "'");
        }
        return new DemoVocabulary.Tech(name, category, List.of(versions.split("\\s+")));
    }
}
