package com.prospectdata.operator.importer;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a file line by line as raw bytes, so a rejected line can be copied exactly as it came
 * (encoding, spacing, a trailing carriage return and all). Lines end with '\n'; the last line
 * may lack it. {@link #length()} excludes the '\n' and {@link #contentLength()} also a '\r' before it.
 */
final class LineReader implements AutoCloseable {

    private final InputStream in;
    private final byte[] chunk = new byte[1 << 16];
    private int chunkStart;
    private int chunkEnd;
    private boolean endOfInput;

    private byte[] line = new byte[1 << 12];
    private int length;
    private long number;

    LineReader(InputStream in) {
        this.in = in;
    }

    /** Advances to the next line; false at the end of the input. */
    boolean next() throws IOException {
        length = 0;
        boolean sawAnything = false;
        while (true) {
            if (chunkStart == chunkEnd) {
                if (endOfInput || !refill()) {
                    if (sawAnything) {
                        number++;
                    }
                    return sawAnything;
                }
            }
            sawAnything = true;
            int newline = -1;
            for (int i = chunkStart; i < chunkEnd; i++) {
                if (chunk[i] == '\n') {
                    newline = i;
                    break;
                }
            }
            int end = newline < 0 ? chunkEnd : newline;
            append(chunkStart, end - chunkStart);
            if (newline >= 0) {
                chunkStart = newline + 1;
                number++;
                return true;
            }
            chunkStart = chunkEnd;
        }
    }

    private boolean refill() throws IOException {
        int read = in.read(chunk);
        if (read <= 0) {
            endOfInput = true;
            return false;
        }
        chunkStart = 0;
        chunkEnd = read;
        return true;
    }

    private void append(int from, int count) {
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, length + count));
        }
        System.arraycopy(chunk, from, line, length, count);
        length += count;
    }

    /** The current line's bytes; valid until the next call of {@link #next()}. */
    byte[] bytes() {
        return line;
    }

    /** Length of the line without its '\n'. */
    int length() {
        return length;
    }

    /** Length of the line without its '\n' and without a '\r' before it. */
    int contentLength() {
        return length > 0 && line[length - 1] == '\r' ? length - 1 : length;
    }

    /** 1-based number of the current line. */
    long number() {
        return number;
    }

    /** True when the line holds nothing but spaces and tabs: such lines are skipped, not errors. */
    boolean isBlank() {
        for (int i = 0; i < contentLength(); i++) {
            if (line[i] != ' ' && line[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
