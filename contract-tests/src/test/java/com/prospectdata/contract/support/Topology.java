package com.prospectdata.contract.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A topology of deploy/local (docs/OPERATIONS.md, "A scale-out topology on one machine") as a
 * test drives it: brought up with {@code up}, asked through the balancer or each instance
 * directly (as the balancer asks it), its management ports scraped, its keys issued and data
 * imported with {@code cli}, its databases queried, loaded with {@link BalancerLoad}, and its
 * instances' access lines read back with the server's own timestamps.
 */
public final class Topology {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .sslContext(LocalTls.trustingEverything())
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    /** How long one request may take before it counts as unanswered: a tolerance, not a rule. */
    private static final Duration REQUEST_TIMEOUT = TimeFactor.tolerance(Duration.ofSeconds(30));

    private final DeployLocal deploy;
    private final Map<String, String> values;

    private Topology(DeployLocal deploy, Map<String, String> values) {
        this.deploy = deploy;
        this.values = values;
    }

    /** {@code deploy/local/up} with {@code arguments}, once it has succeeded. */
    public static Topology up(DeployLocal deploy, String... arguments) throws IOException {
        deploy.script("up", arguments).requireSuccess();
        return new Topology(deploy, deploy.topology());
    }

    /**
     * {@code deploy/local/down}, then nothing of the topology left: neither its directory nor
     * anything listening on its ports (those of topology.env's {@code portVariables}, each a
     * space-separated list).
     */
    public static void down(DeployLocal deploy, Topology topology, List<String> portVariables) {
        deploy.script("down").requireSuccess();
        assertThat(deploy.stateDirectory()).as("the topology's directory").doesNotExist();
        if (topology != null) {
            for (String variable : portVariables) {
                for (String port : topology.get(variable).split(" ")) {
                    if (!port.isEmpty()) {
                        assertThat(DeployLocal.listening(Integer.parseInt(port)))
                                .as("something still listens on %s (%s) after down", port, variable).isFalse();
                    }
                }
            }
        }
    }

    public DeployLocal deploy() {
        return deploy;
    }

