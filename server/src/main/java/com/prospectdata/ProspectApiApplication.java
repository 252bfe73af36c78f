package com.prospectdata;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class ProspectApiApplication {
    public static void main(String[] args) {
        System.exit(com.prospectdata.cli.OperatorCommandLine.run(args));
    }
}
