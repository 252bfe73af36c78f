package com.prospectdata.operator.importer;

/** Tells an operator how a long import or demo load is going. Implementations throttle themselves. */
public interface ImportProgress {

    /** A new phase, of {@code total} units (lines, companies), or -1 when unknown. */
    void start(String phase, String unit, long total);

    /** {@code done} units so far, which produced {@code records} records. Cheap enough to call often. */
    void update(long done, long records);

    /** Ends the display, leaving the terminal clean for the summary. */
    void finish();

    ImportProgress NONE = new ImportProgress() {
        @Override
        public void start(String phase, String unit, long total) {
        }

        @Override
        public void update(long done, long records) {
        }

        @Override
        public void finish() {
        }
    };
}
