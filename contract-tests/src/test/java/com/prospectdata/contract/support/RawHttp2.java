package com.prospectdata.contract.support;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import io.netty.util.AsciiString;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.jspecify.annotations.Nullable;

/**
 * HTTP/2 written frame by frame over TLS (ALPN {@code h2}), for what no client library will do:
 * advertise a zero flow-control window and never open it, reset a stream the moment it is sent,
 * or send a {@code :path} that is not a valid request target. Responses are read as they come
 * (HEADERS, DATA, RST_STREAM, GOAWAY) by a thread of the connection, which also answers the
 * server's SETTINGS and PING. With a window above zero, every DATA frame is acknowledged with
 * WINDOW_UPDATEs, so whole bodies arrive; with a zero window the server can send headers (not
 * flow-controlled) and nothing of a body.
 *
 * <p>Header blocks are encoded and decoded with Netty's HPACK; the framing (RFC 9113, 4.1) is
 * written here.
 */
public final class RawHttp2 implements AutoCloseable {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA = 0x0;
    private static final int HEADERS = 0x1;
    private static final int RST_STREAM = 0x3;
    private static final int SETTINGS = 0x4;
    private static final int PING = 0x6;
    private static final int GOAWAY = 0x7;
    private static final int WINDOW_UPDATE = 0x8;
    private static final int CONTINUATION = 0x9;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int END_HEADERS = 0x4;
    private static final int PADDED = 0x8;
    private static final int PRIORITY = 0x20;
    private static final int SETTINGS_ENABLE_PUSH = 0x2;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    /** RST_STREAM's CANCEL: the client no longer wants the stream. */
    public static final int CANCEL = 0x8;

    /**
     * What became of a stream: the status and headers the server sent (none if it sent none),
     * the body received, whether the stream ended cleanly ({@code END_STREAM}), and the error
     * code of a RST_STREAM or GOAWAY that ended it instead (null when none did).
     */
    public record Response(int streamId, int status, Map<String, String> headers, String body, boolean ended,
                           @Nullable Integer resetCode) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private static final class Stream {
        final int id;
        final Map<String, String> headers = new LinkedHashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        final CompletableFuture<Response> done = new CompletableFuture<>();
        volatile boolean headersReceived;
        /** Whether this client has reset it: a stream is reset once (RFC 9113, 5.1). */
        boolean resetSent;

        Stream(int id) {
            this.id = id;
        }

        void end(boolean cleanly, @Nullable Integer resetCode) {
            int status = headers.containsKey(":status") ? Integer.parseInt(headers.get(":status")) : 0;
            done.complete(new Response(id, status, Map.copyOf(headers), body.toString(StandardCharsets.UTF_8), cleanly,
                    resetCode));
        }
    }