    /** A value of topology.env. */
    public String get(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("topology.env has no " + name + ": " + values.keySet());
        }
        return value;
    }

    public HttpClient http() {
        return HTTP;
    }

    public String balancer() {
        return get("BALANCER_URL");
    }

    /** The key up issued: enterprise, with a limit nothing reaches. */
    public String key() {
        return get("API_KEY");
    }

    public String demoSearch() {
        return get("DEMO_SEARCH_ID");
    }

    public String demoOrganization() {
        return get("DEMO_ORG");
    }

    public String primaryJdbcUrl() {
        return get("PRIMARY_JDBC_URL");
    }

    public String databaseUser() {
        return get("PG_USER");
    }

    /** Each instance's plain-HTTP address, in order (instance 1 first). */
    public List<String> instanceUris() {
        return List.of(get("INSTANCE_URLS").split(" "));
    }

    /** Each instance's management port, in order. */
    public List<Management> managements() {
        return Arrays.stream(get("MANAGEMENT_PORTS").split(" ")).map(port -> new Management("http://127.0.0.1:" + port)).toList();
    }

    /** Instance {@code n}'s output (from 1), where deploy/local writes it. */
    public Path instanceLog(int n) {
        return Path.of(get("LOG_DIR")).resolve("api" + n + ".log");
    }

    // --- Requests -----------------------------------------------------------------------------

    /** A GET through the balancer, validated against the document (support/Api). */
    public Response get(String key, String path) {
        return Api.givenKeyAt(balancer(), key).get(path);
    }

    /** The status of a GET through the balancer, not validated; 0 when no answer came. */
    public int status(String key, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(balancer() + path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + key).GET().build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** A GET through the balancer, not validated, with its headers: for a 503's Retry-After. */
    public HttpResponse<Void> send(String key, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(balancer() + path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + key).GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.discarding());
    }

    /**
     * A GET of {@code path} straight to one instance with {@code key}, as the balancer sends it
     * (the instances trust 127.0.0.1 as their proxy).
     */
    public HttpResponse<String> direct(String instance, String key, String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(instance + path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + key).header("X-Forwarded-Proto", "https").GET();
        headers.forEach(request::header);
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + instance + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * GETs through the balancer until one answers {@code status}, within {@code bound}; every
     * answer before it must be one of {@code meanwhile}, or the wait fails at once.
     */
    public Response awaitStatus(String key, String path, int status, Duration bound, Set<Integer> meanwhile) {
        return await("GET " + path + " answering " + status).atMost(bound).pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    Response response = get(key, path);
                    if (response.statusCode() != status && !meanwhile.contains(response.statusCode())) {
                        throw new AssertionError("GET " + path + " answered " + response.statusCode() + " while "
                                + status + " was awaited: " + response.asString());
                    }
                    return response;
                }, response -> response.statusCode() == status);
    }

    /**
     * GETs through the balancer, not validated, until one answers {@code status}, within
     * {@code bound}, whatever came before: while the balancer itself may answer (503 when it has
     * no instance up).
     */
    public void awaitAnswered(String key, String path, int status, Duration bound) {
        await("GET " + path + " answering " + status + " through the balancer").atMost(bound).pollInterval(Duration.ofMillis(100))
                .until(() -> status(key, path) == status);
    }

    /** As {@link #awaitStatus}, straight to one instance. */
    public HttpResponse<String> awaitDirect(String instance, String key, String path, Map<String, String> headers, int status,
            Duration bound, Set<Integer> meanwhile) {
        return await("GET " + instance + path + " answering " + status).atMost(bound).pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    HttpResponse<String> response = direct(instance, key, path, headers);
                    if (response.statusCode() != status && !meanwhile.contains(response.statusCode())) {
                        // What the instance knew when it answered: its validator, and its own log's last words.
                        throw new AssertionError("GET " + instance + path + " answered " + response.statusCode()
                                + " while " + status + " was awaited: " + response.body() + "; ETag "
                                + response.headers().firstValue("ETag").orElse("-") + ", X-Request-Id "
                                + response.headers().firstValue("X-Request-Id").orElse("-") + "; the instance's last log lines:\n"
                                + String.join("\n", recentLog(instance)));
                    }
                    return response;
                }, response -> response.statusCode() == status);
    }

    // --- Metrics ------------------------------------------------------------------------------

    /** Scrapes every instance until its gauge has the value; a scrape that fails counts as not yet. */
    public void awaitGaugeOnEveryInstance(String gauge, double value, Duration bound) {
        for (Management management : managements()) {
            await(gauge + " = " + value + " on " + management).atMost(bound).pollInterval(Duration.ofMillis(200))
                    .until(() -> Double.valueOf(value).equals(management.gaugeOrFailure(gauge)));
        }
    }

    // --- Load ---------------------------------------------------------------------------------

    /** {@code threads} clients through the balancer, going through {@code paths} in turn with the topology's key. */
    public BalancerLoad load(List<String> paths, int threads) {
        return BalancerLoad.start(HTTP, paths.stream().map(path -> balancer() + path).toList(), key(), threads, REQUEST_TIMEOUT);
    }

    /** Waits until the load has had {@code more} answers of 200 beyond those it had when called: it is served. */
    public static void awaitServed(BalancerLoad load, int more, Duration bound) {
        int from = load.ok();
        await("the load served " + more + " more requests").atMost(bound).pollInterval(Duration.ofMillis(100))
                .until(() -> load.ok() >= from + more);
    }

    // --- Keys, imports and commands -----------------------------------------------------------

    /**
     * A key of the demo organization, written on the primary as {@code keys issue} writes it
     * ({@link FixtureKey}); {@code spec} says the rest, e.g. {@code spec -> spec.tier("free")}.
     */
    public FixtureKey writeKey(java.util.function.UnaryOperator<FixtureKey.Spec> spec) {
        try (Connection connection = connect(primaryJdbcUrl())) {
            return spec.apply(FixtureKey.of(demoOrganization())).writeWith(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not write a key on the primary: " + e, e);
        }
    }

    /** {@code import} of {@code lines} through deploy/local/cli; it must succeed. */
    public void importLines(String name, List<String> lines) {
        deploy.importLines(name, lines);
    }

    /** When the primary wrote the key's revocation. */
    public Instant revokedAt(String keyId) {
        return timestamp("select revoked_at from api_key where id = ?::uuid", keyId)
                .orElseThrow(() -> new AssertionError("key " + keyId + " is not revoked"));
    }

    /** The key's {@code last_used_at} on the primary, if written. */
    public Optional<Instant> lastUsedAt(String keyId) {
        return timestamp("select last_used_at from api_key where id = ?::uuid", keyId);
    }

    private Optional<Instant> timestamp(String sql, String keyId) {
        try (Connection connection = connect(primaryJdbcUrl());
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, keyId);
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).as("key %s", keyId).isTrue();
                Timestamp value = result.getTimestamp(1);
                return Optional.ofNullable(value).map(Timestamp::toInstant);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e, e);
        }
    }

    // --- Databases ----------------------------------------------------------------------------

    public Connection connect(String jdbcUrl) throws SQLException {
        return DriverManager.getConnection(jdbcUrl, databaseUser(), null);
    }

    /** One number: the first column of the first row. */
    public long queryLong(String jdbcUrl, String sql) {
        try (Connection connection = connect(jdbcUrl);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e, e);
        }
    }

    public void execute(String jdbcUrl, String sql) {
        try (Connection connection = connect(jdbcUrl);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e, e);
        }
    }

    // --- HAProxy and Redis --------------------------------------------------------------------

    /** A command on HAProxy's runtime API (its admin socket): what it answered. */
    public String haproxy(String command) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(get("HAPROXY_SOCKET")));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.UTF_8)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(4096);
            while (channel.read(buffer) > 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("HAProxy's " + command + ": " + e, e);
        }
    }

    /** Whether the topology's Redis holds {@code key} (a rate-limit bucket). */
    public boolean redisHas(String key) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(get("REDIS_PORT"))), 2_000);
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            byte[] name = key.getBytes(StandardCharsets.UTF_8);
            out.write(("*2\r\n$6\r\nEXISTS\r\n$" + name.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(name);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                if (b != '\r') {
                    reply.append((char) b);
                }
            }
            return ":1".contentEquals(reply);
        } catch (IOException e) {
            throw new IllegalStateException("Redis on " + get("REDIS_PORT") + ": " + e, e);
        }
    }

    // --- What the instances logged ------------------------------------------------------------

    /** One access line of instance {@code instance} (from 1). */
    public record AccessLine(int instance, AccessLog.Line line) {
    }

    /** A line an instance logged that contains some text, with the instant its server logged it. */
    public record LogLine(int instance, Instant logged, String text) {
    }

    /** The lines of every instance's log that contain {@code text}, in each instance's order. */
    public List<LogLine> logged(String text) {
        List<LogLine> found = new ArrayList<>();
        for (int n = 1; n <= instanceUris().size(); n++) {
            for (String line : lines(instanceLog(n))) {
                int space = line.indexOf(' ');
                if (line.contains(text) && space > 0) {
                    try {
                        found.add(new LogLine(n, Instant.parse(line.substring(0, space)), line));
                    } catch (DateTimeParseException notALogLine) {
                        // a line the JVM printed itself, outside the log's format
                    }
                }
            }
        }
        return found;
    }

    /** The last lines of the instance's log but its access lines, each cut short: what it said of its sources lately. */
    private List<String> recentLog(String instance) {
        int n = instanceUris().indexOf(instance) + 1;
        if (n == 0) {
            return List.of();
        }
        List<String> said = lines(instanceLog(n)).stream().filter(line -> !line.contains(" access ")).toList();
        return said.subList(Math.max(0, said.size() - 20), said.size()).stream()
                .map(line -> line.length() > 300 ? line.substring(0, 300) + "..." : line).toList();
    }

    private static List<String> lines(Path log) {
        if (!Files.isRegularFile(log)) {
            return List.of();
        }
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(log + ": " + e, e);
        }
    }

    /** Every access line of every instance, in each instance's order. */
    public List<AccessLine> accessLines() {
        List<AccessLine> lines = new ArrayList<>();
        for (int n = 1; n <= instanceUris().size(); n++) {
            for (AccessLog.Line line : AccessLog.lines(String.join("\n", lines(instanceLog(n))))) {
                lines.add(new AccessLine(n, line));
            }
        }
        return lines;
    }
}
