package io.github.tornadofft.examples;

/**
 * The index maps of one Stockham step: the one formula of the tour, which every step from 2 on maps
 * onto the hardware in its own way.
 *
 * <p>An n-point transform is a chain of steps of radix r (2 or 4 here). The step with span p (the
 * product of the radices before it) cuts the data into n / r lines: line i is the r elements
 * {@code x[i + m n/r]}, m = 0..r-1 ({@link #input}). Element m is multiplied by the twiddle
 * {@code W_{pr}^{m (i mod p)}} ({@link #twiddle}), the line gets a radix-r DFT, and output m goes to
 * {@code (i - i mod p) r + i mod p + m p} ({@link #output}). After the step whose span times radix is
 * n, the result is in natural order: no bit reversal (the "autosort" of Stockham's FFT). Every
 * step reads and writes another array (or waits for a barrier), since outputs land where other
 * lines' inputs were.
 *
 * <p>All lengths are powers of two. {@code W_n = e^{-2 pi i / n}}: the forward transform.
 */
public final class Stockham {

    private Stockham() {
    }

    /** Where element {@code m} of {@code line} is read: {@code line + m n/r}. */
    public static int input(int line, int m, int n, int r) {
        return line + m * (n / r);
    }

    /** Where output {@code m} of {@code line} is written: {@code (line - k) r + k + m span}, k = line mod span. */
    public static int output(int line, int m, int span, int r) {
        int k = line & (span - 1);
        return (line - k) * r + k + m * span;
    }

    /**
     * The twiddle of element {@code m} of {@code line}, as an exponent of {@code W_n}:
     * {@code W_{span r}^{m k} = W_n^{m k n / (span r)}}, k = line mod span.
     */
    public static int twiddle(int line, int m, int span, int r, int n) {
        return m * (line & (span - 1)) * (n / (span * r));
    }
}