    private final SSLSocket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final int port;
    private final int initialWindowSize;
    /**
     * Every field as a literal the server never indexes: a header block the server refuses half
     * way (a control character in it) then leaves no difference between the two sides' dynamic
     * tables to garble the next block.
     */
    private final Http2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.ALWAYS_SENSITIVE, true);
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);
    private final Map<Integer, Stream> streams = new ConcurrentHashMap<>();
    private final CompletableFuture<Integer> goAway = new CompletableFuture<>();
    private final Thread reader;
    private int nextStreamId = 1;

    private RawHttp2(SSLSocket socket, int port, int initialWindowSize) throws IOException {
        this.socket = socket;
        this.port = port;
        this.initialWindowSize = initialWindowSize;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        // A platform thread: the virtual threads' two carriers may be held by other classes' work,
        // and a reader that is not scheduled stalls the server's writes to this connection.
        // Started by start(), once the preface is written: the reader answers the server's SETTINGS
        // with an ACK, and an ACK written before the preface makes the connection a protocol error.
        this.reader = Thread.ofPlatform().daemon().name("raw-http2-reader-" + port).unstarted(this::readFrames);
    }

    /**
     * A connection to the server on {@code 127.0.0.1:port} that offers every stream
     * {@code initialWindowSize} bytes of flow-control window (0: the server can send no DATA).
     */
    public static RawHttp2 connect(int port, int initialWindowSize) throws IOException {
        SSLSocket socket = (SSLSocket) LocalTls.trustingEverything().getSocketFactory().createSocket("127.0.0.1", port);
        try {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"h2"});
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            if (!"h2".equals(socket.getApplicationProtocol())) {
                throw new IOException("The server did not agree to HTTP/2 (ALPN gave '" + socket.getApplicationProtocol() + "')");
            }
            RawHttp2 connection = new RawHttp2(socket, port, initialWindowSize);
            connection.start();
            return connection;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private void start() throws IOException {
        ByteBuffer settings = ByteBuffer.allocate(12);
        settings.putShort((short) SETTINGS_ENABLE_PUSH).putInt(0);
        settings.putShort((short) SETTINGS_INITIAL_WINDOW_SIZE).putInt(initialWindowSize);
        synchronized (out) {
            out.write(PREFACE);
            writeFrame(SETTINGS, 0, 0, settings.array());
            out.flush();
        }
        reader.start();
    }

    /**
     * Sends a request with no body on a new stream and returns the stream's id: the
     * pseudo-headers for {@code https://127.0.0.1:port}, then each header line
     * ({@code "name: value"}). A {@code Host} line gives the {@code :authority} instead, as
     * clients do; a CONNECT has no {@code :scheme} and no {@code :path} (RFC 9113, 8.5). The
     * path's characters go as their UTF-8 bytes, whatever they are.
     */
    public int send(String method, String path, String... headerLines) throws IOException {
        Http2Headers headers = new DefaultHttp2Headers(false).method(method);
        String authority = "127.0.0.1:" + port;
        Http2Headers fields = new DefaultHttp2Headers(false);
        for (String line : headerLines) {
            int colon = line.indexOf(':');
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            if (name.equals("host")) {
                authority = value;
            } else {
                fields.add(AsciiString.of(name), new AsciiString(value.getBytes(StandardCharsets.UTF_8), false));
            }
        }
        if (!method.equals("CONNECT")) {
            headers.scheme("https").path(new AsciiString(path.getBytes(StandardCharsets.UTF_8), false));
        }
        headers.authority(authority).add(fields);
        synchronized (out) {
            int streamId = nextStreamId;
            nextStreamId += 2;
            streams.put(streamId, new Stream(streamId));
            ByteBuf block = Unpooled.buffer();
            try {
                encoder.encodeHeaders(streamId, headers, block);
                byte[] bytes = new byte[block.readableBytes()];
                block.readBytes(bytes);
                writeFrame(HEADERS, END_STREAM | END_HEADERS, streamId, bytes);
                out.flush();
            } catch (Http2Exception e) {
                throw new IOException("Could not encode the request's headers", e);
            } finally {
                block.release();
            }
            return streamId;
        }
    }

    /**
     * Resets the stream with CANCEL, as a client that gave up on it does; nothing if it is closed
     * already (ended by the server, or reset before): no frame but PRIORITY may follow on a
     * closed stream (RFC 9113, 5.1), and Tomcat answers a second reset with a stream error.
     */
    public void cancel(int streamId) throws IOException {
        synchronized (out) {
            Stream stream = streams.get(streamId);
            if (stream != null && (stream.resetSent || stream.done.isDone())) {
                return;
            }
            if (stream != null) {
                stream.resetSent = true;
            }
            writeFrame(RST_STREAM, 0, streamId, ByteBuffer.allocate(4).putInt(CANCEL).array());
            out.flush();
        }
    }

    /**
     * Lets the server send {@code bytes} more of the stream's body, and as much more on the
     * connection: on a connection made with a zero window, the body waits for this, and what the
     * server does meanwhile is the test's to arrange. The connection's window grows with the
     * stream's, or the server would send the body in slivers as each DATA frame is given back,
     * and end the connection for the overhead of so many small window updates.
     */
    public void openWindow(int streamId, int bytes) throws IOException {
        synchronized (out) {
            writeFrame(WINDOW_UPDATE, 0, 0, ByteBuffer.allocate(4).putInt(bytes).array());
            writeFrame(WINDOW_UPDATE, 0, streamId, ByteBuffer.allocate(4).putInt(bytes).array());
            out.flush();
        }
    }

    /**
     * The answer to {@code GET path} on a connection of its own, its window opened by a tenth of
     * {@code bytesPerSecond} every tenth of a second: a client reading at that pace, to the end.
     */
    public static Response readAt(int port, String path, String key, int bytesPerSecond) throws IOException, TimeoutException {
        try (RawHttp2 connection = connect(port, 0)) {
            int stream = connection.send("GET", path, "Authorization: Bearer " + key);
            while (!connection.ended(stream)) {
                connection.openWindow(stream, bytesPerSecond / 10);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while reading " + path, e);
                }
            }
            return connection.await(stream, Duration.ofSeconds(10));
        }
    }

    /** Whether the server has sent the stream's response headers. */
    public boolean headersReceived(int streamId) {
        Stream stream = streams.get(streamId);
        return stream != null && stream.headersReceived;
    }

    /** Whether the stream has ended (cleanly, reset, or with the connection). */
    public boolean ended(int streamId) {
        Stream stream = streams.get(streamId);
        return stream == null || stream.done.isDone();
    }

    /** What became of the stream, once it has ended; fails after {@code timeout}. */
    public Response await(int streamId, Duration timeout) throws IOException, TimeoutException {
        Stream stream = streams.get(streamId);
        if (stream == null) {
            throw new IllegalArgumentException("No stream " + streamId + " was sent on this connection");
        }
        try {
            return stream.done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for stream " + streamId, e);
        } catch (ExecutionException e) {
            throw new IOException("Stream " + streamId + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** Whether the connection is still open: no GOAWAY received, no end of the socket. */
    public boolean isOpen() {
        return !goAway.isDone() && !socket.isClosed();
    }

    /** The error code of the server's GOAWAY, if it sent one. */
    public Optional<Integer> goAwayCode() {
        return goAway.isDone() && !goAway.isCompletedExceptionally() ? Optional.of(goAway.join()) : Optional.empty();
    }

    private void writeFrame(int type, int flags, int streamId, byte[] payload) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(9);
        header.put((byte) (payload.length >>> 16)).put((byte) (payload.length >>> 8)).put((byte) payload.length);
        header.put((byte) type).put((byte) flags).putInt(streamId & 0x7fffffff);
        try {
            out.write(header.array());
            out.write(payload);
        } catch (IOException e) {
            // The write only sees a closed socket; what closed it is the reader's to know.
            if (goAway.isCompletedExceptionally()) {
                e.addSuppressed(new IOException("the connection's reader ended first", goAway.exceptionNow()));
            } else if (goAway.isDone()) {
                e.addSuppressed(new IOException("the server sent GOAWAY, error code " + goAway.join()));
            }
            throw e;
        }
    }

    private void readFrames() {
        ByteArrayOutputStream headerBlock = new ByteArrayOutputStream();
        int headerStream = 0;
        boolean headerBlockEndsStream = false;
        try {
            while (true) {
                int length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                int streamId = in.readInt() & 0x7fffffff;
                byte[] payload = in.readNBytes(length);
                if (payload.length < length) {
                    throw new EOFException();
                }
                switch (type) {
                    case SETTINGS -> {
                        if ((flags & ACK) == 0) {
                            synchronized (out) {
                                writeFrame(SETTINGS, ACK, 0, new byte[0]);
                                out.flush();
                            }
                        }
                    }
                    case PING -> {
                        if ((flags & ACK) == 0) {
                            synchronized (out) {
                                writeFrame(PING, ACK, 0, payload);
                                out.flush();
                            }
                        }
                    }
                    case HEADERS -> {
                        headerBlock.reset();
                        headerBlock.write(fragment(payload, flags));
                        headerStream = streamId;
                        headerBlockEndsStream = (flags & END_STREAM) != 0;
                        if ((flags & END_HEADERS) != 0) {
                            headersDone(headerStream, headerBlock.toByteArray(), headerBlockEndsStream);
                        }
                    }
                    case CONTINUATION -> {
                        headerBlock.write(payload);
                        if ((flags & END_HEADERS) != 0) {
                            headersDone(headerStream, headerBlock.toByteArray(), headerBlockEndsStream);
                        }
                    }
                    case DATA -> data(streamId, flags, payload);
                    case RST_STREAM -> {
                        Stream stream = streams.get(streamId);
                        if (stream != null) {
                            stream.end(false, ByteBuffer.wrap(payload).getInt());
                        }
                    }
                    case GOAWAY -> {
                        ByteBuffer reason = ByteBuffer.wrap(payload);
                        int lastStream = reason.getInt() & 0x7fffffff;
                        int code = reason.getInt();
                        goAway.complete(code);
                        streams.values().stream().filter(stream -> stream.id > lastStream)
                                .forEach(stream -> stream.end(false, code));
                    }
                    default -> {
                        // PRIORITY, WINDOW_UPDATE: nothing this client needs from them.
                    }
                }
            }
        } catch (IOException | RuntimeException | Http2Exception ended) {
            goAway.completeExceptionally(ended);
            streams.values().forEach(stream -> stream.end(false, null));
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    /** A HEADERS payload without its padding and priority fields. */
    private static byte[] fragment(byte[] payload, int flags) {
        int start = 0;
        int end = payload.length;
        if ((flags & PADDED) != 0) {
            end -= payload[0] & 0xff;
            start = 1;
        }
        if ((flags & PRIORITY) != 0) {
            start += 5;
        }
        byte[] fragment = new byte[end - start];
        System.arraycopy(payload, start, fragment, 0, fragment.length);
        return fragment;
    }

    private void headersDone(int streamId, byte[] block, boolean endsStream) throws Http2Exception {
        Http2Headers decoded = decoder.decodeHeaders(streamId, Unpooled.wrappedBuffer(block));
        Stream stream = streams.get(streamId);
        if (stream == null) {
            return;
        }
        decoded.forEach(header -> stream.headers.merge(header.getKey().toString().toLowerCase(Locale.ROOT),
                header.getValue().toString(), (first, second) -> first + ", " + second));
        stream.headersReceived = true;
        if (endsStream) {
            stream.end(true, null);
        }
    }

    private void data(int streamId, int flags, byte[] payload) throws IOException {
        Stream stream = streams.get(streamId);
        int start = 0;
        int end = payload.length;
        if ((flags & PADDED) != 0) {
            end -= payload[0] & 0xff;
            start = 1;
        }
        if (stream != null) {
            stream.body.write(payload, start, end - start);
        }
        if (payload.length > 0) {
            // Gives back what was read, to the connection and to a stream that goes on.
            synchronized (out) {
                writeFrame(WINDOW_UPDATE, 0, 0, ByteBuffer.allocate(4).putInt(payload.length).array());
                if ((flags & END_STREAM) == 0 && initialWindowSize > 0) {
                    writeFrame(WINDOW_UPDATE, 0, streamId, ByteBuffer.allocate(4).putInt(payload.length).array());
                }
                out.flush();
            }
        }
        if (stream != null && (flags & END_STREAM) != 0) {
            stream.end(true, null);
        }
    }

    @Override
    public void close() {
        try {
            synchronized (out) {
                writeFrame(GOAWAY, 0, 0, ByteBuffer.allocate(8).putInt(nextStreamId - 2 < 0 ? 0 : nextStreamId - 2).putInt(0).array());
                out.flush();
            }
        } catch (IOException alreadyClosed) {
            // the server ended it first
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
        reader.interrupt();
    }
}
