package com.prospectdata.contract.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Directories a test makes its own: emptied before it starts, so a run never reads an earlier one's files. */
public final class Directories {

    private Directories() {
    }

    /** Deletes {@code root} and everything below it; nothing if it does not exist. */
    public static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
