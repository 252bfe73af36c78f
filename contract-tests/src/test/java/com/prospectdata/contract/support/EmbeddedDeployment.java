package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * A directory of its own where the jar runs as a newcomer runs it, with no datasource configured:
 * {@code serve} and the operator commands on the embedded PostgreSQL of {@code data/} (not
 * durable, as in tests), the fixture imported with {@code import}. For the tests of what
 * {@code serve} does with that database (docs/OPERATIONS.md, "The embedded database"), whose
 * faults must touch no other test's database. Files under {@code target/contract/<name>/}.
 */
public final class EmbeddedDeployment {

    private final Path directory;
    private final ServerJar jar;

    private EmbeddedDeployment(Path directory, ServerJar jar) {
        this.directory = directory;
        this.jar = jar;
    }

    /** Empties the directory, then imports the fixture (a lone command: it starts and stops the database). */
    public static EmbeddedDeployment create(String name) {
        Path directory = Deployment.contractDirectory().resolve(name);
        try {
            Directories.deleteRecursively(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ServerJar jar = ServerJar.onEmbeddedDatabase(directory);
        Fixture fixture = Fixture.generate(Instant.now(), directory.resolve("fixture.jsonl"));
        jar.run("import", fixture.file().toString()).requireSuccess();
        return new EmbeddedDeployment(directory, jar);
    }

    public Path directory() {
        return directory;
    }

    public ServerJar operatorCommands() {
        return jar;
    }

    /** The embedded PostgreSQL's data directory. */
    public Path dataDirectory() {
        return directory.resolve("data").resolve("postgres");
    }

    /** Its superuser's password, kept beside it. */
    public String password() {
        try {
            return Files.readString(directory.resolve("data").resolve("postgres.password"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The postmaster running on the data directory now, if one does. */
    public Optional<Postmaster> postmaster() {
        return Postmaster.running(dataDirectory());
    }

    /** A {@code serve} on this directory, its log beside the data. */
    public ServerProcess.Builder server(String name) {
        return ServerProcess.on(jar, directory, name);
    }

    /** Issues an enterprise key of the fixture's organization with room for any test's requests. */
    public String issueKey(String label) {
        return jar.run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise", "--rate-limit", "1000000",
                "--label", label).requireSuccess().field("key");
    }
}
