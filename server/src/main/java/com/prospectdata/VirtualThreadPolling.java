package com.prospectdata;

/**
 * Has the JDK wait for the readiness of virtual threads' sockets (the database's replies, above
 * all) on platform threads of its own, its poller mode 1 ({@code jdk.pollerMode=1}), instead of
 * its Linux default since JDK 22, mode 2, where the pollers are virtual threads themselves
 * (docs/OPERATIONS.md, "Sizing"). In mode 2 each reply wakes a platform poller, which schedules a
 * virtual poller on a carrier, which then schedules the request's own virtual thread: one more
 * hop through the carriers per statement than in mode 1, where the platform poller schedules the
 * request's thread directly. Mode 1 cost less server CPU per point lookup in every alternated
 * pair of runs (bench/notes/operations.md, "Sizing").
 * <p>
 * The property is the JDK's own ({@code sun.nio.ch.Poller}) and is read once, when the first
 * virtual thread waits on a socket: {@code main} sets it before anything runs, unless the command
 * line chose a mode ({@code -Djdk.pollerMode=2} restores the JDK's default).
 */
public final class VirtualThreadPolling {

    static final String POLLER_MODE = "jdk.pollerMode";
    static final String PLATFORM_THREAD_POLLERS = "1";

    private VirtualThreadPolling() {
    }

    public static void apply() {
        if (System.getProperty(POLLER_MODE) == null) {
            System.setProperty(POLLER_MODE, PLATFORM_THREAD_POLLERS);
        }
    }
}
