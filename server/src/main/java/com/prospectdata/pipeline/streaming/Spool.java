package com.prospectdata.pipeline.streaming;

import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The bytes of one streamed answer on their way from its writer to its client, in files of a
 * directory of their own: the writer writes at its own pace (an export, at the database's, so
 * that its snapshot ends once everything is read), the client takes them at its own. The files
 * are segments of {@link #SEGMENT_BYTES}, each deleted once sent, so the disk holds what is ahead
 * of the client, at most {@code maxAhead} bytes (the writer waits beyond that) and one segment.
 *
 * <p>Two threads use it: the writer, through {@link #input()}, whose {@code flush} hands what was
 * written to the client's side, and which ends with {@link #finish()} or {@link #fail}; and the
 * client's, through {@link #drainTo}. {@link #cancel()} tells the writer that no one reads any
 * more: its next write fails.
 */
final class Spool implements AutoCloseable {

    /** Large enough that a segment's file is opened rarely, small enough that sent bytes leave the disk soon. */
    static final long SEGMENT_BYTES = 8L * 1024 * 1024;
    private static final int COPY_BYTES = 64 * 1024;

    private final Path directory;
    private final long maxAhead;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Written and not yet wholly sent, oldest first; the last is the one being written. */
    private final Deque<Segment> segments = new ArrayDeque<>();
    private final Input input = new Input();
    private long handedOver;
    private long sent;
    private int segmentsMade;
    private boolean finished;
    private boolean cancelled;
    private @Nullable Throwable failure;

    private static final class Segment {
        final Path file;
        final OutputStream out;
        long written;
        /** Bytes the client's side may read: written and flushed. */
        long handedOver;
        long read;
        boolean sealed;
        @Nullable InputStream in;

        Segment(Path file) throws IOException {
            this.file = file;
            this.out = new BufferedOutputStream(Files.newOutputStream(file), COPY_BYTES);
        }
    }

    private Spool(Path directory, long maxAhead) {
        this.directory = directory;
        this.maxAhead = maxAhead;
    }

    /** A spool in a new directory under {@code parent}. */
    static Spool create(Path parent, long maxAhead) throws IOException {
        Files.createDirectories(parent);
        return new Spool(Files.createTempDirectory(parent, "prospect-api-stream-"), maxAhead);
    }

    /** Where the writer writes; its {@code flush} hands the bytes over and waits while too many are ahead. */
    OutputStream input() {
        return input;
    }

    /** The writer is done: what it handed over is the whole answer. */
    void finish() throws IOException {
        input.flush();
        lock.lock();
        try {
            finished = true;
            if (!segments.isEmpty()) {
                seal(segments.peekLast());
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The writer failed: the client's side stops with {@code cause}. */
    void fail(Throwable cause) {
        lock.lock();
        try {
            failure = cause;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** No one reads any more: the writer's next write or flush fails. */
    void cancel() {
        lock.lock();
        try {
            cancelled = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Copies what the writer hands over to {@code out}, calling {@code sent} after each copy, until
     * the writer has finished and everything is sent; throws the writer's failure, as
     * {@link WriterFailed}, as soon as there is one, and {@link ClientTooSlow} once the client
     * falls below {@code pace}.
     */
    void drainTo(OutputStream out, Sent sent, ReadingPace pace) throws IOException {
        byte[] buffer = new byte[COPY_BYTES];
        while (true) {
            Segment segment;
            long readable;
            lock.lock();
            try {
                while (true) {
                    if (failure != null) {
                        throw new WriterFailed(failure);
                    }
                    segment = segments.peekFirst();
                    if (segment != null) {
                        readable = segment.handedOver - segment.read;
                        if (readable > 0) {
                            break;
                        }
                        if (segment.sealed) {
                            segments.removeFirst();
                            delete(segment);
                            continue;
                        }
                    } else if (finished) {
                        return;
                    }
                    changed.await();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the answer's writer");
            } finally {
                lock.unlock();
            }
            if (segment.in == null) {
                segment.in = Files.newInputStream(segment.file);
            }
            for (long left = readable; left > 0; ) {
                int read = segment.in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    throw new EOFException("the spool's segment " + segment.file + " ended early");
                }
                long handing = System.nanoTime();
                out.write(buffer, 0, read);
                if (read == left) {
                    sent.sent();
                }
                pace.took(read, System.nanoTime() - handing);
                left -= read;
            }
            lock.lock();
            try {
                segment.read += readable;
                this.sent += readable;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Called after each copy to the client: sends it on its way. */
    @FunctionalInterface
    interface Sent {
        void sent() throws IOException;
    }

    /** The writer's failure, as the client's side meets it. */
    static final class WriterFailed extends IOException {
        WriterFailed(Throwable cause) {
            super("the answer's writer failed: " + cause, cause);
        }
    }

    /** Removes every file of the spool; call it once the writer and the client's side are both done. */
    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            for (Segment segment : segments) {
                closeQuietly(segment);
            }
            segments.clear();
        } finally {
            lock.unlock();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** The writer's side: bytes go to the last segment, and {@code flush} hands them over. */
    private final class Input extends OutputStream {

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            Segment segment = writable();
            segment.out.write(bytes, offset, length);
            segment.written += length;
        }

        @Override
        public void flush() throws IOException {
            lock.lock();
            try {
                Segment segment = segments.peekLast();
                if (segment != null && !segment.sealed) {
                    segment.out.flush();
                    handedOver += segment.written - segment.handedOver;
                    segment.handedOver = segment.written;
                    if (segment.written >= SEGMENT_BYTES) {
                        seal(segment);
                    }
                    changed.signalAll();
                }
                // Beyond maxAhead the writer waits for the client: the disk stays bounded.
                while (!cancelled && handedOver - sent > maxAhead) {
                    changed.await();
                }
                requireReader();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the client");
            } finally {
                lock.unlock();
            }
        }

        /** The segment to write to: the last, or a new one once it is sealed. */
        private Segment writable() throws IOException {
            lock.lock();
            try {
                requireReader();
                Segment last = segments.peekLast();
                if (last != null && !last.sealed) {
                    return last;
                }
                Segment next = new Segment(directory.resolve("segment-" + segmentsMade++));
                segments.addLast(next);
                return next;
            } finally {
                lock.unlock();
            }
        }
    }

    private void requireReader() throws IOException {
        if (cancelled) {
            throw new IOException("the answer's client is gone");
        }
    }

    private static void seal(Segment segment) throws IOException {
        if (!segment.sealed) {
            segment.sealed = true;
            segment.out.close();
        }
    }

    private static void delete(Segment segment) throws IOException {
        closeQuietly(segment);
        Files.deleteIfExists(segment.file);
    }

    private static void closeQuietly(Segment segment) {
        try {
            segment.out.close();
        } catch (IOException ignored) {
            // removed with the spool's directory
        }
        if (segment.in != null) {
            try {
                segment.in.close();
            } catch (IOException ignored) {
                // removed with the spool's directory
            }
        }
    }
}
