package com.prospectdata.testing;

import java.util.List;
import java.util.stream.LongStream;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Numbers in a range for QuickTheories properties, the range's edges included one time in ten:
 * both ends, and zero (or the end nearest it) with the two values on either side. A rule that
 * rounds or changes branch there is tried in every run, where uniform draws over a range of
 * billions would all but never land on them. Values shrink towards zero, or the end nearest it.
 */
public final class Ranges {

    private Ranges() {
    }

    public static Gen<Long> longs(long min, long max) {
        long target = Math.clamp(0, min, max);
        List<Long> edges = LongStream.of(target, target + 1, target - 1, target + 2, target - 2, min, max)
                .filter(value -> value >= min && value <= max).distinct().boxed().toList();
        return Generate.frequency(Pair.of(1, Generate.pick(edges)), Pair.of(9, SourceDSL.longs().between(min, max)));
    }

    public static Gen<Integer> integers(int min, int max) {
        return longs(min, max).map(Long::intValue);
    }
}
