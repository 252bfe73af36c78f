package com.prospectdata.pipeline.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spool hands the writer's bytes to the reader whole and in order, keeps on disk only what is
 * ahead of the reader (within its bound and a segment), and tells each side when the other has
 * gone: the writer's failure to the reader, the reader's leaving to the writer.
 */
class SpoolTest {

    private static final long MAX_AHEAD = 1024 * 1024;
    private static final ReadingPace NO_FLOOR = new ReadingPace(0, java.time.Duration.ofSeconds(60));

    @TempDir
    Path parent;

    /** Random chunks, flushed after each, as an export flushes after each batch. */
    private static byte[] writeChunks(OutputStream input, long total, long seed) throws IOException {
        Random random = new Random(seed);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (long written = 0; written < total; ) {
            byte[] chunk = new byte[1 + random.nextInt(300_000)];
            random.nextBytes(chunk);
            input.write(chunk, 0, chunk.length);
            input.flush();
            expected.write(chunk, 0, chunk.length);
            written += chunk.length;
        }
        return expected.toByteArray();
    }

    private long bytesOnDisk() throws IOException {
        try (Stream<Path> files = Files.walk(parent)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        }
    }

    @Test
    void theReaderGetsEveryByteInOrderWhileTheDiskHoldsOnlyWhatIsAhead() throws Exception {
        long total = 5 * Spool.SEGMENT_BYTES;
        AtomicLong mostOnDisk = new AtomicLong();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] expected;
        try (Spool spool = Spool.create(parent, MAX_AHEAD)) {
            CompletableFuture<byte[]> written = CompletableFuture.supplyAsync(() -> {
                try {
                    byte[] bytes = writeChunks(spool.input(), total, 7);
                    spool.finish();
                    return bytes;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            spool.drainTo(read, () -> mostOnDisk.accumulateAndGet(bytesOnDisk(), Math::max), NO_FLOOR);
            expected = written.get(60, TimeUnit.SECONDS);
        }

        assertThat(read.toByteArray()).isEqualTo(expected);
        assertThat(mostOnDisk.get()).as("never more than the bound ahead and a segment")
                .isPositive().isLessThanOrEqualTo(MAX_AHEAD + Spool.SEGMENT_BYTES + 300_000);
        assertThat(bytesOnDisk()).as("nothing left once closed").isZero();
        try (Stream<Path> left = Files.list(parent)) {
            assertThat(left).as("its directory removed").isEmpty();
        }
    }

    @Test
    void aWriterWithinTheBoundIsDoneBeforeTheReaderReadsAnything() throws Exception {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (Spool spool = Spool.create(parent, 64L * 1024 * 1024)) {
            byte[] expected = writeChunks(spool.input(), 3 * Spool.SEGMENT_BYTES, 11);
            spool.finish();

            spool.drainTo(read, () -> { }, NO_FLOOR);
            assertThat(read.toByteArray()).isEqualTo(expected);
        }
    }

    @Test
    void theWritersFailureStopsTheReader() throws Exception {
        try (Spool spool = Spool.create(parent, MAX_AHEAD)) {
            spool.input().write(new byte[] {1, 2, 3});
            spool.input().flush();
            IllegalStateException failure = new IllegalStateException("the database went away");
            spool.fail(failure);

            assertThatThrownBy(() -> spool.drainTo(new ByteArrayOutputStream(), () -> { }, NO_FLOOR))
                    .isInstanceOf(Spool.WriterFailed.class).hasCause(failure);
        }
    }

    @Test
    void aReaderThatLeftFailsTheWritersNextWriteAndReleasesAWaitingWriter() throws Exception {
        try (Spool spool = Spool.create(parent, MAX_AHEAD)) {
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                try {
                    // Twice the bound with no reader: the writer waits in a flush until told.
                    writeChunks(spool.input(), 2 * MAX_AHEAD, 13);
                    spool.finish();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            spool.cancel();

            assertThatThrownBy(() -> writing.get(60, TimeUnit.SECONDS)).hasRootCauseMessage("the answer's client is gone");
        }
    }
}
