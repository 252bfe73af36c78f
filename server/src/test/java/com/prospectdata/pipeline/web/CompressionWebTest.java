package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.WebTierTest;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Compression, which every operation shares, through the web tier (docs/api-rules.md §1): the
 * conditional GET, HEAD, 404 and 405 of every operation are in ConditionalRequestsWebTest and
 * RoutingWebTest, health in HealthWebTest.
 */
class CompressionWebTest extends WebTierTest {

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
}
