package com.prospectdata;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Every setting is a validated {@code @ConfigurationProperties} record of its feature, bound in every command. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ProspectApiApplication {
    public static void main(String[] args) {
        // Before anything is loaded: start-up's own garbage collections decide the heap's size.
        HeapSizing.apply();
        // Before the first virtual thread waits on a socket: the JDK reads its poller mode once.
        VirtualThreadPolling.apply();
        // jOOQ's start-up logo and tips are noise in an operator's terminal and in server logs.
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        System.exit(com.prospectdata.cli.OperatorCommandLine.run(args));
    }
}
