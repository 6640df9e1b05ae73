package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.MixedRadixPass;
import io.github.tornadofft.kernels.MixedRadixPassDouble;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mixed-radix plan's choices on the host: which lengths take it, their radices and twiddle tables. */
class MixedRadixTest {

    @Test
    void takesTheOneDimensionalComplexLengthsWithNoPrimeFactorAboveThirteenThatAreNotPowersOfTwo() {
        for (int n : new int[] {3, 5, 6, 7, 12, 1000, 1536, 390625, 1000000, 3 << 18, 11, 13, 22, 1001, 1331, 11 << 18}) {
            FftDescriptor d = FftDescriptor.c2c(n).build();
            assertTrue(MixedRadix.applies(d), "n=" + n);
            assertFalse(Bluestein.applies(d), "n=" + n + " is not Bluestein's");
        }
        for (int n : new int[] {1, 2, 1024, 17, 34, 4099, 1000003}) {
            assertFalse(MixedRadix.applies(FftDescriptor.c2c(n).build()), "n=" + n);
        }
        for (int n : new int[] {17, 34, 19 * 11, 4099}) {
            assertTrue(Bluestein.applies(FftDescriptor.c2c(n).build()), "n=" + n + " keeps Bluestein's");
        }
    }

    @Test
    void thirteensAndElevensFirstThenTheTwosInAsFewPassesAsTheyNeedLargestFirstThenSevensFivesAndThrees() {
        assertArrayEquals(new int[] {3}, MixedRadix.radices(3));
        assertArrayEquals(new int[] {2, 3}, MixedRadix.radices(6));
        assertArrayEquals(new int[] {8, 5, 5, 5}, MixedRadix.radices(1000));
        assertArrayEquals(new int[] {16, 16, 8, 3}, MixedRadix.radices(6144));
        assertArrayEquals(new int[] {8, 8, 5, 5, 5, 5, 5, 5}, MixedRadix.radices(1000000));
        assertArrayEquals(new int[] {16, 16, 16, 8, 8, 3}, MixedRadix.radices(3 << 18));
        assertArrayEquals(new int[] {8, 4, 7, 5, 3}, MixedRadix.radices(32 * 105));
        assertArrayEquals(new int[] {13, 11, 7}, MixedRadix.radices(1001));
        assertArrayEquals(new int[] {11, 4, 5, 5}, MixedRadix.radices(1100));
        assertArrayEquals(new int[] {11, 16, 16}, MixedRadix.radices(2816));
        assertArrayEquals(new int[] {13, 13, 13}, MixedRadix.radices(2197));
        for (int n = 2; n <= 5000; n++) {
            if (MixedRadix.smooth(n)) {
                int[] radices = MixedRadix.radices(n);
                assertEquals(n, Arrays.stream(radices).reduce(1, (a, b) -> a * b), "product for n=" + n);
                for (int r : radices) {
                    assertTrue(IntStream.of(MixedRadixPass.RADICES).anyMatch(k -> k == r), "radix " + r + " of n=" + n);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> MixedRadix.radices(34));
        assertThrows(IllegalArgumentException.class, () -> MixedRadix.radices(1));
    }

    @Test
    void aTablesEntriesAreTheRootsOfItsPassWithinDoubleRounding() {
        int radix = 5;
        int span = 40;
        double[] table = MixedRadix.twiddles(radix, span);
        assertEquals(2 * (radix - 1) * span, table.length);
        for (int m = 1; m < radix; m++) {
            for (int k = 0; k < span; k++) {
                double angle = -2 * Math.PI * m * k / (span * radix);
                int at = 2 * ((m - 1) * span + k);
                assertEquals(Math.cos(angle), table[at], 1e-15, "re m=" + m + " k=" + k);
                assertEquals(Math.sin(angle), table[at + 1], 1e-15, "im m=" + m + " k=" + k);
            }
        }
    }

    /**
     * The kernels' index maps and tables, run on the host in double (a pass as MixedRadixPass computes it,
     * the butterfly as a plain DFT), give the DFT: the Stockham chain of the chosen radices is right
     * before any kernel runs.
     */
    @Test
    void theChainOfPassesComputesTheDftOnTheHost() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n : new int[] {6, 12, 15, 60, 1000, 2 * 3 * 5 * 7 * 16}) {
            double[] x = random.doubles(2L * n, -1, 1).toArray();
            double[] src = x.clone();
            int span = 1;
            for (int radix : MixedRadix.radices(n)) {
                double[] tw = MixedRadix.twiddles(radix, span);
                double[] dst = new double[2 * n];
                int lines = n / radix;
                for (int i = 0; i < lines; i++) {
                    int k = i % span;
                    double[] v = new double[2 * radix];
                    for (int m = 0; m < radix; m++) {
                        double re = src[2 * (i + m * lines)];
                        double im = src[2 * (i + m * lines) + 1];
                        if (span > 1 && m > 0) {
                            double wr = tw[2 * ((m - 1) * span + k)];
                            double wi = tw[2 * ((m - 1) * span + k) + 1];
                            double s = re * wr - im * wi;
                            im = re * wi + im * wr;
                            re = s;
                        }
                        v[2 * m] = re;
                        v[2 * m + 1] = im;
                    }
                    for (int m = 0; m < radix; m++) {
                        double re = 0;
                        double im = 0;
                        for (int j = 0; j < radix; j++) {
                            double a = -2 * Math.PI * ((long) j * m % radix) / radix;
                            re += v[2 * j] * Math.cos(a) - v[2 * j + 1] * Math.sin(a);
                            im += v[2 * j] * Math.sin(a) + v[2 * j + 1] * Math.cos(a);
                        }
                        dst[2 * ((i - k) * radix + k + m * span)] = re;
                        dst[2 * ((i - k) * radix + k + m * span) + 1] = im;
                    }
                }
                src = dst;
                span *= radix;
            }
            double[] expected = x.clone();
            ReferenceFft.c2c1d(expected, 0, n, 1, 1, n, Direction.FORWARD, Norm.BACKWARD);
            assertTrue(Signals.relativeError(src, expected) < 1e-13, "n=" + n + ": " + Signals.relativeError(src, expected));
        }
    }

