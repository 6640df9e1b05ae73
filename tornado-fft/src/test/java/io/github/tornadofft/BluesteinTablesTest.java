package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.ChirpTables;
import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.plan.Pass;
import org.junit.jupiter.api.Test;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The tables of Bluestein's chirp passes, on the host (no device): each is the pass's own twiddles,
 * then the chirp, the filter's spectrum, or both, value for value as the tables they are made of (the
 * chirp kernels find them by those lengths), and shared by every plan of the same N and pass.
 */
class BluesteinTablesTest {

    /** A first pass of M = 64 points: radix 16 in registers of 8 values, then radix 4 (span 16). */
    private static final Pass FIRST = new Pass(0, 64, 1, 16, 1, 4, 1, 8, new int[] {8, 2}, false);
    private static final Pass LAST = new Pass(0, 64, 1, 4, 16, 16, 1, 4, new int[] {4}, false);

    @Test
    void eachTableIsThePassesTwiddlesThenTheChirpOrTheSpectrumInBothPrecisions() {
        for (Precision precision : List.of(Precision.FLOAT, Precision.DOUBLE)) {
            Bluestein b = new Bluestein(FftDescriptor.c2c(23).precision(precision).build());
            assertEquals(64, b.m);
            double[] chirp = values(ChirpTables.table(23, precision));
            double[] spectrum = values(ChirpTables.filterSpectrum(23, 64, precision));
            assertTable(b.passTable(FIRST, Bluestein.Role.CHIRP_IN), FIRST, precision, chirp);
            assertTable(b.passTable(LAST, Bluestein.Role.FILTER), LAST, precision, spectrum);
            assertTable(b.passTable(LAST, Bluestein.Role.CHIRP_OUT), LAST, precision, chirp);
            Pass single = new Pass(0, 64, 1, 64, 1, 1, 1, 8, new int[] {8, 8}, false);
            double[] both = new double[chirp.length + spectrum.length];
            System.arraycopy(chirp, 0, both, 0, chirp.length);
            System.arraycopy(spectrum, 0, both, chirp.length, spectrum.length);
            assertTable(b.passTable(single, Bluestein.Role.CHIRP_IN_FILTER), single, precision, both);
            // Shared: the same array for the same N, role and pass, in another plan too.
            Bluestein other = new Bluestein(FftDescriptor.c2c(23).batch(5).precision(precision).build());
            assertSame(b.passTable(FIRST, Bluestein.Role.CHIRP_IN), other.passTable(FIRST, Bluestein.Role.CHIRP_IN));
        }
    }

    private static void assertTable(TornadoNativeArray table, Pass pass, Precision precision, double[] tail) {
        double[] twiddles = TwiddleTable.forPass(pass.sub(), pass.span());
        double[] all = values(table);
        assertEquals(twiddles.length + tail.length, all.length, "the twiddles, then the tail");
        for (int i = 0; i < twiddles.length; i++) {
            double expected = precision == Precision.FLOAT ? (float) twiddles[i] : twiddles[i];
            assertEquals(expected, all[i], 0, "twiddle " + i);
        }
        for (int i = 0; i < tail.length; i++) {
            assertEquals(tail[i], all[twiddles.length + i], 0, "tail " + i);
        }
    }

    private static double[] values(TornadoNativeArray array) {
        if (array instanceof DoubleArray doubles) {
            return doubles.toHeapArray();
        }
        float[] floats = ((FloatArray) array).toHeapArray();
        double[] values = new double[floats.length];
        for (int i = 0; i < floats.length; i++) {
            values[i] = floats[i];
        }
        return values;
    }
}
