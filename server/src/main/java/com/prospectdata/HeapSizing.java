package com.prospectdata;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Keeps G1 from shrinking the heap to a size at which it never stops marking (docs/OPERATIONS.md,
 * "Sizing"). Class loading at start-up triggers a few concurrent marking cycles, and with the
 * JVM's defaults each one's remark shrinks the heap until at most 70 % of it is free, about three
 * times what is live at that moment. At that size G1 kept starting marking cycles under load,
 * each with a pause and with marking work on a core that the requests needed, and freed nothing.
 * Never shrinking at a remark and growing to keep 70 % free stops it: the same load then ran
 * without a marking cycle, at less CPU per request (bench/notes/operations.md, "Sizing").
 * <p>
 * Both ratios are manageable flags: this sets them as the process starts, unless the operator
 * chose either on the command line ({@code -XX:MinHeapFreeRatio}, {@code -XX:MaxHeapFreeRatio}),
 * or a fixed heap ({@code -Xms} equal to {@code -Xmx}) makes them moot anyway.
 */
public final class HeapSizing {

    static final String MIN_FREE = "MinHeapFreeRatio";
    static final String MAX_FREE = "MaxHeapFreeRatio";

    private HeapSizing() {
    }

    /** Applies {@link #choices} to this JVM; a JVM that has no such flags keeps its own policy. */
    public static void apply() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            return;
        }
        try {
            // In order: the minimum may never exceed the maximum, so the maximum is raised first.
            choices(vm::getVMOption).forEach(vm::setVMOption);
        } catch (IllegalArgumentException notSettable) {
            // A JVM whose flags refuse these values keeps its own sizing; the server runs either way.
        }
    }

    /** The flags to set, in the order to set them: none unless G1 runs and both ratios are the JVM's defaults. */
    static Map<String, String> choices(Function<String, VMOption> flags) {
        Map<String, String> choices = new LinkedHashMap<>();
        if (!"true".equals(flags.apply("UseG1GC").getValue())
                || flags.apply(MIN_FREE).getOrigin() != VMOption.Origin.DEFAULT
                || flags.apply(MAX_FREE).getOrigin() != VMOption.Origin.DEFAULT) {
            return choices;
        }
        choices.put(MAX_FREE, "100");
        choices.put(MIN_FREE, "70");
        return choices;
    }
}
