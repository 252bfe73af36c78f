package com.prospectdata.operator.importer;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.operator.demodata.DemoDataGenerator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineWriterTest {

    @Test
    void everyDemoRecordWrittenAsALineIsReadBackAsTheSameRecord() throws InvalidLineException {
        List<ImportRecord> records = new ArrayList<>();
        new DemoDataGenerator(9, 500, Instant.parse("2026-11-21T15:30:00Z")).generate(records::add, done -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LineWriter writer = new LineWriter(out)) {
            records.forEach(writer::write);
        }

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n", -1);
        assertThat(lines).hasSize(records.size() + 1);
        assertThat(lines[records.size()]).isEmpty(); // every line ends with a line feed
        LineParser parser = new LineParser();
        List<ImportRecord> readBack = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            readBack.add(parser.parse(lines[i]));
        }
        assertThat(readBack).isEqualTo(records);
        assertThat(lines).anyMatch(line -> line.contains("\"phone\"")).anyMatch(line -> line.contains("\"removed_at\""));
    }
}
