package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Management;
import com.prospectdata.testing.Operation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The example alerting rules of docs/OPERATIONS.md ({@code ops/alerts/prometheus-rules.yml}) are
 * checked by {@code ops/alerts/check} (their shape, and every expression parsed as PromQL), and
 * every metric they name is one the packaged server exposes: an alert on a misspelled metric
 * would never fire.
 */
class AlertRulesJarTest extends ContractTest {

    /** Prometheus' own: whether a scrape succeeded. */
    private static final List<String> PROMETHEUS_OWN = List.of("up");

    @Test
    void theRulesParseAndEveryMetricTheyNameIsExposed() throws IOException, InterruptedException {
        Path repository = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
        Process check = new ProcessBuilder(repository.resolve("ops/alerts/check").toString(), "--metrics")
                .redirectErrorStream(true)
                .start();
        String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as("ops/alerts/check:\n%s", output).isZero();
        List<String> named = output.lines().filter(line -> !line.isBlank()).toList();
        assertThat(named).as("the rules name metrics").isNotEmpty();

        assertThat(given().get(Operation.GET_COMPANY.validRequest()).statusCode()).isEqualTo(200);
        Management.Scrape scrape = Management.of(environment().server()).scrape();
        assertThat(named.stream().filter(metric -> !PROMETHEUS_OWN.contains(metric)))
                .allSatisfy(metric -> assertThat(scrape.has(metric)).as("%s in the server's scrape", metric).isTrue());
    }
}
