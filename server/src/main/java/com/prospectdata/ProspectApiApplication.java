package com.prospectdata;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class ProspectApiApplication {
    public static void main(String[] args) {
        // jOOQ's start-up logo and tips are noise in an operator's terminal and in server logs.
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        System.exit(com.prospectdata.cli.OperatorCommandLine.run(args));
    }
}
