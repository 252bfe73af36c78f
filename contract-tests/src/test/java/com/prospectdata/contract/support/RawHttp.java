package com.prospectdata.contract.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand, for requests no client library will send: a path with broken
 * percent-encoding, oversized headers. The server must answer them in the contract's shape too,
 * although they are refused by the servlet container before the application sees them.
 */
public final class RawHttp {

    /** A response: status, headers (names in lower case) and the body, de-chunked. */
    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {
    }

    /** Sends {@code GET target} to the server with the extra header lines (each "Name: value"). */
    public static Response get(String target, String... headerLines) throws IOException {
        ContractEnvironment environment = ContractEnvironment.shared();
        return get(environment.isHttps(), environment.port(), target, headerLines);
    }

    /** Sends {@code GET target} in plain HTTP to the port, with the extra header lines. */
    public static Response getPlain(int port, String target, String... headerLines) throws IOException {
        return get(false, port, target, headerLines);
    }

    private static Response get(boolean tls, int port, String target, String... headerLines) throws IOException {
        Socket plain = new Socket("127.0.0.1", port);
        try (Socket socket = tls ? LocalTls.trustingEverything().getSocketFactory().createSocket(plain, "127.0.0.1", port, true) : plain) {
            socket.setSoTimeout(20_000);
            StringBuilder request = new StringBuilder()
                    .append("GET ").append(target).append(" HTTP/1.1\r\n")
                    .append("Host: 127.0.0.1:").append(port).append("\r\n")
                    .append("Accept: application/json\r\n")
                    .append("Connection: close\r\n");
            for (String line : headerLines) {
                request.append(line).append("\r\n");
            }
            request.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static Response read(InputStream in) throws IOException {
        String statusLine = line(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("Not an HTTP status line: " + statusLine);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.merge(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip(),
                    (first, second) -> first + ", " + second);
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream chunks = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).split(";")[0].strip(), 16); size > 0;
                 size = Integer.parseInt(line(in).split(";")[0].strip(), 16)) {
                chunks.write(in.readNBytes(size));
                line(in);
            }
            body = chunks.toByteArray();
        } else if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else {
            body = in.readAllBytes();
        }
        return new Response(Integer.parseInt(parts[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("Connection closed in the middle of a line: " + line.toString(StandardCharsets.UTF_8));
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
