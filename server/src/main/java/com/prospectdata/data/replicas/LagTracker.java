package com.prospectdata.data.replicas;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * How far behind its primary a replica is, in time, measured with the servers' WAL positions and
 * this process's clock only (no clock of either server, which may differ). Each check reads the
 * primary's current position, then the replica's replayed position. The lag is the age of the
 * oldest primary position seen that the replica has not replayed yet: zero once it has replayed
 * everything the primary had written when last asked, however long ago the last write was.
 * Every position seen was written at or before it was seen, so the lag is never more than the
 * true lag, and it is less by under one check's interval: a write right after a check is seen
 * at the next. (Only when more positions wait than it keeps does it merge the newest ones,
 * which can only overstate.) After a failover the primary may be behind positions seen at the
 * old one; those are forgotten. Until the
 * replica has once replayed a position seen by a check (at first, and after it was unreachable),
 * how far behind it is cannot be known: the lag is then {@link #UNKNOWN}.
 */
final class LagTracker {

    private record Position(long walBytes, long seenNanos) {
    }

    /** The lag of a replica that has not caught up with any position seen yet. */
    static final Duration UNKNOWN = Duration.ofSeconds(Long.MAX_VALUE);

    private final int maxPositions;
    private final Deque<Position> unreplayed = new ArrayDeque<>();
    private boolean caughtUpOnce;

    /** Keeps at most {@code maxPositions} positions: enough to tell any lag up to the bound that matters. */
    LagTracker(int maxPositions) {
        if (maxPositions < 1) {
            throw new IllegalArgumentException("maxPositions must be positive");
        }
        this.maxPositions = maxPositions;
    }

    /**
     * The lag after one check, at {@code nowNanos}, that found the primary at {@code primaryWal}
     * and then the replica replayed up to {@code replayedWal} (both in bytes of WAL).
     */
    synchronized Duration observe(long nowNanos, long primaryWal, long replayedWal) {
        // A primary behind a position seen before is a new one, promoted from a standby that never
        // had the WAL past its own end: those positions will never be replayed anywhere.
        while (!unreplayed.isEmpty() && unreplayed.peekLast().walBytes() > primaryWal) {
            unreplayed.removeLast();
        }
        while (!unreplayed.isEmpty() && unreplayed.peekFirst().walBytes() <= replayedWal) {
            unreplayed.removeFirst();
            caughtUpOnce = true;
        }
        if (primaryWal <= replayedWal) {
            caughtUpOnce = true;
        }
        if (primaryWal > replayedWal && (unreplayed.isEmpty() || unreplayed.peekLast().walBytes() < primaryWal)) {
            if (unreplayed.size() < maxPositions) {
                unreplayed.addLast(new Position(primaryWal, nowNanos));
            } else {
                // Full: the newest position takes the time of the one before it, so the lag can
                // only be overstated.
                Position newest = unreplayed.removeLast();
                unreplayed.addLast(new Position(primaryWal, newest.seenNanos()));
            }
        }
        if (!caughtUpOnce) {
            return UNKNOWN;
        }
        Position oldest = unreplayed.peekFirst();
        return oldest == null ? Duration.ZERO : Duration.ofNanos(Math.max(0, nowNanos - oldest.seenNanos()));
    }

    /**
     * The lag a replica may have at {@code nowNanos}, {@code measured} at its last comparison with
     * the primary at {@code comparedAtNanos}: while checks compare it every {@code checkInterval}
     * that is the measured lag, and once they cannot (the primary does not answer) it grows with
     * every moment past the interval, as if the replica had replayed nothing since.
     */
    static Duration since(Duration measured, long comparedAtNanos, long nowNanos, Duration checkInterval) {
        if (measured.equals(UNKNOWN)) {
            return measured;
        }
        long unseen = nowNanos - comparedAtNanos - checkInterval.toNanos();
        return unseen > 0 ? measured.plusNanos(unseen) : measured;
    }

    /** Forgets what was seen: after the replica was unreachable its positions say nothing. */
    synchronized void reset() {
        unreplayed.clear();
        caughtUpOnce = false;
    }
}
