package com.prospectdata.testing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.assertj.core.api.Assertions;
import org.jspecify.annotations.Nullable;

/**
 * The gate of "the tests cover every operation with every status code it declares": which
 * (operationId, status) pairs of api/openapi.yaml a tier's tests have received, and which of its
 * share it never did. Each tier records every response that has passed the document's
 * validation and {@link ContractInvariants} ({@link #record}, last of its checks), and one test
 * class of its own, run last, calls {@link #assertEveryDeclaredStatusReceived}.
 *
 * <p>The tiers split the statuses ({@link Tier}): those a request and the data decide are the web
 * tier's, those of rate limiting over time, of faults and outages of the database and of overload
 * the jar tier's; 200 is both's. A status the document declares must be in one of them, or both
 * gates fail, so no declared status goes untested.
 */
public final class DeclaredStatusCoverage {

    /** A tier of tests and the statuses it must receive from every operation that declares them. */
    public enum Tier {
        /** The server module's in-process tests on MockMvc (DeclaredStatusCoverageWebTest). */
        WEB(Set.of("200", "304", "400", "401", "403", "404", "410")),
        /** contract-tests, on the packaged jar (DeclaredStatusCoverageJarTest). */
        JAR(Set.of("200", "429", "500", "503"));

        private final Set<String> statuses;

        Tier(Set<String> statuses) {
            this.statuses = statuses;
        }

        public Set<String> statuses() {
            return statuses;
        }

        static boolean anyTakes(String status) {
            return WEB.statuses.contains(status) || JAR.statuses.contains(status);
        }
    }

    /** A status received from an operation. */
    public record Received(String operationId, String status) {
    }

    private final Tier tier;
    private final Supplier<String> document;
    private final Set<Received> received = ConcurrentHashMap.newKeySet();
    private volatile @Nullable List<DeclaredOperation> declared;

    /**
     * @param tier     whose statuses {@link #missing} requires
     * @param document the text of api/openapi.yaml, read when first needed
     */
    public DeclaredStatusCoverage(Tier tier, Supplier<String> document) {
        this.tier = tier;
        this.document = document;
    }

    /** The operations of the document, in document order. */
    public List<DeclaredOperation> declaredOperations() {
        List<DeclaredOperation> operations = declared;
        if (operations == null) {
            synchronized (this) {
                operations = declared;
                if (operations == null) {
                    operations = DeclaredOperation.readAll(document.get());
                    declared = operations;
                }
            }
        }
        return operations;
    }

    /** The operation of the document a request matches, if any. */
    public Optional<DeclaredOperation> operationOf(String method, String rawPath) {
        return DeclaredOperation.of(declaredOperations(), method, rawPath);
    }

    /** Records the exchange's status under its operation; a request of no operation is not recorded. */
    public void record(Exchange exchange) {
        operationOf(exchange.method(), exchange.rawPath()).ifPresent(operation ->
                received.add(new Received(operation.operationId(), Integer.toString(exchange.status()))));
    }

    /** What the tests of this run have received so far. */
    public Set<Received> received() {
        return Set.copyOf(received);
    }

    /**
     * The pairs of this tier missing from {@code received}, one line each, e.g.
     * {@code listCompanies (GET /api/v1/companies/): 304}, and every declared status that
     * neither tier takes.
     */
    public List<String> missing(Collection<Received> received) {
        List<String> missing = new ArrayList<>();
        for (DeclaredOperation operation : declaredOperations()) {
            for (String status : operation.statuses()) {
                String pair = operation.describe() + ": " + status;
                if (!Tier.anyTakes(status)) {
                    missing.add(pair + ", which neither tier's gate requires: add it to a DeclaredStatusCoverage.Tier");
                } else if (tier.statuses().contains(status) && !received.contains(new Received(operation.operationId(), status))) {
                    missing.add(pair);
                }
            }
        }
        return missing;
    }

    /** Fails listing every pair of {@link #missing} from what this run received. */
    public void assertEveryDeclaredStatusReceived() {
        List<String> missing = missing(received());
        if (!missing.isEmpty()) {
            Assertions.fail("No test of the %s tier received a valid response with these statuses that api/openapi.yaml "
                            + "declares (%d of them; operationId (method path): status):%n  %s",
                    tier.name().toLowerCase(Locale.ROOT), missing.size(), String.join(System.lineSeparator() + "  ", missing));
        }
    }
}
