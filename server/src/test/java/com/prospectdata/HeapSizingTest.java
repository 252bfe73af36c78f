package com.prospectdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import com.sun.management.VMOption.Origin;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class HeapSizingTest {

    @Test
    void withG1AndTheDefaultRatiosTheHeapNeverShrinksAndKeeps70PercentFree() {
        assertThat(HeapSizing.choices(flags("true", Origin.DEFAULT, Origin.DEFAULT)))
                .containsExactly(Map.entry("MaxHeapFreeRatio", "100"), Map.entry("MinHeapFreeRatio", "70"));
    }

    @Test
    void aRatioTheOperatorChoseKeepsBothAsTheJvmHasThem() {
        assertThat(HeapSizing.choices(flags("true", Origin.VM_CREATION, Origin.DEFAULT))).isEmpty();
        assertThat(HeapSizing.choices(flags("true", Origin.DEFAULT, Origin.ENVIRON_VAR))).isEmpty();
    }

    @Test
    void anotherCollectorKeepsItsOwnSizing() {
        assertThat(HeapSizing.choices(flags("false", Origin.DEFAULT, Origin.DEFAULT))).isEmpty();
    }

    @Test
    void theChoicesAreAcceptedByThisJvm() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        Map<String, String> choices = HeapSizing.choices(vm::getVMOption);
        // A machine of one core or under 2 GB runs the serial collector: nothing to set there.
        assumeThat(choices).isNotEmpty();

        HeapSizing.apply();

        choices.forEach((flag, value) -> assertThat(vm.getVMOption(flag).getValue()).as(flag).isEqualTo(value));
    }

    private static Function<String, VMOption> flags(String g1, Origin minFree, Origin maxFree) {
        return name -> switch (name) {
            case "UseG1GC" -> new VMOption(name, g1, false, Origin.ERGONOMIC);
            case "MinHeapFreeRatio" -> new VMOption(name, "40", true, minFree);
            case "MaxHeapFreeRatio" -> new VMOption(name, "70", true, maxFree);
            default -> throw new IllegalArgumentException(name);
        };
    }
}
