package com.prospectdata.contract.support;

import com.prospectdata.testing.ApiKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.UUID;

/**
 * A key a test only calls the API with, written into a deployment's database the way
 * {@code keys issue} writes it (docs/api-rules.md §6: a well-formed key of which only the
 * SHA-256 and the hint are kept), with no JVM started for it. A command costs a JVM's start, and
 * the run issued some twenty such keys. Where issuing, rotating or revoking is what a test is
 * about, it runs the command (KeyLifecycleJarTest, RevocationJarTest, LogSecrecyJarTest,
 * CommandLineJarTest), and KeyLifecycleJarTest holds a key written here to one that
 * {@code keys issue} made with the same options, as {@code keys list} shows them.
 */
public record FixtureKey(String id, String key) {

    /** A key of the organization: pro tier, companies:read, this deployment's test environment. */
    public static Spec of(String organizationId) {
        return new Spec(organizationId);
    }

    /** What {@code keys issue} is given, as its options name it. */
    public static final class Spec {
        private final String organizationId;
        private String tier = "pro";
        private Integer rateLimit; // null: the tier's own limit
        private List<String> scopes = List.of("companies:read");
        private String environment = "test";
        private String label;
        private boolean revoked;

        private Spec(String organizationId) {
            this.organizationId = organizationId;
        }

        public Spec tier(String tier) {
            this.tier = tier;
            return this;
        }

        /** {@code --tier enterprise --rate-limit N}: enterprise keys carry their own hourly limit. */
        public Spec enterprise(int rateLimit) {
            this.tier = "enterprise";
            this.rateLimit = rateLimit;
            return this;
        }

        /** {@code --scopes ''}: a key that authenticates but may read nothing. */
        public Spec noScopes() {
            this.scopes = List.of();
            return this;
        }

        /** {@code --environment live}, as a live deployment issues it. */
        public Spec live() {
            this.environment = "live";
            return this;
        }

        public Spec label(String label) {
            this.label = label;
            return this;
        }

        /** Revoked before any server saw it, as {@code keys revoke} leaves it. */
        public Spec revoked() {
            this.revoked = true;
            return this;
        }

        /** Writes the key into the deployment's database. */
        public FixtureKey writeTo(Deployment deployment) {
            return write(deployment.database());
        }

        FixtureKey write(TestDatabase database) {
            try (Connection connection = database.connectToDatabase()) {
                return writeWith(connection);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not write a fixture key into " + database.describe(), e);
            }
        }

        /** Writes the key through the connection (a topology's primary, say). */
        public FixtureKey writeWith(Connection connection) throws SQLException {
            String key = ApiKeys.neverIssued(environment);
            UUID id = UUID.randomUUID();
            try (PreparedStatement insert = connection.prepareStatement("""
                    INSERT INTO api_key (id, organization_id, key_hash, hint_prefix, hint_suffix, environment, tier,
                                         rate_limit, scopes, label, revoked_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END)""")) {
                Array scopeArray = connection.createArrayOf("text", scopes.toArray());
                insert.setObject(1, id);
                insert.setObject(2, UUID.fromString(organizationId));
                insert.setBytes(3, sha256(key));
                insert.setString(4, key.substring(0, 8));
                insert.setString(5, key.substring(key.length() - 8));
                insert.setString(6, environment);
                insert.setString(7, tier);
                if (rateLimit == null) {
                    insert.setNull(8, Types.INTEGER);
                } else {
                    insert.setInt(8, rateLimit);
                }
                insert.setArray(9, scopeArray);
                insert.setString(10, label);
                insert.setBoolean(11, revoked);
                insert.executeUpdate();
            }
            return new FixtureKey(id.toString(), key);
        }

        private static byte[] sha256(String key) {
            try {
                return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.US_ASCII));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
            }
        }
    }
}
