package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class Fft1dPlannerTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();

    @Test
    void sizesWithOnlySmallPrimeFactorsUseMixedRadix() {
        for (int n : new int[] {1, 2, 4096, 3 * 1024, 1000, 7 * 61 * 61, 2 * 3 * 5 * 7 * 11 * 13}) {
            Fft1d plan = Fft1dPlanner.plan(n);
            assertInstanceOf(MixedRadixFft.class, plan, plan.toString());
            assertEquals(n, plan.size());
        }
    }

    @Test
    void sizesWithAPrimeFactorAbove61UseBluesteinOverAPowerOfTwo() {
        for (int n : new int[] {67, 2 * 67, 1009, 65537}) {
            Fft1d plan = Fft1dPlanner.plan(n);
            assertInstanceOf(BluesteinFft.class, plan, plan.toString());
            assertEquals(n, plan.size());
            int m = BluesteinFft.convolutionSize(n);
            assertTrue(m >= 2 * n - 1 && Integer.bitCount(m) == 1 && m / 2 < 2 * n - 1, "m=" + m);
            assertTrue(plan.toString().contains("MixedRadix(n=" + m), plan.toString());
        }
    }

    @Test
    void radicesAreFoursThenOneTwoFirstThenOddPrimes() {
        assertArrayEquals(new int[] {4, 4, 4, 4, 4}, MixedRadixFft.radices(1024));
        assertArrayEquals(new int[] {2, 4, 4, 4, 4, 4}, MixedRadixFft.radices(2048));
        assertArrayEquals(new int[] {2, 4, 3, 3, 5, 7, 11}, MixedRadixFft.radices(8 * 9 * 5 * 7 * 11));
        assertArrayEquals(new int[] {}, MixedRadixFft.radices(1));
        assertEquals("MixedRadix(n=96, radices=[2, 4, 4, 3])", Fft1dPlanner.plan(96).toString());
    }

    @Test
    void plansAreCachedPerSize() {
        int n = 1 + rnd.nextInt(5000);
        assertSame(Fft1dPlanner.plan(n), Fft1dPlanner.plan(n), "n=" + n);
    }

    @Test
    void onePlanServesManyThreadsAtOnce() throws Exception {
        for (int n : new int[] {4096, 1009}) {
            Fft1d plan = Fft1dPlanner.plan(n);
            List<double[]> inputs = new ArrayList<>(), expected = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                double[] x = rnd.complex(n);
                inputs.add(x);
                double[] y = x.clone();
                plan.transform(y, 0, 1, Direction.FORWARD);
                expected.add(y);
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (double[] x : inputs) {
                    done.add(pool.submit(() -> {
                        for (int rep = 0; rep < 20; rep++) { // forward and back, many times, concurrently
                            plan.transform(x, 0, 1, Direction.FORWARD);
                            if (rep < 19) {
                                plan.transform(x, 0, 1, Direction.INVERSE);
                                for (int i = 0; i < x.length; i++) {
                                    x[i] /= n;
                                }
                            }
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            for (int t = 0; t < inputs.size(); t++) {
                // 39 transforms on one side, 1 on the other
                Accuracy.assertClose(inputs.get(t), expected.get(t), 40 * Accuracy.tolerance(n),
                        "thread " + t + " n=" + n + " " + rnd.tag());
            }
        }
    }

    @Test
    void rejectsSizesOutOfRangeNamingN() {
        for (int n : new int[] {0, -5, Fft1dPlanner.MAX_SIZE + 1}) {
            String msg = assertThrows(IllegalArgumentException.class, () -> Fft1dPlanner.plan(n)).getMessage();
            assertTrue(msg.startsWith("n "), msg);
        }
    }

    @Test
    void planRejectsBadArgumentsBeforeTouchingData() {
        Fft1d plan = Fft1dPlanner.plan(8);
        double[] data = rnd.complex(8);
        double[] before = data.clone();
        assertThrows(IllegalArgumentException.class, () -> plan.transform(data, 2, 1, Direction.FORWARD));
        assertThrows(IllegalArgumentException.class, () -> plan.transform(data, 0, 0, Direction.FORWARD));
        assertThrows(IllegalArgumentException.class, () -> plan.transform(data, -1, 1, Direction.FORWARD));
        assertThrows(IllegalArgumentException.class, () -> plan.transform(data, 0, 1, null));
        assertThrows(IllegalArgumentException.class,
                () -> plan.transform(data, 0, 1, Direction.FORWARD, new double[plan.scratchLength() - 1]));
        assertArrayEquals(before, data);
    }
}