    @Test
    void fusesWhatFortyEightKilobytesHoldInTwoBuffersOrInOne() {
        long local = 48 << 10;
        assertTrue(MixedRadix.fuses(3072, Precision.FLOAT, local));
        assertTrue(MixedRadix.fuses(6144, Precision.FLOAT, local), "one buffer, in place");
        assertTrue(MixedRadix.fuses(3125, Precision.FLOAT, local));
        assertTrue(MixedRadix.fuses(3072, Precision.DOUBLE, local));
        assertFalse(MixedRadix.fuses(6144, Precision.DOUBLE, local));
        assertFalse(MixedRadix.fuses(6250, Precision.FLOAT, local), "past 6144");
        assertFalse(MixedRadix.fuses(4374, Precision.FLOAT, local), "2 x 3^7: eight passes");
        assertFalse(MixedRadix.fuses(1000, Precision.FLOAT, 32 << 10), "a device with 32 KB of local memory");
        assertEquals(local, MixedRadix.FUSED_LOCAL_BYTES);
        assertEquals(2 * MixedRadixPassDouble.FUSED_MAX, MixedRadixPass.FUSED_MAX);
        // Side by side: two buffers where they fit, one beyond.
        int[] r3072 = MixedRadix.fusedRadices(3072);
        assertEquals(2, MixedRadix.buffers("auto", 3072, r3072, Precision.FLOAT, false));
        assertEquals(1, MixedRadix.buffers("auto", 3125, MixedRadix.fusedRadices(3125), Precision.FLOAT, false));
        assertEquals(1, MixedRadix.buffers("auto", 6144, MixedRadix.fusedRadices(6144), Precision.FLOAT, false));
        assertEquals(2, MixedRadix.buffers("auto", 1536, MixedRadix.fusedRadices(1536), Precision.DOUBLE, false));
        assertEquals(1, MixedRadix.buffers("auto", 3072, r3072, Precision.DOUBLE, false));
        // In two planes: one in fused and fusedComposite, two where fusedLarge's chain fits them.
        assertEquals(1, MixedRadix.buffers("auto", 3072, r3072, Precision.FLOAT, true), "16 x 16 x 12");
        assertEquals(1, MixedRadix.buffers("auto", 1000, MixedRadix.fusedRadices(1000), Precision.FLOAT, true));
        int[] r2000 = MixedRadix.fusedRadices(2000);
        assertEquals(MixedRadix.FusedKernel.LARGE, MixedRadix.FusedKernel.of(r2000), Arrays.toString(r2000));
        assertEquals(2, MixedRadix.buffers("auto", 2000, r2000, Precision.FLOAT, true));
        assertEquals(1, MixedRadix.buffers("auto", 6144, MixedRadix.fusedRadices(6144), Precision.FLOAT, true), "only one fits");
        // Asked for.
        assertEquals(1, MixedRadix.buffers("1", 768, MixedRadix.fusedRadices(768), Precision.FLOAT, false));
        assertEquals(2, MixedRadix.buffers("2", 6144, MixedRadix.fusedRadices(6144), Precision.FLOAT, true));
        assertEquals(2, MixedRadix.buffers("2", 768, MixedRadix.fusedRadices(768), Precision.FLOAT, true));
        assertEquals("auto", MixedRadix.buffersMode("auto"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MixedRadix.buffersMode("3"));
        assertTrue(e.getMessage().startsWith(MixedRadix.BUFFERS_PROPERTY + ": auto, 1 or 2"), e.getMessage());
    }

    @Test
    void theFusedKernelsTableAndRadixWordHoldEveryPassInTurn() {
        int[] radices = MixedRadix.radices(1000);
        double[] table = MixedRadix.fusedTwiddles(radices);
        assertEquals(2 * (1000 - 1), table.length, "n - 1 entries");
        int at = 0;
        int span = 1;
        for (int radix : radices) {
            double[] pass = MixedRadix.twiddles(radix, span);
            assertArrayEquals(pass, Arrays.copyOfRange(table, at, at + pass.length), "radix " + radix + " span " + span);
            at += pass.length;
            span *= radix;
        }
        int word = MixedRadix.radixWord(radices);
        for (int p = 0; p < radices.length; p++) {
            assertEquals(radices[p], ((word >>> (4 * p)) & 15) + 1, "pass " + p);
        }
        assertEquals(16, ((MixedRadix.radixWord(new int[] {3, 16}) >>> 4) & 15) + 1, "radix 16 in four bits");
        // 20 and 24 take the codes of 9 and 14, which no kernel takes; every radix a kernel takes has its own.
        assertEquals(8 | 13 << 4 | 15 << 8, MixedRadix.radixWord(new int[] {20, 24, 16}));
        Set<Integer> codes = new HashSet<>();
        Set<Integer> taken = new HashSet<>();
        for (int[][] slots : List.of(MixedRadixPass.FUSED_SLOTS, MixedRadixPass.FUSED_COMPOSITE_SLOTS,
                MixedRadixPass.FUSED_LARGE_SLOTS, MixedRadixPass.FUSED_PRIME_SLOTS)) {
            Arrays.stream(slots).flatMapToInt(Arrays::stream).forEach(taken::add);
        }
        for (int radix : taken) {
            int code = MixedRadixPass.radixCode(radix);
            assertTrue(code > 0 && code < 16 && codes.add(code), "radix " + radix + ": code " + code);
        }
    }

    @Test
    void largeRadicesMakeFewerPassesInFusedLargesSlots() {
        assertArrayEquals(new int[] {20, 15, 10}, MixedRadix.fusedRadices(3000));
        assertArrayEquals(new int[] {20, 20, 10}, MixedRadix.fusedRadices(4000));
        assertArrayEquals(new int[] {24, 16, 16}, MixedRadix.fusedRadices(6144));
        assertArrayEquals(new int[] {24, 16}, MixedRadix.largeRadices(384));
        assertArrayEquals(MixedRadix.radices(384), MixedRadix.fusedRadices(384), "two passes of fusedLarge: not taken");
        assertArrayEquals(new int[] {24, 15, 3}, MixedRadix.fusedRadices(1080));
        assertArrayEquals(new int[] {10, 10, 10}, MixedRadix.fusedRadices(1000), "three passes either way: fusedComposite");
        assertArrayEquals(new int[] {16, 16, 12}, MixedRadix.fusedRadices(3072));
        assertNull(MixedRadix.largeRadices(1000 * 7), "no chain of fusedLarge's slots");
        for (int[] slot : MixedRadixPass.FUSED_LARGE_SLOTS) {
            for (int r = 1; r < slot.length; r++) {
                assertTrue(slot[r] < slot[r - 1], "largeChain takes each slot's radices in order, largest first: " + Arrays.toString(slot));
            }
        }
        int taken = 0;
        for (int n = 2; n <= MixedRadixPass.FUSED_MAX; n++) {
            if (!sevenSmooth(n)) {
                continue;
            }
            int[] chain = MixedRadix.fusedRadices(n);
            String what = "n=" + n + ": " + Arrays.toString(chain);
            assertEquals(n, Arrays.stream(chain).reduce(1, (a, b) -> a * b), what);
            if (n == 4374) {
                assertThrows(IllegalArgumentException.class, () -> MixedRadix.FusedKernel.of(chain), "eight passes: no kernel");
                continue;
            }
            MixedRadix.FusedKernel kernel = MixedRadix.FusedKernel.of(chain);
            assertTrue(kernel.takes(chain), what);
            int[] composite = MixedRadix.compositeRadices(n);
            int shortest = Math.min(MixedRadix.radices(n).length, composite == null ? Integer.MAX_VALUE : composite.length);
            if (kernel == MixedRadix.FusedKernel.LARGE) {
                taken++;
                assertTrue(chain.length == 3 && shortest > 3, what + ": three passes instead of four or more");
                assertTrue(chain[0] == 20 || chain[0] == 24, what);
            } else {
                assertEquals(shortest, chain.length, what);
            }
        }
        assertTrue(taken >= 20, "lengths fusedLarge takes in three passes instead of four: " + taken);
    }

    @Test
    void compositeRadicesMakeFewerPassesInTheSlotsTheirKernelHas() {
        assertArrayEquals(new int[] {10, 10, 10}, MixedRadix.compositeRadices(1000));
        assertArrayEquals(new int[] {16, 16, 6}, MixedRadix.compositeRadices(1536));
        assertArrayEquals(new int[] {16, 16, 12}, MixedRadix.compositeRadices(3072));
        assertArrayEquals(new int[] {10, 10, 6, 5}, MixedRadix.compositeRadices(3000));
        assertArrayEquals(new int[] {8, 10, 10, 5}, MixedRadix.compositeRadices(4000));
        assertArrayEquals(new int[] {10, 6}, MixedRadix.compositeRadices(60));
        assertNull(MixedRadix.compositeRadices(768), "16 x 16 x 3: three passes either way");
        assertNull(MixedRadix.compositeRadices(6144), "16 x 16 x 8 x 3: four passes either way");
        assertNull(MixedRadix.compositeRadices(4096), "no odd factor");
        assertNull(MixedRadix.compositeRadices(3125), "no factor 2");
        assertArrayEquals(MixedRadix.radices(768), MixedRadix.fusedRadices(768));
        assertArrayEquals(new int[] {10, 10, 10}, MixedRadix.fusedRadices(1000));
        int taken = 0;
        for (int n = 2; n <= MixedRadixPass.FUSED_MAX; n++) {
            int[] chain = MixedRadix.smooth(n) ? MixedRadix.compositeRadices(n) : null;
            if (chain == null) {
                continue;
            }
            taken++;
            String what = "n=" + n + ": " + Arrays.toString(chain);
            assertEquals(n, Arrays.stream(chain).reduce(1, (a, b) -> a * b), what);
            assertTrue(chain.length < MixedRadix.radices(n).length, what + ": fewer passes");
            assertEquals(MixedRadix.FusedKernel.COMPOSITE, MixedRadix.FusedKernel.of(chain), what);
            assertTrue(chain.length <= MixedRadixPass.FUSED_PASSES, what);
            for (int p = 0; p < chain.length; p++) {
                int r = chain[p];
                boolean power = r == 8 || r == 16;
                boolean composite = r == 6 || r == 10 || r == 12;
                boolean odd = r == 3 || r == 5 || r == 7;
                // fusedComposite's slots: 8, 16 or a composite in passes 0 and 1, a composite in pass 2, odd after.
                boolean allowed = p < MixedRadixPass.FUSED_EARLY_PASSES - 1 ? power || composite
                        : p < MixedRadixPass.FUSED_EARLY_PASSES ? composite : odd;
                assertTrue(allowed, what + ": radix " + r + " in pass " + p);
            }
        }
        assertTrue(taken > 50, "lengths with a composite chain up to FUSED_MAX: " + taken);
        assertEquals("true", MixedRadix.compositeMode("true"));
        assertEquals("small", MixedRadix.compositeMode("small"));
        assertEquals("false", MixedRadix.compositeMode("false"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MixedRadix.compositeMode("yes"));
        assertTrue(e.getMessage().contains("tornado.fft.mixedRadix.composite") && e.getMessage().contains("yes"), e.getMessage());
    }

    @Test
    void onlyPlansOfTheMeasuredChainsInFloatTakeARegisterCapOnPtx() {
        long local = 48 << 10;
        int none = Integer.MAX_VALUE;
        int shortComposite = MixedRadix.SHORT_COMPOSITE_REGISTERS;
        int large = MixedRadix.LARGE_REGISTERS;
        assertEquals(shortComposite, new MixedRadix(FftDescriptor.c2c(1000).batch(4).build(), local, true, true).ptxRegisters(), "10 x 10 x 10");
        assertEquals(shortComposite, new MixedRadix(FftDescriptor.c2c(100, 100, 100).build(), local, true, true).ptxRegisters(), "10 x 10 per axis");
        assertEquals(shortComposite, new MixedRadix(FftDescriptor.c2c(3072).build(), local, true, true).ptxRegisters(), "16 x 16 x 12");
        assertEquals(large, new MixedRadix(FftDescriptor.c2c(3000).build(), local, true, true).ptxRegisters(), "20 x 15 x 10");
        assertEquals(large, new MixedRadix(FftDescriptor.c2c(6144).batch(2).build(), local, true, true).ptxRegisters(), "24 x 16 x 16");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(384).build(), local, true, true).ptxRegisters(), "16 x 8 x 3");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(1080, 1920).build(), local, true, true).ptxRegisters(),
                "24 x 15 x 3 beside 16 x 12 x 10: two kernels");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(768).build(), local, true, true).ptxRegisters(), "no composite radix");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(1000).precision(Precision.DOUBLE).build(), local, true, true).ptxRegisters(),
                "double");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(3000).precision(Precision.DOUBLE).build(), local, true, true).ptxRegisters(),
                "double");
        assertEquals(none, new MixedRadix(FftDescriptor.c2c(1000000).build(), local, true, true).ptxRegisters(), "two fused steps");
    }

    @Test
    void fusedPrimeTakesTheChainsOfUpToSixPassesWithTheirThirteensElevensAndTwosEarly() {
        // Every 13-smooth length up to FUSED_MAX with a factor 11 or 13 fuses in fusedPrime where its chain has at
        // most six passes, its 13s in the first two, its 11s and its powers of two in the first three; the others
        // (13^3 = 2197, 2 x 11 x 3^5 = 5346, 13 x 11 x 2^5 = 4576 = 13 x 11 x 4 x 8) run in fused steps or pass
        // by pass. fused, fusedComposite and fusedLarge take none of them.
        int taken = 0;
        int refused = 0;
        for (int n = 2; n <= MixedRadixPass.FUSED_MAX; n++) {
            if (!MixedRadix.smooth(n) || sevenSmooth(n)) {
                continue;
            }
            int[] chain = MixedRadix.fusedRadices(n);
            String what = "n=" + n + ": " + Arrays.toString(chain);
            assertArrayEquals(MixedRadix.radices(n), chain, what + ": no composite or large chain");
            boolean expected = chain.length <= 6;
            for (int p = 0; p < chain.length; p++) {
                int r = chain[p];
                expected &= p < (r == 13 ? 2 : r == 11 || Integer.bitCount(r) == 1 ? 3 : 6);
            }
            assertEquals(expected, MixedRadix.FusedKernel.PRIME.takes(chain), what);
            assertEquals(expected, MixedRadix.fuses(n, Precision.FLOAT, 48 << 10), what);
            for (MixedRadix.FusedKernel other : List.of(MixedRadix.FusedKernel.PLAIN, MixedRadix.FusedKernel.COMPOSITE,
                    MixedRadix.FusedKernel.LARGE)) {
                assertFalse(other.takes(chain), what + ": " + other);
            }
            if (expected) {
                assertEquals(MixedRadix.FusedKernel.PRIME, MixedRadix.FusedKernel.of(chain), what);
                taken++;
            } else {
                refused++;
            }
        }
        assertEquals(292, taken, "13-smooth lengths with an 11 or 13 that fuse, up to FUSED_MAX");
        assertEquals(11, refused, "and that do not");
        assertTrue(MixedRadix.fuses(1331, Precision.FLOAT, 48 << 10), "three passes of 11");
        assertFalse(MixedRadix.fuses(2197, Precision.FLOAT, 48 << 10), "three passes of 13");
        assertTrue(MixedRadix.fuses(1001, Precision.DOUBLE, 48 << 10), "13 x 11 x 7 in double");
        assertFalse(MixedRadix.fuses(11 * 512, Precision.DOUBLE, 48 << 10), "beyond double's longest");
    }

    /** Whether {@code n} has no prime factor above 7: the lengths the kernels before radix 11 and 13 took. */
    private static boolean sevenSmooth(int n) {
        return MixedRadix.smooth(n) && n % 11 != 0 && n % 13 != 0;
    }

    @Test
    void theFusedKernelTakesEveryChainPlannedUpToItsLongestAndRefusesOthers() {
        // Every one but 4374 = 2 x 3^7, whose eight passes are one more than the kernel has.
        int taken = 0;
        for (int n = 2; n <= MixedRadixPass.FUSED_MAX; n++) {
            if (sevenSmooth(n) && n != 4374) {
                assertTrue(MixedRadix.FusedKernel.PLAIN.takes(MixedRadix.radices(n)), "n=" + n + ": " + Arrays.toString(MixedRadix.radices(n)));
                taken++;
            }
        }
        assertTrue(taken > 100, "7-smooth lengths up to FUSED_MAX: " + taken);
        assertEquals(8, MixedRadix.radices(4374).length);
        assertTrue(MixedRadix.FusedKernel.PLAIN.takes(new int[] {3, 3, 3, 3, 3, 3, 3}), "3^7 = 2187: seven passes");
        assertFalse(MixedRadix.FusedKernel.PLAIN.takes(new int[] {2, 3, 3, 3, 3, 3, 3, 3}), "eight passes");
        assertFalse(MixedRadix.FusedKernel.PLAIN.takes(new int[] {3, 5, 7, 16}), "radix 16 in pass 3: written for odd radices only");
        assertTrue(MixedRadix.FusedKernel.PLAIN.takes(new int[] {3, 5, 16, 7}), "radix 16 in pass 2");
    }

    @Test
    void aLengthPastTheFusedKernelSplitsIntoTheMostEvenPairItFuses() {
        long local = MixedRadix.FUSED_LOCAL_BYTES;
        assertArrayEquals(new int[] {64, 96}, MixedRadix.split(6144, Precision.FLOAT, local));
        assertArrayEquals(new int[] {1000, 1000}, MixedRadix.split(1000000, Precision.FLOAT, local));
        assertArrayEquals(new int[] {768, 1024}, MixedRadix.split(3 << 18, Precision.FLOAT, local));
        assertNull(MixedRadix.split(3 << 20, Precision.FLOAT, local), "3 x 2^20: no pair of at most 1536 (two per group)");
        assertArrayEquals(new int[] {625, 625}, MixedRadix.split(390625, Precision.FLOAT, local));
        assertArrayEquals(new int[] {600, 625}, MixedRadix.split(375000, Precision.DOUBLE, local));
        assertNull(MixedRadix.split(1500000, Precision.DOUBLE, local), "1.5 x 10^6 in double: no pair of at most 768");
        assertNull(MixedRadix.split(10000000, Precision.FLOAT, local), "10^7: a factor above 3072 either way");
        assertNull(MixedRadix.split(6144, Precision.FLOAT, 16 * 1024), "a device with 16 KB of local memory");
    }

    @Test
    void aLengthWithNoPairSplitsIntoTheMostEvenTripleItFuses() {
        long local = MixedRadix.FUSED_LOCAL_BYTES;
        assertArrayEquals(new int[] {192, 128, 128}, MixedRadix.split3(3 << 20, Precision.FLOAT, local));
        assertArrayEquals(new int[] {250, 200, 200}, MixedRadix.split3(10000000, Precision.FLOAT, local));
        assertArrayEquals(new int[] {128, 96, 64}, MixedRadix.split3(3 << 18, Precision.DOUBLE, local));
        assertArrayEquals(new int[] {125, 120, 100}, MixedRadix.split3(1500000, Precision.DOUBLE, local));
        assertNull(MixedRadix.split3(3 << 20, Precision.FLOAT, 16 * 1024), "a device with 16 KB of local memory");
        assertArrayEquals(new int[] {343, 343, 343}, MixedRadix.split3(40353607, Precision.FLOAT, local), "7^9");
        assertNull(MixedRadix.split3(1977326743, Precision.FLOAT, local), "7^11: a factor of 7^4 = 2401 in every triple");
        assertArrayEquals(new int[] {1000, 1000}, MixedRadix.steps(1000000, Precision.FLOAT, local), "a pair first");
        assertArrayEquals(new int[] {192, 128, 128}, MixedRadix.steps(3 << 20, Precision.FLOAT, local), "else a triple");
        assertNull(MixedRadix.steps(1977326743, Precision.FLOAT, local), "else pass by pass");
    }

    @Test
    void aLengthWithNoPairRunsAsThreeFusedSteps() {
        // 3 x 2^20: every pair has a factor above 1536 (MixedRadix.split), so three steps of 192 x 128 x 128.
        MixedRadix plan = new MixedRadix(FftDescriptor.c2c(3 << 20).batch(6).build(), MixedRadix.FUSED_LOCAL_BYTES, true, true);
        String text = plan.describe();
        assertTrue(text.startsWith("mixed radix 3145728 = 192 x 128 x 128 in three fused steps, columns (192 = 8 x 8 x 3:"),
                text);
        assertEquals(3, plan.kernels(), text);
        assertEquals(3, plan.passes(), text);
        assertTrue(text.contains("  kernel 0: step 1 of 3, 16384 transforms of 192 along the columns of 192 x 16384"), text);
        assertTrue(text.contains("  kernel 1: step 2 of 3, 24576 transforms of 128 along the columns of each of the 192 blocks"
                + " of 128 x 128, element j2 of block k3 times W_24576^{j2 k3}"), text);
        assertTrue(text.contains("  kernel 2: step 3 of 3, 24576 transforms of 128 along the rows, row k2 + 128 k3 as"
                + " transform k3 + 192 k2, element j1 times W_3145728^{j1 (k3 + 192 k2)}"), text);
        assertEquals(3, plan.tables().size(), "the first step's passes, then each later step's passes and twiddles");
        // Every step's groups as wide as 48 KB holds, one buffer a transform: 32 of 192 points, 48 of 128.
        String[] lines = text.split("\n");
        assertTrue(lines[1].contains("32 transforms of 8 work-items per group") && lines[1].contains("one buffer a transform"), lines[1]);
        assertTrue(lines[2].contains("48 transforms of 5 work-items per group"), lines[2]);
        assertTrue(lines[3].contains("48 transforms of 5 work-items per group"), lines[3]);
    }

    @Test
    void theStepsTwiddlesGoIntoTheFirstPassUnlessTheLoadIsAsked() {
        int twiddled = MixedRadixPass.TWIDDLE | MixedRadixPass.TRANSPOSE;
        assertEquals(twiddled | MixedRadixPass.TWIDDLE_IN_PASS, MixedRadix.stepTwiddles("pass", 128, twiddled), "128 = 16 x 8");
        assertEquals(twiddled | MixedRadixPass.TWIDDLE_IN_PASS, MixedRadix.stepTwiddles("pass", 1000, twiddled), "1000 = 8 x 5 x 5 x 5");
        assertEquals(twiddled, MixedRadix.stepTwiddles("pass", 125, twiddled), "125 = 5 x 5 x 5: radix 5 first");
        assertEquals(twiddled, MixedRadix.stepTwiddles("pass", 16, twiddled), "16: one pass");
        assertEquals(twiddled, MixedRadix.stepTwiddles("load", 128, twiddled));
        assertEquals(MixedRadixPass.COLUMNS, MixedRadix.stepTwiddles("pass", 128, MixedRadixPass.COLUMNS), "no twiddles, no bit");
        assertEquals(0, MixedRadixPass.TWIDDLE_IN_PASS & (MixedRadixPass.PER_MASK << MixedRadixPass.PER_SHIFT), "a bit of its own");
    }

    /**
     * The three steps' arithmetic as the kernels do it (MixedRadixPass's PERIOD_SHIFT: the middle step's
     * factor {@code W_{n P}^{e (o mod P)}}, the last step's rows {@code c / P + (inner / P) (c mod P)}), in
     * double on the host with direct DFTs for each step, for every triple of a small length and a batch
     * of two: the reference's transform to within double rounding.
     */
    @Test
    void theThreeStepsIndexArithmeticComputesTheTransform() {
        int[][] triples = {{5, 4, 3}, {4, 3, 2}, {3, 3, 3}, {2, 7, 4}};
        SplittableRandom random = new SplittableRandom(Seed.RUN);
        for (int[] t : triples) {
            int a = t[0];
            int b = t[1];
            int c = t[2];
            int n = a * b * c;
            int batch = 2;
            double[] x = random.doubles(2L * n * batch, -1, 1).toArray();
            double[] stepped = new double[x.length];
            for (int o = 0; o < batch; o++) {
                double[] one = Arrays.copyOfRange(x, 2 * n * o, 2 * n * (o + 1));
                System.arraycopy(threeSteps(one, a, b, c), 0, stepped, 2 * n * o, 2 * n);
            }
            double[] expected = x.clone();
            ReferenceFft.c2c1d(expected, 0, n, 1, batch, n, Direction.FORWARD, Norm.BACKWARD);
            double error = 0;
            double norm = 0;
            for (int i = 0; i < x.length; i++) {
                error += (stepped[i] - expected[i]) * (stepped[i] - expected[i]);
                norm += expected[i] * expected[i];
            }
            assertTrue(Math.sqrt(error / norm) < 1e-13, Arrays.toString(t) + ": " + Math.sqrt(error / norm) + ", " + Seed.tag());
        }
    }

    /** One transform of n = a b c points in the three steps of {@link MixedRadix.Axis#split}, each a direct DFT. */
    private static double[] threeSteps(double[] x, int a, int b, int c) {
        int n = a * b * c;
        // Step 1: columns of a (inner b c), element e of column col at col + e b c.
        double[] first = new double[2 * n];
        for (int col = 0; col < b * c; col++) {
            dft(x, col, b * c, a, first, col, b * c, 0, 1);
        }
        // Step 2: columns of b (inner c) in blocks of b c, transform (o, c0), element e at o b c + c0 + e c,
        // times W_{b a}^{e (o mod a)} (one transform here, so o < a).
        double[] second = new double[2 * n];
        for (int o = 0; o < a; o++) {
            for (int c0 = 0; c0 < c; c0++) {
                dft(first, o * b * c + c0, c, b, second, o * b * c + c0, c, o % a, (long) b * a);
            }
        }
        // Step 3: rows of c (inner a b), transform c' reading row c' / a + b (c' mod a), element e times
        // W_n^{e c'}, stored transposed at c' + a b k.
        double[] third = new double[2 * n];
        for (int t = 0; t < a * b; t++) {
            int row = t / a + (a * b / a) * (t % a);
            dft(second, row * c, 1, c, third, t, a * b, t, n);
        }
        return third;
    }

    /**
     * The m-point DFT of {@code src}'s elements {@code from + e step}, each first times
     * {@code W_root^{e w}}, into {@code dst}'s {@code to + k toStep}.
     */
    private static void dft(double[] src, int from, int step, int m, double[] dst, int to, int toStep, long w, long root) {
        for (int k = 0; k < m; k++) {
            double re = 0;
            double im = 0;
            for (int e = 0; e < m; e++) {
                double twiddle = -2 * Math.PI * ((e * w) % root) / root;
                double angle = -2 * Math.PI * ((long) e * k % m) / m + twiddle;
                double vr = src[2 * (from + e * step)];
                double vi = src[2 * (from + e * step) + 1];
                re += vr * Math.cos(angle) - vi * Math.sin(angle);
                im += vr * Math.sin(angle) + vi * Math.cos(angle);
            }
            dst[2 * (to + k * toStep)] = re;
            dst[2 * (to + k * toStep) + 1] = im;
        }
    }

    @Test
    void theSecondStepsTableHoldsItsPassesThenTwoTablesWhoseProductsAreTheTwiddles() {
        int n1 = 1000;
        int n2 = 1000;
        long n = (long) n1 * n2;
        double[] table = MixedRadix.splitTwiddles(n1, n2);
        double[] passes = MixedRadix.fusedTwiddles(MixedRadix.radices(n2));
        assertArrayEquals(passes, Arrays.copyOf(table, passes.length), "the passes' table first");
        int low = 1 << MixedRadixPass.TWIDDLE_BITS;
        assertEquals(passes.length + 2 * (low + (n + low - 1) / low), table.length);
        // W^m for every m = j2 k1 the kernel forms, as the float product of two float entries: within a
        // few float roundings of the exact value.
        double worst = 0;
        for (int j2 = 0; j2 < n2; j2 += 7) {
            for (int k1 = 0; k1 < n1; k1 += 3) {
                int m = j2 * k1;
                int a = passes.length + 2 * (m & (low - 1));
                int b = passes.length + 2 * low + 2 * (m >> MixedRadixPass.TWIDDLE_BITS);
                float ar = (float) table[a];
                float ai = (float) table[a + 1];
                float br = (float) table[b];
                float bi = (float) table[b + 1];
                float wr = ar * br - ai * bi;
                float wi = ar * bi + ai * br;
                double angle = -2 * Math.PI * m / n;
                worst = Math.max(worst, Math.hypot(wr - Math.cos(angle), wi - Math.sin(angle)));
            }
        }
        assertTrue(worst < 3 * Math.ulp(1.0f), "worst twiddle error " + worst);
    }

    @Test
    void thePerSwitchTakesTheSmallestRadixsButterfliesOrACountAndRefusesOtherWords() {
        assertEquals(200, MixedRadix.fusedPer("smallest", 1000, MixedRadix.radices(1000), 1024), "200 butterflies of radix 5");
        assertEquals(125, MixedRadix.fusedPer("largest", 1000, MixedRadix.radices(1000), 1024));
        assertEquals(256, MixedRadix.fusedPer("smallest", 768, MixedRadix.radices(768), 1024), "256 of radix 3");
        assertEquals(128, MixedRadix.fusedPer("128", 768, MixedRadix.radices(768), 1024));
        assertEquals(200, MixedRadix.fusedPer("1000", 1000, MixedRadix.radices(1000), 1024), "never more than the butterflies");
        assertEquals(64, MixedRadix.fusedPer("smallest", 3000, MixedRadix.radices(3000), 64), "the device's limit");
        int[] r6144 = MixedRadix.fusedRadices(6144);
        assertEquals(256, MixedRadix.fusedPer("smallest", 6144, r6144, 1024), "smallest: at most 256");
        assertEquals(384, MixedRadix.fusedPer("384", 6144, r6144, 1024), "a count: past 256, one per radix-16 butterfly");
        assertEquals(384, MixedRadix.fusedPer("500", 6144, r6144, 1024), "never more than the butterflies");
        assertEquals(300, MixedRadix.fusedPer("384", 6144, r6144, 300), "nor the device's group");
        assertEquals(MixedRadixPass.PER_MASK, MixedRadix.fusedPer("9999", 16384, new int[] {2, 8192}, 1024), "nor the flags' field");
        assertEquals("96", MixedRadix.perMode("96"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MixedRadix.perMode("most"));
        assertTrue(e.getMessage().contains(MixedRadix.PER_PROPERTY) && e.getMessage().contains("smallest"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MixedRadix.perMode("0"));
        assertThrows(IllegalArgumentException.class, () -> MixedRadix.perMode("10000"));
        assertThrows(IllegalArgumentException.class, () -> MixedRadix.perMode("a number of work-items from 1 to 9999"));
    }

    @Test
    void aFusedTransformTakesAWorkItemPerButterflyOfItsLargestRadixAndAGroupHoldsSeveral() {
        assertEquals(125, MixedRadix.fusedPer(1000, MixedRadix.radices(1000), 1024), "125 butterflies of radix 8");
        assertEquals(48, MixedRadix.fusedPer(768, MixedRadix.radices(768), 1024), "48 of radix 16");
        assertEquals(256, MixedRadix.fusedPer(3000, MixedRadix.radices(3000), 1024), "375 of radix 8, capped");
        assertEquals(64, MixedRadix.fusedPer(3000, MixedRadix.radices(3000), 64), "the device's limit");
        assertEquals(2, MixedRadix.fusedPer(6, MixedRadix.radices(6), 1024), "two butterflies of radix 3");
        assertEquals(1, MixedRadix.fusedPer(7, MixedRadix.radices(7), 1024), "one of radix 7");
        assertEquals(2, MixedRadix.fusedLanes(1000, 128, 2, Precision.FLOAT, 100, 1024), "256 work-items");
        assertEquals(4, MixedRadix.fusedLanes(768, 64, 2, Precision.FLOAT, 100, 1024), "four of 12 KB fill 48 KB");
        assertEquals(5, MixedRadix.fusedLanes(768, 48, 1, Precision.FLOAT, 100, 1024), "in place: five of 6 KB, 240 work-items");
        assertEquals(2, MixedRadix.fusedLanes(1536, 64, 2, Precision.FLOAT, 100, 1024), "two of 24 KB");
        assertEquals(1, MixedRadix.fusedLanes(1536, 64, 2, Precision.DOUBLE, 100, 1024), "48 KB each");
        assertEquals(1, MixedRadix.fusedLanes(6144, 256, 1, Precision.FLOAT, 100, 1024), "48 KB in one buffer");
        assertEquals(1, MixedRadix.fusedLanes(3125, 125, 1, Precision.FLOAT, 100, 1024), "25 KB in one buffer");
        assertEquals(8, MixedRadix.fusedLanes(6, 32, 2, Precision.FLOAT, 100, 1024));
        assertEquals(5, MixedRadix.fusedLanes(6, 32, 2, Precision.FLOAT, 5, 1024), "no more than the batch");
        assertEquals(1, MixedRadix.fusedLanes(1000, 64, 2, Precision.FLOAT, 100, 64), "a group of 64 at most");
    }

    @Test
    void columnsWhoseGroupsWouldMoveShortRunsTakeWideGroupsInOneBuffer() {
        // Columns of 1080: along rows one transform of 135 work-items a group (runs of one value, 8 bytes);
        // wide, five in one buffer each, 51 work-items each (runs of 40 bytes).
        int[] r1080 = MixedRadix.radices(1080);
        assertEquals(new MixedRadix.Group(2, 135, 1, MixedRadixPass.PAD),
                MixedRadix.Group.of("auto", 2, 1080, r1080, Precision.FLOAT, 15360, 256, false));
        MixedRadix.Group wide = MixedRadix.Group.of("auto", 2, 1080, r1080, Precision.FLOAT, 15360, 256, true);
        assertEquals(1, wide.buffers());
        assertEquals(5, wide.lanes());
        assertEquals(51, wide.per());
        assertEquals(5 * 1080 * 2, wide.values(1080));
        // Columns of 100: twelve a group already (96 bytes): as along rows, unless asked.
        assertEquals(new MixedRadix.Group(2, 20, 12, MixedRadixPass.PAD),
                MixedRadix.Group.of("auto", 2, 100, MixedRadix.radices(100), Precision.FLOAT, 80000, 256, true));
        MixedRadix.Group asked = MixedRadix.Group.of("true", 2, 100, MixedRadix.radices(100), Precision.FLOAT, 80000, 256, true);
        assertEquals(61, asked.lanes());
        assertEquals(4, asked.per());
        assertEquals(2, MixedRadix.Group.of("false", 2, 1080, r1080, Precision.FLOAT, 15360, 256, true).buffers());
        // Double: 1000 points, one a group along rows (16 bytes); wide, three.
        assertEquals(3, MixedRadix.Group.of("auto", 2, 1000, MixedRadix.radices(1000), Precision.DOUBLE, 1000, 256, true).lanes());
        // A batch the group holds whole is not widened; groups of at most 64 work-items.
        assertEquals(2, MixedRadix.Group.of("auto", 2, 1000, MixedRadix.radices(1000), Precision.FLOAT, 2, 256, true).buffers());
        assertTrue(MixedRadix.Group.of("auto", 2, 1080, r1080, Precision.FLOAT, 15360, 64, true).lanes()
                * MixedRadix.Group.of("auto", 2, 1080, r1080, Precision.FLOAT, 15360, 64, true).per() <= 64);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MixedRadix.wideMode("yes"));
        assertTrue(e.getMessage().startsWith(MixedRadix.WIDE_PROPERTY + ": auto, true or false"), e.getMessage());
    }

    @Test
    void aGpuTakesTheColumnsOfACubeWideWhereTheyAreManyAndFarEnoughApart() {
        Assumptions.assumeTrue(System.getProperty(MixedRadix.WIDE_PROPERTY) == null, "the default mode");
        long local = MixedRadix.FUSED_LOCAL_BYTES;
        // 100^3 x 8: both column axes (100 and 10000 apart) wide on a GPU, 61 transforms a group, 1312 groups.
        String gpu = new MixedRadix(FftDescriptor.c2c(100, 100, 100).batch(8).build(), local, true, true).describe();
        assertTrue(gpu.contains("along axis 2 (80000 rows), 25 transforms of 10 work-items"), gpu);
        assertTrue(gpu.contains("along axis 1 (80000 columns, 100 apart), 61 transforms of 4 work-items"), gpu);
        assertTrue(gpu.contains("along axis 0 (80000 columns, 10000 apart), 61 transforms of 4 work-items"), gpu);
        assertTrue(gpu.contains("1312 groups"), gpu);
        // On a CPU as along rows.
        String cpu = new MixedRadix(FftDescriptor.c2c(100, 100, 100).batch(8).build(), local, true, false).describe();
        assertTrue(cpu.contains("along axis 1 (80000 columns, 100 apart), 25 transforms of 10 work-items"), cpu);
        assertTrue(cpu.contains("along axis 0 (80000 columns, 10000 apart), 25 transforms of 10 work-items"), cpu);
        // 384^3: 16 of 384 points a group, one buffer each, where along rows 8 in two buffers.
        String cube = new MixedRadix(FftDescriptor.c2c(384, 384, 384).build(), local, false, true).describe();
        assertTrue(cube.contains("along axis 1 (147456 columns, 384 apart), 16 transforms of 16 work-items per group (at most;"
                + " fewer where the device allows fewer), 49152 bytes of local memory (one buffer a transform"), cube);
        // 96 x 100 x 7 x 32: the columns of 100 are 7 apart (runs of 7 at most), and the 22400 columns of 96 make
        // 350 wide groups of 64, fewer than WIDE_GROUPS: both as along rows.
        String thin = new MixedRadix(FftDescriptor.c2c(96, 100, 7).batch(32).build(), local, true, true).describe();
        assertTrue(thin.contains("along axis 1 (21504 columns, 7 apart), 25 transforms of 10 work-items"), thin);
        assertTrue(thin.contains("along axis 0 (22400 columns, 700 apart), 42 transforms of 6 work-items"), thin);
        assertTrue(22400 / 64 < MixedRadix.WIDE_GROUPS);
    }

    @Test
    void thePlanesAreABitOfTheirOwnTakenOffThePtxBackendWhereNoColumnsRunWide() {
        int per = MixedRadixPass.PER_MASK << MixedRadixPass.PER_SHIFT;
        assertEquals(0, MixedRadixPass.PLANAR & (per | MixedRadixPass.PAD | MixedRadixPass.SWIZZLE | MixedRadixPass.IN_PLACE
                | MixedRadixPass.TWIDDLE_IN_PASS), "a bit of its own");
        assertTrue(MixedRadixPass.PLANAR < 1 << MixedRadixPass.PERIOD_SHIFT, "below the period");
        assertTrue(6144 < 1 << (31 - MixedRadixPass.PERIOD_SHIFT), "the longest fused length's period fits above it");
        if (System.getProperty(MixedRadix.PLANES_PROPERTY) == null) {
            FftDescriptor line = FftDescriptor.c2c(1000).batch(16777).build();
            FftDescriptor cube = FftDescriptor.c2c(384, 384, 384).build();
            assertTrue(MixedRadix.planes(false, line, true), "OpenCL (and CUDA): two planes");
            assertFalse(MixedRadix.planes(true, line, true), "PTX: side by side");
            assertTrue(MixedRadix.planes(true, cube, true), "PTX where a column axis runs wide: two planes");
            assertFalse(MixedRadix.planes(true, cube, false), "not on a CPU, whose columns keep their groups");
            assertFalse(MixedRadix.planes(true, FftDescriptor.c2c(384, 384, 384).precision(Precision.DOUBLE).build(), true),
                    "nor in double");
            assertFalse(MixedRadix.planes(true, FftDescriptor.c2c(96, 100, 7).batch(32).build(), true),
                    "no axis wide (columns 7 apart; 350 wide groups)");
        }
        long local = MixedRadix.FUSED_LOCAL_BYTES;
        assertTrue(new MixedRadix(FftDescriptor.c2c(1000).batch(4).build(), local, true, true).describe().contains(", in two planes"));
        assertFalse(new MixedRadix(FftDescriptor.c2c(1000).batch(4).build(), local, false, true).describe().contains("planes"));
    }

    @Test
    void theLayoutSwitchTakesAutoSwizzleOrOffAndTheFusedBuffersFit48Kb() {
        assertEquals("auto", MixedRadix.layoutMode("auto"));
        assertEquals("swizzle", MixedRadix.layoutMode("swizzle"));
        assertEquals("off", MixedRadix.layoutMode("off"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MixedRadix.layoutMode("yes"));
        assertTrue(e.getMessage().startsWith(MixedRadix.PAD_PROPERTY + ": auto, swizzle or off"), e.getMessage());
        // 1000 x 2 in float: 8000 values, padded 8250; 3072 x 1 fills 48 KB (12288 values), no room for padding,
        // and none needed for the swizzle (auto takes it there); 1000 x 3 (12000 values) rounds to 12032.
        assertEquals(8000 + 250, MixedRadixPass.paddedValues(8000, true));
        assertEquals(8000, MixedRadixPass.paddedValues(8000, false));
        assertEquals(MixedRadixPass.PAD, MixedRadix.layoutFlag("auto", 8000, Precision.FLOAT));
        assertEquals(MixedRadixPass.SWIZZLE, MixedRadix.layoutFlag("auto", 12288, Precision.FLOAT), "no room to pad");
        assertEquals(MixedRadixPass.SWIZZLE, MixedRadix.layoutFlag("auto", 6144, Precision.DOUBLE), "no room to pad");
        assertEquals(MixedRadixPass.SWIZZLE, MixedRadix.layoutFlag("swizzle", 12288, Precision.FLOAT));
        assertEquals(MixedRadixPass.SWIZZLE, MixedRadix.layoutFlag("swizzle", 12000, Precision.FLOAT));
        assertEquals(12032L * 4, MixedRadix.localBytes(MixedRadixPass.SWIZZLE, 12000, Precision.FLOAT));
        // A fused group never takes more than 12288 float values (6144 double), a multiple of 64: the swizzle always fits.
        assertEquals(MixedRadixPass.SWIZZLE, MixedRadix.layoutFlag("swizzle", 12280, Precision.FLOAT), "12280 -> 12288");
        assertEquals(0, MixedRadix.layoutFlag("off", 8000, Precision.FLOAT));
    }

    /**
     * Where a 1D real transform's split or merge runs inside its one fused mixed-radix kernel: N/2 not a power
     * of two and fused on the device; r2c on every backend, c2r but on PTX; never in 2D, for an odd N or an N/2
     * the fused kernel does not take. The table carries W_N^e, e = 0 .. N/2, after the passes' N/2 - 1 entries.
     */
    @Test
    void realTransformsFuseTheirSplitIntoTheMixedRadixKernelWhereItIsOne() {
        long local = 48 << 10;
        assertTrue(Engine.fusesMixedReal(FftDescriptor.r2c(2000).batch(4).build(), local, true));
        assertTrue(Engine.fusesMixedReal(FftDescriptor.r2c(2000).batch(4).build(), local, false));
        assertTrue(Engine.fusesMixedReal(FftDescriptor.c2r(2000).batch(4).build(), local, false));
        assertFalse(Engine.fusesMixedReal(FftDescriptor.c2r(2000).batch(4).build(), local, true), "c2r on PTX: two kernels");
        assertTrue(Engine.fusesMixedReal(FftDescriptor.r2c(1000).inPlace(true).build(), local, false));
        assertFalse(Engine.fusesMixedReal(FftDescriptor.r2c(2048).build(), local, false), "N/2 a power of two");
        assertFalse(Engine.fusesMixedReal(FftDescriptor.r2c(1001).build(), local, false), "odd");
        assertFalse(Engine.fusesMixedReal(FftDescriptor.r2c(12, 2000).build(), local, false), "2D");
        assertFalse(Engine.fusesMixedReal(FftDescriptor.r2c(2 * 7 * 1024).build(), local, false), "N/2 = 7168 is not fused");
        assertFalse(Engine.fusesMixedReal(FftDescriptor.r2c(2000).build(), 16 << 10, false), "16 KB of local memory");
        FftDescriptor complex = Engine.complexPart(FftDescriptor.r2c(20).batch(2).build(), true);
        assertThrows(IllegalArgumentException.class, () -> new MixedRadix(FftDescriptor.c2c(10, 10).build(), local, false, true, true));
        String text = new MixedRadix(complex, local, false, true, true).describe();
        assertTrue(text.contains("the real transform's split in its store (the 11 bins of each row)"), text);
        double[] table = MixedRadix.Axis.realTableValues(10, MixedRadix.fusedRadices(10));
        assertEquals(2 * (9 + 11), table.length);
        for (int e = 0; e <= 10; e++) {
            assertEquals(Math.cos(-Math.PI * e / 10), table[2 * (9 + e)], 1e-15, "Re W_20^" + e);
            assertEquals(Math.sin(-Math.PI * e / 10), table[2 * (9 + e) + 1], 1e-15, "Im W_20^" + e);
        }
    }
}
