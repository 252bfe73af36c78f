package com.prospectdata.data.reuse;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.data.dataversion.DataVersionProperties;
import com.prospectdata.data.dataversion.DataVersionWrites;
import com.prospectdata.data.dataversion.DataVersions;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import com.prospectdata.pipeline.TestRequests;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.WebTierTest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.util.unit.DataSize;

/**
 * Pages and totals reused while the organization's data version holds (docs/api-rules.md §1,
 * "Validators and freshness"): a kept page runs no SQL, later pages do not count again, a
 * committed write is served once {@code app.data-version.max-age} has passed, and no organization
 * receives what was kept for another.
 */
class ResultReuseWebTest extends WebTierTest {

    private static final String OUR_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String THEIR_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG;
    private static final UUID OURS = UUID.fromString(Fixture.ORG_OURS);
    private static final UUID THEIRS = UUID.fromString(Fixture.ORG_OTHER);
    private static final UUID OUR_SEARCH = UUID.fromString(Fixture.SEARCH_MAIN);
    /** First in our list. */
    private static final UUID TOP_SCORE = UUID.fromString(Fixture.COMPANY_TOP_SCORE);

    @Autowired
    DSLContext db;
    @Autowired
    DataVersions versions;
    @Autowired
    DataVersionProperties versionSettings;
    @Autowired
    ReadReplicas replicas;
    @Autowired
    RequestReads requestReads;

    private String theirKey;

    @BeforeAll
    void issueTheirKey() {
        theirKey = issueKey(Fixture.ORG_OTHER);
    }

