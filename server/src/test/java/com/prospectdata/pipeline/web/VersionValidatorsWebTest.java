package com.prospectdata.pipeline.web;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.data.dataversion.DataVersionProperties;
import com.prospectdata.data.dataversion.DataVersionWrites;
import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.WebTierTest;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.ResultActions;

/**
 * Validators made from the data version (docs/api-rules.md §1, "Validators and freshness"): a
 * {@code 304} runs no SQL statement, a write is seen within {@code app.data-version.max-age},
 * and one organization's validator never answers for another.
 */
class VersionValidatorsWebTest extends WebTierTest {

    private static final String COMPANY_PATH = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String LIST_PATH = "/api/v1/companies/?limit=100&prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String TECHNOLOGIES_PATH = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel";
    private static final UUID NORDLICHT = UUID.fromString(Fixture.COMPANY_NORDLICHT);
    private static final UUID OURS = UUID.fromString(Fixture.ORG_OURS);

    @Autowired
    DSLContext db;
    @Autowired
    DataVersionProperties settings;

    @Test
    void aRevalidationOfACompanyAListOrTechnologiesIsAnswered304WithoutAnySqlStatement() throws Exception {
        for (String path : List.of(COMPANY_PATH, LIST_PATH, TECHNOLOGIES_PATH, LIST_PATH + "&search=nordlicht")) {
            for (String acceptEncoding : List.of("identity", "gzip")) {
                String validator = awaitVersionValidator(path, acceptEncoding);

                List<String> statements = StatementsOnThisThread.during(db, () -> mvc.perform(call(path)
                                .header("Accept-Encoding", acceptEncoding).header("If-None-Match", "\"other\", W/" + validator))
                        .andExpect(status().isNotModified())
                        .andExpect(header().string("ETag", validator))
                        .andExpect(header().string("Cache-Control", "private, no-cache"))
                        .andExpect(header().string("Vary", "Accept-Encoding"))
                        .andExpect(header().doesNotExist("Content-Encoding"))
                        .andExpect(header().exists("RateLimit"))
                        .andExpect(content().string(emptyString())));
                assertThat(statements).as("SQL statements for a 304 of %s (%s)", path, acceptEncoding).isEmpty();

                List<String> answered = StatementsOnThisThread.during(db, () -> mvc.perform(call(path)
                                .header("Accept-Encoding", acceptEncoding))
                        .andExpect(status().isOk())
                        .andExpect(header().string("ETag", validator)));
                if (path.startsWith(LIST_PATH)) {
                    assertThat(answered).as("a page of a list is reused at the same version").isEmpty();
                } else {
                    assertThat(answered).as("the counter sees the statements of a 200 of %s", path).isNotEmpty();
                }
            }
        }
    }

    @Test
    void aCommittedWriteIsServedOnceMaxAgeHasPassedEvenToAValidatorFromBeforeIt() throws Exception {
        String validator = awaitVersionValidator(COMPANY_PATH, "identity");
        String name = db.select(COMPANY.NAME).from(COMPANY).where(COMPANY.ID.eq(NORDLICHT)).fetchSingle(COMPANY.NAME);
        try {
            // What an import does: the data and the version in one transaction.
            db.transaction(tx -> {
                tx.dsl().update(COMPANY).set(COMPANY.NAME, "Nordlicht renamed").where(COMPANY.ID.eq(NORDLICHT)).execute();
                DataVersionWrites.bump(tx.dsl(), List.of(OURS));
            });
            Thread.sleep(settings.maxAge().toMillis());

            String renamed = mvc.perform(call(COMPANY_PATH).header("If-None-Match", validator))
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.name").value("Nordlicht renamed"))
                    .andReturn().getResponse().getHeader("ETag");
            assertThat(renamed).isNotEqualTo(validator);
        } finally {
            db.transaction(tx -> {
                tx.dsl().update(COMPANY).set(COMPANY.NAME, name).where(COMPANY.ID.eq(NORDLICHT)).execute();
                DataVersionWrites.bump(tx.dsl(), List.of(OURS));
            });
        }
    }

    @Test
    void anotherOrganizationsKeyWithOurValidatorGetsWhatItWouldGetWithoutIt() throws Exception {
        String theirKey = issueKey(Fixture.ORG_OTHER);
        String ourCompany = awaitVersionValidator(COMPANY_PATH, "identity");
        String ourList = awaitVersionValidator(LIST_PATH, "identity");

        asTheirs(theirKey, COMPANY_PATH, ourCompany).andExpect(status().isForbidden())
                .andExpect(header().doesNotExist("ETag"));
        asTheirs(theirKey, LIST_PATH, ourList).andExpect(status().isForbidden())
                .andExpect(header().doesNotExist("ETag"));
        String theirCompany = "/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG;
        String theirValidator = asTheirs(theirKey, theirCompany, ourCompany).andExpect(status().isOk())
                .andReturn().getResponse().getHeader("ETag");
        assertThat(theirValidator).isNotEqualTo(ourCompany);
    }

    @Test
    void jobsAnswersKeepTheHashOfTheirBodyTheirWindowMovesWithTheClock() throws Exception {
        String jobs = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs";
        var answer = mvc.perform(call(jobs)).andExpect(status().isOk()).andReturn().getResponse();
        assertThat(answer.getHeader("ETag")).as("a hash of the body, not a version validator").doesNotStartWith("\"v");
    }

    @Test
    void ifNoneMatchListsAreComparedWeaklyAndWithoutTheirSpaces() {
        String validator = "\"vAbC-_1\"";
        assertThat(VersionValidators.namedIn(List.of(validator), validator)).isTrue();
        assertThat(VersionValidators.namedIn(List.of("W/" + validator), validator)).isTrue();
        assertThat(VersionValidators.namedIn(List.of("\"a\",  " + validator + " ,\"b\""), validator)).isTrue();
        assertThat(VersionValidators.namedIn(List.of("\"a\"", validator), validator)).isTrue();
        assertThat(VersionValidators.namedIn(List.of("*"), validator)).as("left to the full path").isFalse();
        assertThat(VersionValidators.namedIn(List.of("\"vAbC-_\"", "vAbC-_1", ""), validator)).isFalse();
        assertThat(VersionValidators.namedIn(List.of(), validator)).isFalse();
    }

    private ResultActions asTheirs(String theirKey, String path, String validator) throws Exception {
        return mvc.perform(get(URI.create(path)).secure(true).header("Authorization", "Bearer " + theirKey)
                .header("If-None-Match", validator));
    }

    /**
     * The validator of a 200, once it is a version validator: the poller reads the versions every
     * {@code poll-interval}, and until its first read (or right after another test's write) the
     * body's hash stands in.
     */
    private String awaitVersionValidator(String path, String acceptEncoding) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            String validator = mvc.perform(call(path).header("Accept-Encoding", acceptEncoding))
                    .andExpect(status().isOk()).andReturn().getResponse().getHeader("ETag");
            if (validator.startsWith("\"v")) {
                return validator;
            }
            assertThat(System.nanoTime()).as("a version validator for %s within 10 s", path).isLessThan(deadline);
            Thread.sleep(settings.pollInterval().toMillis());
        }
    }
}
