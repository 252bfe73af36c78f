package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.CloseNowException;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** What counts as a client that went away, and how a request remembers it for the metrics. */
class ClientAbortTest {

    @Test
    void aStreamTheContainerNoLongerWritesToIsAClientAbortWhereverItIsWrapped() {
        CloseNowException reset = new CloseNowException("Connection [1], Stream [3], This stream is not writable");

        assertThat(ClientAbort.isOne(reset)).isTrue();
        assertThat(ClientAbort.isOne(new IllegalStateException("writing the body", new IOException(reset)))).isTrue();
    }

    @Test
    void aConnectionTheClientClosedIsAClientAbort() {
        assertThat(ClientAbort.isOne(new ClientAbortException(new IOException("Connection reset by peer")))).isTrue();
        assertThat(ClientAbort.isOne(new IOException("Broken pipe"))).isTrue();
    }

    @Test
    void otherFailuresAreNot() {
        assertThat(ClientAbort.isOne(new IOException("No space left on device"))).isFalse();
        assertThat(ClientAbort.isOne(new IllegalStateException("a bug"))).isFalse();
    }

    @Test
    void aRequestRemembersThatItsClientWentAway() {
        MockHttpServletRequest request = new MockHttpServletRequest();
        assertThat(ClientAbort.happenedTo(request)).isFalse();

        ClientAbort.record(request);

        assertThat(ClientAbort.happenedTo(request)).isTrue();
    }
}
