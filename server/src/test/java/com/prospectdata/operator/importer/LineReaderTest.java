package com.prospectdata.operator.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static List<String> read(byte[] input, boolean content) throws Exception {
        List<String> lines = new ArrayList<>();
        try (LineReader reader = new LineReader(new ByteArrayInputStream(input))) {
            while (reader.next()) {
                int length = content ? reader.contentLength() : reader.length();
                lines.add(reader.number() + ":" + new String(Arrays.copyOf(reader.bytes(), length), "ISO-8859-1"));
            }
        }
        return lines;
    }

    @Test
    void splitsOnNewlinesKeepingCarriageReturnsInTheRawLine() throws Exception {
        byte[] input = "a\r\n\nlast".getBytes("ISO-8859-1");
        assertThat(read(input, false)).containsExactly("1:a\r", "2:", "3:last");
        assertThat(read(input, true)).containsExactly("1:a", "2:", "3:last");
    }

    @Test
    void aFinalNewlineDoesNotMakeAnExtraLine() throws Exception {
        assertThat(read("x\ny\n".getBytes("ISO-8859-1"), false)).containsExactly("1:x", "2:y");
        assertThat(read(new byte[0], false)).isEmpty();
    }

    @Test
    void readsLinesLongerThanItsBuffers() throws Exception {
        String longLine = "z".repeat(200_000);
        assertThat(read((longLine + "\nshort").getBytes("ISO-8859-1"), false))
                .containsExactly("1:" + longLine, "2:short");
    }
}
