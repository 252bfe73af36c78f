package com.prospectdata.operator.cli;

import com.prospectdata.HeapSizing;
import com.prospectdata.VirtualThreadPolling;

/**
 * The jar's entry point: the JVM's own settings first, then the command line. It lives here, not
 * beside the application class, so that the command line depends on the application and never
 * the reverse.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // Before anything is loaded: start-up's own garbage collections decide the heap's size.
        HeapSizing.apply();
        // Before the first virtual thread waits on a socket: the JDK reads its poller mode once.
        VirtualThreadPolling.apply();
        // jOOQ's start-up logo and tips are noise in an operator's terminal and in server logs.
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        System.exit(OperatorCommandLine.run(args));
    }
}
