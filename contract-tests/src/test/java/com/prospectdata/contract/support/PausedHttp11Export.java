package com.prospectdata.contract.support;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * An export over HTTP/1.1 on a socket whose receive buffer is small, so that what the client
 * does not read holds the server's writes back: its status line and headers are read at once,
 * its body only when asked, to the end of the connection.
 */
public final class PausedHttp11Export implements AutoCloseable {

    /** What the body came to: the bytes of its chunks, and whether the last chunk ended it. */
    public record End(long bytes, boolean lastChunk, String how) {
    }

    private static final String STILL_OPEN = "still open";

    private final SSLSocket socket;
    private final DataInputStream in;
    private final int status;
    private long received;

    private PausedHttp11Export(SSLSocket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 8 * 1024));
        String statusLine = line();
        status = Integer.parseInt(statusLine.split(" ")[1]);
        String header;
        boolean chunked = false;
        while (!(header = line()).isEmpty()) {
            chunked |= header.toLowerCase(Locale.ROOT).equals("transfer-encoding: chunked");
        }
        if (!chunked) {
            throw new IOException("Not a chunked answer: " + statusLine);
        }
    }

    public static PausedHttp11Export begin(int port, String path, String key) throws IOException {
        SSLSocket socket = (SSLSocket) LocalTls.trustingEverything().getSocketFactory().createSocket();
        // Before connecting, so that the window the client offers stays small.
        socket.setReceiveBufferSize(16 * 1024);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(60_000);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {"http/1.1"});
        socket.setSSLParameters(parameters);
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + key
                + "\r\nAccept-Encoding: identity\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return new PausedHttp11Export(socket);
    }

    /** The answer to {@code GET path}, read at about {@code bytesPerSecond} in tenths of a second, to its end or its cut. */
    public static End readAt(int port, String path, String key, int bytesPerSecond) {
        return readAt(port, path, key, bytesPerSecond, () -> false);
    }

    /**
     * The answer to {@code GET path}, read at about {@code bytesPerSecond} in tenths of a second
     * (the pace is the client being simulated, not a bound on the server), to its end, its cut,
     * or the first step at which {@code enough} holds.
     */
    public static End readAt(int port, String path, String key, int bytesPerSecond, BooleanSupplier enough) {
        try (PausedHttp11Export export = begin(port, path, key)) {
            if (export.status() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + export.status());
            }
            for (long wanted = bytesPerSecond / 10; ; wanted += bytesPerSecond / 10) {
                End sofar = export.read(wanted);
                if (!sofar.how().equals(STILL_OPEN) || enough.getAsBoolean()) {
                    return sofar;
                }
                Thread.sleep(100);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public int status() {
        return status;
    }

    /** The rest of the body, chunk by chunk, until the last chunk or the connection's end. */
    public End readToTheEnd() {
        return read(Long.MAX_VALUE);
    }

    /**
     * The body, chunk by chunk, until {@code atLeast} bytes of it have come since the beginning,
     * the last chunk, or the connection's end: what came so far.
     */
    public End read(long atLeast) {
        try {
            while (received < atLeast) {
                String size = line();
                int length = Integer.parseInt(size.split(";")[0].strip(), 16);
                if (length == 0) {
                    return new End(received, true, "the last chunk");
                }
                in.readFully(new byte[length]);
                received += length;
                line();
            }
            return new End(received, false, STILL_OPEN);
        } catch (IOException | RuntimeException cut) {
            return new End(received, false, cut.toString());
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                throw new EOFException("the connection ended");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
