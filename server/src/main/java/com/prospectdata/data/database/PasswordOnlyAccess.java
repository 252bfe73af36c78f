package com.prospectdata.data.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.Locale;

/**
 * The embedded PostgreSQL's pg_hba.conf: every connection, local, loopback or replication,
 * authenticates with the superuser's password (SCRAM-SHA-256). Nothing is trusted.
 */
final class PasswordOnlyAccess {

    static final String RULES = """
            # Written by the Company Prospect Data API: every connection needs the password kept
            # beside this data directory (postgres.password). Nothing is trusted.
            # TYPE  DATABASE        USER            ADDRESS                 METHOD
            local   all             all                                     scram-sha-256
            host    all             all             127.0.0.1/32            scram-sha-256
            host    all             all             ::1/128                 scram-sha-256
            local   replication     all                                     scram-sha-256
            host    replication     all             127.0.0.1/32            scram-sha-256
            host    replication     all             ::1/128                 scram-sha-256
            """;

    /** Methods that let a connection in on the operating system's word, or on none. */
    private static final Set<String> WITHOUT_PASSWORD = Set.of("trust", "peer", "ident");

    private PasswordOnlyAccess() {
    }

    /** Whether an entry of the file lets a connection in without a password. */
    static boolean trustsAnyone(Path pgHba) throws IOException {
        List<String> lines = Files.readAllLines(pgHba, StandardCharsets.UTF_8);
        return lines.stream()
                .map(line -> line.replaceFirst("#.*", "").strip())
                .filter(line -> !line.isEmpty())
                .flatMap(line -> Arrays.stream(line.split("\\s+")))
                .anyMatch(field -> WITHOUT_PASSWORD.contains(field.toLowerCase(Locale.ROOT)));
    }

    /** Replaces the file whole. */
    static void writeTo(Path pgHba) throws IOException {
        Path draft = pgHba.resolveSibling(pgHba.getFileName() + ".draft");
        Files.writeString(draft, RULES, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(draft, EmbeddedPostgresPassword.OWNER_ONLY);
        Files.move(draft, pgHba, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
