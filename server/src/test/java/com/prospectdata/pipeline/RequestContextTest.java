package com.prospectdata.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import com.prospectdata.pipeline.parameters.ContractParameters;
import com.prospectdata.pipeline.parameters.ParameterReader;
import com.prospectdata.pipeline.parameters.ReadParameters;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** The rules of a request's context: who may leave what, when, and what stays for the rest of the request. */
class RequestContextTest {

    private static final ReadSource PRIMARY = new ReadSource("primary", DSL.using(SQLDialect.POSTGRES));
    private static final ReadSource REPLICA = new ReadSource("replica-1", DSL.using(SQLDialect.POSTGRES));
    private static final AuthenticatedKey CALLER = new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(), Tier.PRO,
            1000, List.of("companies:read"), null);

    @Test
    void nothingCanBeLeftBeforeTheFrontDoorHasRun() {
        RequestContext none = RequestContext.of(new MockHttpServletRequest());

        assertThatThrownBy(() -> none.holdRefusal(new IllegalStateException("refused")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("front door");
        assertThatThrownBy(() -> none.acceptCaller(CALLER)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> none.setDeadline(System.nanoTime())).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> none.readFrom(REPLICA)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(none::markAnsweredWithoutHandler).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(none::parameters).isInstanceOf(IllegalStateException.class);
        assertThat(none.operation()).isEmpty();
        assertThat(none.heldRefusal()).isEmpty();
        assertThat(none.caller()).isEmpty();
        assertThat(none.deadline()).isEmpty();
        assertThat(none.readSource()).isNull();
        assertThat(RequestContext.of(new MockHttpServletRequest())).as("the empty context is shared, and stays empty")
                .isSameAs(none);
    }

    @Test
    void eachRequestHasItsOwnContextFoundOnTheRequest() {
        MockHttpServletRequest first = new MockHttpServletRequest();
        MockHttpServletRequest second = new MockHttpServletRequest();
        RequestContext attached = RequestContext.attach(first, null);
        RequestContext.attach(second, null).acceptCaller(CALLER);

        assertThat(RequestContext.of(first)).isSameAs(attached);
        assertThat(attached.caller()).isEmpty();
        assertThat(RequestContext.of(second).caller()).contains(CALLER);
    }

    @Test
    void aRequestHasOneCallerAndTheStepsAfterAuthenticationNeedIt() {
        RequestContext request = TestRequests.context();
        assertThatThrownBy(request::acceptedCaller).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("No caller");

        request.acceptCaller(CALLER);

        assertThat(request.acceptedCaller()).isSameAs(CALLER);
        assertThatThrownBy(() -> request.acceptCaller(CALLER)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRefusalIsHeldForALaterStep() {
        RequestContext request = TestRequests.context();
        IllegalStateException refusal = new IllegalStateException("refused");

        request.holdRefusal(refusal);

        assertThat(request.heldRefusal()).containsSame(refusal);
    }

    @Test
    void aRequestHasADeadlineOnlyOnceTheOverloadStepGaveItOne() {
        RequestContext request = TestRequests.context();
        assertThat(request.deadline()).isEmpty();

        request.setDeadline(42);

        assertThat(request.deadline()).hasValue(42);
    }

    @Test
    void theReadSourceOnceChosenStaysForTheRequest() {
        RequestContext request = TestRequests.context();
        assertThat(request.readSource()).isNull();

        request.readFrom(REPLICA);

        assertThat(request.readSource()).isSameAs(REPLICA);
        assertThatThrownBy(() -> request.readFrom(PRIMARY)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("one request reads from one place");
        assertThat(request.readSource()).isSameAs(REPLICA);
    }

    @Test
    void aFallBackToThePrimaryIsWhereEveryLaterReadGoes() {
        RequestContext request = TestRequests.context();
        assertThatThrownBy(() -> request.fallBackToPrimary(PRIMARY)).as("nothing to fall back from")
                .isInstanceOf(IllegalStateException.class);
        request.readFrom(REPLICA);
        request.keepDataVersion(OptionalLong.of(7));

        request.fallBackToPrimary(PRIMARY);

        assertThat(request.readSource()).isSameAs(PRIMARY);
        assertThat(request.dataVersion()).as("the version read at the replica: the primary's data is newer, never older")
                .hasValue(7);
    }

    @Test
    void theDataVersionIsReadOnceWhereTheRequestReads() {
        RequestContext request = TestRequests.context();
        assertThatThrownBy(() -> request.keepDataVersion(OptionalLong.of(3))).as("read nowhere yet")
                .isInstanceOf(IllegalStateException.class);
        request.readFrom(REPLICA);
        assertThat(request.dataVersion()).as("not read yet").isNull();

        request.keepDataVersion(OptionalLong.empty());

        assertThat(request.dataVersion()).as("none recent enough is an answer too").isEmpty();
        assertThatThrownBy(() -> request.keepDataVersion(OptionalLong.of(3))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theParametersAreThoseTheParametersStepRead() {
        MockHttpServletRequest servletRequest = new MockHttpServletRequest("GET", "/api/v1/companies/");
        servletRequest.addParameter("prospect_search_id", UUID.randomUUID().toString());
        RequestContext request = RequestContext.attach(servletRequest, null);
        assertThatThrownBy(request::parameters).isInstanceOf(IllegalStateException.class).hasMessageContaining("not read");

        ReadParameters read = new ParameterReader(new ContractParameters(OpenApiDocument.fromClasspath()))
                .read(servletRequest, "listCompanies");

        assertThat(request.parameters()).isSameAs(read);
    }
}
