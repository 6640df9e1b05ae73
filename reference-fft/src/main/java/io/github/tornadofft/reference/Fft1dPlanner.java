package io.github.tornadofft.reference;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses an algorithm for each size, and remembers the plans it has made.
 *
 * <ul>
 *   <li>every prime factor at most {@link #MAX_DIRECT_PRIME}: {@link MixedRadixFft};</li>
 *   <li>otherwise: {@link BluesteinFft} over the plan of a power of two.</li>
 * </ul>
 * {@code plan(n).toString()} prints the decision, e.g.
 * {@code Bluestein(n=65537, via MixedRadix(n=262144, radices=[4, 4, 4, 4, 4, 4, 4, 4, 4]))}.
 *
 * <p>Plans are immutable and cached, so {@code plan} is cheap after the first call for a size, and
 * both the planner and its plans may be used from any number of threads.
 */
public final class Fft1dPlanner {
    private Fft1dPlanner() {}

    /**
     * The largest prime factor done directly with the O(p^2) generic odd kernel. Beyond it Bluestein's
     * three power-of-two transforms of size about 4n cost less.
     */
    public static final int MAX_DIRECT_PRIME = 61;

    /** The largest size planned directly: its scratch, 4n doubles, must fit in a Java array. */
    public static final int MAX_SIZE = 1 << 28;

    /** The largest size that Bluestein can take: its power-of-two convolution must itself be plannable. */
    public static final int MAX_BLUESTEIN_SIZE = 1 << 26;

    private static final ConcurrentHashMap<Integer, Fft1d> CACHE = new ConcurrentHashMap<>();

    /**
     * A plan for transforms of n complex points.
     *
     * @param n the size, 1 to {@link #MAX_SIZE} (to {@link #MAX_BLUESTEIN_SIZE} for sizes with a prime
     *          factor above {@link #MAX_DIRECT_PRIME})
     * @throws IllegalArgumentException naming 'n' if it is out of range
     */
    public static Fft1d plan(int n) {
        Fft1d cached = CACHE.get(n);
        if (cached != null) {
            return cached;
        }
        // Not computeIfAbsent: a Bluestein plan plans its inner size, a recursive update of the map.
        Fft1d made = make(n);
        Fft1d raced = CACHE.putIfAbsent(n, made);
        return raced != null ? raced : made;
    }

    private static Fft1d make(int n) {
        if (n < 1 || n > MAX_SIZE) {
            throw new IllegalArgumentException("n must be in [1, " + MAX_SIZE + "], got " + n);
        }
        if (largestPrimeFactor(n) <= MAX_DIRECT_PRIME) {
            return new MixedRadixFft(n);
        }
        if (n > MAX_BLUESTEIN_SIZE) {
            throw new IllegalArgumentException("n with a prime factor above " + MAX_DIRECT_PRIME
                    + " must be at most " + MAX_BLUESTEIN_SIZE + ", got " + n);
        }
        return new BluesteinFft(n, plan(BluesteinFft.convolutionSize(n)));
    }

    /** The largest prime factor of n (1 for n = 1). */
    static int largestPrimeFactor(int n) {
        int largest = 1;
        int len = n;
        for (int p = 2; (long) p * p <= len; p++) {
            while (len % p == 0) {
                largest = p;
                len /= p;
            }
        }
        return Math.max(largest, len);
    }
}
