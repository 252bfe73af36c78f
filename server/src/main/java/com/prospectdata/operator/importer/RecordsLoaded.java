package com.prospectdata.operator.importer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.springframework.stereotype.Component;

/**
 * {@code api.records.loaded{source, type}}: rows written by committed loads of this process,
 * {@code source} {@code import} or {@code demo_data}, {@code type} the record type. A load
 * that writes nothing (invalid lines, rolled back) adds nothing. {@code import} and
 * {@code demo-data} are commands with processes of their own, so a scraped server counts what
 * {@code serve --demo} loaded; a command's own counts are in the report it prints.
 */
@Component
public class RecordsLoaded {

    private static final Map<String, ToLongFunction<ImportCounts>> TYPES = types();

    private final Map<String, Map<String, Counter>> bySource = new LinkedHashMap<>();

    public RecordsLoaded(MeterRegistry meters) {
        for (String source : new String[] {"import", "demo_data"}) {
            Map<String, Counter> counters = new LinkedHashMap<>();
            TYPES.keySet().forEach(type -> counters.put(type, Counter.builder("api.records.loaded")
                    .description("Rows written by committed imports and demo-data loads of this process")
                    .tag("source", source)
                    .tag("type", type)
                    .register(meters)));
            bySource.put(source, counters);
        }
    }

    /** After an import has committed. */
    public void imported(ImportCounts counts) {
        add("import", counts);
    }

    /** After a demo-data load has committed. */
    public void demoDataLoaded(ImportCounts counts) {
        add("demo_data", counts);
    }

    private void add(String source, ImportCounts counts) {
        bySource.get(source).forEach((type, counter) -> counter.increment(TYPES.get(type).applyAsLong(counts)));
    }

    private static Map<String, ToLongFunction<ImportCounts>> types() {
        Map<String, ToLongFunction<ImportCounts>> types = new LinkedHashMap<>();
        types.put("organization", ImportCounts::organizations);
        types.put("prospect_search", ImportCounts::prospectSearches);
        types.put("company", ImportCounts::companies);
        types.put("contact", ImportCounts::contacts);
        types.put("job", ImportCounts::jobs);
        types.put("webtech_scan", ImportCounts::webtechScans);
        types.put("technology", ImportCounts::technologies);
        return types;
    }
}
