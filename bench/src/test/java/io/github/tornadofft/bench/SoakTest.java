package io.github.tornadofft.bench;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of the soak that need no device: its arithmetic, its problem, its options. */
class SoakTest {

    private static final long MIB = 1 << 20;

    private static Soak.Memory heap(long mib) {
        return new Soak.Memory(mib * MIB, 100 * MIB, 4096, -1);
    }

    @Test
    void growthIsLastMinusFirstOverTheStepsPerHundredCycles() {
        Soak.Verdict v = new Soak.Verdict("2. cycles", "cycle", 100, List.of(0L, 100L, 200L, 300L),
                List.of(heap(10), heap(12), heap(11), heap(16)), new Soak.Tally());
        assertEquals(2.0 * MIB, v.growth(Soak.Memory::heap), 1e-6);
        assertEquals(0.0, v.growth(Soak.Memory::rss), 1e-6);
        assertEquals(0.0, v.growth(Soak.Memory::device), 1e-6);
        assertTrue(Double.isNaN(v.growth(Soak.Memory::gpu)), "unknown (-1) is not growth");
        assertEquals("+2.00 MiB", Soak.growthMiB(v.growth(Soak.Memory::heap)));
        assertEquals("—", Soak.growthMiB(v.growth(Soak.Memory::gpu)));
    }

    @Test
    void growthPerThousandCallsAndNoneFromOneSample() {
        Soak.Verdict calls = new Soak.Verdict("1. calls", "calls", 1000, List.of(0L, 5000L),
                List.of(heap(10), heap(20)), new Soak.Tally());
        assertEquals(2.0 * MIB, calls.growth(Soak.Memory::heap), 1e-6);
        Soak.Verdict one = new Soak.Verdict("1. calls", "calls", 1000, List.of(0L), List.of(heap(10)), new Soak.Tally());
        assertTrue(Double.isNaN(one.growth(Soak.Memory::heap)));
    }

    @Test
    void theResidentSetIsReadOnLinux() {
        if (System.getProperty("os.name").toLowerCase().contains("linux")) {
            assertTrue(Soak.rss() > MIB, "VmRSS: " + Soak.rss());
        }
    }

    @Test
    void theDescriptorIsTheForwardUnnormalisedTransformOfTheCase() {
        Case c = Case.parse("1d:4096:16");
        FftDescriptor d = Soak.descriptor(c, true);
        assertArrayEquals(new int[] {4096}, d.shape());
        assertEquals(16, d.batch());
        assertTrue(d.inPlace());
        assertEquals(Direction.FORWARD, d.direction());
        assertEquals(Norm.BACKWARD, d.norm());
        assertEquals(Soak.descriptor(c, false).inputFloats(), c.floats());
    }

    @Test
    void optionsParse() {
        Soak soak = new Soak();
        new CommandLine(soak).parseArgs("--device", "0:1", "--calls", "50", "--cycles", "7", "--threads", "16",
                "--shapes", "1d:4096:16,2d:64", "--in-place", "--seed", "9", "--phases", "cycles,threads",
                "--max-growth", "1.5");
        assertEquals("0:1", soak.deviceSpec);
        assertEquals(50, soak.calls);
        assertEquals(7, soak.cycles);
        assertEquals(16, soak.threads);
        assertTrue(soak.inPlace);
        assertEquals(9, soak.seed);
        assertEquals(List.of("cycles", "threads"), soak.phases);
        assertEquals(1.5, soak.maxGrowth);
        assertEquals(List.of(Case.parse("1d:4096:16"), Case.parse("2d:64")), Case.parseList(soak.shapes));
    }
}
