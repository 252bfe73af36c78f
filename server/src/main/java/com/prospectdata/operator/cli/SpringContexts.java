package com.prospectdata.operator.cli;

import com.prospectdata.ProspectApiApplication;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the application's Spring context for a command: with the web server, or without. */
final class SpringContexts {

    /** Spring Boot's switch for its BackgroundPreinitializer, read as a system property only. */
    private static final String IGNORE_BACKGROUND_PREINITIALIZER = "spring.backgroundpreinitializer.ignore";

    private SpringContexts() {
    }

    /**
     * For the operator commands: the database and the services they call ({@link CommandConfiguration}),
     * no web server, only warnings logged.
     */
    static ConfigurableApplicationContext forCommand() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        // The command's own one-line error says what failed; Spring's start-up report would repeat it.
        defaults.put("logging.level.root", "OFF");
        defaults.put("logging.level.com.prospectdata", "WARN");
        // A command uses a connection or two; the pool would otherwise open all of serve's at start.
        defaults.put("spring.datasource.hikari.minimum-idle", "1");
        // Spring Boot warms Jackson, the validator and more on a thread of its own, for a server's
        // later use; a command would only share its two cores with the classes it never uses.
        String preinitialization = System.setProperty(IGNORE_BACKGROUND_PREINITIALIZER, "true");
        try {
            return new SpringApplicationBuilder(CommandConfiguration.class)
                    .web(WebApplicationType.NONE)
                    .logStartupInfo(false)
                    .properties(defaults)
                    .run();
        } finally {
            if (preinitialization == null) {
                System.clearProperty(IGNORE_BACKGROUND_PREINITIALIZER);
            } else {
                System.setProperty(IGNORE_BACKGROUND_PREINITIALIZER, preinitialization);
            }
        }
    }

    static ConfigurableApplicationContext forServer(String[] args, DemoDataReadiness demoReadiness) {
        // A start-up failure Spring can explain (a bad setting, a port in use) is said by serve's
        // one line on stderr; Spring's dozen-line report of it would bury that line.
        Map<String, Object> defaults = Map.of("logging.level.org.springframework.boot.diagnostics.LoggingFailureAnalysisReporter", "OFF");
        return new SpringApplicationBuilder(ProspectApiApplication.class)
                .web(WebApplicationType.SERVLET)
                .properties(defaults)
                // The readiness probe's "demoData" indicator, there before anything can ask for it.
                .initializers(context -> context.getBeanFactory().registerSingleton("demoData", demoReadiness))
                .registerShutdownHook(true)
                .run(args);
    }
}
