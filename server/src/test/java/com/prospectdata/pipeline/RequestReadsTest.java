package com.prospectdata.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.param;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.data.database.StatementDeadline;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import com.prospectdata.data.replicas.ReplicaUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.ConnectionProvider;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultConfiguration;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.jooq.tools.jdbc.MockConnection;
import org.jooq.tools.jdbc.MockResult;
import org.junit.jupiter.api.Test;

/**
 * A request's statements run where its context says: at the place its first read chose, at the
 * primary for good once its replica gives no connection, bound to its deadline when it has one.
 * No database: the primary answers from jOOQ's mock connection, the replica refuses every
 * connection.
 */
class RequestReadsTest {

    private static final Param<Integer> N = param("n", Integer.class);
    private static final Field<Integer> ONE = DSL.field(DSL.name("one"), Integer.class);

    /** The deadline of each statement the primary ran, or null for one without. */
    private final List<Long> primaryDeadlines = new ArrayList<>();
    private final AtomicInteger replicaConnections = new AtomicInteger();
    private final ReadSource primary = new ReadSource("primary", primary());
    private final ReadSource replica = new ReadSource("replica-1", refusingReplica());
    private final RenderedQuery statement = RenderedQuery.of(primary.db(), DSL.select(N.as(ONE)), N);
    private final ReadReplicas replicas = mock(ReadReplicas.class);
    private final RequestReads reads = new RequestReads(replicas, null);

    @Test
    void theFirstReadChoosesAndEveryLaterReadOfTheRequestGoesThere() {
        when(replicas.choose()).thenReturn(primary);
        RequestContext request = TestRequests.context();

        reads.fetch(request, statement.with(N, 1));
        reads.fetch(request, statement.with(N, 2));

        verify(replicas, times(1)).choose();
        assertThat(request.readSource()).isSameAs(primary);
        assertThat(primaryDeadlines).hasSize(2);
    }

    @Test
    void aReplicaThatGivesNoConnectionHandsTheRequestToThePrimaryForGood() {
        when(replicas.choose()).thenReturn(replica);
        when(replicas.primary()).thenReturn(primary);
        RequestContext request = TestRequests.context();

        Result<Record> first = reads.fetch(request, statement.with(N, 1));
        Result<Record> second = reads.fetch(request, statement.with(N, 2));

        assertThat(List.of(first.getFirst().get(ONE), second.getFirst().get(ONE))).containsExactly(1, 1);
        assertThat(replicaConnections).as("asked once: the fall-back is the request's").hasValue(1);
        assertThat(primaryDeadlines).hasSize(2);
        assertThat(request.readSource()).isSameAs(primary);
    }

    @Test
    void aRequestWithADeadlineRunsEachStatementBoundToIt() {
        when(replicas.choose()).thenReturn(primary);
        RequestContext unhurried = TestRequests.context();
        RequestContext queued = TestRequests.context();
        long deadline = System.nanoTime() + 2_000_000_000L;
        queued.setDeadline(deadline);

        reads.fetch(unhurried, statement.with(N, 1));
        reads.fetch(queued, statement.with(N, 1));

        assertThat(primaryDeadlines).containsExactly(null, deadline);
    }

    @Test
    void theDataVersionIsReadOnceAtTheRequestsPlace() {
        when(replicas.choose()).thenReturn(replica);
        RequestContext request = TestRequests.context(new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(),
                Tier.PRO, 1000, List.of("companies:read"), null));

        OptionalLong version = reads.dataVersion(request);

        assertThat(version).as("no version poller here").isEmpty();
        assertThat(reads.dataVersion(request)).isEmpty();
        verify(replicas, times(1)).choose();
        assertThat(request.readSource()).isSameAs(replica);
        assertThat(request.dataVersion()).isEmpty();
    }

    /** Answers every statement with one row of the value it was given, noting the statement's deadline. */
    private DSLContext primary() {
        DSLContext rows = DSL.using(SQLDialect.POSTGRES);
        MockConnection connection = new MockConnection(context -> {
            Result<Record1<Integer>> result = rows.newResult(ONE);
            result.add(rows.newRecord(ONE).values(1));
            return new MockResult[] {new MockResult(1, result)};
        });
        ExecuteListener deadlines = new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                primaryDeadlines.add(StatementDeadline.of(context.configuration()));
            }
        };
        return DSL.using(new DefaultConfiguration().set(SQLDialect.POSTGRES).set(connection)
                .set(new DefaultExecuteListenerProvider(deadlines)));
    }

    /** A replica whose pool gives no connection, as ReadReplicas reports it. */
    private DSLContext refusingReplica() {
        return DSL.using(new DefaultConfiguration().set(SQLDialect.POSTGRES).set(new ConnectionProvider() {
            @Override
            public Connection acquire() {
                replicaConnections.incrementAndGet();
                throw new ReplicaUnavailableException("replica-1", new SQLException("Connection refused", "08001"));
            }

            @Override
            public void release(Connection connection) {
            }
        }));
    }
}
