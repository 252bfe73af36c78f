package com.prospectdata.operator.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.concurrent.CountDownLatch;
import org.springframework.context.event.ContextClosedEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the API (the default command). Spring properties may follow as --name=value.")
final class ServeCommand implements Callable<Integer> {

    @Option(names = "--demo", description = "On an empty database, load demo data; then issue a demo key and print it with a curl line.")
    boolean demo;

    private static final Pattern SPRING_PROPERTY = Pattern.compile("--[A-Za-z0-9][A-Za-z0-9._\\[\\]-]*=.*");

    @Unmatched
    List<String> springArguments = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        for (String argument : springArguments) {
            if (!SPRING_PROPERTY.matcher(argument).matches()) {
                // A usage error like any other (exit status 2), though picocli leaves it to serve.
                throw new ParameterException(spec.commandLine(), (argument.startsWith("-") ? "Unknown option: '" : "Unmatched argument: '")
                        + argument + "': serve takes --demo and Spring properties as --name=value");
            }
        }
        DemoDataReadiness demoReadiness = new DemoDataReadiness(demo);
        var context = SpringContexts.forServer(springArguments.toArray(String[]::new), demoReadiness);
        if (demo) {
            // After start-up, so the block is not buried in Spring's start-up log.
            context.getBean(DemoSetup.class).prepareAndPrint(context);
            demoReadiness.loaded();
        }
        CountDownLatch closed = new CountDownLatch(1);
        context.addApplicationListener(event -> {
            if (event instanceof ContextClosedEvent) {
                closed.countDown();
            }
        });
        closed.await();
        return 0;
    }
}
