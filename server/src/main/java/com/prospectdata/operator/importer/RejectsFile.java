package com.prospectdata.operator.importer;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;

/**
 * The rejected lines of an import, byte for byte. They go to a temporary file beside the target
 * and reach the target only by an atomic rename after the import committed, so the target is
 * never seen half written, and a failed import leaves any previous rejects file as it was.
 */
final class RejectsFile implements AutoCloseable {

    private final Path target;
    private final Path temporary;
    private final FileOutputStream file;
    private final OutputStream out;
    private boolean committed;

    private RejectsFile(Path target, Path temporary) throws IOException {
        this.target = target;
        this.temporary = temporary;
        this.file = new FileOutputStream(temporary.toFile());
        this.out = new BufferedOutputStream(file, 1 << 16);
    }

    static RejectsFile create(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new IOException("the rejects file " + target + " is a directory");
        }
        if (!Files.isDirectory(absolute.getParent())) {
            throw new IOException("the directory of the rejects file " + target + " does not exist");
        }
        // Same directory, so the final rename is atomic (no copy across file systems). Created like
        // any file (umask permissions), unlike createTempFile's owner-only ones.
        SecureRandom random = new SecureRandom();
        while (true) {
            Path temporary = absolute.resolveSibling("." + absolute.getFileName() + "."
                    + Long.toUnsignedString(random.nextLong(), 36) + ".tmp");
            try {
                Files.createFile(temporary);
                return new RejectsFile(target, temporary);
            } catch (FileAlreadyExistsException e) {
                // Try another name.
            }
        }
    }

    /** Copies one line as read, without its '\n', and ends it with '\n'. */
    void write(byte[] line, int length) throws IOException {
        try {
            out.write(line, 0, length);
            out.write('\n');
        } catch (IOException e) {
            throw named(e);
        }
    }

    /** The operating system's words name no file: a full disk must say which file it stopped. */
    private IOException named(IOException failure) {
        return new IOException("could not write the rejects file " + target + ": " + failure.getMessage(), failure);
    }

    void commit() throws IOException {
        try {
            out.flush();
            file.getChannel().force(true);
            out.close();
        } catch (IOException e) {
            throw named(e);
        }
        Files.move(temporary, target.toAbsolutePath(), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                out.close();
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
    }
}
