package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestIdFilterTest {

    @Test
    void aSaneCallerIdIsKept() {
        assertThat(RequestIdFilter.requestIdFor("abc-123_x.y")).isEqualTo("abc-123_x.y");
        assertThat(RequestIdFilter.requestIdFor("a".repeat(128))).isEqualTo("a".repeat(128));
    }

    @Test
    void anythingElseIsReplacedByANewUuid() {
        for (String insane : new String[] {null, "", "a".repeat(129), "has space", "new\nline", "ünï", "a;b"}) {
            assertThat(RequestIdFilter.requestIdFor(insane))
                    .as("for %s", insane)
                    .matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        }
    }
}
