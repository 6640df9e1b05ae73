package io.github.tornadofft.kernels;

/**
 * Small forward DFTs computed entirely in registers (the OpenCL FFT seed: "DFT2/DFT4 per thread").
 *
 * <p>Each butterfly works in place on a work-item's private arrays {@code re}/{@code im}, on the
 * slots {@code base + stride * v} for {@code v < radix}; input {@code v} is replaced by output
 * {@code v}. Kernels call these with compile-time-constant {@code base}/{@code stride}: after
 * TornadoVM inlines and specialises them, every index is a constant. On the OpenCL backend the
 * driver's compiler then keeps the private arrays in registers; TornadoVM's PTX backend emits them
 * as {@code .local} arrays that stay in (cached) local memory, which is why the PTX backend runs
 * these kernels several times slower (docs/PERFORMANCE.md).
 *
 * <p>All butterflies are forward ({@code e^{-2 pi i jk/R}}); kernels get the inverse by
 * conjugating on load and store.
 */
public final class Butterflies {

    /** cos(pi/4) = sin(pi/4). */
    static final float C8 = 0.70710678118654752f;
    /** cos(pi/8). */
    static final float C16 = 0.92387953251128676f;
    /** sin(pi/8). */
    static final float S16 = 0.38268343236508977f;

    private Butterflies() {
    }

    /** Radix-2: (a, b) -> (a + b, a - b). */
    public static void dft2(float[] re, float[] im, int a, int b) {
        float tr = re[b];
        float ti = im[b];
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] = re[a] + tr;
        im[a] = im[a] + ti;
    }

    /** Multiplies slot {@code j} by {@code -i} (the forward quarter turn). */
    static void mulMinusI(float[] re, float[] im, int j) {
        float t = re[j];
        re[j] = im[j];
        im[j] = -t;
    }

    /** Multiplies slot {@code j} by the constant {@code wr + i wi}. */
    static void mulConst(float[] re, float[] im, int j, float wr, float wi) {
        float a = re[j];
        float b = im[j];
        re[j] = a * wr - b * wi;
        im[j] = a * wi + b * wr;
    }

    /** Radix-4 on slots a, b, c, d (inputs x0..x3, outputs X0..X3 in the same slots). */
    public static void dft4(float[] re, float[] im, int a, int b, int c, int d) {
        dft2(re, im, a, c);      // x0 + x2, x0 - x2
        dft2(re, im, b, d);      // x1 + x3, x1 - x3
        mulMinusI(re, im, d);    // (x1 - x3) * -i
        dft2(re, im, a, b);      // X0, X2 (in slot b)
        dft2(re, im, c, d);      // X1 (slot c), X3 (slot d)
        swap(re, im, b, c);      // natural order: X1 in b, X2 in c
    }

    /** Radix-8 on slots base + stride * v: radix-4 on the even and odd inputs, then radix-2. */
    public static void dft8(float[] re, float[] im, int base, int stride) {
        for (int e = 0; e < 2; e++) {
            // e = 0: E_k = DFT4(x0, x2, x4, x6) in slots 0,2,4,6; e = 1: O_k in slots 1,3,5,7
            dft4(re, im, base + stride * e, base + stride * (e + 2), base + stride * (e + 4), base + stride * (e + 6));
        }
        mulConst(re, im, base + stride * 3, C8, -C8);     // O1 * W8^1
        mulMinusI(re, im, base + stride * 5);             // O2 * W8^2
        mulConst(re, im, base + stride * 7, -C8, -C8);    // O3 * W8^3
        for (int k = 0; k < 4; k++) {
            dft2(re, im, base + stride * 2 * k, base + stride * (2 * k + 1));   // X_k, X_{k+4}
        }
        // slot 2k + h holds X[k + 4h]: gather X[v] from slot 2 (v mod 4) + v / 4
        permute(re, im, base, stride, 8, 2);
    }

    /** Radix-16 as 4 x 4: radix-4 columns, twiddles W16^(j k1), radix-4 rows, transpose. */
    public static void dft16(float[] re, float[] im, int base, int stride) {
        for (int j = 0; j < 4; j++) {
            dft4(re, im, base + stride * j, base + stride * (j + 4), base + stride * (j + 8), base + stride * (j + 12));
        }
        // slot j + 4 k1 holds column j's output k1; twiddle it by W16^(j k1)
        mulConst(re, im, base + stride * 5, C16, -S16);      // W^1
        mulConst(re, im, base + stride * 9, C8, -C8);        // W^2
        mulConst(re, im, base + stride * 13, S16, -C16);     // W^3
        mulConst(re, im, base + stride * 6, C8, -C8);        // W^2
        mulMinusI(re, im, base + stride * 10);               // W^4
        mulConst(re, im, base + stride * 14, -C8, -C8);      // W^6
        mulConst(re, im, base + stride * 7, S16, -C16);      // W^3
        mulConst(re, im, base + stride * 11, -C8, -C8);      // W^6
        mulConst(re, im, base + stride * 15, -C16, S16);     // W^9
        for (int k1 = 0; k1 < 4; k1++) {
            int row = base + stride * 4 * k1;
            dft4(re, im, row, row + stride, row + 2 * stride, row + 3 * stride);
        }
        // slot 4 k1 + k2 holds X[k1 + 4 k2]: gather X[v] from slot 4 (v mod 4) + v / 4
        permute(re, im, base, stride, 16, 4);
    }

    private static void swap(float[] re, float[] im, int a, int b) {
        float t = re[a];
        re[a] = re[b];
        re[b] = t;
        t = im[a];
        im[a] = im[b];
        im[b] = t;
    }

    /**
     * Puts output v, found in slot {@code mul * (v mod 4) + v / 4}, into slot v: the transposition
     * that the radix-8 and radix-16 splits leave behind.
     */
    private static void permute(float[] re, float[] im, int base, int stride, int radix, int mul) {
        float[] tr = new float[16];
        float[] ti = new float[16];
        for (int v = 0; v < radix; v++) {
            tr[v] = re[base + stride * v];
            ti[v] = im[base + stride * v];
        }
        for (int v = 0; v < radix; v++) {
            int from = mul * (v & 3) + (v >> 2);
            re[base + stride * v] = tr[from];
            im[base + stride * v] = ti[from];
        }
    }
}
