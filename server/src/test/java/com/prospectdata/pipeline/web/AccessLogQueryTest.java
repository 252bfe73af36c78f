package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccessLogQueryTest {

    @Test
    void noQueryIsNone() {
        assertThat(AccessLogQuery.shortened(null)).isNull();
        assertThat(AccessLogQuery.shortened("")).isNull();
    }

    @Test
    void otherParametersStayAsTheClientSentThem() {
        assertThat(AccessLogQuery.shortened("prospect_search_id=5a1&limit=2&review_status=accepted&flag"))
                .isEqualTo("prospect_search_id=5a1&limit=2&review_status=accepted&flag");
    }

    @Test
    void eachSearchValueKeepsItsFirstThreeCharactersDecoded() {
        assertThat(AccessLogQuery.shortened("search=Nordlicht&limit=2&search=ab"))
                .isEqualTo("search=Nor…&limit=2&search=ab");
        assertThat(AccessLogQuery.shortened("search=M%C3%BCllerstra%C3%9Fe")).isEqualTo("search=M%C3%BCl…");
        assertThat(AccessLogQuery.shortened("search=%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC")).isEqualTo("search=%E2%82%AC%E2%82%AC%E2%82%AC…");
        assertThat(AccessLogQuery.shortened("search=a+b+c+d")).isEqualTo("search=a+b…");
        assertThat(AccessLogQuery.shortened("research=Nordlicht")).as("only the parameter named search").isEqualTo("research=Nordlicht");
    }

    @Test
    void aMalformedSearchValueIsNotShownAtAll() {
        assertThat(AccessLogQuery.shortened("search=%E2%8&limit=1")).isEqualTo("search=…&limit=1");
    }

    @Test
    void theLineStaysPrintableAndBounded() {
        assertThat(AccessLogQuery.shortened("a=\u0007\u00e9")).isEqualTo("a=??");
        assertThat(AccessLogQuery.shortened("limit=" + "9".repeat(1000))).hasSize(AccessLogQuery.MAX_LENGTH);
    }
}
