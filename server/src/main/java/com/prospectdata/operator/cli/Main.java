package com.prospectdata.operator.cli;

import com.prospectdata.HeapSizing;
import com.prospectdata.VirtualThreadPolling;

/**
 * The jar's entry point: the JVM's own settings first, then the command line. It lives here, not
 * beside the application class, so that the command line depends on the application and never
 * the reverse.
 */
public final class Main {

    /** Tomcat's setting for how it logs invalid data from clients ({@code UserDataHelper}). */
    private static final String TOMCAT_CLIENT_ERRORS = "org.apache.juli.logging.UserDataHelper.CONFIG";

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
        // A client's protocol error (an HTTP/2 frame on a stream it has reset, a malformed header) is
        // the client's doing, answered by the container: Tomcat would log the first of each day at
        // INFO with a stack trace, then the rest at DEBUG. All at DEBUG, like every client error
        // (docs/OPERATIONS.md, "Logs"), unless the command line chose otherwise.
        if (System.getProperty(TOMCAT_CLIENT_ERRORS) == null) {
            System.setProperty(TOMCAT_CLIENT_ERRORS, "DEBUG_ALL");
        }
        System.exit(OperatorCommandLine.run(args));
    }
}
