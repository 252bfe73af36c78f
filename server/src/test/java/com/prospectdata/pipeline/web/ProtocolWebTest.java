package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.Fixture;
import com.prospectdata.webtier.WebTierTest;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every operation shares, through the web tier: health, conditional GET, HEAD, 404 and 405 (docs/api-rules.md §1, §2, §7). */
class ProtocolWebTest extends WebTierTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    @Test
    void healthNeedsNoKey() throws Exception {
        mvc.perform(get("/health").secure(true))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.service").value("Company Prospect Data API"))
                .andExpect(jsonPath("$.status").value("healthy"))
                .andExpect(header().exists("X-Request-Id"));
    }

    @Test
    void aMatchingETagIsAnswered304WithoutABodyAndAStaleOneGetsTheBody() throws Exception {
        String etag = mvc.perform(call(COMPANY)).andExpect(status().isOk())
                .andReturn().getResponse().getHeader("ETag");
        mvc.perform(call(COMPANY).header("If-None-Match", etag))
                .andExpect(status().isNotModified())
                .andExpect(header().string("ETag", etag))
                .andExpect(content().string(emptyString()));
        mvc.perform(call(COMPANY).header("If-None-Match", "\"stale\""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value(Fixture.COMPANY_NORDLICHT));
    }

    @Test
    void headAnswersLikeGetWithoutTheBody() throws Exception {
        var get = mvc.perform(call(COMPANY)).andReturn().getResponse();
        mvc.perform(head(URI.create(COMPANY)).secure(true).header("Authorization", "Bearer " + key))
                .andExpect(status().isOk())
                .andExpect(header().string("ETag", get.getHeader("ETag")))
                .andExpect(header().string("Cache-Control", get.getHeader("Cache-Control")))
                .andExpect(header().longValue("Content-Length", get.getContentAsByteArray().length))
                .andExpect(content().string(emptyString()));
        mvc.perform(head(URI.create(COMPANY)).secure(true).header("Authorization", "Bearer " + key)
                        .header("If-None-Match", get.getHeader("ETag")))
                .andExpect(status().isNotModified());
    }

    @Test
    void aLargeBodyIsGzippedWhenAskedWithAnETagOfItsOwnAndASmallOneIsNot() throws Exception {
        String list = "/api/v1/companies/?limit=100&prospect_search_id=" + Fixture.SEARCH_MAIN;
        var identity = mvc.perform(call(list)).andExpect(status().isOk())
                .andExpect(header().doesNotExist("Content-Encoding"))
                .andExpect(header().string("Vary", "Accept-Encoding"))
                .andReturn().getResponse();
        assertThat(identity.getContentAsByteArray().length).as("large enough to compress").isGreaterThanOrEqualTo(2048);
        var gzipped = mvc.perform(call(list).header("Accept-Encoding", "gzip, deflate, br"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Encoding", "gzip"))
                .andExpect(header().string("Vary", "Accept-Encoding"))
                .andReturn().getResponse();
        byte[] compressed = gzipped.getContentAsByteArray();
        assertThat(compressed.length).isLessThan(identity.getContentAsByteArray().length / 2);
        assertThat(gzipped.getHeader("Content-Length")).isEqualTo(Integer.toString(compressed.length));
        try (var unzipped = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(compressed))) {
            assertThat(unzipped.readAllBytes()).as("the same body").isEqualTo(identity.getContentAsByteArray());
        }
        assertThat(gzipped.getHeader("ETag")).as("each encoding its own strong validator")
                .startsWith("\"").isNotEqualTo(identity.getHeader("ETag"));
        mvc.perform(call(list).header("Accept-Encoding", "gzip").header("If-None-Match", gzipped.getHeader("ETag")))
                .andExpect(status().isNotModified())
                .andExpect(header().string("ETag", gzipped.getHeader("ETag")))
                .andExpect(header().string("Vary", "Accept-Encoding"))
                .andExpect(header().doesNotExist("Content-Encoding"));
        mvc.perform(call(list).header("Accept-Encoding", "gzip;q=0").header("If-None-Match", gzipped.getHeader("ETag")))
                .andExpect(status().isOk())
                .andExpect(header().doesNotExist("Content-Encoding"));
        mvc.perform(head(URI.create(list)).secure(true).header("Authorization", "Bearer " + key).header("Accept-Encoding", "gzip"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Encoding", "gzip"))
                .andExpect(header().string("ETag", gzipped.getHeader("ETag")))
                .andExpect(header().longValue("Content-Length", compressed.length));

        mvc.perform(get("/health").secure(true).header("Accept-Encoding", "gzip"))
                .andExpect(status().isOk())
                .andExpect(header().doesNotExist("Content-Encoding"));
        mvc.perform(call("/api/v1/companies/" + UUID.randomUUID()).header("Accept-Encoding", "gzip"))
                .andExpect(status().isNotFound())
                .andExpect(header().doesNotExist("Content-Encoding"));
    }

    @Test
    void otherMethodsAre405WithAllow() throws Exception {
        mvc.perform(post(URI.create(COMPANY)).secure(true).header("Authorization", "Bearer " + key))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(header().string("Allow", containsString("GET")))
                .andExpect(jsonPath("$.error").value("METHOD_NOT_ALLOWED"));
    }

    @Test
    void anUnknownRouteIs404InTheErrorShape() throws Exception {
        mvc.perform(call("/api/v1/contacts"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"));
    }
}
