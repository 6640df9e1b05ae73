package io.github.tornadofft.codegen;

import io.github.tornadofft.codegen.RegisterPassGenerator.Type;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes tornado-fft's mixed-radix pass kernels: {@code MixedRadixPass.java}, one Stockham pass of
 * radix R in global memory for each R of {@link #RADICES}, in float, and {@code MixedRadixPassDouble.java},
 * the same kernels in double. One description, two precisions ({@link Type}, as for the register
 * passes): the kernel text below is the algorithm, {@link #dft} the butterfly.
 *
 * <p>A work-item computes one radix-R butterfly of one line of one transform, its R values in named
 * scalar variables (registers on every backend, see {@link RegisterPassGenerator} for why not an
 * array). A chain of such passes computes a transform of any length whose prime factors are 2, 3, 5
 * and 7 (tornado-fft's {@code MixedRadix} chooses the radices); powers of two keep the register passes,
 * which exchange through local memory and take fewer trips through global memory.
 *
 * <p>The butterflies: radix 2, 4, 8 and 16 by radix-2 decimation in frequency (the outputs then sit in
 * bit-reversed registers, which the stores read in natural order); radix 3, 5 and 7 by the direct DFT
 * on the symmetric pairs {@code x_j + x_{R-j}} and {@code x_j - x_{R-j}}, which halves its multiplies:
 * {@code y_m = x_0 + sum_j (x_j + x_{R-j}) cos(2 pi j m / R) - i sum_j (x_j - x_{R-j}) sin(2 pi j m / R)}
 * and {@code y_{R-m}} the same with the sine's sign flipped. Every constant is a literal of the kernel's
 * type, rounded once from double.
 *
 * <p>The kernels call no helper methods (TornadoVM inlines every call; see {@link RegisterPassGenerator}).
 */
public final class MixedRadixGenerator extends KernelSource {

    /** The radices there is a pass kernel for (in global memory, one butterfly a work-item). */
    static final int[] RADICES = {2, 3, 4, 5, 7, 8, 11, 13, 16};
    /** The radices the first {@link #FUSED_EARLY_PASSES} passes of {@code fused} take: 11 and 13 have a kernel of their own. */
    static final int[] FUSED_RADICES = {2, 3, 4, 5, 7, 8, 16};
    /**
     * The first pass's radices that apply TWIDDLE themselves where they read global memory (TWIDDLE_IN_PASS):
     * the first radix of every fused step length planned to 1536 that has a factor 8. Every radix would pass
     * what TornadoVM 5.2 builds into one kernel (its sketch of the method fails).
     */
    static final Set<Integer> IN_PASS_RADICES = Set.of(8, 16);

    /** The radices the fused kernel takes after its first {@link #FUSED_EARLY_PASSES} passes. */
    static final int[] ODD_RADICES = {3, 5, 7};
    /**
     * The radices {@code fusedComposite} takes in its first {@link #FUSED_EARLY_PASSES} passes: the powers of
     * two and the composite radices 6 = 2 x 3, 10 = 2 x 5 and 12 = 4 x 3, each one butterfly in registers (the
     * prime-factor algorithm: no twiddles between its two factors), so that 1000 = 10 x 10 x 10 or 1536 =
     * 16 x 16 x 6 take three passes instead of four. The odd radices stay in the later passes.
     */
    static final int[] COMPOSITE_EARLY_RADICES = {8, 16, 6, 10, 12};
    /** Most passes the fused kernel takes (its radix word's nibbles, a zero one ending the list). */
    static final int FUSED_PASSES = 7;
    /**
     * The radices {@code fusedPrime} takes, pass by pass: a factor 13 or 11 first, then a second one, a power of
     * two or an odd radix, then a third 11, a power of two or an odd radix, then 7, 5 and 3 (1001 = 13 x 11 x 7,
     * 1100 = 11 x 4 x 5 x 5, 2816 = 11 x 16 x 16, 1331 = 11 x 11 x 11, 891 = 11 x 3 x 3 x 3 x 3): the 13-smooth
     * chains of up to six passes whose 13s are in the first two, 11s in the first three and twos in the first
     * three (292 of the 303 lengths to 6144 with a factor 11 or 13; not 13^3 = 2197 nor 11 x 8 x 8 x 8 = 5632).
     * The slots are as few as that takes, to keep the method within the JVM's 64 KB (60 KB in float, 62 in
     * double; a butterfly of 13, six symmetric pairs, is larger than one of 16).
     */
    static final int[][] PRIME_SLOTS = {{13, 11}, {13, 11, 16, 8, 4, 2, 7, 5, 3}, {11, 16, 8, 4, 2, 7, 5, 3}, {7, 5, 3},
        {7, 5, 3}, {7, 5, 3}};
    /**
     * The radices {@code fusedLarge} takes, pass by pass: 15 = 3 x 5, 20 = 4 x 5 and 24 = 8 x 3 besides the
     * others, so that 3000 = 20 x 15 x 10, 4000 = 20 x 20 x 10 or 6144 = 24 x 16 x 16 take three passes
     * instead of four. Its chains hold at most three passes, the first of radix 24 or 20; what each pass
     * takes is what keeps the method within the JVM's 64 KB (a butterfly of 24 is 36 KB of source text, of
     * 16 17 to 22, of 3 4).
     */
    static final int[][] LARGE_SLOTS = {{24, 20}, {20, 16, 15, 12, 10}, {16, 12, 10, 6, 5, 3}};
    /**
     * The codes of the radices above 16 in the fused kernels' radix word, whose nibble is otherwise the
     * radix less one: the nibbles of 9 and 14, radices no kernel takes.
     */
    static final Map<Integer, Integer> LARGE_CODES = Map.of(20, 8, 24, 13);

    /**
     * A fused kernel: its method, the radices each of its passes is written for (pass p: slots[p]), whether
     * its first pass applies TWIDDLE itself for {@link #IN_PASS_RADICES}, and its javadoc's own paragraph
     * (lines, or none).
     */
    record Fused(String method, int[][] slots, boolean inPass, String... about) {
    }

    /** The fused kernels, in the order the planner prefers them for chains of as many passes. */
    static final List<Fused> FUSED_KERNELS = List.of(
            new Fused("fused", slots(FUSED_RADICES, FUSED_RADICES), true),
            new Fused("fusedComposite", slots(COMPOSITE_EARLY_RADICES,
                    Arrays.stream(COMPOSITE_EARLY_RADICES).filter(r -> Integer.bitCount(r) != 1).toArray()), false,
                    "This kernel's first FUSED_EARLY_PASSES passes take the powers of two and the composite radices 6,",
                    "10 and 12 (each a butterfly of two factors in registers, by the prime-factor algorithm), not 3, 5",
                    "and 7, which the later passes take: the chains with fewer passes that way ({@code fused} takes",
                    "the others)."),
            new Fused("fusedLarge", LARGE_SLOTS, false,
                    "This kernel takes chains of at most three passes, with the composite radices 15, 20 and 24 too",
                    "(each a butterfly of two factors in registers, by the prime-factor algorithm), as FUSED_LARGE_SLOTS",
                    "lists them pass by pass: the chains with fewer passes that way."),
            new Fused("fusedPrime", PRIME_SLOTS, false,
                    "This kernel takes the chains with a factor 11 or 13, in at most six passes: 13 and 11 first, then",
                    "the powers of two, then 7, 5 and 3, as FUSED_PRIME_SLOTS lists them pass by pass; a",
                    "length whose chain it does not take runs in fused steps or pass by pass."));
    /**
     * The fused kernel's passes that take every radix of {@link #FUSED_RADICES}; the later ones take 3, 5 and 7
     * only. Enough for every chain without 11 or 13 tornado-fft plans up to {@code FUSED_MAX}: the powers of
     * two first, in at most three passes (2^11 at most), then the odd radices. Writing every radix into all seven passes would pass
     * the JVM's 64 KB limit on a method's code.
     */
    static final int FUSED_EARLY_PASSES = 3;

    /**
     * The seven passes of a fused kernel whose first {@link #FUSED_EARLY_PASSES} take {@code early} (the last
     * of those {@code lastEarly}), the later ones {@link #ODD_RADICES}.
     */
    private static int[][] slots(int[] early, int[] lastEarly) {
        int[][] slots = new int[FUSED_PASSES][];
        for (int p = 0; p < FUSED_PASSES; p++) {
            slots[p] = p < FUSED_EARLY_PASSES - 1 ? early : p < FUSED_EARLY_PASSES ? lastEarly : ODD_RADICES;
        }
        return slots;
    }

    /** The code of {@code radix} in the fused kernels' radix word: {@link #LARGE_CODES}, else the radix less one. */
    static int code(int radix) {
        return LARGE_CODES.getOrDefault(radix, radix - 1);
    }

    /** The name of the generated table of a fused kernel's slots: FUSED_SLOTS, FUSED_COMPOSITE_SLOTS, ... */
    static String slotsName(Fused kernel) {
        return kernel.method().replaceAll("([A-Z])", "_$1").toUpperCase() + "_SLOTS";
    }

    /** The generated class of each precision. */
    static String className(Type type) {
        return type == Type.FLOAT ? "MixedRadixPass" : "MixedRadixPassDouble";
    }

    private static final String GENERATED =
            "// GENERATED by MixedRadixGenerator (module fft-codegen) in tornado-fft's build: edit the generator.";

    /** The passes of the fused kernel being written. */
    private int passes;

    private MixedRadixGenerator(Type type) {
        super(type);
    }

    /**
     * Writes both classes under the source folder {@code args[0]} (in their package's folders).
     *
     * @throws IllegalArgumentException without exactly one argument
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("args: one source folder to write the kernels under, got " + args.length);
        }
        Path folder = Path.of(args[0]).resolve(RegisterPassGenerator.PACKAGE.replace('.', '/'));
        Files.createDirectories(folder);
        for (Type type : Type.values()) {
            Path file = folder.resolve(className(type) + ".java");
            writeIfChanged(file, source(type));
        }
    }

    /** The whole generated file of one precision. */
    static String source(Type type) {
        MixedRadixGenerator g = new MixedRadixGenerator(type);
        g.file();
        return g.text();
    }

    private void file() {
        String name = className(type);
        boolean single = type == Type.FLOAT;
        line("package " + RegisterPassGenerator.PACKAGE + ";");
        line("");
        line("import uk.ac.manchester.tornado.api.KernelContext;");
        line("import uk.ac.manchester.tornado.api.common.TornadoFunctions.Task14;");
        line("import uk.ac.manchester.tornado.api.types.arrays." + type.array + ";");
        if (!single) {
            line("");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".COLUMNS;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".IN_PLACE;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".INVERSE;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".PAD;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".PER_MASK;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".PER_SHIFT;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".PERIOD_SHIFT;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".PLANAR;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".REAL;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".SWIZZLE;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".TRANSPOSE;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".TWIDDLE;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".TWIDDLE_BITS;");
            line("import static " + RegisterPassGenerator.PACKAGE + "." + className(Type.FLOAT) + ".TWIDDLE_IN_PASS;");
        }
        line("");
        line(GENERATED);
        line("");
        line("/**");
        if (single) {
            line(" * One Stockham (autosort) pass of radix R in global memory, for the lengths whose prime factors are");
            line(" * 2, 3, 5 and 7: a transform of n points is a chain of such passes, of radices R_0, R_1, ... whose");
            line(" * product is n. The pass of radix R and span p (the product of the radices before it) computes, for");
            line(" * each of the n / R lines i of each transform, with k = i mod p, the R-point DFT of");
            line(" * {@code x_m = src[i + m n/R] W_{pR}^{m k}} and writes output m to {@code dst[(i - k) R + k + m p]};");
            line(" * after the last pass the data is in natural order.");
            line(" *");
            line(" * <p>The transforms: {@code transforms} of them, transform t the pair (o, c) of o = t / inner and");
            line(" * c = t mod inner, its element e at complex index {@code o distance + (c n + e) stride} of src or dst");
            line(" * (rows: the transforms along a last axis, c the row within one of o's arrays) or, with");
            line(" * {@link #COLUMNS}, {@code o distance + (c + e inner) stride} (columns: along an earlier axis, c the");
            line(" * position in the faster axes). With inner 1 both are a batch at distance {@code distance}. The first");
            line(" * pass reads the input's stride and distance, the last writes the output's; between them the");
            line(" * transforms lie packed, in the same form (stride 1, distance n inner for columns, n inner for rows).");
            line(" *");
            line(" * <p>One work-item per line of one transform. Rows: work-item g takes line g mod (n / R) of transform");
            line(" * g / (n / R), so adjacent work-items read adjacent elements; columns: position g mod inner of line");
            line(" * (g / inner) mod (n / R) of the o = g / (inner n / R), so adjacent work-items read adjacent");
            line(" * transforms, adjacent in memory. Work-items from {@code total} on do nothing. Its R values are");
            line(" * scalar variables, its butterfly written out (radix 2, 4, 8, 16 by decimation in frequency; 3, 5, 7");
            line(" * as the direct DFT on the symmetric pairs). Every integer parameter is a compile-time constant once");
            line(" * TornadoVM specialises the kernel, so the divisions by n / R, p and inner, and the branches on them,");
            line(" * cost nothing at run time.");
            line(" *");
            line(" * <p>Parameters of every {@code radixR}: {@code src}/{@code dst} interleaved complex input and output");
            line(" * (the same array only for a transform of one pass, whose work-items read all of their values before");
            line(" * writing them); {@code tw} the pass's twiddles, {@code tw[(m - 1) p + k] = W_{pR}^{m k}} for");
            line(" * 0 < m < R, k < p (not read for p = 1); {@code n} points per transform; {@code span} p;");
            line(" * {@code total} the transforms times n / R; {@code inner}, {@code inStride}, {@code inDistance},");
            line(" * {@code outStride}, {@code outDistance} as above; {@code scale} the factor applied on store (the");
            line(" * norm, on the last pass); {@code flags} {@link #INVERSE}: conjugate on load and on store, so that a");
            line(" * chain of passes computes {@code conj(DFT(conj x))}, the inverse DFT; {@link #COLUMNS} as above.");
        } else {
            line(" * {@link MixedRadixPass}'s kernels in " + type.scalar + ": the same passes, arguments and flags, on "
                    + type.array + ".");
        }
        line(" */");
        open("public final class " + name + " {");
        line("");
        if (single) {
            line("/** Bit of {@code flags}: the inverse transform (conjugate on load and store). */");
            line("public static final int INVERSE = 1;");
            line("");
            line("/** Bit of {@code flags}: the transforms run along an axis other than the last (columns, see above). */");
            line("public static final int COLUMNS = 2;");
            line("");
            line("/** Shift of the fused kernel's work-items per transform in its {@code flags} (at most PER_MASK). */");
            line("public static final int PER_SHIFT = 8;");
            line("");
            line("/** Mask of the fused kernel's work-items per transform, shifted down by PER_SHIFT. */");
            line("public static final int PER_MASK = 511;");
            line("");
            line("/**");
            line(" * Shift of the fused kernel's period P in its {@code flags} (0, the default, is P = 1): the middle and");
            line(" * last of three fused steps ({@link #TWIDDLE}). Across columns element e of transform t, o = t / inner,");
            line(" * is multiplied by {@code W_{n P}^{e (o mod P)}} as it is loaded; along rows transform c reads row");
            line(" * {@code c / P + (inner / P) (c mod P)}: the rows of the (inner / P) x P array taken column by column.");
            line(" */");
            line("public static final int PERIOD_SHIFT = 18;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: its local memory holds the real parts in one plane and the");
            line(" * imaginary parts in another, half the group's local values each, each padded or swizzled on its own,");
            line(" * so that a warp's 32 real parts of adjacent values are one row of banks, not two (the same memory as");
            line(" * side by side).");
            line(" */");
            line("public static final int PLANAR = 1 << 17;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: its local memory skips one complex value after every 32");
            line(" * ({@link #paddedValues}), so that a pass's stores R values apart fall in different banks.");
            line(" */");
            line("public static final int PAD = 4;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: load rows and store columns (without {@link #COLUMNS});");
            line(" * the second step of a transform of n inner points as inner transforms of n ({@link #TWIDDLE}).");
            line(" */");
            line("public static final int TRANSPOSE = 8;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags} (instead of {@link #PAD}): complex value s of each block of 32");
            line(" * in local memory sits in slot s xor (block mod 32), so that a pass's stores R values apart spread");
            line(" * over the banks without memory of their own ({@code localValues} rounded up to 64).");
            line(" */");
            line("public static final int SWIZZLE = 32;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: multiply element e of transform t, c = t mod inner, by");
            line(" * {@code W_{n inner}^{e c}} as it is loaded (after the inverse's conjugation): the twiddles between the");
            line(" * two steps of a transform of n inner points (across columns, {@code W_{n P}^{e (o mod P)}}: the middle");
            line(" * of three steps, {@link #PERIOD_SHIFT}). {@code W^m} is the product of two table entries,");
            line(" * {@code W^{m mod 2^TWIDDLE_BITS}} and {@code W^{2^TWIDDLE_BITS floor(m / 2^TWIDDLE_BITS)}}, which follow");
            line(" * the passes' n - 1 entries in {@code tw}: 2^TWIDDLE_BITS of the first, then the second's.");
            line(" */");
            line("public static final int TWIDDLE = 16;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: one buffer of n complex values per transform instead of two,");
            line(" * the passes in place (decimation in time, each butterfly writing where it read), the input loaded");
            line(" * in digit-reversed order ({@code 2 n} local values per transform instead of {@code 4 n}).");
            line(" */");
            line("public static final int IN_PLACE = 64;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags} beside {@link #TWIDDLE}: with two passes or more, the first pass");
            line(" * reads its values from global memory and applies the factors itself, instead of the group's load");
            line(" * through local memory.");
            line(" */");
            line("public static final int TWIDDLE_IN_PASS = 128;");
            line("");
            line("/**");
            line(" * Bit of the fused kernel's {@code flags}: the n points are the complex part of a real transform of");
            line(" * N = 2n points (rows, {@code inner} 1), with its split fused into the group's store (forward, r2c:");
            line(" * {@code RealTransform.split}, n + 1 bins a row from the n values in local memory) or its merge into");
            line(" * the group's load (with {@link #INVERSE}, c2r: {@code RealTransform.merge}, each value from bins e and");
            line(" * n - e of the input's rows of n + 1); {@code W_N^e}, e = 0 .. n, follow the passes' n - 1 entries in");
            line(" * {@code tw}. r2c's store and c2r's load then go through local memory (the other end may still be");
            line(" * a pass's). Not with {@link #TWIDDLE}.");
            line(" */");
            line("public static final int REAL = 1 << 30;");
            line("");
            line("/** The first pass's radices that take {@link #TWIDDLE_IN_PASS} (the others ignore it). */");
            line("public static final int[] IN_PASS_RADICES = {" + IN_PASS_RADICES.stream().sorted().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + "};");
            line("");
            line("/** The low table of {@link #TWIDDLE} holds 2^TWIDDLE_BITS entries. */");
            line("public static final int TWIDDLE_BITS = 10;");
            line("");
            line("/** Local values the fused kernel takes for {@code localValues} of its transforms, padded ({@link #PAD}) or not. */");
            open("public static int paddedValues(int localValues, boolean pad) {");
            line("return pad ? localValues + (localValues >> 6 << 1) : localValues;");
            close("}");
            line("");
            line("/** The radices there is a kernel for. */");
            StringBuilder list = new StringBuilder();
            for (int r : RADICES) {
                list.append(list.isEmpty() ? "" : ", ").append(r);
            }
            line("public static final int[] RADICES = {" + list + "};");
            line("");
            line("/** Most passes {@link #fused} takes (the nibbles of its radix word). */");
            line("public static final int FUSED_PASSES = " + FUSED_PASSES + ";");
            line("");
            line("/** The passes of {@link #fused} that take every radix but 11 and 13 ({@link #fusedPrime}'s); the later ones");
            line(" * take only 3, 5 and 7. */");
            line("public static final int FUSED_EARLY_PASSES = " + FUSED_EARLY_PASSES + ";");
            line("");
            for (Fused kernel : FUSED_KERNELS) {
                line("/** The radices each pass of {@link #" + kernel.method() + "} takes (pass p: row p). */");
                line("public static final int[][] " + slotsName(kernel) + " = " + Arrays.stream(kernel.slots())
                        .map(row -> Arrays.stream(row).mapToObj(String::valueOf).collect(Collectors.joining(", ", "{", "}")))
                        .collect(Collectors.joining(", ", "{", "}")) + ";");
                line("");
            }
            line("/**");
            line(" * The code of pass p's radix in bits 4p to 4p + 3 of the fused kernels' radix word (a zero nibble ends");
            line(" * the passes): the radix less one, but " + LARGE_CODES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(e -> e.getValue() + " for " + e.getKey()).collect(Collectors.joining(" and ")) + ".");
            line(" */");
            open("public static int radixCode(int radix) {");
            StringBuilder codes = new StringBuilder("return ");
            LARGE_CODES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> codes.append("radix == ").append(e.getKey()).append(" ? ").append(e.getValue()).append(" : "));
            line(codes + "radix - 1;");
            close("}");
            line("");
        }
        line("/** Longest transform {@link #fused} takes: in place ({@code IN_PLACE}) it fills 48 KB of local memory, half of it with two buffers. */");
        line("public static final int FUSED_MAX = " + fusedMax(type) + ";");
        line("");
        open("private " + name + "() {");
        close("}");
        line("");
        selector(name);
        for (int radix : RADICES) {
            line("");
            kernel(radix);
        }
        for (Fused kernel : FUSED_KERNELS) {
            line("");
            fused(kernel);
        }
        close("}");
    }

    /** Longest transform the fused kernel takes in this precision: in place, one buffer of it fills 48 KB of local memory. */
    static int fusedMax(Type type) {
        return type == Type.FLOAT ? 6144 : 3072;
    }

    /** {@code kernel(radix)}: the kernel of a radix, as the function TaskGraph.task takes. */
    private void selector(String name) {
        line("/** The kernel of radix {@code radix} (one of RADICES). */");
        open("public static Task14<KernelContext, " + type.array + ", " + type.array + ", " + type.array
                + ", Integer, Integer, Integer, Integer, Integer, Integer,");
        line("        Integer, Integer, " + type.boxed + ", Integer> kernel(int radix) {");
        open("return switch (radix) {");
        for (int radix : RADICES) {
            line("case " + radix + " -> " + name + "::radix" + radix + ";");
        }
        line("default -> throw new IllegalArgumentException(\"radix: " + Arrays.stream(RADICES).mapToObj(String::valueOf)
                .collect(Collectors.joining(", ")) + ", got \" + radix);");
        close("};");
        close("}");
    }

    // ---- the kernel ---------------------------------------------------------------------------

    private void kernel(int radix) {
        String t = type.scalar;
        line("/** The pass of radix " + radix + ": one butterfly of " + radix + " values per work-item. */");
        open("public static void radix" + radix + "(KernelContext ctx, " + type.array + " src, " + type.array + " dst, "
                + type.array + " tw, int n, int span,");
        line("        int total, int inner, int inStride, int inDistance, int outStride, int outDistance, " + t + " scale,");
        line("        int flags) {");
        line("int g = ctx.globalIdx;");
        open("if (g < total) {");
        line("int lines = n / " + radix + ";");
        line("boolean columns = (flags & COLUMNS) != 0;");
        line("// Transform (o, c) and line i of it.");
        line("int o;");
        line("int c;");
        line("int i;");
        open("if (columns) {");
        line("int rest = g / inner;");
        line("c = g - rest * inner;");
        line("o = rest / lines;");
        line("i = rest - o * lines;");
        reopen("} else {");
        line("int b = g / lines;");
        line("i = g - b * lines;");
        line("o = b / inner;");
        line("c = b - o * inner;");
        close("}");
        line("// Element e of the transform at o distance + (first + e unit) stride.");
        line("int first = columns ? c : c * n;");
        line("int unit = columns ? inner : 1;");
        line("int k = i % span;");
        line(t + " conj = (flags & INVERSE) != 0 ? " + type.literal(-1) + " : " + type.literal(1) + ";");
        line(t + " s;");
        line(t + " wr;");
        line(t + " wi;");
        line("");
        line("// Load x_m = element i + m n/R (conjugated for the inverse).");
        line("int at = o * inDistance + (first + i * unit) * inStride;");
        line("int step = lines * unit * inStride;");
        for (int m = 0; m < radix; m++) {
            String a = plus("at", m, "step");
            line(t + " " + x(m) + "r = src.get(2 * " + group(a) + "); " + t + " " + x(m) + "i = src.get(2 * " + group(a)
                    + " + 1) * conj;");
        }
        line("// Twiddle: x_m times W_{pR}^{m k}, entry (m - 1) p + k of the table; adjacent lines read adjacent entries.");
        twiddle(radix, "");
        line("");
        line("// The radix-" + radix + " DFT.");
        String[] y = dft(radix);
        line("");
        line("// Store y_m at element (i - k) R + k + m p (conjugated back for the inverse, scaled).");
        line("int to = o * outDistance + (first + ((i - k) * " + radix + " + k) * unit) * outStride;");
        line("int toStep = span * unit * outStride;");
        line(t + " re = scale;");
        line(t + " im = conj * scale;");
        for (int m = 0; m < radix; m++) {
            String a = plus("to", m, "toStep");
            line("dst.set(2 * " + group(a) + ", " + y[m] + "r * re); dst.set(2 * " + group(a) + " + 1, " + y[m] + "i * im);");
        }
        close("}");
        close("}");
    }

    /**
     * {@code fused}: every pass of a transform in one work-group, through local memory. A group holds
     * {@code lanes} transforms, {@code per} work-items each: the group loads its transforms into the first
     * of each one's two local buffers, runs the passes from one buffer into the other, a barrier between
     * them, and stores the result in natural order: one trip through global memory instead of one per
     * pass. With two passes or more the group's load and store are skipped: the first pass reads its
     * values from global memory and the last writes its outputs there, two trips through local memory
     * and two barriers fewer. With IN_PLACE each transform has one buffer: the passes are decimation in
     * time, each butterfly reading its R values from where it then writes them (the same twiddles, spans
     * and addresses as the Stockham pass's stores), so the input is loaded in digit-reversed order: twice
     * as long a transform in the same memory. The loads and stores take the group's elements in the order
     * of memory: element-major along a row, transform-major across columns, so that adjacent work-items
     * touch adjacent addresses (the direct passes likewise: lines along a row, transforms across columns).
     */
    private void fused(Fused kernel) {
        passes = kernel.slots().length;
        String t = type.scalar;
        String local = type == Type.FLOAT ? "allocateFloatLocalArray" : "allocateDoubleLocalArray";
        line("/**");
        line(" * Every pass of a transform of n points (at most FUSED_MAX) in one work-group, through local memory.");
        line(" * A group of L x per work-items ({@code per} in the bits of {@code flags} from PER_SHIFT on) holds");
        line(" * L transforms, each in two buffers of n complex values (4 n L values of local memory,");
        line(" * {@code localValues}), or with IN_PLACE in one (2 n L values). The group loads its transforms into");
        line(" * their first buffers (conjugated for the inverse; in place, element e at its digits reversed: its");
        line(" * digits in the radices of the passes, the last pass's fastest, read with the first pass's fastest),");
        line(" * its work-items taking the elements in the order of memory; then each transform's {@code per}");
        line(" * work-items run the passes, from one buffer into the other, pass p reading buffer p mod 2 (in place:");
        line(" * each butterfly of radix R and span s reads and writes the values s apart from (i - i mod s) R + i mod s,");
        line(" * decimation in time), taking the pass's butterflies in turn, a barrier after each; then the group");
        line(" * stores the result in natural order (conjugated back, scaled). With two passes or more the first pass");
        line(" * reads its values from src and the last (of radix 3, 5 or 7) writes its outputs to dst instead of the");
        line(" * group's load and store (not the load with TWIDDLE, not the store with TRANSPOSE); across columns the");
        line(" * work-items are then transform-fastest. Pass p's radix has the code {@code (radices >>> 4 p) & 15}");
        line(" * ({@link #radixCode}); a zero nibble ends the list (at most FUSED_PASSES passes, the powers of two among the");
        line(" * first FUSED_EARLY_PASSES). The passes are written out in turn, so that once TornadoVM specialises the");
        line(" * kernel to its arguments each is the straight-line code of its radix and span. Pass p's twiddles");
        line(" * follow the previous passes' in {@code tw} ((R - 1) span entries each, laid out as for the single");
        line(" * passes). Group g holds transforms");
        line(" * g L to g L + L - 1 of {@code transforms}, each at the place {@code inner}, the strides, distances");
        line(" * and {@link #COLUMNS} give it as for the single passes; those from {@code transforms} on do nothing");
        line(" * but take part in the barriers. With {@link #PAD} the local memory is padded ({@code localValues}");
        line(" * stays the unpadded count).");
        for (int i = 0; i < kernel.about().length; i++) {
            if (i == 0) {
                line(" *");
            }
            line(" * " + (i == 0 ? "<p>" : "") + kernel.about()[i]);
        }
        line(" */");
        open("public static void " + kernel.method() + "(KernelContext ctx, " + type.array + " src, " + type.array + " dst, "
                + type.array + " tw, int n, int radices,");
        line("        int transforms, int inner, int inStride, int inDistance, int outStride, int outDistance, " + t
                + " scale, int flags,");
        line("        int localValues) {");
        line("// Value f of the plain layout (f even: a real part, f + 1 its imaginary part) sits at a = f >> sh, then");
        line("// a + (a >> 5 & pm): with PAD one complex value skipped after every 32 (side by side, pm = -2), or one");
        line("// part after every 32 in each plane (PLANAR, pm = -1); without it (pm = 0, the term folds away) where");
        line("// it is. With SWIZZLE instead, a ^ (a >> 5 & sw): complex value s of each block of 32 moves to slot");
        line("// s xor (block mod 32), so that stores R values apart fall in different banks, at no cost in memory.");
        line("// Its imaginary part is at a + half: the next value side by side, the other plane with PLANAR.");
        line("boolean planar = (flags & PLANAR) != 0;");
        line("int sh = planar ? 1 : 0;");
        line("int pm = (flags & PAD) != 0 ? (planar ? -1 : -2) : 0;");
        line("int sw = (flags & SWIZZLE) != 0 ? (planar ? 31 : 62) : 0;");
        line("int size = (flags & SWIZZLE) != 0 ? (localValues + 63) & -64 : localValues + (localValues >> 6 << 1 & pm);");
        line("int half = planar ? size >> 1 : 1;");
        line(t + "[] l = ctx." + local + "(size);");
        line("int per = (flags >>> PER_SHIFT) & PER_MASK;");
        line("// The period of a step of three (PERIOD_SHIFT), 1 where there is none: then the twiddles and rows below");
        line("// are those of one or two steps.");
        line("int period = (flags & ~REAL) >>> PERIOD_SHIFT;");
        line("period = period == 0 ? 1 : period;");
        line("boolean inPlace = (flags & IN_PLACE) != 0;");
        line("// Local values per transform: one buffer in place, else two.");
        line("int width = inPlace ? 2 * n : 4 * n;");
        line("int lanes = localValues / width;");
        line("boolean columns = (flags & COLUMNS) != 0;");
        line("boolean outColumns = columns || (flags & TRANSPOSE) != 0;");
        line("int item = ctx.localIdx;");
        line("// Work-item item is work-item sub of transform lane: along rows a transform's work-items are adjacent,");
        line("// across columns its neighbours are the other transforms' work-items of the same sub, so that the");
        line("// passes that read or write global memory (below) touch adjacent transforms, adjacent there.");
        line("int lane = columns ? item % lanes : item / per;");
        line("int sub = columns ? item / lanes : item - lane * per;");
        line("int firstTransform = ctx.groupIdx * lanes;");
        line("int base = lane * width;");
        line(t + " conj = (flags & INVERSE) != 0 ? " + type.literal(-1) + " : " + type.literal(1) + ";");
        line(t + " s;");
        line(t + " wr;");
        line(t + " wi;");
        line(t + " re = scale;");
        line(t + " im = conj * scale;");
        line("// With two passes or more, the first pass reads its values from global memory and the last writes its");
        line("// outputs there: along rows adjacent lines of a pass are adjacent elements, across columns adjacent");
        line("// transforms, so both are coalesced, and neither end takes a trip through local memory and a");
        line("// barrier. With TWIDDLE only with TWIDDLE_IN_PASS (else the group's load applies those factors); never");
        line("// the store of TRANSPOSE (rows in, columns out: the work-items follow the rows).");
        radixOfEachPass(kernel);
        line("boolean twoPasses = radix1 != 0;");
        line("// c2r's merge reads the mirrored bin as the group loads, r2c's split the mirrored value from local memory as");
        line("// it stores (REAL): c2r's load and r2c's store are never direct; the other end may be.");
        line("boolean realIn = (flags & (REAL | INVERSE)) == (REAL | INVERSE);");
        line("boolean realOut = (flags & (REAL | INVERSE)) == REAL;");
        line("boolean directIn = twoPasses && !realIn && ((flags & TWIDDLE) == 0 || (flags & TWIDDLE_IN_PASS) != 0);");
        line("// The last pass's radix: its direct store written out for the radices that are not powers of two only");
        line("// (the last of a chain whose length is not a power of two), which keeps the kernel within what");
        line("// TornadoVM inlines.");
        line("int lastRadix = radix0;");
        for (int p = 1; p < passes; p++) {
            line("lastRadix = radix" + p + " != 0 ? radix" + p + " : lastRadix;");
        }
        line("boolean directOut = twoPasses && !realOut && outColumns == columns && (lastRadix & (lastRadix - 1)) != 0;");
        line("// Where element 0 of this work-item's transform sits in src and in dst (an index of the array), and");
        line("// the step from one element to the next.");
        line("int lt = firstTransform + lane;");
        transformOf("lo", "lc", "lt");
        line("int gIn = 2 * (lo * inDistance + (columns ? lc : (lc / period + inner / period * (lc % period)) * n) * inStride);");
        line("// The exponent's factor of TWIDDLE for this transform: element e is multiplied by W^{e tww}.");
        line("int tww = columns ? lo % period : lc;");
        line("int gOut = 2 * (lo * outDistance + (columns ? lc : lc * n) * outStride);");
        line("int eIn = columns ? inner * inStride : inStride;");
        line("int eOut = columns ? inner * outStride : outStride;");
        open("if (!directIn) {");
        line("// Element v of the group's load: element e of its transform ln, e fastest along rows, ln across columns.");
        groupElements("columns", "inDistance", "inStride", "(c / period + inner / period * (c % period))");
        line("// In place, element e goes where the passes' decimation in time reads it: its digits in the radices");
        line("// from the last pass's (fastest) to the first's, reversed.");
        line("int pos = e;");
        open("if (inPlace) {");
        digitsReversed("pos", "e", "n", 0);
        close("}");
        line("int to = ln * width + 2 * pos;");
        line("to >>= sh;");
        line("to += to >> 5 & pm;");
        line("to ^= to >> 5 & sw;");
        line(t + " vr = src.get(at);");
        line(t + " vi = src.get(at + 1) * conj;");
        merge();
        open("if ((flags & TWIDDLE) != 0) {");
        line("// W^{e c} (across columns W^{e (o mod P)}).");
        stepTwiddle("", "e * (columns ? o % period : c)");
        line(product("v", "w"));
        close("}");
        line("l[to] = vr;");
        line("l[to + half] = vi;");
        close("}");
        close("}");
        line("ctx.localBarrier();");
        close("}");
        // The passes are written out one after another, not looped over: TornadoVM specialises the
        // kernel to its scalar arguments, so each pass's radix, span, line count and twiddle offset then
        // fold to constants, its branch on the radix to the one butterfly it runs, and i mod span to a
        // division by a constant (a loop over the passes kept all of them as run-time values). The
        // buffers alternate by the pass's parity.
        line("int span = 1;");
        line("int twAt = 0;");
        line("int last = base;");
        for (int p = 0; p < passes; p++) {
            pass(p, kernel.slots()[p], kernel.inPass());
        }
        line("// The buffer the last pass wrote, as an offset within each transform's two.");
        line("int done = last - base;");
        open("if (realOut) {");
        split();
        reopen("} else if (!directOut) {");
        groupElements("outColumns", "outDistance", "outStride", "c");
        line("int from = ln * width + done + 2 * e;");
        line("from >>= sh;");
        line("from += from >> 5 & pm;");
        line("from ^= from >> 5 & sw;");
        line("dst.set(at, l[from] * re);");
        line("dst.set(at + 1, l[from + half] * im);");
        close("}");
        close("}");
        close("}");
        close("}");
    }

    /**
     * c2r's merge fused into the group's load (REAL with INVERSE; {@code RealTransform.merge}): element e of
     * a row, loaded as v = conj X[e], becomes conj Z'[e], {@code Z'[e] = A + i W_N^-e B} with
     * {@code A = X[e] + conj X[n - e]}, {@code B = X[e] - conj X[n - e]}, bins 0 and n by their real parts
     * (a product, not a branch), as numpy's irfft reads them; the inverse passes then go on as if they had
     * loaded Z'. Rows only: bin n - e is element n - e of the same row.
     */
    private void merge() {
        String t = type.scalar;
        open("if (realIn) {");
        line("// c2r's merge: v = conj X[e] becomes conj Z'[e], Z'[e] = A + i W_N^-e B, A = X[e] + conj X[n - e],");
        line("// B = X[e] - conj X[n - e], bins 0 and n by their real parts; W_N^e after the passes' n - 1 entries.");
        line("int mirror = at + 2 * (n - 2 * e) * inStride;");
        line(t + " keep = e == 0 ? " + type.literal(0) + " : " + type.literal(1) + ";");
        line(t + " xi = -vi * keep;");
        line(t + " mr = src.get(mirror);");
        line(t + " mi = src.get(mirror + 1) * keep;");
        line(t + " ar = vr + mr;");
        line(t + " ai = xi - mi;");
        line(t + " br = vr - mr;");
        line(t + " bi = xi + mi;");
        line("int wat = 2 * (n - 1) + 2 * e;");
        line("wr = tw.get(wat);");
        line("wi = tw.get(wat + 1);");
        line("// C = W_N^-e B; Z' = A + i C, loaded conjugated.");
        line("vr = ar - (wr * bi - wi * br);");
        line("vi = -(ai + (wr * br + wi * bi));");
        close("}");
    }

    /**
     * r2c's split fused into the group's store (REAL, forward; {@code RealTransform.split}): once the group
     * holds each row's transform Z in natural order, output e = 0 .. n of the row (n + 1 bins, at the
     * output's distance) is {@code X[e] = E + W_N^e O}, {@code E = (Z[e] + conj Z[n - e]) / 2},
     * {@code O = (Z[e] - conj Z[n - e]) / 2i}, indices mod n: both values from local memory, scaled. Bin n
     * comes out as {@code Re Z[0] - Im Z[0]} and bin 0 as their sum, both real. Rows only ({@code inner} 1).
     */
    private void split() {
        String t = type.scalar;
        line("// r2c's split: bin e = 0 .. n of each row, X[e] = E + W_N^e O, E = (Z[e] + conj Z[n - e]) / 2,");
        line("// O = (Z[e] - conj Z[n - e]) / 2i, indices mod n, Z from local memory; W_N^e after the passes' n - 1 entries.");
        open("for (int v = item; v < lanes * (n + 1); v += lanes * per) {");
        line("int ln = v / (n + 1);");
        line("int e = v - ln * (n + 1);");
        line("int tr = firstTransform + ln;");
        open("if (tr < transforms) {");
        line("int at = 2 * (tr * outDistance + e * outStride);");
        line("int f0 = ln * width + done + 2 * (e == n ? 0 : e);");
        line("f0 >>= sh;");
        line("f0 += f0 >> 5 & pm;");
        line("f0 ^= f0 >> 5 & sw;");
        line("int f1 = ln * width + done + 2 * (e == 0 ? 0 : n - e);");
        line("f1 >>= sh;");
        line("f1 += f1 >> 5 & pm;");
        line("f1 ^= f1 >> 5 & sw;");
        line(t + " ar = l[f0];");
        line(t + " ai = l[f0 + half];");
        line(t + " cr = l[f1];");
        line(t + " ci = -l[f1 + half];");
        line(t + " er = " + type.literal(0.5) + " * (ar + cr);");
        line(t + " ei = " + type.literal(0.5) + " * (ai + ci);");
        line(t + " odr = " + type.literal(0.5) + " * (ai - ci);");
        line(t + " odi = " + type.literal(-0.5) + " * (ar - cr);");
        line("int wat = 2 * (n - 1) + 2 * e;");
        line("wr = tw.get(wat);");
        line("wi = tw.get(wat + 1);");
        line("dst.set(at, (er + wr * odr - wi * odi) * re);");
        line("dst.set(at + 1, (ei + wr * odi + wi * odr) * im);");
        close("}");
        close("}");
    }

    /**
     * Pass {@code p} of the fused kernel, where the radix word has one (a zero nibble ends the list): the
     * butterflies of each radix of {@code radices} (the others do nothing), from buffer p mod 2 into the
     * other, then a barrier, and the span and twiddle offset moved on.
     */
    private void pass(int p, int[] radices, boolean inPass) {
        String t = type.scalar;
        line("// Pass " + p + (radices == FUSED_RADICES ? "" : " (radix " + Arrays.stream(radices).mapToObj(String::valueOf)
                .collect(Collectors.joining(", ")).replaceAll(", (\\d+)$", " or $1") + ")") + ".");
        open("if (radix" + p + " != 0) {");
        line("int radix = radix" + p + ";");
        line("int lines = n / radix;");
        line("int from = " + (p % 2 == 0 ? "base" : "inPlace ? base : base + 2 * n") + ";");
        line("int to = " + (p % 2 == 0 ? "inPlace ? base : base + 2 * n" : "base") + ";");
        if (p > 0) {
            // Pass 0 is never the last of two or more.
            String last = p == passes - 1 ? "" : " && radix" + (p + 1) + " == 0";
            line("// The last pass (span n / R: line i stores elements i + m span) writes global memory where directOut.");
            line("boolean direct = directOut" + last + ";");
        }
        open("if (firstTransform + lane < transforms) {");
        if (p == 0) {
            open("for (int q = sub; q < lines; q += per) {");
            line("// Line q reads elements q + m lines. In place with directIn it is the butterfly i whose inputs the");
            line("// digit-reversed load would have put at i R + m: q's digits in the later passes' radices, reversed.");
            line("int i = q;");
            open("if (inPlace && directIn) {");
            digitsReversed("i", "q", "lines", 1);
            close("}");
        } else {
            open("for (int i = sub; i < lines; i += per) {");
        }
        line("int k = i % span;");
        line("int store = to + 2 * ((i - k) * radix + k);");
        for (int r = 0; r < radices.length; r++) {
            int radix = radices[r];
            open((r == 0 ? "if" : "} else if") + " (radix == " + radix + ") {");
            for (int m = 0; m < radix; m++) {
                String a = "from + 2 * " + group(plus("i", m, "lines"));
                String here = m == 0 ? "store" : "store + " + mul(2 * m, "span");
                line("int a" + m + " = inPlace ? " + here + " : " + a + ";");
                line("a" + m + " >>= sh;");
                line("a" + m + " += a" + m + " >> 5 & pm;");
                line("a" + m + " ^= a" + m + " >> 5 & sw;");
                if (p == 0) {
                    line(t + " " + x(m) + "r;");
                    line(t + " " + x(m) + "i;");
                    open("if (directIn) {");
                    line("int u" + m + " = gIn + 2 * " + group(plus("q", m, "lines")) + " * eIn;");
                    line(x(m) + "r = src.get(u" + m + "); " + x(m) + "i = src.get(u" + m + " + 1) * conj;");
                    if (inPass && IN_PASS_RADICES.contains(radix)) {
                        open("if ((flags & TWIDDLE) != 0) {");
                        stepTwiddle(Integer.toString(m), "(" + plus("q", m, "lines") + ") * tww");
                        line(product(x(m), "w"));
                        close("}");
                    }
                    reopen("} else {");
                    line(x(m) + "r = l[a" + m + "]; " + x(m) + "i = l[a" + m + " + half];");
                    close("}");
                } else {
                    line(t + " " + x(m) + "r = l[a" + m + "]; " + t + " " + x(m) + "i = l[a" + m + " + half];");
                }
            }
            twiddle(radix, "twAt + ");
            String[] y = dft(radix);
            for (int m = 0; m < radix; m++) {
                String a = m == 0 ? "store" : "store + " + mul(2 * m, "span");
                line("int b" + m + " = " + a + ";");
                line("b" + m + " >>= sh;");
                line("b" + m + " += b" + m + " >> 5 & pm;");
                line("b" + m + " ^= b" + m + " >> 5 & sw;");
                if (p > 0 && Integer.bitCount(radix) != 1) {
                    open("if (direct) {");
                    line("int v" + m + " = gOut + 2 * " + group(plus("i", m, "span")) + " * eOut;");
                    line("dst.set(v" + m + ", " + y[m] + "r * re); dst.set(v" + m + " + 1, " + y[m] + "i * im);");
                    reopen("} else {");
                    line("l[b" + m + "] = " + y[m] + "r; l[b" + m + " + half] = " + y[m] + "i;");
                    close("}");
                } else {
                    line("l[b" + m + "] = " + y[m] + "r; l[b" + m + " + half] = " + y[m] + "i;");
                }
            }
            outdent();
        }
        line("}");
        close("}");
        close("}");
        if (p > 0) {
            line("// After the last pass, a barrier only where the group's store reads local memory.");
            open("if (!direct) {");
            line("ctx.localBarrier();");
            close("}");
        } else {
            line("ctx.localBarrier();");
        }
        line("twAt += 2 * (radix - 1) * span;");
        line("span *= radix;");
        line("last = to;");
        close("}");
    }

    /**
     * Sets the kernel's (wr, wi) to the steps' twiddle {@code W^f} of TWIDDLE, f = {@code exponent}, as the
     * product of two table entries after the passes' n - 1: {@code W^{f mod 2^TWIDDLE_BITS}} and
     * {@code W^{2^TWIDDLE_BITS floor(f / 2^TWIDDLE_BITS)}}. Its locals end in {@code suffix}, so that the
     * first pass's values each take their own.
     */
    private void stepTwiddle(String suffix, String exponent) {
        String t = type.scalar;
        String f = "tf" + suffix;
        String low = "wl" + suffix;
        String high = "wh" + suffix;
        line("int " + f + " = " + exponent + ";");
        line("int " + low + " = 2 * (n - 1) + 2 * (" + f + " & ((1 << TWIDDLE_BITS) - 1));");
        line("int " + high + " = 2 * (n - 1) + (2 << TWIDDLE_BITS) + 2 * (" + f + " >> TWIDDLE_BITS);");
        String b = "wb" + suffix;
        line("wr = tw.get(" + low + "); wi = tw.get(" + low + " + 1);");
        line(t + " " + b + "r = tw.get(" + high + "); " + t + " " + b + "i = tw.get(" + high + " + 1);");
        line(product("w", b));
    }

    /**
     * Declares the fused kernel's ints radix0, radix1, ...: each pass's radix, 0 past the last, from its
     * nibble of the radix word ({@link #code}; only the codes of the kernel's own radices are read).
     */
    private void radixOfEachPass(Fused kernel) {
        line("// The radix of each pass, 0 past the last: nibble p of the radix word is pass p's radixCode.");
        for (int p = 0; p < passes; p++) {
            String r = "radix" + p;
            line("int " + r + " = " + (p == 0 ? "radices & 15" : "(radices >>> " + 4 * p + ") & 15") + ";");
            StringBuilder decode = new StringBuilder(r + " = " + r + " == 0 ? 0 : ");
            int slot = p;
            LARGE_CODES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .filter(e -> Arrays.stream(kernel.slots()[slot]).anyMatch(radix -> radix == e.getKey()))
                    .forEach(e -> decode.append(r).append(" == ").append(e.getValue()).append(" ? ").append(e.getKey()).append(" : "));
            line(decode + r + " + 1;");
        }
    }

    /**
     * Sets the kernel's int {@code target} to the digits of {@code value} in the radices of the passes from
     * {@code firstPass} on, reversed ({@code rest} the product of those radices): the place where the
     * passes' decimation in time reads the element {@code value}, relative to those passes.
     */
    private void digitsReversed(String target, String value, String rest, int firstPass) {
        line("int rest = " + rest + ";");
        line("int weight = 1;");
        line(target + " = 0;");
        for (int p = firstPass; p < passes; p++) {
            open("if (radix" + p + " != 0) {");
            line("rest /= radix" + p + ";");
            line(target + " += (" + value + " / rest) % radix" + p + " * weight;");
            line("weight *= radix" + p + ";");
            close("}");
        }
    }

    /** Declares the kernel's ints {@code o} and {@code c}: transform {@code t} as the pair (t / inner, t mod inner). */
    private void transformOf(String o, String c, String t) {
        line("int " + o + " = " + t + " / inner;");
        line("int " + c + " = " + t + " - " + o + " * inner;");
    }

    /**
     * Opens the fused kernel's loop over its group's elements in the order of memory (element e of the
     * group's transform ln; e fastest along rows, ln across columns, as the kernel's boolean variable
     * {@code columns} says) and, for a transform of the batch, {@code at}: the element's float index in
     * global memory with the given distance and stride, along rows in row {@code row} (an expression of
     * the transform's c). The caller writes the body and closes both blocks.
     */
    private void groupElements(String columns, String distance, String stride, String row) {
        open("for (int v = item; v < lanes * n; v += lanes * per) {");
        line("int ln = " + columns + " ? v % lanes : v / n;");
        line("int e = " + columns + " ? v / lanes : v - ln * n;");
        line("int tr = firstTransform + ln;");
        open("if (tr < transforms) {");
        transformOf("o", "c", "tr");
        line("int at = 2 * (o * " + distance + " + (" + columns + " ? c + e * inner : " + row + " * n + e) * " + stride + ");");
    }

    /**
     * Where the span is above 1, x_m times {@code W_{pR}^{m k}} for 0 &lt; m &lt; R: entry (m - 1) p + k
     * of the table that starts at {@code base} (an expression and " + ", or empty) in {@code tw} where m is
     * a power of two, else the product of two earlier twiddles (W^{m k} = W^{(m - h) k} W^{h k}, h the
     * highest bit of m): radix 5 reads two entries instead of four, 8 three instead of seven, 16 four
     * instead of fifteen; the table reads shared the load path with local memory's.
     */
    private void twiddle(int radix, String base) {
        String t = type.scalar;
        open("if (span > 1) {");
        if (radix > 2) {
            line("// The entries of m = 1, 2, 4, ... read; the others their products, W^{m k} = W^{(m - h) k} W^{h k} with h");
            line("// the highest bit of m: one read per bit of R - 1 instead of one per m, each within a few roundings.");
        }
        for (int m = 1; m < radix; m++) {
            int high = Integer.highestOneBit(m);
            String w = "w" + m;
            if (m == high) {
                String a = base + (m == 1 ? "2 * k" : "2 * (" + mul(m - 1, "span") + " + k)");
                line(t + " " + w + "r = tw.get(" + a + "); " + t + " " + w + "i = tw.get(" + a + " + 1);");
            } else {
                String lo = "w" + (m - high);
                line(t + " " + w + "r = " + lo + "r; " + t + " " + w + "i = " + lo + "i;");
                line(product(w, "w" + high));
            }
            line(product(x(m), w));
        }
        close("}");
    }

    // ---- the butterflies ------------------------------------------------------------------------

    /**
     * The forward DFT of the registers x_0 .. x_{R-1}; returns the register that holds each output m.
     */
    private String[] dft(int radix) {
        String[] x = new String[radix];
        for (int m = 0; m < radix; m++) {
            x[m] = x(m);
        }
        return Integer.bitCount(radix) == 1 || isPrime(radix) ? small(x, "") : composite(x);
    }

    /** Whether a radix is one of the odd primes there is a direct DFT for. */
    private static boolean isPrime(int radix) {
        return radix == 3 || radix == 5 || radix == 7 || radix == 11 || radix == 13;
    }

    /**
     * The DFT of the registers {@code x} (2, 4, 8, 16 or an odd prime of them), into registers of its own
     * (locals beginning with {@code prefix}) or in place (the powers of two); returns the register that
     * holds each output.
     */
    private String[] small(String[] x, String prefix) {
        int size = x.length;
        if (Integer.bitCount(size) != 1) {
            return odd(x, prefix);
        }
        radix2Stages(x, type.literal(Math.sqrt(0.5)));
        int bits = Integer.numberOfTrailingZeros(size);
        String[] y = new String[size];
        for (int k = 0; k < size; k++) {
            y[k] = x[Integer.reverse(k) >>> (32 - bits)];
        }
        return y;
    }

    /**
     * A composite radix R = a b of coprime factors (6 = 2 x 3, 10 = 2 x 5, 12 = 4 x 3, 15 = 3 x 5, 20 = 4 x 5,
     * 24 = 8 x 3; a the power of two in R, or 3) by the prime-factor (Good-Thomas) algorithm: with input
     * m = (b m1 + a m2) mod R and output k = (k1 b (b^-1 mod a) + k2 a (a^-1 mod b)) mod R, the R-point DFT is
     * a-point DFTs over m1, then b-point DFTs over m2, with no twiddles between them; both maps are only
     * which register is which.
     */
    private String[] composite(String[] x) {
        int radix = x.length;
        int a = radix % 2 == 0 ? Integer.lowestOneBit(radix) : 3;
        int b = radix / a;
        // u[m2][k1]: output k1 of the a-point DFT over m1 of the inputs (b m1 + a m2) mod R.
        String[][] u = new String[b][];
        for (int m2 = 0; m2 < b; m2++) {
            String[] in = new String[a];
            for (int m1 = 0; m1 < a; m1++) {
                in[m1] = x[(b * m1 + a * m2) % radix];
            }
            u[m2] = small(in, "q" + m2);
        }
        int bInverse = inverse(b, a);
        int aInverse = inverse(a, b);
        String[] y = new String[radix];
        for (int k1 = 0; k1 < a; k1++) {
            String[] in = new String[b];
            for (int m2 = 0; m2 < b; m2++) {
                in[m2] = u[m2][k1];
            }
            String[] out = small(in, "p" + k1);
            for (int k2 = 0; k2 < b; k2++) {
                y[(k1 * b * bInverse + k2 * a * aInverse) % radix] = out[k2];
            }
        }
        return y;
    }

    /** The inverse of {@code value} modulo {@code modulus} (coprime, modulus above 1; 0 for modulus 1). */
    private static int inverse(int value, int modulus) {
        for (int i = 1; i < modulus; i++) {
            if (value * i % modulus == 1) {
                return i;
            }
        }
        return 0;
    }

    /**
     * The direct DFT of the odd number R of registers {@code x} on the symmetric pairs a_j = x_j + x_{R-j},
     * b_j = x_j - x_{R-j} (0 &lt; j &lt;= R/2): y_0 = x_0 + sum a_j; for 0 &lt; m &lt;= R/2, with c = x_0 + sum
     * a_j cos(2 pi j m / R) and d = sum b_j sin(2 pi j m / R), y_m = c - i d and y_{R-m} = c + i d. Its
     * locals' names begin with {@code prefix}; returns the register that holds each output m.
     */
    private String[] odd(String[] x, String prefix) {
        String t = type.scalar;
        int radix = x.length;
        int half = radix / 2;
        String a = prefix + "a";
        String b = prefix + "b";
        for (int j = 1; j <= half; j++) {
            String p = x[j];
            String q = x[radix - j];
            line(t + " " + a + j + "r = " + p + "r + " + q + "r; " + t + " " + a + j + "i = " + p + "i + " + q + "i;");
            line(t + " " + b + j + "r = " + p + "r - " + q + "r; " + t + " " + b + j + "i = " + p + "i - " + q + "i;");
        }
        StringBuilder sumR = new StringBuilder(x[0] + "r");
        StringBuilder sumI = new StringBuilder(x[0] + "i");
        for (int j = 1; j <= half; j++) {
            sumR.append(" + ").append(a).append(j).append('r');
            sumI.append(" + ").append(a).append(j).append('i');
        }
        String y0 = prefix + "y0";
        line(t + " " + y0 + "r = " + sumR + "; " + t + " " + y0 + "i = " + sumI + ";");
        String c = prefix + "c";
        String d = prefix + "d";
        line(t + " " + c + "r;");
        line(t + " " + c + "i;");
        line(t + " " + d + "r;");
        line(t + " " + d + "i;");
        String[] y = new String[radix];
        y[0] = y0;
        for (int m = 1; m <= half; m++) {
            StringBuilder cr = new StringBuilder(c + "r = " + x[0] + "r");
            StringBuilder ci = new StringBuilder(c + "i = " + x[0] + "i");
            StringBuilder dr = new StringBuilder(d + "r = ");
            StringBuilder di = new StringBuilder(d + "i = ");
            for (int j = 1; j <= half; j++) {
                // cos and sin of 2 pi j m / R, from the angle reduced to j m mod R.
                double angle = 2 * Math.PI * ((long) j * m % radix) / radix;
                String cs = paren(type.literal(Math.cos(angle)));
                String sn = paren(type.literal(Math.sin(angle)));
                cr.append(" + ").append(a).append(j).append("r * ").append(cs);
                ci.append(" + ").append(a).append(j).append("i * ").append(cs);
                dr.append(j == 1 ? "" : " + ").append(b).append(j).append("r * ").append(sn);
                di.append(j == 1 ? "" : " + ").append(b).append(j).append("i * ").append(sn);
            }
            line(cr + "; " + ci + ";");
            line(dr + "; " + di + ";");
            String ym = prefix + "y" + m;
            String yn = prefix + "y" + (radix - m);
            line("// y_" + m + " = c - i d, y_" + (radix - m) + " = c + i d.");
            line(t + " " + ym + "r = " + c + "r + " + d + "i; " + t + " " + ym + "i = " + c + "i - " + d + "r;");
            line(t + " " + yn + "r = " + c + "r - " + d + "i; " + t + " " + yn + "i = " + c + "i + " + d + "r;");
            y[m] = ym;
            y[radix - m] = yn;
        }
        return y;
    }

}
