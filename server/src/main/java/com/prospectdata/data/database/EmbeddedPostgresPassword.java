package com.prospectdata.data.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded PostgreSQL's superuser password, generated once and kept in a file beside its
 * data directory ({@code data/postgres.password} for {@code data/postgres}) that only this
 * account may read. Every process of the operator tool reads it from there.
 */
final class EmbeddedPostgresPassword {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresPassword.class);
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    /** 40 base62 characters: 238 bits from the CSPRNG. */
    private static final int LENGTH = 40;
    static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private final Path dataDirectory;
    private final Path file;

    private EmbeddedPostgresPassword(Path dataDirectory, Path file) {
        this.dataDirectory = dataDirectory;
        this.file = file;
    }

    static EmbeddedPostgresPassword beside(Path dataDirectory) {
        Path absolute = dataDirectory.toAbsolutePath().normalize();
        return new EmbeddedPostgresPassword(absolute, absolute.resolveSibling(absolute.getFileName() + ".password"));
    }

    Path path() {
        return file;
    }

    Path dataDirectory() {
        return dataDirectory;
    }

    /** The password, when the file exists; a file others could read is made owner-only first. */
    Optional<String> read() {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
                log.warn("{} could be read by other accounts; it is owner-only again", file);
            }
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new IllegalStateException("Could not read the embedded PostgreSQL's password in " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The password, generated into the file when there is none. The file is written whole,
     * owner-only from its creation, and appears at once or not at all: of two processes
     * creating it at the same moment, one wins and both use its password.
     */
    String createOrRead() throws IOException {
        Optional<String> existing = read();
        if (existing.isPresent()) {
            return existing.get();
        }
        Files.createDirectories(file.getParent());
        Path draft = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".draft",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try {
            Files.writeString(draft, generate() + "\n", StandardCharsets.UTF_8);
            try {
                // A hard link never replaces an existing file, where a rename would.
                Files.createLink(file, draft);
            } catch (FileAlreadyExistsException anotherProcessWon) {
                // Its password stands.
            }
        } finally {
            Files.deleteIfExists(draft);
        }
        return read().orElseThrow(() -> new IOException(file + " vanished as it was created"));
    }

    private static String generate() {
        SecureRandom random = new SecureRandom();
        StringBuilder password = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            password.append(BASE62.charAt(random.nextInt(BASE62.length())));
        }
        return password.toString();
    }
}
