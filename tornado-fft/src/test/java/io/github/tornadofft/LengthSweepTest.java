package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Arrays;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every 1D length from 1 to {@value #LAST} on the device against the reference: powers of two,
 * mixed radix and Bluestein alike, each planned, compiled and run as a user would. TornadoVM compiles
 * the kernels of every length anew (its scalar arguments are constants), several seconds a length on
 * a 2-core CPU through PoCL (Bluestein's lengths the most), so one run takes the lengths of one or more
 * residues mod {@value #CLASSES}: {@value #PROPERTY} = {@code all}, a list such as {@code 0,5}, or (the
 * default) the one residue the run's seed picks, printed with the seed: 9 or 10 lengths, about a minute
 * there; 128 seeds cover every length. The GPU bundle runs them all
 * ({@code -Dtornado.fft.sweep=all}).
 */
@Tag("device")
@ExtendWith(Seed.class)
class LengthSweepTest {

    static final String PROPERTY = "tornado.fft.sweep";
    static final int LAST = 1200;
    static final int CLASSES = 128;

    /** The residues mod {@link #CLASSES} that {@code value} of {@link #PROPERTY} names; {@code seed} picks one when it is empty. */
    static int[] residues(String value, long seed) {
        String v = value.strip();
        if (v.isEmpty()) {
            return new int[] {(int) Math.floorMod(seed, (long) CLASSES)};
        }
        if (v.equals("all")) {
            return IntStream.range(0, CLASSES).toArray();
        }
        int[] list;
        try {
            list = Arrays.stream(v.split(",")).map(String::strip).mapToInt(Integer::parseInt).distinct().sorted().toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + ": all, or residues mod " + CLASSES + " such as 0,5, got '" + value + "'", e);
        }
        if (list.length == 0 || list[0] < 0 || list[list.length - 1] >= CLASSES) {
            throw new IllegalArgumentException(PROPERTY + ": residues from 0 to " + (CLASSES - 1) + ", got '" + value + "'");
        }
        return list;
    }

    /** The bound of one float transform of n points: its path's (Bluestein's where n has a prime factor above 13). */
    static double bound(int n) {
        return MixedRadix.smooth(n) ? Signals.tolerance(n, Precision.FLOAT) : BluesteinPlanTest.bound(n);
    }

    @Test
    void theSweepTakesAllOrAListOfResiduesOrTheSeedsOne() {
        assertEquals(128, residues("all", 3).length);
        assertTrue(Arrays.equals(new int[] {0, 5}, residues(" 5,0 ", 3)));
        assertTrue(Arrays.equals(new int[] {27}, residues("", 27)));
        assertTrue(Arrays.equals(new int[] {125}, residues("", -3)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> residues("128", 0));
        assertTrue(e.getMessage().startsWith(PROPERTY + ": residues from 0 to 127"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> residues("odd", 0));
        assertTrue(e.getMessage().startsWith(PROPERTY + ": all, or residues mod 128"), e.getMessage());
    }

    @Test
    void everyLengthOfTheRunsResiduesMatchesTheReference() {
        int[] residues = residues(System.getProperty(PROPERTY, ""), Seed.RUN);
        int[] lengths = IntStream.rangeClosed(1, LAST).filter(n -> Arrays.binarySearch(residues, n % CLASSES) >= 0).toArray();
        double worst = 0;
        int worstN = 0;
        for (int n : lengths) {
            // Batch 2 (one transform at n = 1), the direction taking turns from one length of the run to the next.
            Direction direction = (n / CLASSES) % 2 == 0 ? Direction.FORWARD : Direction.INVERSE;
            int batch = n == 1 ? 1 : 2;
            FftDescriptor d = FftDescriptor.c2c(n).batch(batch).build();
            double[] input = Signals.random(Precision.FLOAT, d.inputFloats());
            double[] out;
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                out = Signals.execute(plan, direction, input);
            }
            double[] expected = MixedRadixPlanTest.reference(input, n, batch, direction, Norm.BACKWARD);
            double error = Signals.relativeError(out, expected);
            int length = n;
            assertTrue(error < bound(n), () -> String.format("n=%d %s: relative L2 error %.3g >= %.3g, %s", length,
                    direction, error, bound(length), Seed.tag()));
            if (error / bound(n) > worst) {
                worst = error / bound(n);
                worstN = n;
            }
        }
        System.out.printf("[sweep] %d lengths from 1 to %d (residues %s mod %d; -D%s=all for every one): worst error"
                + " %.2f of its bound (n=%d)%n", lengths.length, LAST, Arrays.toString(residues), CLASSES, PROPERTY,
                worst, worstN);
    }
}
