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
 * One HTTP/1.1 exchange written by hand, with any method and request line, to any port, in TLS
 * or not: for what {@link RawHttp} (GET to the shared server) cannot send, such as TRACE, a
 * request line no client library would write, or a CORS preflight without the checks of
 * {@link ContractInvariants}. The answer is a {@link RawHttp.Response}.
 */
public final class RawExchange {

    private RawExchange() {
    }

    /** {@code METHOD target} to the shared server, as it speaks (TLS or not), with the extra header lines. */
    public static RawHttp.Response send(String method, String target, String... headerLines) throws IOException {
        ContractEnvironment environment = ContractEnvironment.shared();
        return send(environment.isHttps(), environment.port(), method + " " + target + " HTTP/1.1", headerLines);
    }

    /** The request line as given, then Host, Connection: close and the extra header lines. */
    public static RawHttp.Response send(boolean tls, int port, String requestLine, String... headerLines) throws IOException {
        Socket plain = new Socket("127.0.0.1", port);
        try (Socket socket = tls ? LocalTls.trustingEverything().getSocketFactory().createSocket(plain, "127.0.0.1", port, true) : plain) {
            socket.setSoTimeout(20_000);
            StringBuilder request = new StringBuilder()
                    .append(requestLine).append("\r\n")
                    .append("Host: 127.0.0.1:").append(port).append("\r\n")
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

    /** The final response: an interim one (100 Continue, to {@code Expect: 100-continue}) is read past, as clients do. */
    private static RawHttp.Response read(InputStream in) throws IOException {
        String[] parts;
        Map<String, String> headers;
        do {
            String statusLine = line(in);
            parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("Not an HTTP status line: " + statusLine);
            }
            headers = new LinkedHashMap<>();
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                headers.merge(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip(),
                        (first, second) -> first + ", " + second);
            }
        } while (parts[1].startsWith("1") && !parts[1].equals("101"));
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
        return new RawHttp.Response(Integer.parseInt(parts[1]), headers, new String(body, StandardCharsets.UTF_8));
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