    @Test
    void aRepeatedPageRunsNoSqlAndTheFiltersOtherPagesDoNotCountItAgain() throws Exception {
        versions.refresh();
        // Filters no other test asks for, so that nothing is kept for them yet.
        String stored = OUR_LIST + "&min_match_score=0.125";
        List<String> first = statements(stored + "&limit=1");
        assertThat(first).anyMatch(sql -> sql.contains("prospect_search_score_count"));
        String body = ours(stored + "&limit=1").andExpect(status().isOk()).andReturn().getResponse().getContentAsString();

        assertThat(statements(stored + "&limit=1")).as("the kept page").isEmpty();
        assertThat(ours(stored + "&limit=1").andReturn().getResponse().getContentAsString()).isEqualTo(body);
        assertThat(statements(stored + "&limit=2")).as("another page of the same filter, its total kept")
                .isNotEmpty().noneMatch(sql -> sql.contains("prospect_search_score_count"));

        String searched = OUR_LIST + "&search=beta%20tie&limit=1";
        assertThat(statements(searched)).anyMatch(sql -> sql.contains("over ()"));
        assertThat(statements(searched + "&offset=1")).as("the search's second page, its total kept")
                .isNotEmpty().noneMatch(sql -> sql.contains("over ()"));
        ours(searched + "&offset=1").andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(2))
                .andExpect(jsonPath("$.items[0].id").value("c0000000-0000-4000-8000-000000000019"))
                .andExpect(jsonPath("$.has_more").value(false));
    }

    @Test
    void noOrganizationReceivesAPageKeptForAnother() throws Exception {
        versions.refresh();
        for (String filters : List.of("", "&limit=2", "&search=a", "&review_status=pending")) {
            ours(OUR_LIST + filters).andExpect(status().isOk());
            theirs(OUR_LIST + filters).andExpect(status().isForbidden());
            theirs(THEIR_LIST + filters).andExpect(status().isOk());
            ours(THEIR_LIST + filters).andExpect(status().isForbidden());
        }
        theirs(THEIR_LIST).andExpect(jsonPath("$.total").value(1))
                .andExpect(jsonPath("$.items[0].id").value(Fixture.COMPANY_OTHER_ORG));
        ours(OUR_LIST).andExpect(jsonPath("$.total").value(23));
    }

    @Test
    void aCommittedWriteIsServedOnceMaxAgeHasPassed() throws Exception {
        String name = db.select(COMPANY.NAME).from(COMPANY).where(COMPANY.ID.eq(TOP_SCORE)).fetchSingle(COMPANY.NAME);
        ours(OUR_LIST).andExpect(jsonPath("$.items[0].name").value(name));
        try {
            write(() -> db.transaction(tx -> {
                tx.dsl().update(COMPANY).set(COMPANY.NAME, "Top Score renamed").where(COMPANY.ID.eq(TOP_SCORE)).execute();
                DataVersionWrites.bump(tx.dsl(), List.of(OURS));
            }));
            ours(OUR_LIST).andExpect(jsonPath("$.items[0].name").value("Top Score renamed"));

            // The search moves to the other organization: both versions rise, the kept page is ours no more.
            write(() -> db.transaction(tx -> {
                tx.dsl().update(PROSPECT_SEARCH).set(PROSPECT_SEARCH.ORGANIZATION_ID, THEIRS)
                        .where(PROSPECT_SEARCH.ID.eq(OUR_SEARCH)).execute();
                DataVersionWrites.bump(tx.dsl(), List.of(OURS, THEIRS));
            }));
            ours(OUR_LIST).andExpect(status().isForbidden());
            theirs(OUR_LIST).andExpect(status().isOk()).andExpect(jsonPath("$.items[0].name").value("Top Score renamed"));
        } finally {
            db.transaction(tx -> {
                tx.dsl().update(PROSPECT_SEARCH).set(PROSPECT_SEARCH.ORGANIZATION_ID, OURS)
                        .where(PROSPECT_SEARCH.ID.eq(OUR_SEARCH)).execute();
                tx.dsl().update(COMPANY).set(COMPANY.NAME, name).where(COMPANY.ID.eq(TOP_SCORE)).execute();
                DataVersionWrites.bump(tx.dsl(), List.of(OURS, THEIRS));
            });
            versions.refresh();
        }
    }

    @Test
    void aResultIsReadOncePerOrganizationAndVersionAndNeverGivenToAnother() {
        ResultReuse reuse = reuse(true, DataSize.ofMegabytes(64));
        AtomicInteger reads = new AtomicInteger();
        UUID other = UUID.randomUUID();

        String ours = scope(reuse, OURS).get("request", value -> 0, () -> "ours " + reads.incrementAndGet());
        String again = scope(reuse, OURS).get("request", value -> 0, () -> "ours " + reads.incrementAndGet());
        String theirs = scope(reuse, other).get("request", value -> 0, () -> "other " + reads.incrementAndGet());

        assertThat(List.of(ours, again, theirs)).containsExactly("ours 1", "ours 1", "other 2");
        assertThat(scope(reuse, other).<String>kept("request")).contains("other 2");

        write(() -> db.transaction(tx -> DataVersionWrites.bump(tx.dsl(), List.of(OURS))));
        assertThat(scope(reuse, OURS).get("request", value -> 0, () -> "ours " + reads.incrementAndGet()))
                .as("read again at the new version").isEqualTo("ours 3");
    }

    @Test
    void oneRequestUsesTheVersionItFirstReadEvenWhenAWriteLandsInBetween() {
        versions.refresh();
        RequestContext request = TestRequests.context(caller(OURS));
        OptionalLong validatorsVersion = requestReads.dataVersion(request);
        db.transaction(tx -> DataVersionWrites.bump(tx.dsl(), List.of(OURS)));
        versions.refresh();

        assertThat(requestReads.dataVersion(request)).as("the delegate's read, later in the same request")
                .isEqualTo(validatorsVersion);
        assertThat(requestReads.dataVersion(TestRequests.context(caller(OURS)))).as("the next request")
                .isNotEqualTo(validatorsVersion);
        assertThat(requestReads.dataVersion(TestRequests.context(caller(THEIRS)))).as("another organization's version is its own")
                .isEqualTo(versionOf(THEIRS));
    }

    @Test
    void switchedOffEveryRequestReadsAndNothingIsKept() {
        ResultReuse reuse = reuse(false, DataSize.ofMegabytes(64));
        AtomicInteger reads = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            scope(reuse, OURS).get("request", value -> 100, reads::incrementAndGet);
        }
        assertThat(reads).hasValue(3);
        assertThat(reuse.keptBytes()).isZero();
    }

    @Test
    void aFailureIsNotKept() {
        ResultReuse reuse = reuse(true, DataSize.ofMegabytes(64));
        ResultReuse.Scope scope = scope(reuse, OURS);
        assertThatThrownBy(() -> scope.get("request", value -> 0, () -> {
            throw new IllegalStateException("the database is gone");
        })).hasMessage("the database is gone");
        assertThat(scope.get("request", value -> 0, () -> "read")).isEqualTo("read");
    }

    @Test
    void requestsForAResultBeingReadWaitForThatRead() throws Exception {
        ResultReuse reuse = reuse(true, DataSize.ofMegabytes(64));
        AtomicInteger reads = new AtomicInteger();
        Object release = new Object();
        AtomicReference<String> second = new AtomicReference<>();
        Thread first = Thread.ofPlatform().start(() -> scope(reuse, OURS).get("slow", value -> 0, () -> {
            reads.incrementAndGet();
            synchronized (release) {
                try {
                    release.wait(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return "read once";
        }));
        awaitState(first, Thread.State.TIMED_WAITING);
        Thread waiting = Thread.ofPlatform().start(() -> second.set(scope(reuse, OURS)
                .get("slow", value -> 0, () -> "read twice " + reads.incrementAndGet())));
        awaitState(waiting, Thread.State.WAITING);
        synchronized (release) {
            release.notifyAll();
        }
        first.join(10_000);
        waiting.join(10_000);
        assertThat(second.get()).isEqualTo("read once");
        assertThat(reads).hasValue(1);
    }

    @Test
    void theKeptResultsStayWithinTheirSize() {
        ResultReuse reuse = reuse(true, DataSize.ofMegabytes(1));
        for (int i = 0; i < 100; i++) {
            scope(reuse, OURS).get("request " + i, value -> 50_000, () -> "value");
        }
        assertThat(reuse.keptBytes()).isPositive().isLessThanOrEqualTo(DataSize.ofMegabytes(1).toBytes());
    }

    private ResultReuse reuse(boolean enabled, DataSize maxSize) {
        versions.refresh();
        return new ResultReuse(new ReuseProperties(enabled, maxSize), new SimpleMeterRegistry());
    }

    /** The organization's results at its version now, as a request that reads at the primary sees them. */
    private ResultReuse.Scope scope(ResultReuse reuse, UUID organization) {
        return reuse.forOrganization(organization, () -> versionOf(organization));
    }

    private OptionalLong versionOf(UUID organization) {
        return versions.read(replicas.primary(), organization);
    }

    private static AuthenticatedKey caller(UUID organization) {
        return new AuthenticatedKey(UUID.randomUUID(), organization, Tier.PRO, 1000, List.of("companies:read"),
                null);
    }

    /** A write, then as long as the contract lets an answer still reflect the data before it. */
    private void write(Runnable write) {
        write.run();
        try {
            Thread.sleep(versionSettings.maxAge().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        for (int i = 0; i < 1000 && thread.getState() != state && thread.isAlive(); i++) {
            Thread.sleep(10);
        }
    }

    private List<String> statements(String path) throws Exception {
        return new ArrayList<>(StatementsOnThisThread.during(db, () -> ours(path).andExpect(status().isOk())));
    }

    private ResultActions ours(String path) throws Exception {
        return mvc.perform(call(path));
    }

    private ResultActions theirs(String path) throws Exception {
        return mvc.perform(get(URI.create(path)).secure(true).header("Authorization", "Bearer " + theirKey));
    }
}
