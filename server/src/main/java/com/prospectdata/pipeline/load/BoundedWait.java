package com.prospectdata.pipeline.load;

import com.prospectdata.pipeline.RequestContext;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * How a request waits for what the overload steps hand out (its key's share, then a slot):
 * never past a random moment between three quarters of {@code app.load.max-wait} and all of it
 * after its arrival (see {@link #patience}), whatever it waited for before; and one that had to
 * wait at all must then be answered within {@code app.load.queued-deadline} of its arrival.
 */
final class BoundedWait {

    private BoundedWait() {
    }

    /**
     * A permit, at once if one is free, else within the request's patience; false when none came.
     * A request that waited gets its deadline in its context, unless {@code deadlineAfterWait}
     * is false: its operation streams ({@code x-streams}), reading in short statements for as
     * long as its client reads.
     */
    static boolean acquire(Semaphore permits, RequestContext context, LoadProperties settings) {
        return acquire(permits, context, settings, true);
    }

    static boolean acquire(Semaphore permits, RequestContext context, LoadProperties settings, boolean deadlineAfterWait) {
        try {
            // A timed tryAcquire keeps the semaphore's fairness, which the untimed one would not.
            if (permits.tryAcquire(0, TimeUnit.NANOSECONDS)) {
                return true;
            }
            long arrived = context.arrivedNanos();
            long left = arrived + patience(settings.maxWait()) - System.nanoTime();
            if (deadlineAfterWait && context.deadline().isEmpty()) {
                // Its wait is spent out of the deadline: a request that queued behind others must not
                // then run long enough to be useless to the client that is still waiting for it.
                context.setDeadline(arrived + settings.queuedDeadline().toNanos());
            }
            return left > 0 && permits.tryAcquire(left, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Between three quarters of {@code maxWait} and all of it, at random. Requests that arrive
     * together and all wait the same time are refused together, and a client that reconnects at
     * once (a 503 ends the connection in Tomcat) brings them back together: a burst of TLS
     * handshakes every {@code maxWait} that stalls everything else on the machine, point lookups
     * included (bench/notes/operations.md, "The random wait"); a random wait spreads them out
     * within a few rounds. Not less than three quarters: each refusal costs a reconnection, so
     * shorter waits mean more of them.
     */
    static long patience(Duration maxWait) {
        long most = maxWait.toNanos();
        long least = most - most / 4;
        return least + ThreadLocalRandom.current().nextLong(most - least + 1);
    }
}
