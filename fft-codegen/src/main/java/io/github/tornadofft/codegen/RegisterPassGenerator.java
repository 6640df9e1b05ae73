package io.github.tornadofft.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Writes tornado-fft's register-pass kernels: {@code RegisterPass.java}, the Stockham pass kernel in
 * float, once per number of values a work-item holds (1, 2, 4, 8, 16), with those values in named
 * scalar variables, and the pass's constants and argument packing; and {@code RegisterPassDouble.java},
 * the same kernels in double. One description, two precisions: the kernel text below is written once,
 * with the scalar type, the array type and the literals taken from {@link Type}.
 *
 * <p>It runs in tornado-fft's build (generate-sources), which compiles its output from
 * {@code target/generated-sources/kernels}; nothing it writes is checked in. To read the kernels, build
 * tornado-fft, or run {@code main} with a folder.
 *
 * <p>Why generated: a work-item's values must live in registers, and Java gives a kernel two ways to
 * hold R values: an array, or R variables. TornadoVM's OpenCL backend emits a private array that
 * NVIDIA's and PoCL's compilers promote to registers, but its PTX backend emits a {@code .local}
 * array that stays in memory (the kernel then ran 6-12x slower on PTX than on OpenCL). Variables are
 * registers on every backend; a butterfly on them cannot be a Java method (a method returns one
 * value), so it is written out, and writing out R loads, R twiddles and a radix-16 butterfly by hand
 * is what a generator is for. This class is the readable form: the kernel text below is the
 * algorithm, and {@link #dft} is the butterfly.
 *
 * <p>The kernels call no helper methods: TornadoVM inlines every call of a kernel with Graal, which
 * gives up past 1000 inlined methods per compilation, and a radix-16 kernel that read its twiddles
 * through helpers went past that and failed to compile ({@code Unable to build sketch}).
 *
 * <p>They read as few twiddles as they can: a work-item reads W^{2^t} for each bit t of the exponents
 * it needs and multiplies each value by those of its exponent's bits ({@code TwiddleTable}), log2(R)
 * reads for R values instead of R - 1. Global loads are what NVIDIA's load/store units queue on in the
 * passes of 256 and 512 work-items per group (Nsight Compute), and what PoCL turns into gathers.
 */
public final class RegisterPassGenerator extends KernelSource {

    /** The package the kernels are written in. */
    static final String PACKAGE = "io.github.tornadofft.kernels";

    /**
     * The precision of one generated class: its name, the kernels' scalar, array and boxed types, and
     * how a constant is written.
     */
    enum Type {
        FLOAT("RegisterPass", "float", "FloatArray", "Float"),
        DOUBLE("RegisterPassDouble", "double", "DoubleArray", "Double");

        final String className;
        final String scalar;
        final String array;
        final String boxed;

        Type(String className, String scalar, String array, String boxed) {
            this.className = className;
            this.scalar = scalar;
            this.array = array;
            this.boxed = boxed;
        }

        /** {@code value} as a literal of this precision, rounded once from the double given. */
        String literal(double value) {
            return this == FLOAT ? Float.toString((float) value) + "f" : Double.toString(value);
        }
    }

    /** Values per work-item there is a kernel for. */
    static final int[] REGISTERS = {1, 2, 4, 8, 16};
    /** Values per work-item there is a chirp kernel for (Bluestein's M is at least 32 points). */
    static final int[] CHIRP_REGISTERS = {2, 4, 8, 16};
    /** Longest fused X axis there is code for. */
    static final int MAX_FUSED = 64;

    /**
     * Longest fused X axis of the kernel with R values per work-item: R in one step, R^2 (up to
     * MAX_FUSED) in two for R = 4 and 8. pass16 stays at one step: it is 58 KB of bytecode without,
     * and its two-step code for rows of 32 and 64 went past the JVM's 64 KB limit on a method.
     */
    static int maxFused(int regs) {
        return regs == 4 || regs == 8 ? Math.min(regs * regs, MAX_FUSED) : regs;
    }
    /** Most butterflies a work-item computes in a later step (radix R / 8). */
    static final int MAX_BUTTERFLIES = 8;

    /** The class of the half-storage kernels: float arithmetic, fp16 values in global memory. */
    static final String HALF_CLASS = "RegisterPassHalf";

    /** Whether the class being written is {@link #HALF_CLASS}: fp16 {@code src} and {@code dst}. */
    private boolean fp16;

    /**
     * Whether the kernel being written is a chirp kernel ({@code chirpR}): Bluestein's first and last
     * passes, with the chirp and the filter in their loads and stores, and no fused X axis or real step.
     */
    private boolean chirp;

    private RegisterPassGenerator(Type type) {
        super(type);
    }

    /**
     * Writes every generated class under the source folder {@code args[0]} (in its package's folders).
     *
     * @throws IllegalArgumentException without exactly one argument
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("args: one source folder to write the kernels under, got " + args.length);
        }
        Path folder = Path.of(args[0]).resolve(PACKAGE.replace('.', '/'));
        Files.createDirectories(folder);
        for (Type type : Type.values()) {
            Path file = folder.resolve(type.className + ".java");
            writeIfChanged(file, source(type));
        }
        writeIfChanged(folder.resolve(HALF_CLASS + ".java"), halfSource());
    }

    /**
     * The half-storage class: RegisterPass's kernels with fp16 ({@code HalfFloatArray}) global input and
     * output; float registers, local memory and twiddles. No real-transform code (REAL): half plans are
     * complex.
     */
    static String halfSource() {
        RegisterPassGenerator g = new RegisterPassGenerator(Type.FLOAT);
        g.fp16 = true;
        g.twin();
        return g.text();
    }

    /** The whole generated file of one precision. */
    static String source(Type type) {
        RegisterPassGenerator g = new RegisterPassGenerator(type);
        if (type == Type.FLOAT) {
            g.file();
        } else {
            g.twin();
        }
        return g.text();
    }

    /**
     * {@code kernel(regs)}: the kernel of a register count, as the function TaskGraph.task takes; and, but
     * in the half class, {@code chirpKernel(regs)}, the chirp kernel's.
     */
    private void selector() {
        selector("The kernel for work-items holding {@code regs} values (a power of two up to MAX_REGS).", "kernel", "pass",
                REGISTERS, "a power of two up to");
        if (!fp16) {
            line("");
            selector("The chirp kernel (Bluestein's first and last passes) for work-items holding {@code regs} values, 2 to"
                    + " MAX_REGS.", "chirpKernel", "chirp", CHIRP_REGISTERS, "a power of two from 2 to");
        }
    }

    /** The selector {@code method(regs)} of the kernels {@code prefix + regs}, regs in {@code counts}. */
    private void selector(String doc, String method, String prefix, int[] counts, String allowed) {
        String owner = fp16 ? HALF_CLASS : type.className;
        line("/** " + doc + " */");
        open("public static Task16<KernelContext, " + dataArray() + ", " + dataArray() + ", " + type.array
                + ", Integer, Integer, Integer, Integer, Integer,");
        line("        Integer, " + type.boxed + ", Integer, Integer, Integer, Integer, Integer> " + method + "(int regs) {");
        open("return switch (regs) {");
        for (int regs : counts) {
            line("case " + regs + " -> " + owner + "::" + prefix + regs + ";");
        }
        line("default -> throw new IllegalArgumentException(\"regs: " + allowed + " \" + MAX_REGS + \", got \" + regs);");
        close("};");
        close("}");
    }

    /**
     * A class of kernels beside RegisterPass, whose constants and argument packing (the same for every
     * precision) live there only: the double class, or with {@link #fp16} the half-storage class.
     */
    private void twin() {
        String name = fp16 ? HALF_CLASS : type.className;
        imports();
        for (String constant : SHARED) {
            // The half class has no real-transform code.
            if (!(fp16 && (constant.equals("REAL") || constant.equals("INVERSE_CHIRP")))) {
                line("import static " + PACKAGE + "." + Type.FLOAT.className + "." + constant + ";");
            }
        }
        line("");
        line(GENERATED);
        line("");
        line("/**");
        if (fp16) {
            line(" * {@link RegisterPass}'s kernels for half-precision storage: values in global memory are IEEE fp16");
            line(" * ({@code HalfFloatArray}, interleaved real and imaginary parts), everything else is float: registers,");
            line(" * local memory, twiddles and arithmetic. Each value is widened once as it is loaded and rounded to");
            line(" * fp16 once as it is stored: a pass adds one rounding to fp16 to the error of float arithmetic.");
            line(" *");
            line(" * <p>Every pass of a half plan is one of these: its values between passes are fp16 too, so every pass");
            line(" * moves half the bytes of a float pass, and a plan of k passes rounds each value k times. Same");
            line(" * arguments and flags as RegisterPass, without {@code REAL}.");
            line(" *");
            line(" * <p>Each fp16 value moves on its own: two 16-bit loads or stores per complex value, as many");
            line(" * instructions as a float pass issues for twice the bytes.");
        } else {
            line(" * {@link RegisterPass}'s kernels in " + type.scalar + ": the same passes, arguments and flags, on " + type.array);
            line(" * and " + type.scalar + " local memory (twice the bytes per value, which the planner accounts for).");
        }
        line(" */");
        open("public final class " + name + " {");
        line("");
        line("/** cos(pi/4) = sin(pi/4). */");
        line("static final " + type.scalar + " C8 = " + type.literal(Math.sqrt(0.5)) + ";");
        line("");
        open("private " + name + "() {");
        close("}");
        line("");
        selector();
        kernels();
        close("}");
    }

    /** Every pass kernel, then (but in the half class) every chirp kernel. */
    private void kernels() {
        for (int regs : REGISTERS) {
            line("");
            kernel(regs);
        }
        if (!fp16) {
            chirp = true;
            for (int regs : CHIRP_REGISTERS) {
                line("");
                kernel(regs);
            }
            chirp = false;
        }
    }

    /** The array type of a pass's {@code src} and {@code dst}. */
    private String dataArray() {
        return fp16 ? "HalfFloatArray" : type.array;
    }

    /** A load of element {@code index} of {@code src}, widened to float where it is fp16. */
    private String load(String index) {
        return fp16 ? "src.get(" + index + ").getFloat32()" : "src.get(" + index + ")";
    }

    /** A store of {@code value} to element {@code index} of {@code dst}, rounded to fp16 where it is fp16. */
    private String store(String index, String value) {
        return fp16 ? "dst.set(" + index + ", new HalfFloat(" + value + "));" : "dst.set(" + index + ", " + value + ");";
    }

    /** RegisterPass's constants the kernels read. */
    private static final String[] SHARED = {"MAX_REGS", "INVERSE", "SPLIT", "FUSED_SHIFT", "IN_LAYOUT", "OUT_LAYOUT",
        "LATE_STORE", "REAL", "INVERSE_CHIRP", "R2_SHIFT", "R3_SHIFT", "K_SHIFT", "ROWS_SHIFT", "SIZE_SHIFT"};

    /** The first line of every generated class. */
    private static final String GENERATED =
            "// GENERATED by RegisterPassGenerator (module fft-codegen) in tornado-fft's build: edit the generator.";

    /** The package and the imports every class starts with. */
    private void imports() {
        line("package " + PACKAGE + ";");
        line("");
        line("import uk.ac.manchester.tornado.api.KernelContext;");
        line("import uk.ac.manchester.tornado.api.common.TornadoFunctions.Task16;");
        if (fp16) {
            line("import uk.ac.manchester.tornado.api.types.HalfFloat;");
        }
        line("import uk.ac.manchester.tornado.api.types.arrays." + type.array + ";");
        if (fp16) {
            line("import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;");
        }
        line("");
    }

    private void file() {
        imports();
        line(GENERATED);
        line("");
        line("/**");
        line(" * One global pass of a Stockham (autosort) FFT: the kernel every 1D, 2D and 3D plan is made of.");
        line(" *");
        line(" * <p>A transform of length {@code n} is split into passes of radix {@code r}; a pass with span");
        line(" * {@code p} (the product of the radices before it) computes, for each of the {@code n / r} lines");
        line(" * {@code i}, a radix-{@code r} DFT of {@code x[i + m n/r]} after twiddling element {@code m} by");
        line(" * {@code W_{pr}^{m (i mod p)}}, and writes output {@code m} to {@code (i - i mod p) r + i mod p + m p}.");
        line(" * After the last pass the data is in natural order.");
        line(" *");
        line(" * <p>Inside a work-group the radix-{@code r} DFT is itself a small FFT (the OpenCL FFT seed): each");
        line(" * work-item holds R values in registers ({@code passR}, R = 2, 4, 8, 16), computes a radix-R");
        line(" * butterfly on them, exchanges values with the group through padded local memory");
        line(" * ({@link LocalFft}), twiddles, and computes up to two more steps of radix R / d (d such");
        line(" * butterflies per work-item, d = 1, 2, 4, 8), so {@code r = R * r2 * r3}. A work-group takes");
        line(" * {@code cols} adjacent lines of one transform (every global access is a run of adjacent");
        line(" * elements, the 3D seed's coalescing) times {@code rows} transforms of the batch.");
        line(" *");
        line(" * <p>The same pass serves every axis of a 2D or 3D array (the 3D seed's X, Y and Z passes): with");
        line(" * {@code stride} S > 1 the transform runs along an axis whose consecutive points lie S elements");
        line(" * apart, and a work-group takes {@code cols} adjacent positions of the faster axes, so every global");
        line(" * access is a run of {@code cols} adjacent elements however large S is.");
        line(" *");
        line(" * <p>Every integer parameter is a compile-time constant: TornadoVM specialises the kernel to the");
        line(" * values it is scheduled with, and the fields packed into {@code flags} with it, so the branches on");
        line(" * {@code r2}, {@code r3}, {@code span}, {@code stride} and the layouts vanish from the compiled");
        line(" * code. The values are scalar variables, not arrays, so that they are registers on every");
        line(" * backend (see the generator for why).");
        line(" *");
        line(" * <p>Parameters of every {@code passR}: {@code src}/{@code dst} interleaved complex input and");
        line(" * output (one buffer only for a transform of one pass in place, whose groups read all of");
        line(" * their part before writing it); {@code tw} the pass's twiddle table");
        line(" * ({@link TwiddleTable#forPass}); {@code n} points along the axis; {@code stride} elements");
        line(" * between consecutive points; {@code r} this pass's radix; {@code span} product of the radices");
        line(" * of earlier passes; {@code cols} adjacent lines (stride 1) or adjacent positions of the faster");
        line(" * axes (stride > 1) per group; {@code flags} the options and the rest of the shape, packed");
        line(" * ({@link #flags}, {@link #steps}, {@link #layouts}): the inverse transform (conjugate on load and");
        line(" * store), the split exchange (below), log2 of a fused X axis (below), {@code rows} transforms of");
        line(" * the batch (stride 1) or adjacent lines (stride > 1) per group, {@code r2}, {@code r3} radices of");
        line(" * the second and third step (R / d, d = 1, 2, 4, 8; 1 when absent), {@code kBits}");
        line(" * {@link TwiddleTable#kBits} of the span, whether the input and the output lie in a layout");
        line(" * of their own, whether the stores are addressed late ({@link #LATE_STORE}), and whether the pass");
        line(" * is a real transform's whole complex part with its split or merge fused in ({@link #REAL});");
        line(" * {@code scale}");
        line(" * factor applied on store; {@code localFloats} floats of local memory");
        line(" * per component, pad(cols * rows * r); {@code inStride}, {@code inDistance}, {@code outStride},");
        line(" * {@code outDistance} the layouts, where flags say so: element e of block b (of 2^sizeBits");
        line(" * elements, C order: a transform, or a row of a real transform's spectrum) at complex index");
        line(" * b distance + e stride of {@code src} or {@code dst}, where the passes between address a packed");
        line(" * batch (b 2^sizeBits + e). Only a plan's first pass reads, and its last writes, a layout.");
        line(" *");
        line(" * <p>A fused X axis (the 3D seed's X stage inside a Y or Z kernel): where the contiguous axis is no");
        line(" * longer than {@link #maxFused} of the work-item's values, a strided pass whose lanes are whole rows of it");
        line(" * also computes its DFT, so the array needs no pass of its own along X. After loading, the group");
        line(" * transposes its tile through local memory so that each work-item holds whole rows (or, for rows");
        line(" * longer than its values, one step of a row's four-step FFT at a time), computes their DFTs in");
        line(" * registers, and transposes back.");
        line(" *");
        line(" * <p>A real transform of N points whose complex part (N/2 points) is this one pass ({@link #REAL}):");
        line(" * r2c splits the transform into the N/2 + 1 bins as it stores it ({@link RealTransform#split}): once");
        line(" * the group holds the whole transform, each work-item reads the partner Z[N/2 - m] of each of its");
        line(" * values Z[m] from local memory and writes {@code X[m] = E + W_N^m O}, and the work-item of m = 0");
        line(" * bin N/2 too. c2r merges the half spectrum as it loads it ({@link RealTransform#merge}): each");
        line(" * work-item reads bins m and N/2 - m from global memory and forms");
        line(" * {@code Z'[m] = (X[m] + conj X[N/2-m]) + i W_N^-m (X[m] - conj X[N/2-m])}. The twiddles W_N^m");
        line(" * follow the pass's own in its table ({@link TwiddleTable#forRealPass}). A real transform then");
        line(" * costs one kernel, one read and one write of its data.");
        line(" *");
        line(" * <p>Bluestein's convolution ({@code Chirp}) has its first and last steps in its passes: the chirp");
        line(" * kernels {@code chirpR} ({@link #chirpKernel}) are {@code passR} without a fused X axis or a real");
        line(" * transform's step, and with Bluestein's pointwise products in the load of its first pass (span 1,");
        line(" * forward: the caller's input times the chirp, zero from N on) and the store of its last passes");
        line(" * (forward: times the filter's spectrum; inverse: times the chirp, the first N points into the");
        line(" * caller's output). The tables follow the pass's twiddles in its table; N rides in the layout");
        line(" * argument of the pass's packed side ({@code outDistance} of the first pass, {@code inDistance} of");
        line(" * the inverse's last). Five kernels a direction become the passes alone.");
        line(" *");
        line(" * <p>Exchanges pass the real and imaginary parts through two local arrays at once, or, with the");
        line(" * split exchange, through one array in turn: two more barriers per exchange, but half the local");
        line(" * memory per value, so a group's tile can be twice as large (longer runs or a larger radix).");
        line(" */");
        open("public final class RegisterPass {");
        line("");
        line("/** cos(pi/4) = sin(pi/4). */");
        line("static final " + type.scalar + " C8 = " + type.literal(Math.sqrt(0.5)) + ";");
        line("");
        line("/** Most values a work-item holds in registers. */");
        line("public static final int MAX_REGS = " + REGISTERS[REGISTERS.length - 1] + ";");
        line("");
        line("/** Bit of {@code flags}: the inverse transform (conjugate on load and store). */");
        line("public static final int INVERSE = 1;");
        line("/** Bit of {@code flags}: the split exchange, one part at a time through {@code lre}. */");
        line("public static final int SPLIT = 2;");
        line("/** Shift of the four {@code flags} bits that hold log2 of the fused X axis's length (0: none). */");
        line("public static final int FUSED_SHIFT = 2;");
        line("/** Bit of {@code flags}: the input lies in a layout ({@code inStride}, {@code inDistance}). */");
        line("public static final int IN_LAYOUT = 1 << 6;");
        line("/** Bit of {@code flags}: the output lies in a layout ({@code outStride}, {@code outDistance}). */");
        line("public static final int OUT_LAYOUT = 1 << 7;");
        line("/**");
        line(" * Bit of {@code flags}: every store address adds a zero read from the twiddle table (entry r - 1,");
        line(" * which no step uses) after the last exchange, so that NVIDIA's compilers cannot compute the");
        line(" * addresses before the butterflies and hold them in registers through them.");
        line(" */");
        line("public static final int LATE_STORE = 1 << 29;");
        line("/**");
        line(" * Bit of {@code flags}: the pass ends a real transform of N points whose complex part has N/2");
        line(" * points, with the split fused into its store (forward, r2c: the complex part's last pass) or the");
        line(" * merge into its load ({@link #INVERSE}, c2r: its first); its table carries W_N^{m lines}, m < r,");
        line(" * then W_N^i, i < lines, after its own entries ({@link TwiddleTable#forRealPass}). r2c's last pass");
        line(" * of several lines takes them in mirrored pairs (line i with lines - i), two lines a group or more.");
        line(" * The spectrum's rows have N/2 + 1 elements: element N/2 of");
        line(" * a row lies {@code N/2 outStride} (r2c) or {@code N/2 inStride} (c2r) after element 0; r2c into");
        line(" * an output layout of rows of N/2 ({@code outDistance = n}) writes bin N/2, real, as bin 0's");
        line(" * imaginary part.");
        line(" */");
        line("public static final int REAL = 1 << 30;");
        line("/**");
        line(" * Bit of {@code flags} of a chirp kernel ({@code chirpR}): Bluestein's inverse transform, whose chirp");
        line(" * and filter spectrum are the forward one's conjugated (the tables are shared; the kernel conjugates");
        line(" * the entries it reads).");
        line(" */");
        line("public static final int INVERSE_CHIRP = 1 << 31;");
        line("/** Shifts of the {@code flags} fields log2 r2 (3 bits), log2 r3 (3), kBits (5), log2 rows (5), sizeBits (5). */");
        line("static final int R2_SHIFT = 8;");
        line("static final int R3_SHIFT = 11;");
        line("static final int K_SHIFT = 14;");
        line("static final int ROWS_SHIFT = 19;");
        line("static final int SIZE_SHIFT = 24;");
        line("/** Longest fused X axis of any kernel ({@link #maxFused}). */");
        line("public static final int MAX_FUSED = " + MAX_FUSED + ";");
        line("");
        open("private RegisterPass() {");
        close("}");
        line("");
        selector();
        line("");
        line("/**");
        line(" * Longest X axis the kernel for work-items of {@code regs} values can fuse: R points in one step,");
        line(" * and for R = 4 and 8 R^2 points (up to MAX_FUSED) in two.");
        line(" */");
        open("public static int maxFused(int regs) {");
        open("return switch (regs) {");
        for (int regs : REGISTERS) {
            line("case " + regs + " -> " + maxFused(regs) + ";");
        }
        line("default -> throw new IllegalArgumentException(\"regs: a power of two up to \" + MAX_REGS + \", got \" + regs);");
        close("};");
        close("}");
        line("");
        line("/** The {@code localFloats} argument of a pass whose groups hold {@code lanes} lines of r values. */");
        open("public static int localFloats(int lanes, int r) {");
        line("return LocalFft.localSize(lanes, r);");
        close("}");
        line("");
        line("/**");
        line(" * The {@code flags} argument of a pass: {@link #INVERSE} and {@link #SPLIT} as given, and the length");
        line(" * of the X axis fused into it (1 for none; else a power of two up to {@link #maxFused}).");
        line(" */");
        open("public static int flags(boolean inverse, boolean split, int fused) {");
        open("if (fused < 1 || fused > MAX_FUSED || Integer.bitCount(fused) != 1) {");
        line("throw new IllegalArgumentException(\"fused: a power of two up to \" + MAX_FUSED + \", got \" + fused);");
        close("}");
        line("return (inverse ? INVERSE : 0) | (split ? SPLIT : 0) | Integer.numberOfTrailingZeros(fused) << FUSED_SHIFT;");
        close("}");
        line("");
        line("/**");
        line(" * The {@code flags} argument of a pass as {@link #flags(boolean, boolean, int)}, with {@link #REAL} where");
        line(" * {@code real}: the pass that ends a real transform's complex part (its split or merge inside), which");
        line(" * takes no fused X axis, and for r2c's split (forward) the paired exchange.");
        line(" */");
        open("public static int flags(boolean inverse, boolean split, int fused, boolean real) {");
        open("if (real && (fused != 1 || split && !inverse)) {");
        line("throw new IllegalArgumentException(\"real: a pass with no fused X axis, and the paired exchange for r2c's split, got\"");
        line("        + \" fused \" + fused + \", split \" + split + \", inverse \" + inverse);");
        close("}");
        line("return flags(inverse, split, fused) | (real ? REAL : 0);");
        close("}");
        line("");
        line("/**");
        line(" * The {@code flags} fields of a pass's shape, to be or-ed with {@link #flags}: the radices r2 and r3");
        line(" * of its second and third register step (powers of two up to MAX_REGS, 1 when absent), kBits");
        line(" * ({@link TwiddleTable#kBits}) and its rows per group (a power of two).");
        line(" */");
        open("public static int steps(int r2, int r3, int kBits, int rows) {");
        open("if (r2 < 1 || r2 > MAX_REGS || Integer.bitCount(r2) != 1 || r3 < 1 || r3 > MAX_REGS || Integer.bitCount(r3) != 1) {");
        line("throw new IllegalArgumentException(\"r2, r3: powers of two up to \" + MAX_REGS + \", got \" + r2 + \", \" + r3);");
        close("}");
        open("if (kBits < 0 || kBits > 31 || rows < 1 || Integer.bitCount(rows) != 1) {");
        line("throw new IllegalArgumentException(\"kBits: 0 to 31, rows: a power of two; got \" + kBits + \", \" + rows);");
        close("}");
        line("return Integer.numberOfTrailingZeros(r2) << R2_SHIFT | Integer.numberOfTrailingZeros(r3) << R3_SHIFT | kBits << K_SHIFT");
        line("        | Integer.numberOfTrailingZeros(rows) << ROWS_SHIFT;");
        close("}");
        line("");
        line("/**");
        line(" * The {@code flags} fields of the layouts, to be or-ed with {@link #flags}: whether the pass reads");
        line(" * its input ({@link #IN_LAYOUT}) or writes its output ({@link #OUT_LAYOUT}) in a layout of its");
        line(" * own, and the elements of one transform (a power of two).");
        line(" */");
        open("public static int layouts(boolean in, boolean out, long size) {");
        open("if (size < 1 || size > 1 << 30 || Long.bitCount(size) != 1) {");
        line("throw new IllegalArgumentException(\"size: a power of two up to 2^30, got \" + size);");
        close("}");
        line("return (in ? IN_LAYOUT : 0) | (out ? OUT_LAYOUT : 0) | Long.numberOfTrailingZeros(size) << SIZE_SHIFT;");
        close("}");
        kernels();
        close("}");
    }

    // ---- the kernel ---------------------------------------------------------------------------

    private void kernel(int regs) {
        int half = regs / 2;
        if (chirp) {
            line("/**");
            line(" * The chirp kernel with " + regs + " values per work-item: pass" + regs + " without a fused X axis or a real");
            line(" * transform's step, as Bluestein's first pass (the chirp on load) and last passes (the filter or");
            line(" * the chirp on store).");
            line(" */");
        } else if (regs == 1) {
            line("/** The pass with 1 value per work-item: no butterfly, a copy that applies the scale (n = 1). */");
        } else if (half == 1) {
            line("/** The pass with 2 values per work-item: radix 2, up to three times. */");
        } else {
            line("/** The pass with " + regs + " values per work-item: radix " + regs + ", then d x radix " + regs
                    + " / d (d up to " + Math.min(half, MAX_BUTTERFLIES) + "), twice at most. */");
        }
        open("public static void " + (chirp ? "chirp" : "pass") + regs + "(KernelContext ctx, " + dataArray() + " src, " + dataArray() + " dst, "
                + type.array + " tw, int n,"
                + " int stride, int r, int span,");
        line("        int cols, int flags, " + type.scalar + " scale, int localFloats, int inStride, int inDistance, int outStride,");
        line("        int outDistance) {");
        line("// Every size is a power of two and every index non-negative: divisions are shifts by the");
        line("// sizes' logarithms (constants once the kernel is specialised) and remainders are masks.");
        line("int rows = 1 << ((flags >> ROWS_SHIFT) & 31);");
        line("int r2 = 1 << ((flags >> R2_SHIFT) & 7);");
        line("int r3 = 1 << ((flags >> R3_SHIFT) & 7);");
        line("int kBits = (flags >> K_SHIFT) & 31;");
        line("int sizeBits = (flags >> SIZE_SHIFT) & 31;");
        line("int sizeMask = (1 << sizeBits) - 1;");
        line("int lines = n >> Integer.numberOfTrailingZeros(r);");
        line("int threads = r >> " + Integer.numberOfTrailingZeros(regs) + ";");
        line("int lineBits = Integer.numberOfTrailingZeros(lines);");
        line("int colBits = Integer.numberOfTrailingZeros(cols);");
        line("int threadBits = Integer.numberOfTrailingZeros(threads);");
        line("int lanes = cols * rows;");
        line("int item = ctx.localIdx;");
        line("int col = item & (cols - 1);");
        line("int q = (item >> colBits) & (threads - 1);");
        line("int row = item >> (colBits + threadBits);");
        line("int firstLine = ctx.groupIdx * lanes;");
        line("int firstBatch = firstLine >> lineBits;");
        line("int firstCol = firstLine & (lines - 1);");
        line("int i;");
        line("int base;");
        open("if (stride == 1) {");
        line("// Lanes are adjacent lines i of transform firstBatch + row.");
        line("i = firstCol + col;");
        line("base = (firstBatch + row) * n;");
        if (!fp16 && !chirp) {
            pairedLines();
        }
        reopen("} else {");
        line("// Lanes are adjacent positions s of the faster axes, for rows adjacent lines i.");
        line("int sBlocks = stride >> colBits;");
        line("int lineBlocks = lines >> Integer.numberOfTrailingZeros(rows);");
        line("int rest = ctx.groupIdx >> Integer.numberOfTrailingZeros(sBlocks);");
        line("i = (rest & (lineBlocks - 1)) * rows + row;");
        line("base = (rest >> Integer.numberOfTrailingZeros(lineBlocks)) * n * stride + (ctx.groupIdx & (sBlocks - 1)) * cols + col;");
        close("}");
        line("int k = i & (span - 1);");
        line("int lane = row * cols + col;");
        line(type.scalar + " conj = (flags & INVERSE) != 0 ? " + type.literal(-1) + " : " + type.literal(1) + ";");
        line("int split = (flags & SPLIT) != 0 ? 1 : 0;");
        line("int fBits = (flags >> FUSED_SHIFT) & 15;");
        line("// With the split exchange lre carries both parts in turn and lim is not used.");
        line(type.scalar + "[] lre = ctx.allocate" + type.boxed + "LocalArray(localFloats);");
        line(type.scalar + "[] lim = ctx.allocate" + type.boxed + "LocalArray(split == 1 ? 1 : localFloats);");
        line("// Local memory holds element e of lane c at pad(e lanes + c), pad(x) = x + x / 32 (LocalFft).");
        line("int slot = q * lanes + lane;");
        line("int slotStep = threads * lanes;");
        line("int a;");
        line(type.scalar + " wr;");
        line(type.scalar + " wi;");
        line(type.scalar + " hr;");
        line(type.scalar + " hi;");
        line(type.scalar + " gr;");
        line(type.scalar + " gi;");
        line(type.scalar + " s;");
        if (!fp16 && !chirp) {
            line(type.scalar + " ur;");
            line(type.scalar + " ui;");
        }
        StringBuilder decl = new StringBuilder(type.scalar);
        for (int j = 0; j < regs; j++) {
            decl.append(j == 0 ? " " : ", ").append(x(j)).append("r, ").append(x(j)).append('i');
        }
        line(decl + ";");
        line("");

        line("// Load element m = q + j threads of line i into x_j; adjacent work-items read adjacent columns.");
        line("int first = base + (i + q * lines) * stride;");
        line("int step = threads * lines * stride;");
        if (chirp) {
            line("// x_0's element of its transform, and the step to x_j's: where the chirp and the bounds are read.");
            line("int elem = first & sizeMask;");
            line("int elemStep = step;");
        }
        intoLayout("IN_LAYOUT", "input", "first", "step", "inStride", "inDistance");
        if (chirp) {
            chirpLoads(regs);
        } else {
            for (int j = 0; j < regs; j++) {
                loadLine(j, plus("first", j, "step"));
            }
        }
        if (!fp16 && !chirp) {
            merge(regs);
        }
        open("if (span > 1) {");
        line("// Twiddle on load: element m by W_{span r}^{m k} = A[m K + k mod K] B[m span/K + k / K]");
        line("// (TwiddleTable): adjacent lines read adjacent entries of A and one entry of B.");
        line("int kLen = 1 << kBits;");
        line("int bLen = span >> kBits;");
        line("int a0 = 2 * r + 2 * (q * kLen + (k & (kLen - 1)));");
        line("int aStep = 2 * threads * kLen;");
        line("int b0 = 2 * r + 2 * r * kLen + 2 * (q * bLen + (k >> kBits));");
        line("int bStep = 2 * threads * bLen;");
        line("// As a product: W^{(q + j threads) k} = W^{q k} W^{j threads k}, and W^{j threads k} the product of");
        line("// the entries for m = threads, 2 threads, 4 threads, ... over the bits of j: one twiddle read per");
        line("// bit instead of one per value, each twiddle within a few roundings of W at any size.");
        loadEntry("g", "a0", "b0");
        for (int j = 0; j < regs; j++) {
            line(product(x(j), "g"));
        }
        if (regs > 1) {
            line("int sa = a0 - 2 * q * kLen;");
            line("int sb = b0 - 2 * q * bLen;");
        }
        for (int bit = 1; bit < regs; bit <<= 1) {
            loadEntry("w", plus("sa", bit, "aStep"), plus("sb", bit, "bStep"));
            for (int j = 1; j < regs; j++) {
                if ((j & bit) != 0) {
                    multiply(x(j));
                }
            }
        }
        close("}");
        line("");

        if (regs > 1 && !chirp) {
            fusedAxis(regs);
        }

        line("// Butterfly 1: radix " + regs + " on x_0 .. x_" + (regs - 1) + ".");
        dft(all(regs));
        if (regs > 1) {
            step(regs, "r2", String.valueOf(regs), null, null);
            step(regs, "r3", regs + " * r2", "r2", "2 * Integer.numberOfTrailingZeros(r2) * " + regs);
        }
        line("");
        store(regs);
        close("}");
    }

    /**
     * The fused X axis of f = 2^fBits points: the lanes of the tile are whole rows of f adjacent x.
     * The group writes its values to local memory as the exchanges do, then:
     * <ul>
     *   <li>f at most R: each work-item reads back the R / f rows {@code d = item + u items} (u &lt;
     *       R / f; element d mod r of lanes f (d / r) .. f (d / r) + f - 1, so adjacent work-items
     *       read adjacent elements, a lane count apart), computes their DFTs, writes them where it read
     *       them, and reads its own values back;</li>
     *   <li>f = R b (b = 2 .. R), in two steps of the four-step FFT in place: each work-item reads the
     *       R points {@code c + b t} (t &lt; R) of one row, computes their DFT and twiddles output k1 by
     *       {@code W_f^{c k1}} (entries 2r + 2 c k1 of the pass's table), writes output k1 to
     *       {@code c + b k1}; then reads R / b runs of b points {@code b k1 + c}, computes their DFTs
     *       and writes output k2 to {@code b k1 + k2}; frequency {@code k1 + R k2} is then at
     *       {@code b (x mod R) + x / R}, where each work-item reads its own values back from.</li>
     * </ul>
     * A work-item writes only the slots it last read, so no barrier separates its reads from its writes.
     */
    private void fusedAxis(int regs) {
        line("");
        open("if (fBits > 0) {");
        line("// Fused X axis: transpose so that each work-item holds whole rows of 2^fBits adjacent x, DFT, transpose back.");
        line("int items = lanes * threads;");
        line("int rBits = Integer.numberOfTrailingZeros(r);");
        String[] own = ownSlots(regs);
        for (int length = 2; length <= maxFused(regs); length *= 2) {
            int f = length;
            branch(f / 2, "fBits == " + Integer.numberOfTrailingZeros(f));
            if (f <= regs) {
                int rowsPerItem = regs / f;
                for (int u = 0; u < rowsPerItem; u++) {
                    String d = group(plus("item", u, "items"));
                    line("int g" + u + " = (" + d + " & (r - 1)) * lanes + (" + d + " >> rBits) * " + f + ";");
                }
                String[] rows = layout(regs, j -> offset("g" + j / f, j % f));
                transpose(regs, own, rows);
                dfts(regs, f);
                transpose(regs, rows, own);
            } else {
                int b = f / regs;
                int bBits = Integer.numberOfTrailingZeros(b);
                line("// Step 1: the " + regs + " points c + " + b + " t of one row; step 2: runs of " + b + " points.");
                line("int c = (item >> rBits) & " + (b - 1) + ";");
                line("int h = (item & (r - 1)) * lanes + (item >> (rBits + " + bBits + ")) * " + f + " + c;");
                for (int u = 0; u < regs / b; u++) {
                    String d = group(plus("item", u, "items"));
                    line("int g" + u + " = (" + d + " & (r - 1)) * lanes + (" + d + " >> (rBits + "
                            + Integer.numberOfTrailingZeros(regs) + ")) * " + f + " + ((" + d + " >> rBits) & " + (regs - 1)
                            + ") * " + b + ";");
                }
                line("int x = lane & " + (f - 1) + ";");
                line("int slotP = slot - x + (x & " + (regs - 1) + ") * " + b + " + (x >> " + Integer.numberOfTrailingZeros(regs) + ");");
                String[] first = layout(regs, j -> offset("h", j * b));
                String[] second = layout(regs, j -> offset("g" + j / b, j % b));
                String[] back = layout(regs, j -> plus("slotP", j, "slotStep"));
                transpose(regs, own, first);
                dfts(regs, regs);
                for (int k1 = 1; k1 < regs; k1++) {
                    groupTwiddle(x(k1), "2 * r + 2 * " + k1 + " * c");
                }
                transpose(regs, first, second);
                dfts(regs, b);
                transpose(regs, second, back);
            }
        }
        close("}");
        close("}");
        line("");
    }

    /** The slots of a work-item's own values x_j, elements q + j threads of its lane. */
    private static String[] ownSlots(int regs) {
        return layout(regs, j -> plus("slot", j, "slotStep"));
    }

    /** The slot expression of each of a work-item's R registers. */
    private static String[] layout(int regs, IntFunction<String> slot) {
        String[] slots = new String[regs];
        for (int j = 0; j < regs; j++) {
            slots[j] = slot.apply(j);
        }
        return slots;
    }

    private static String offset(String base, int k) {
        return k == 0 ? base : base + " + " + k;
    }

    /**
     * Moves every register x_j from local slot {@code from[j]} to {@code to[j]} through the group:
     * writes, barrier, reads; with the split exchange one part at a time.
     */
    private void transpose(int regs, String[] from, String[] to) {
        exchange(regs, part -> moveAll(regs, from, part, true), to);
    }

    /**
     * Writes the registers to local memory as {@code write} says (given the part, "r" or "i", or null
     * for both), barrier, and reads them back from slots {@code to}; with the split exchange one part
     * at a time.
     */
    private void exchange(int regs, Consumer<String> write, String[] to) {
        open("if (split == 1) {");
        partsInTurn(write, part -> moveAll(regs, to, part, false));
        reopen("} else {");
        write.accept(null);
        line("ctx.localBarrier();");
        moveAll(regs, to, null, false);
        close("}");
    }

    private void moveAll(int regs, String[] slots, String part, boolean write) {
        for (int j = 0; j < regs; j++) {
            line(slot(slots[j]) + access(x(j), part, write));
        }
    }

    /** DFTs of f points on the registers x_{u f} .. x_{u f + f - 1}, u &lt; R / f. */
    private void dfts(int regs, int f) {
        for (int u = 0; u < regs / f; u++) {
            String[] names = new String[f];
            for (int v = 0; v < f; v++) {
                names[v] = x(u * f + v);
            }
            dft(names);
        }
    }

    /** {@code lre[a] = x_r; lim[a] = x_i;} or the reverse, for the part named or both. */
    private static String access(String v, String part, boolean write) {
        if (part == null) {
            return write ? "lre[a] = " + v + "r; lim[a] = " + v + "i;" : v + "r = lre[a]; " + v + "i = lim[a];";
        }
        return write ? "lre[a] = " + v + part + ";" : v + part + " = lre[a];";
    }

    /**
     * A second or third butterfly step: exchange the previous step's outputs through local memory,
     * twiddle, and compute d butterflies of radix R / d per work-item (d = 1, 2, 4 or 8, radix at
     * least 2).
     *
     * @param radix name of this step's radix parameter
     * @param span  expression for the product of the earlier steps' radices
     * @param previous name of the previous step's radix parameter, or null when it is the first (R)
     * @param table    float offset of this step's part of the twiddle table, or null when it is 0
     */
    private void step(int regs, String radix, String span, String previous, String table) {
        line("");
        open("if (" + radix + " > 1) {");
        line("// Exchange: output v of butterfly b goes to Stockham position (b - b mod p) R' + b mod p + v p");
        line("// of the line's local tile (p the span so far); each work-item then reads elements q + j threads.");
        line("ctx.localBarrier();");
        int previousSpan = previous == null ? 1 : regs;
        exchange(regs, part -> exchangeOut(regs, previous, previousSpan, part), ownSlots(regs));
        for (int d = 1; regs / d >= 2 && d <= MAX_BUTTERFLIES; d *= 2) {
            branch(d, radix + " == " + regs / d);
            butterflies(regs, d, span, table);
        }
        close("}");
        close("}");
    }

    /**
     * The d butterflies of radix R / d of one work-item in a later step: butterfly b = q + u threads
     * (u &lt; d) on x_u, x_{u + d}, ..., whose input v is twiddled by W_{p R/d}^{v c}, c = b mod p: for
     * each bit 2^t of v it is multiplied by W^{2^t c}, entry t p + c of this step's table, so a
     * work-item reads log2(R / d) twiddles instead of R / d - 1, and adjacent work-items read adjacent
     * entries.
     */
    private void butterflies(int regs, int d, String span, String table) {
        int radix = regs / d;
        if (d == 1) {
            line("// Twiddle input v by W_{p R}^{v c}, c = q mod p, the product of W^{2^t c} (entry t p + c of this");
            line("// step's table) over the bits 2^t of v: one twiddle read per bit.");
        } else {
            line("// " + d + " butterflies, b = q + u threads, on x_u, x_u+" + d + ", ...: twiddle, then radix " + radix + ".");
        }
        for (int u = 0; u < d; u++) {
            String e = "e" + u;
            line("int " + e + " = " + (table == null ? "" : table + " + ") + "2 * (" + group(plus("q", u, "threads"))
                    + " & (" + span + " - 1));");
            for (int bit = 1, row = 0; bit < radix; bit <<= 1, row++) {
                read("w", plus(e, 2 * row, group(span)));
                for (int v = 1; v < radix; v++) {
                    if ((v & bit) != 0) {
                        multiply(x(u + d * v));
                    }
                }
            }
        }
        for (int u = 0; u < d; u++) {
            String[] names = new String[radix];
            for (int v = 0; v < radix; v++) {
                names[v] = x(u + d * v);
            }
            dft(names);
        }
    }

    /**
     * Writes the previous step's outputs to local memory, for a previous step of radix R or, when
     * {@code previous} names its radix parameter, of any radix R / d.
     *
     * @param part "r" or "i": that part into lre (split exchange); null: both, into lre and lim
     */
    private void exchangeOut(int regs, String previous, int p, String part) {
        if (previous == null || regs < 4) {
            exchangeOut(regs, regs, p, part);
            return;
        }
        for (int d = 1; regs / d >= 2 && d <= MAX_BUTTERFLIES; d *= 2) {
            branch(d, previous + " == " + regs / d);
            exchangeOut(regs, regs / d, p, part);
        }
        close("}");
    }

    /**
     * Writes output v of this work-item's butterflies (of radix {@code radix}) to local memory: output
     * v of butterfly b goes to element (b - b mod p) radix + b mod p + v p of its lane.
     */
    private void exchangeOut(int regs, int radix, int p, String part) {
        int perItem = regs / radix;
        String o = "o" + (part == null ? "" : part);
        for (int u = 0; u < perItem; u++) {
            String b = group(plus("q", u, "threads"));
            String element = p == 1 ? b + " * " + radix : "(" + b + " & ~" + (p - 1) + ") * " + radix + " + (" + b + " & " + (p - 1) + ")";
            line("int " + o + u + " = (" + element + ") * lanes + lane;");
        }
        for (int j = 0; j < regs; j++) {
            int u = j % perItem;
            int v = j / perItem;
            String value = part == null
                    ? "lre[a] = " + x(j) + "r; lim[a] = " + x(j) + "i;"
                    : "lre[a] = " + x(j) + part + ";";
            line(slot(plus(o + u, v * p, "lanes")) + value);
        }
    }

    /**
     * r2c's last pass of several lines ({@link #REAL}, forward, lines &gt; 1): line i holds bins i + m
     * lines (m &lt; r), whose partners N/2 - i - m lines lie on line lines - i, so the group takes lines
     * in mirrored pairs: lanes col &lt; cols / 2 the lines t = firstCol / 2 + col, the others lines - t
     * in the same order, except that t = 0 there, whose mirror is line 0 itself, takes line lines / 2,
     * the other line that is its own mirror. Every line is one lane's, each run of cols / 2 lanes reads
     * and writes adjacent elements (the second run downwards), and the split finds each partner in its
     * group's local memory. (c2r's first pass keeps its lines in order: it reads each partner from the
     * spectrum, and it stages its stores as one tile of adjacent lines.)
     */
    private void pairedLines() {
        open("if ((flags & (REAL | INVERSE)) == REAL && lines > 1) {");
        line("// r2c's last pass of several lines: the group's lanes take lines t and lines - t in pairs (t = 0:");
        line("// lines 0 and lines / 2, each its own mirror), so that bin b and bin N/2 - b share a group.");
        line("int pairs = cols >> 1;");
        line("int t = (firstCol >> 1) + (col & (pairs - 1));");
        line("i = col < pairs ? t : ((lines - t) & (lines - 1)) + (t == 0 ? lines >> 1 : 0);");
        close("}");
    }

    /**
     * c2r's merge fused into the load ({@code RealTransform.merge}; flags REAL and INVERSE): x_j, loaded
     * as conj X[b] (bin b = i + m lines of the row, m = q + j threads), becomes conj Z'[b] = conj A - i
     * W_N^b conj B, the conjugate of {@code Z'[b] = A + i W_N^-b B}, with conj A = x_j + X[N/2 - b] and
     * conj B = x_j - X[N/2 - b]: the pass then goes on as if it had loaded Z'. Bin N/2 - b is element
     * N/2 - b of the row (N/2, the row's last, for b = 0), {@code mirror - j step}; W_N^b = W_N^{m lines}
     * W_N^i, entries {@code realAt + m} and {@code realAt + r + i} of the table ({@link #realTwiddles}),
     * the second 1 where the pass is the whole transform (one line). Bins 0 and N/2 count by their real
     * parts, as numpy's irfft reads them.
     */
    private void merge(int regs) {
        open("if ((flags & (REAL | INVERSE)) == (REAL | INVERSE)) {");
        line("// c2r's merge (RealTransform.merge): x_j = conj X[b] (bin b = i + m lines) becomes conj Z'[b] = conj A");
        line("// - i W_N^b conj B, the conjugate of Z'[b] = A + i W_N^-b B, with conj A = x_j + X[N/2 - b], conj B = x_j");
        line("// - X[N/2 - b] (bin N/2 - b at element N/2 - b of the row, mirror - j step) and W_N^b = W_N^{m lines} W_N^i.");
        line("int mirror = first + (r - 2 * q) * (step >> threadBits) - 2 * i * ((step >> threadBits) >> lineBits);");
        realTwiddles();
        for (int j = 0; j < regs; j++) {
            String addr = j == 0 ? "mirror" : "mirror - " + mul(j, "step");
            line("hr = " + load("2 * " + group(addr)) + "; hi = " + load("2 * " + group(addr) + " + 1") + ";");
            if (j == 0) {
                line("// Bins 0 and N/2 by their real parts (a product, not a branch).");
                line("s = q == 0 && i == 0 ? " + type.literal(0) + " : " + type.literal(1) + "; " + x(0) + "i *= s; hi *= s;");
            }
            String v = x(j);
            line("s = " + v + "r - hr; " + v + "r += hr; hr = s;");
            line("s = " + v + "i - hi; " + v + "i += hi; hi = s;");
            read("w", "realAt + 2 * " + group(plus("q", j, "threads")));
            lineTwiddle();
            line("s = hr * wi + hi * wr; hi = hr * wr + hi * -wi; " + v + "r += s; " + v + "i -= hi;");
        }
        close("}");
    }

    /**
     * r2c's split fused into the store ({@code RealTransform.split}; flag REAL, forward), in place of the
     * stores of x_j: once the group holds its whole transform Z, each work-item writes its values to local
     * memory and, for each of its elements m = q + j threads, reads Z[m] and its partner Z[N/2 - m]
     * (mod N/2) back, forms {@code X[m] = E + W_N^m O}, {@code E = (Z[m] + conj Z[N/2 - m]) / 2},
     * {@code O = (Z[m] - conj Z[N/2 - m]) / 2i}, and stores it; the work-item of m = 0 also stores bin
     * N/2 = E - O, element N/2 of the row, or where the output's layout has rows of N/2 (distance n:
     * the rows of a 2D or 3D transform, {@code RowsFirst}) its real part as bin 0's imaginary part, both
     * being real. W_N^m is entry r + m of the table. Two barriers and one more
     * trip through local memory, for the trip through global memory a split kernel of its own would take.
     * A loop over j, not one block per value: both values come from local memory, and pass16 must stay
     * under the JVM's 64 KB of bytecode per method. It needs the paired exchange (both parts of a value
     * in local memory at once).
     */
    private void split(int regs) {
        line("// r2c's split (RealTransform.split): X[b] = E + W_N^b O, E = (Z[b] + conj Z[N/2 - b]) / 2,");
        line("// O = (Z[b] - conj Z[N/2 - b]) / 2i, for bins b = i + m lines; Z[b] and Z[N/2 - b] (mod N/2) from local");
        line("// memory, where the group leaves its lines (bin N/2 - b is element r - 1 - m of the mirrored line's lane, or");
        line("// element -m mod r of line 0's own), and W_N^b = W_N^{m lines} W_N^i; the work-item of bin 0 also stores");
        line("// bin N/2 = E - O, element N/2 of the row. Paired exchange only.");
        line("int own = i == 0 ? 1 : 0;");
        line("int mirrorLane = lines > 1 && (i & ((lines >> 1) - 1)) != 0 ? lane ^ (cols >> 1) : lane;");
        realTwiddles();
        line("ctx.localBarrier();");
        moveAll(regs, ownSlots(regs), null, true);
        line("ctx.localBarrier();");
        open("for (int j = 0; j < " + regs + "; j++) {");
        line("int m = q + j * threads;");
        line("a = m * lanes + lane; a += a >> 5; hr = lre[a]; hi = lim[a];");
        line("a = ((r - 1 - m + own) & (r - 1)) * lanes + mirrorLane; a += a >> 5; gr = lre[a]; gi = lim[a];");
        line("// h = E, g = (Im O, Re O); then w = W_N^b O.");
        line("s = " + type.literal(0.5) + " * (hr + gr); gr = " + type.literal(0.5) + " * (gr - hr); hr = s;");
        line("s = " + type.literal(0.5) + " * (hi - gi); gi = " + type.literal(0.5) + " * (hi + gi); hi = s;");
        read("w", "realAt + 2 * m");
        lineTwiddle();
        line("s = gi * wr + gr * -wi; wi = gr * wr + gi * wi; wr = s;");
        line("int at = out + j * outStep;");
        storeLine("at", "(hr + wr)", "(hi + wi)");
        close("}");
        open("if (q == 0 && i == 0) {");
        line("// Bin N/2 = E - W_N^0 O at b = 0: Re Z[0] - Im Z[0], real (E = Re Z[0], O = Im Z[0], both exact), after");
        line("// the loop rather than a branch in it (through PoCL a branch on the work-item in the loop costs the");
        line("// whole loop its vector code).");
        line("a = lane; a += a >> 5; hr = lre[a] - lim[a];");
        open("if ((flags & OUT_LAYOUT) != 0 && outDistance == n) {");
        line("// Rows of N/2 (RowsFirst's) have no room for bin N/2: real, as bin 0 is, it goes in bin 0's");
        line("// imaginary part.");
        line(store("2 * " + group("out") + " + 1", "hr * scale"));
        reopen("} else {");
        line("int at = out + " + mul(regs, "outStep") + ";");
        storeLine("at", "hr", type.literal(0));
        close("}");
        close("}");
    }

    /**
     * Where a real transform's twiddles start in the pass's table ({@code realAt}, a float index: after
     * the steps' r entries and, for a pass of span above 1, its A and B parts, {@code
     * TwiddleTable.forRealPass}), and W_N^i of this work-item's line into (ur, ui), entry {@code realAt
     * + r + i}: entries {@code realAt + m}, m &lt; r, are W_N^{m lines}, so that bin b = i + m lines
     * takes W_N^b = W_N^{m lines} W_N^i (1 for a pass of one line).
     */
    private void realTwiddles() {
        line("int realAt = 2 * r + (span > 1 ? 2 * r * ((1 << kBits) + (span >> kBits)) : 0);");
        read("u", "realAt + 2 * r + 2 * i");
    }

    /**
     * {@code w *= (ur, ui)}, W_N^i of the work-item's line, in a pass of several lines: a pass of one line
     * (the whole transform) has i = 0 and skips it, a branch on a kernel argument, the same for every
     * work-item (v0.48's first build, with the multiply, took 3-7% longer than v0.47 on an H200, in runs of
     * their own; a later pair of runs put the difference inside their spread).
     */
    private void lineTwiddle() {
        open("if (lines > 1) {");
        line(product("w", "u"));
        close("}");
    }

    /** The store: output m = q + j threads, held in x_j, to (i - k) r + k + m span of the line. */
    private void store(int regs) {
        open("if (stride > 1 || span >= cols) {");
        line("// Store output m = q + j threads of line i at (i - k) r + k + m span.");
        line("int out = base + ((i - k) * r + k + q * span) * stride;");
        line("int outStep = threads * span * stride;");
        if (chirp) {
            line("elem = out & sizeMask;");
            line("elemStep = outStep;");
        }
        intoLayout("OUT_LAYOUT", "output", "out", "outStep", "outStride", "outDistance");
        open("if ((flags & LATE_STORE) != 0) {");
        line("// A zero only known after the last exchange (TwiddleTable): the addresses are computed late.");
        line("out += (int) tw.get(2 * r - 1);");
        close("}");
        boolean real = !fp16 && !chirp;
        if (real) {
            open("if ((flags & (REAL | INVERSE)) == REAL) {");
            split(regs);
            reopen("} else {");
        }
        if (chirp) {
            chirpStores(regs);
        } else {
            for (int j = 0; j < regs; j++) {
                String addr = plus("out", j, "outStep");
                storeLine(addr, x(j) + "r", x(j) + "i");
            }
        }
        if (real) {
            close("}");
        }
        reopen("} else {");
        line("// Adjacent lines land r elements apart: stage the tile in local memory and write it back in");
        line("// address order, so that every global write is a run of adjacent elements.");
        line("int out = firstBatch * n + firstCol * r + item;");
        line("int items = lanes * threads;");
        line("ctx.localBarrier();");
        open("if (split == 1) {");
        line("// One part at a time: x_j takes element item + j items of the staged tile.");
        String[] own = ownSlots(regs);
        partsInTurn(part -> moveAll(regs, own, part, true), part -> {
            for (int j = 0; j < regs; j++) {
                line("a = LocalFft.stagedSlot(" + plus("item", j, "items") + ", r, span, cols, lanes); " + x(j) + part
                        + " = lre[a];");
            }
        });
        for (int j = 0; j < regs; j++) {
            storeLine(plus("out", j, "items"), x(j) + "r", x(j) + "i");
        }
        reopen("} else {");
        moveAll(regs, own, null, true);
        line("ctx.localBarrier();");
        for (int j = 0; j < regs; j++) {
            String linear = plus("item", j, "items");
            String addr = plus("out", j, "items");
            line("a = LocalFft.stagedSlot(" + linear + ", r, span, cols, lanes);");
            storeLine(addr, "lre[a]", "lim[a]");
        }
        close("}");
        close("}");
    }

    /** Loads element {@code addr} of src into x_j, conjugated for the inverse. */
    private void loadLine(int j, String addr) {
        line(x(j) + "r = " + load("2 * " + group(addr)) + "; " + x(j) + "i = " + load("2 * " + group(addr) + " + 1")
                + " * conj;");
    }

    /**
     * A chirp kernel's loads. As Bluestein's first pass (span 1, forward: {@code a_j = x_j c_j} for j
     * &lt; N, zero from N to n) each value is loaded only below N and multiplied by chirp entry j,
     * which follows the pass's twiddles in its table (from float index {@code chirpAt}); N is the
     * {@code outDistance} argument (the pass's output is packed, so it takes no layout). The inverse
     * transform's chirp is the conjugate ({@code INVERSE_CHIRP}). As any other pass it loads as
     * {@code passR} does.
     */
    private void chirpLoads(int regs) {
        line("// Bluestein's first pass (span 1, forward): a_j = x_j c_j for j < N, zero from N to n, N the outDistance");
        line("// argument (this pass's output is packed); chirp entry j follows the pass's twiddles in its table.");
        line("boolean chirpIn = span == 1 && (flags & INVERSE) == 0;");
        line("int chirpBound = chirpIn ? outDistance : n;");
        line("int chirpAt = 2 * r;");
        open("if (span > 1) {");
        line("chirpAt += 2 * r * ((1 << kBits) + (span >> kBits));");
        close("}");
        line(type.scalar + " chirpSign = (flags & INVERSE_CHIRP) != 0 ? " + type.literal(-1) + " : " + type.literal(1) + ";");
        for (int j = 0; j < regs; j++) {
            String element = plus("elem", j, "elemStep");
            open("if (" + element + " < chirpBound) {");
            loadLine(j, plus("first", j, "step"));
            open("if (chirpIn) {");
            read("w", "chirpAt + 2 * " + group(element));
            line("wi *= chirpSign;");
            multiply(x(j));
            close("}");
            reopen("} else {");
            line(x(j) + "r = " + type.literal(0) + "; " + x(j) + "i = " + type.literal(0) + ";");
            close("}");
        }
    }

    /**
     * A chirp kernel's stores. As Bluestein's last passes (span r = n): the forward one multiplies the
     * spectrum by the filter's (n entries), the inverse one the result by the chirp and stores only its
     * first N points, N the {@code inDistance} argument (the pass's input is packed), into the caller's
     * output layout. The entries follow the pass's twiddles in its table, after the chirp where the pass
     * is the first too. Each entry is taken as conj'(t) for a value held conjugated (the inverse pass), so
     * that the stored value is multiplied by t, and conjugated once more for Bluestein's inverse
     * ({@code INVERSE_CHIRP}). As any other pass it stores as {@code passR} does.
     */
    private void chirpStores(int regs) {
        open("if (span * r == n) {");
        line("// Bluestein's last passes: the forward one's spectrum times the filter's, the inverse one's result");
        line("// times the chirp, its first N points only (N the inDistance argument: this pass's input is packed).");
        line("int storeAt = chirpAt + (chirpIn ? 2 * outDistance : 0);");
        line("int storeBound = (flags & INVERSE) != 0 ? inDistance : n;");
        line("chirpSign *= conj;");
        for (int j = 0; j < regs; j++) {
            String element = plus("elem", j, "elemStep");
            open("if (" + element + " < storeBound) {");
            read("w", "storeAt + 2 * " + group(element));
            line("wi *= chirpSign;");
            multiply(x(j));
            storeLine(plus("out", j, "outStep"), x(j) + "r", x(j) + "i");
            close("}");
        }
        reopen("} else {");
        for (int j = 0; j < regs; j++) {
            storeLine(plus("out", j, "outStep"), x(j) + "r", x(j) + "i");
        }
        close("}");
    }

    /**
     * Moves a work-item's first global index {@code index} of the packed batch into the input's or
     * output's layout where {@code bit} of flags says it has one, and its step with it: element e of
     * block b, b 2^sizeBits + e packed, lies at b distance + e stride. The mapping is linear along a
     * work-item's values wherever they lie in one block (a block is a whole transform, the caller's
     * layout: the step times the stride) or, in a pass along a strided axis, the step is whole blocks
     * or less than one (a block is one row of a wider array, as the rows of N/2 + 1 bins a real
     * transform's other axes run over, {@code RowsFirst}), so the one step holds for all of them. A
     * pass along X keeps its values in one transform, whose steps (and the real transform's reach to
     * element N/2, one block of one element long for N = 2) go by the stride. Only strided stores need
     * it: a pass that writes the output is the last of its transform (span = n / r, at least cols),
     * which never stages its writes.
     */
    private void intoLayout(String bit, String side, String index, String step, String stride, String distance) {
        open("if ((flags & " + bit + ") != 0) {");
        line("// The " + side + "'s layout: element e of block b at b " + distance + " + e " + stride + ".");
        line(index + " = (" + index + " >> sizeBits) * " + distance + " + (" + index + " & sizeMask) * " + stride + ";");
        line(step + " = stride > 1 ? (" + step + " >> sizeBits) * " + distance + " + (" + step + " & sizeMask) * " + stride
                + " : " + step + " * " + stride + ";");
        close("}");
    }

    /** Writes the value (re, im) to element {@code addr} of dst, conjugated back and scaled. */
    private void storeLine(String addr, String re, String im) {
        line(store("2 * " + group(addr), re + " * scale") + " " + store("2 * " + group(addr) + " + 1", im + " * conj * scale"));
    }

    /**
     * The split exchange: the real parts ("r"), then the imaginary parts ("i"), each written into
     * lre, a barrier, and read back, with a barrier between the two so no read of one part meets a
     * write of the other.
     */
    private void partsInTurn(Consumer<String> write, Consumer<String> read) {
        for (String part : new String[] {"r", "i"}) {
            if (part.equals("i")) {
                line("ctx.localBarrier();");
            }
            write.accept(part);
            line("ctx.localBarrier();");
            read.accept(part);
        }
    }

    /** Opens branch d of an if / else-if chain over d = 1, 2, 4, ... on {@code condition}. */
    private void branch(int d, String condition) {
        if (d == 1) {
            open("if (" + condition + ") {");
        } else {
            reopen("} else if (" + condition + ") {");
        }
    }

    /** {@code a = pad(index); } with pad(x) = x + x / 32, the padded local-memory slot. */
    private static String slot(String index) {
        return "a = " + index + "; a += a >> 5; ";
    }

    /**
     * Reads the twiddle on load at float index {@code a} of A, times B at {@code b} when B has more than
     * one column ({@code span > K}), into the register pair {@code into}.
     */
    private void loadEntry(String into, String a, String b) {
        read(into, a);
        open("if (bLen > 1) {");
        read("h", b);
        line(product(into, "h"));
        close("}");
    }

    /** Multiplies register {@code v} by the entry of the table's in-pass part at float index {@code a}. */
    private void groupTwiddle(String v, String a) {
        read("w", a);
        multiply(v);
    }

    /** Reads the complex table entry at float index {@code a} into the register pair {@code into}. */
    private void read(String into, String a) {
        line("a = " + a + "; " + into + "r = tw.get(a); " + into + "i = tw.get(a + 1);");
    }

    /** {@code v *= (wr, wi)}, in {@link #product}'s FMA shape. */
    private void multiply(String v) {
        line(product(v, "w"));
    }

    // ---- the butterfly --------------------------------------------------------------------------

    /**
     * A forward radix-R DFT in place on the registers {@code x} (R = x.length, a power of two): input
     * v is replaced by output v. Radix-2 decimation in frequency, stage by stage: each butterfly
     * (a, b) becomes (a + b, (a - b) W_{2h}^j), with the multiplications by 1, -i and (+-1 - i)/sqrt 2
     * spelled out cheaply; the outputs then sit in bit-reversed order and are swapped back.
     */
    private void dft(String[] x) {
        int radix = x.length;
        radix2Stages(x, "C8");
        int bits = Integer.numberOfTrailingZeros(radix);
        for (int v = 0; v < radix; v++) {
            int rv = Integer.reverse(v) >>> (32 - bits);
            if (bits > 0 && v < rv) {
                line("s = " + x[v] + "r; " + x[v] + "r = " + x[rv] + "r; " + x[rv] + "r = s;");
                line("s = " + x[v] + "i; " + x[v] + "i = " + x[rv] + "i; " + x[rv] + "i = s;");
            }
        }
    }

    // ---- text -----------------------------------------------------------------------------------

    private static String[] all(int regs) {
        String[] names = new String[regs];
        for (int j = 0; j < regs; j++) {
            names[j] = x(j);
        }
        return names;
    }
}
