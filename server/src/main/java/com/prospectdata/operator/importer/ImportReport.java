package com.prospectdata.operator.importer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of one import.
 *
 * @param written      false when invalid lines stopped the import and nothing was written
 * @param errors       the first {@link Importer#MAX_LISTED_ERRORS} invalid lines, in file order
 * @param rejectsFile  where the invalid lines were copied, or null without --skip-invalid
 */
public record ImportReport(boolean written, ImportCounts counts, long lines, long invalidLines,
                           List<LineError> errors, Path rejectsFile, Duration duration) {

    public ImportReport {
        errors = List.copyOf(errors);
    }

    /** Invalid lines beyond the ones listed in {@link #errors()}. */
    public long unlistedErrors() {
        return invalidLines - errors.size();
    }

    /** The one line printed when an import has been written. */
    public String summary() {
        double seconds = duration.toNanos() / 1e9;
        String summary = String.format(Locale.ROOT, "imported %s (%s) in %.1f s (%,d records/s)",
                ImportCounts.count(counts.total(), "record", "records"), counts.describe(), seconds,
                ratePerSecond(counts.total(), duration));
        if (rejectsFile != null) {
            summary += "; " + ImportCounts.count(invalidLines, "line", "lines") + " rejected"
                    + (invalidLines > 0 ? ", copied to " + rejectsFile : "");
        }
        return summary;
    }

    public static long ratePerSecond(long count, Duration duration) {
        long nanos = Math.max(1, duration.toNanos());
        return Math.round(count * 1e9 / nanos);
    }
}
