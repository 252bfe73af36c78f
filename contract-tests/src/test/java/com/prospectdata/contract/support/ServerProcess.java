package com.prospectdata.contract.support;

import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import io.restassured.RestAssured;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RedirectConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way the contract tests launch the server: {@code serve} of the packaged jar as a process
 * of its own, on a {@link Deployment}'s database, on a free port, its output in
 * {@code <deployment directory>/<name>.log}. The shared {@link ContractEnvironment} starts one; a
 * test class that needs settings the shared server cannot have (a throttle of 3 failed
 * authentications a minute, a plan, CORS, proxy mode, Redis) starts its own with {@link #perClass},
 * on the shared database ({@link #onSharedDatabase}) or on a deployment of its own.
 *
 * <p>Requests to it pass through the same checks as {@link Api}'s: the swagger-request-validator
 * on the response (and on the request, for {@link #validRequest()}) and {@link ContractInvariants}.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ServerProcess.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(150);
    /** Ports others use on this machine, never to be taken even when free. */
    private static final Set<Integer> RESERVED_PORTS = Set.of(6379, 8080, 8443, 18101, 18102, 18443);
    /** The lowest port {@link #freePort} picks. */
    private static final int LOWEST_PICKED_PORT = 20000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private final String name;
    private final ServerJar jar;
    private final Path logFile;
    private final List<String> arguments;
    private final int port;
    private final int plainHttpPort;
    private final int managementPort;
    private Process process;
    private Thread shutdownHook;
    private String scheme;

    private ServerProcess(Builder builder) {
        this.name = builder.name;
        this.jar = builder.jar;
        this.logFile = builder.logDirectory.resolve(builder.name + ".log");
        this.port = freePort();
        int plain = 0;
        while (builder.plainHttpListener && (plain == 0 || plain == port)) {
            plain = freePort();
        }
        this.plainHttpPort = plain;
        int management = freePort();
        while (management == port || management == plainHttpPort) {
            management = freePort();
        }
        this.managementPort = management;
        this.arguments = new ArrayList<>(builder.arguments);
        if (plainHttpPort > 0) {
            arguments.add("--app.plain-http-port=" + plainHttpPort);
        }
        // Probes and metrics: every server of the run on a management port of its own.
        arguments.add("--management.server.port=" + managementPort);
    }

    /** A server on the shared environment's database, keys and data directory (its self-signed certificate). */
    public static Builder onSharedDatabase(String name) {
        return ContractEnvironment.shared().deployment().server(name);
    }

    /** A server run by that jar (e.g. {@link ServerJar#onEmbeddedDatabase}), its log in {@code logDirectory}. */
    public static Builder on(ServerJar jar, Path logDirectory, String name) {
        return new Builder(name, jar, logDirectory);
    }

    /** What the server is started with. */
    public static final class Builder {
        private final String name;
        private final ServerJar jar;
        private final Path logDirectory;
        private final List<String> arguments = new ArrayList<>();
        private boolean plainHttpListener;

        private Builder(String name, ServerJar jar, Path logDirectory) {
            this.name = name;
            this.jar = jar;
            this.logDirectory = logDirectory;
        }

        /** A Spring argument of {@code serve}, e.g. {@code --app.cors.allowed-origins=https://partner.example}. */
        public Builder argument(String argument) {
            arguments.add(argument);
            return this;
        }

        /** Also a plain-HTTP listener ({@code app.plain-http-port}) on a free port. */
        public Builder plainHttpListener() {
            plainHttpListener = true;
            return this;
        }

        /** Starts the process without waiting for it; see {@link ServerProcess#awaitHealthy()}. */
        public ServerProcess launch() {
            ServerProcess server = new ServerProcess(this);
            server.launch();
            return server;
        }

        /** Starts the process and waits until GET /health answers 200. */
        public ServerProcess start() {
            ServerProcess server = launch();
            try {
                server.awaitHealthy();
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
            return server;
        }
    }

    private void launch() {
        try {
            Files.createDirectories(logFile.getParent());
            Files.deleteIfExists(logFile);
            process = jar.serve(port, arguments, logFile);
            // A run cut short must not leave the server behind.
            Process started = process;
            shutdownHook = new Thread(started::destroyForcibly, "dedicated-server-" + name + "-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            log.info("Started server '{}' on port {} with {}", name, port, arguments);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start server '" + name + "'", e);
        }
    }

    /**
     * Waits until GET /health answers 200: over TLS, or in plain HTTP with
     * {@code X-Forwarded-Proto: https} (a server in proxy mode that trusts this machine).
     */
    public ServerProcess awaitHealthy() {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        Instant started = Instant.now();
        Instant deadline = started.plus(START_TIMEOUT);
        String last = "no answer";
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Server '" + name + "' exited with status " + process.exitValue()
                        + " before it was healthy. Its log, " + logFile + ", ends with:\n" + tail(40));
            }
            for (String candidate : List.of("https", "http")) {
                HttpRequest health = HttpRequest.newBuilder(URI.create(candidate + "://127.0.0.1:" + port + "/health"))
                        .header("X-Forwarded-Proto", "https")
                        .timeout(Duration.ofSeconds(5)).GET().build();
                try {
                    int status = client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status == 200 && managementListens(client)) {
                        scheme = candidate;
                        log.info("Server '{}' healthy over {} after {} ms", name, scheme,
                                Duration.between(started, Instant.now()).toMillis());
                        return this;
                    }
                    last = status == 200 ? "the management port " + managementPort + " not listening yet"
                            : candidate + " status " + status;
                } catch (IOException notYet) {
                    // not listening yet, or not this scheme
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while waiting for server '" + name + "'", e);
                }
            }
            sleep(200);
        }
        throw new IllegalStateException("Server '" + name + "' did not answer GET /health with 200 within "
                + START_TIMEOUT + " (last: " + last + "). Its log, " + logFile + ", ends with:\n" + tail(40));
    }

    /**
     * Whether the management port answers at all. Spring Boot starts the management server after
     * the API's, so a healthy API port says nothing yet about probes and metrics.
     */
    private boolean managementListens(HttpClient client) throws InterruptedException {
        HttpRequest liveness = HttpRequest.newBuilder(URI.create(managementUri() + "/actuator/health/liveness"))
                .timeout(Duration.ofSeconds(5)).GET().build();
        try {
            client.send(liveness, HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** The plain-HTTP listener's port; 0 without {@link Builder#plainHttpListener()}. */
    public int plainHttpPort() {
        return plainHttpPort;
    }

    public boolean isHttps() {
        return "https".equals(scheme);
    }

    /** The management port (probes and metrics, plain HTTP on 127.0.0.1). */
    public int managementPort() {
        return managementPort;
    }

    /** {@code http://127.0.0.1:<management port>}. */
    public String managementUri() {
        return "http://127.0.0.1:" + managementPort;
    }

    public String baseUri() {
        return scheme + "://127.0.0.1:" + port;
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    public Path log() {
        return logFile;
    }

    /** The server's output so far. */
    public String logText() {
        try {
            return Files.readString(logFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A request whose response is validated (the request may be wrong on purpose); no key. */
    public RequestSpecification request() {
        return base(ContractValidation.RESPONSES_ONLY, null);
    }

    /** A valid request: request and response are validated; no key. */
    public RequestSpecification validRequest() {
        return base(ContractValidation.STRICT, null);
    }

    /**
     * Like {@link #request()}, but from another loopback address (e.g. {@code 127.0.0.2}), so
     * that the server sees another client: the throttle of failed authentications counts per address.
     */
    public RequestSpecification requestFrom(String localAddress) {
        try {
            return base(ContractValidation.RESPONSES_ONLY, InetAddress.getByName(localAddress));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(localAddress, e);
        }
    }

    private RequestSpecification base(OpenApiValidationFilter validation, InetAddress localAddress) {
        HttpClientConfig client = HttpClientConfig.httpClientConfig()
                .setParam("http.connection.timeout", 5_000)
                .setParam("http.socket.timeout", 20_000);
        if (localAddress != null) {
            // Apache HttpClient 4 (under REST Assured) binds the connection to this address.
            client = client.setParam("http.route.local-address", localAddress);
        }
        RequestSpecification request = RestAssured.given()
                .config(RestAssuredConfig.config()
                        .httpClient(client)
                        .redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .baseUri(baseUri())
                .accept(ContentType.JSON)
                // Outermost, as in Api: a dedicated server's validated answers count for the coverage too.
                .filter(DeclaredStatusCoverage.recorder())
                .filter(ContractValidation.INVARIANTS)
                .filter(validation);
        return isHttps() ? request.relaxedHTTPSValidation() : request;
    }

    /** Sends SIGKILL: the process ends at once, its connections with it. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    /** Sends SIGTERM without waiting (a graceful shutdown starts); see {@link #awaitExit}. */
    public void terminate() {
        process.destroy();
    }

    /** The exit status, once the process has ended within {@code timeout}; empty if it still runs. */
    public java.util.OptionalInt awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)
                ? java.util.OptionalInt.of(process.exitValue()) : java.util.OptionalInt.empty();
    }

    /** Stops the server (SIGTERM, then SIGKILL after 20 s). */
    @Override
    public void close() {
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            shutdownHook = null;
        }
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                log.warn("Server '{}' did not stop within 20 s; killing it", name);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /**
     * A free port, never one of those others use on this machine (8080, 18080-18099, ...), and
     * below the kernel's ephemeral range. A port from that range (what binding port 0 gives)
     * can be handed to another process between this pick and the server's own bind: the embedded
     * PostgreSQL of the very server being started takes its port that way, and once took the
     * management port a test had just picked. Never the same port twice in this JVM.
     */
    public static int freePort() {
        int below = ephemeralPortsStart();
        for (int attempt = 0; attempt < 500; attempt++) {
            int candidate = ThreadLocalRandom.current().nextInt(LOWEST_PICKED_PORT, below);
            if (RESERVED_PORTS.contains(candidate) || (candidate >= 18080 && candidate <= 18099)
                    || HANDED_OUT.contains(candidate)) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket(candidate)) {
                HANDED_OUT.add(candidate);
                return candidate;
            } catch (IOException inUse) {
                // taken by someone else: try another
            }
        }
        throw new IllegalStateException("No free port found between " + LOWEST_PICKED_PORT + " and " + below);
    }

    /** The first port the kernel hands out for port 0 (Linux's default when it cannot be read). */
    private static int ephemeralPortsStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            return Math.max(LOWEST_PICKED_PORT + 1000, Integer.parseInt(range.split("\\s+")[0]));
        } catch (IOException | RuntimeException unreadable) {
            return 32768;
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * A server for the tests of one class, as a JUnit extension ({@code @RegisterExtension static}):
     * built and started before the class's first test (after the shared environment), stopped
     * after its last.
     */
    public static PerClass perClass(Supplier<Builder> builder) {
        return new PerClass(builder);
    }

    /** See {@link #perClass}. */
    public static final class PerClass implements BeforeAllCallback, AfterAllCallback {

        private final Supplier<Builder> builder;
        private ServerProcess server;

        private PerClass(Supplier<Builder> builder) {
            this.builder = builder;
        }

        @Override
        public void beforeAll(ExtensionContext context) {
            server = builder.get().start();
        }

        @Override
        public void afterAll(ExtensionContext context) {
            if (server != null) {
                server.close();
            }
        }

        public ServerProcess server() {
            if (server == null) {
                throw new IllegalStateException("The dedicated server starts before the class's first test");
            }
            return server;
        }
    }
}
