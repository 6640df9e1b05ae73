package io.github.tornadofft.codegen;

import io.github.tornadofft.codegen.RegisterPassGenerator.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the mixed-radix generator writes, short of compiling it (tornado-fft's build compiles it, and its
 * device tests run it): one kernel per radix in each precision, no float left in the double class, the
 * butterflies' constants rounded once from double.
 */
class MixedRadixGeneratorTest {

    @Test
    void writesBothPrecisionsIntoThePackageFolder(@TempDir Path dir) throws IOException {
        MixedRadixGenerator.main(new String[] {dir.toString()});
        Path kernels = dir.resolve("io/github/tornadofft/kernels");
        for (Type type : Type.values()) {
            String name = MixedRadixGenerator.className(type);
            String text = Files.readString(kernels.resolve(name + ".java"));
            assertEquals(MixedRadixGenerator.source(type), text, name);
            assertTrue(text.contains("public final class " + name + " {"), name);
            for (int radix : MixedRadixGenerator.RADICES) {
                assertTrue(text.contains("public static void radix" + radix + "(KernelContext ctx, " + type.array + " src"),
                        name + " radix" + radix);
                assertTrue(text.contains("case " + radix + " -> " + name + "::radix" + radix + ";"), name + " selects " + radix);
            }
        }
    }

    @Test
    void theDoubleKernelsHoldNoFloat() {
        String text = MixedRadixGenerator.source(Type.DOUBLE);
        assertFalse(Pattern.compile("\\bfloat\\b|FloatArray|\\d[.\\d]*f\\b").matcher(text).find(),
                "a float type or literal in the double kernels");
        // The constants of radix 5 and 7, rounded once to double.
        assertTrue(text.contains(Double.toString(Math.cos(2 * Math.PI / 5))), "cos(2 pi / 5) in double");
        assertTrue(text.contains(Double.toString(Math.sin(2 * Math.PI / 7))), "sin(2 pi / 7) in double");
        assertTrue(text.contains("import static io.github.tornadofft.kernels.MixedRadixPass.INVERSE;"));
    }

    @Test
    void theFloatKernelsHoldNoDouble() {
        String text = MixedRadixGenerator.source(Type.FLOAT);
        assertFalse(Pattern.compile("\\bdouble\\b|DoubleArray").matcher(text).find(), "a double in the float kernels");
        assertTrue(text.contains((float) Math.cos(2 * Math.PI / 5) + "f"), "cos(2 pi / 5) in float");
    }

    @Test
    void theKernelsCallNoHelperMethods() {
        // Inside the kernels only the arrays' get and set, and the fused kernel's local memory and
        // barrier (KernelContext's, which TornadoVM compiles to the backend's own): TornadoVM inlines
        // every other call.
        for (Type type : Type.values()) {
            String text = MixedRadixGenerator.source(type);
            String kernels = text.substring(text.indexOf("public static void radix2("))
                    .replaceAll("public static void (radix\\d+|fused\\w*)\\(", "");
            assertTrue(kernels.contains("ctx.localBarrier();"), type + ": the fused kernel");
            assertFalse(Pattern.compile("\\b(?!get\\b|set\\b|localBarrier\\b|allocate(Float|Double)LocalArray\\b)[a-z]\\w*\\(")
                    .matcher(kernels).find(), type + ": a method call in a kernel");
        }
    }

    @Test
    void theFusedKernelWritesItsPassesOutInsteadOfLoopingOverThem() {
        // A loop over the passes keeps radix, span and twiddle offset as run-time values even where
        // TornadoVM has made the radix word a constant; written out, each pass folds to one butterfly.
        for (Type type : Type.values()) {
            String fused = fusedKernel(type);
            assertFalse(fused.contains("for (int p = "), type + ": a loop over the passes");
            for (int p = 0; p < MixedRadixGenerator.FUSED_PASSES; p++) {
                int at = fused.indexOf("// Pass " + p + (p < MixedRadixGenerator.FUSED_EARLY_PASSES ? "." : " (radix 3, 5 or 7)."));
                assertTrue(at >= 0, type + ": pass " + p);
                String pass = fused.substring(at, fused.indexOf("ctx.localBarrier();", at));
                for (int radix : MixedRadixGenerator.FUSED_RADICES) {
                    boolean written = p < MixedRadixGenerator.FUSED_EARLY_PASSES || radix % 2 == 1;
                    assertEquals(written, pass.contains("(radix == " + radix + ")"), type + ": pass " + p + ", radix " + radix);
                }
            }
        }
    }

    @Test
    void inPlaceEachButterflyReadsWhereItWritesAndTheLoadReversesTheDigits() {
        // Decimation in time in one buffer: butterfly value m at store + 2 m span both ways, the input
        // loaded at its digit-reversed place, one buffer's width per transform.
        for (Type type : Type.values()) {
            assertWritten(type,
                    "int a0 = inPlace ? store : from + 2 * i;",
                    "int a1 = inPlace ? store + 2 * span : from + 2 * (i + lines);",
                    "int b1 = store + 2 * span;",
                    "int width = inPlace ? 2 * n : 4 * n;",
                    "pos += (e / rest) % radix0 * weight;",
                    "int to = ln * width + 2 * pos;");
        }
    }

    @Test
    void aRealTransformsSplitRunsInTheStoreAndItsMergeInTheLoad() {
        // REAL: r2c's store runs over the n + 1 bins of a row, Z[e] and Z[n - e] (mod n) from local memory;
        // c2r's load reads bins e and n - e of the row and loads conj Z'[e]; W_N^e after the passes' n - 1
        // entries; only the fused end leaves the direct pass, and the period ignores the flag.
        assertTrue(MixedRadixGenerator.source(Type.FLOAT).contains("public static final int REAL = 1 << 30;"));
        for (Type type : Type.values()) {
            assertWritten(type,
                    "int period = (flags & ~REAL) >>> PERIOD_SHIFT;",
                    "boolean realIn = (flags & (REAL | INVERSE)) == (REAL | INVERSE);",
                    "boolean realOut = (flags & (REAL | INVERSE)) == REAL;",
                    "if (realOut) {",
                    "for (int v = item; v < lanes * (n + 1); v += lanes * per) {",
                    "int f0 = ln * width + done + 2 * (e == n ? 0 : e);",
                    "int f1 = ln * width + done + 2 * (e == 0 ? 0 : n - e);",
                    "int wat = 2 * (n - 1) + 2 * e;",
                    "} else if (!directOut) {",
                    "if (realIn) {",
                    "int mirror = at + 2 * (n - 2 * e) * inStride;",
                    "vi = -(ai + (wr * br + wi * bi));");
        }
    }

    @Test
    void theFirstPassReadsAndTheLastWritesGlobalMemory() {
        // Two passes or more, rows or columns: pass 0 reads elements q + m lines from src (in place, q's
        // later digits reversed give its butterfly), an odd-radix last pass writes elements i + m span to
        // dst (an odd or composite radix: any that is not a power of two), and the group's own load and store, with their barriers, are skipped; across columns the
        // work-items are transform-fastest.
        for (Type type : Type.values()) {
            assertWritten(type,
                    "boolean directIn = twoPasses && !realIn && ((flags & TWIDDLE) == 0 || (flags & TWIDDLE_IN_PASS) != 0);",
                    "boolean directOut = twoPasses && !realOut && outColumns == columns && (lastRadix & (lastRadix - 1)) != 0;",
                    "int lane = columns ? item % lanes : item / per;",
                    "int eIn = columns ? inner * inStride : inStride;",
                    "int u1 = gIn + 2 * (q + lines) * eIn;",
                    "i += (q / rest) % radix1 * weight;",
                    "int v2 = gOut + 2 * (i + 2 * span) * eOut;",
                    "if (!directIn) {",
                    "if (!directOut) {");
            String fused = fusedKernel(type);
            String pass0 = fused.substring(fused.indexOf("// Pass 0."), fused.indexOf("// Pass 1."));
            assertFalse(pass0.contains("dst.set("), type + ": pass 0 is never the last of two");
        }
    }

    @Test
    void aPassReadsTheTwiddlesOfThePowersOfTwoAndMultipliesForTheRest() {
        // Radix 8: entries m = 1, 2, 4 read (rows 0, 1 and 3 of the table), W^{3k} = W^k W^{2k},
        // W^{7k} = W^{3k} W^{4k}; no entry of m = 3, 5, 6 or 7 is read.
        for (Type type : Type.values()) {
            String t = type.scalar;
            assertWritten(type,
                    t + " w1r = tw.get(twAt + 2 * k); " + t + " w1i = tw.get(twAt + 2 * k + 1);",
                    t + " w4r = tw.get(twAt + 2 * (3 * span + k)); " + t + " w4i = tw.get(twAt + 2 * (3 * span + k) + 1);",
                    t + " w3r = w1r; " + t + " w3i = w1i;",
                    "s = w3r * w2r + w3i * -w2i; w3i = w3r * w2i + w3i * w2r; w3r = s;",
                    t + " w7r = w3r; " + t + " w7i = w3i;");
            String text = MixedRadixGenerator.source(type);
            assertFalse(text.contains("tw.get(twAt + 2 * (2 * span + k))"), "no read of m = 3");
        }
    }

    @Test
    void theFirstPassAppliesTheStepsTwiddlesAsItReads() {
        // With TWIDDLE_IN_PASS, value m of line q (element q + m lines) times W^{(q + m lines) tww}, tww the
        // transform's c along rows and o mod P across columns; the rows of a step of three in the period's order.
        for (Type type : Type.values()) {
            assertWritten(type,
                    "int tww = columns ? lo % period : lc;",
                    "int tf2 = (q + 2 * lines) * tww;",
                    "int wl2 = 2 * (n - 1) + 2 * (tf2 & ((1 << TWIDDLE_BITS) - 1));",
                    "int wh2 = 2 * (n - 1) + (2 << TWIDDLE_BITS) + 2 * (tf2 >> TWIDDLE_BITS);",
                    "(lc / period + inner / period * (lc % period)) * n");
        }
    }

    @Test
    void theCompositeKernelTakesSixTenAndTwelveEarlyAndTheOddRadicesLate() {
        // fusedComposite: passes 0 and 1 take 8, 16, 6, 10 and 12, pass 2 the composite radices only, passes 3
        // to 6 the odd ones; a composite butterfly is two rounds of small DFTs on its registers (prime-factor:
        // radix 10's second round the radix-5 DFTs p0 and p1), with no twiddle read between them.
        for (Type type : Type.values()) {
            String text = MixedRadixGenerator.source(type);
            String composite = kernel(text, "fusedComposite");
            String pass0 = composite.substring(composite.indexOf("// Pass 0"), composite.indexOf("// Pass 1"));
            String pass2 = composite.substring(composite.indexOf("// Pass 2 (radix 6, 10 or 12)."), composite.indexOf("// Pass 3"));
            for (int radix : new int[] {6, 8, 10, 12, 16}) {
                assertTrue(pass0.contains("if (radix == " + radix + ")") || pass0.contains("} else if (radix == " + radix + ")"),
                        type + ": radix " + radix + " in pass 0");
            }
            assertFalse(pass0.contains("(radix == 3)") || pass0.contains("(radix == 2)"), type + ": no 2 or 3 in pass 0");
            assertFalse(pass2.contains("(radix == 16)"), type + ": no power of two in pass 2");
            assertTrue(composite.contains("// Pass 3 (radix 3, 5 or 7)."), type.toString());
            String butterfly = butterfly(composite, 10, 12, " p0a1r = ");
            assertTrue(butterfly.contains(" p1y4r = "), type + ": the second radix-5 DFT");
            assertFalse(butterfly.contains("tw.get("), type + ": no twiddle inside the butterfly");
        }
    }

    @Test
    void radicesElevenAndThirteenHaveAPassKernelAndAFusedKernelOfTheirOwn() {
        // Radix 11 and 13: a pass kernel each, and fusedPrime, whose six passes are each written for the radices
        // of their row of PRIME_SLOTS and no other; fused takes neither. Both by the direct DFT on symmetric
        // pairs: five and six pairs, no twiddle inside the butterfly.
        for (Type type : Type.values()) {
            String text = MixedRadixGenerator.source(type);
            for (int radix : new int[] {11, 13}) {
                String pass = kernel(text, "radix" + radix);
                assertTrue(pass.contains(" a" + (radix / 2) + "r = "), type + ": radix " + radix + "'s last pair");
                assertFalse(pass.contains(" a" + (radix / 2 + 1) + "r = "), type + ": radix " + radix + " has " + radix / 2 + " pairs");
                assertFalse(kernel(text, "fused").contains("(radix == " + radix + ")"), type + ": fused takes no " + radix);
            }
            String prime = kernel(text, "fusedPrime");
            assertFalse(prime.contains("// Pass " + MixedRadixGenerator.PRIME_SLOTS.length), type + ": six passes");
            assertWrittenForItsSlots(prime, MixedRadixGenerator.PRIME_SLOTS, type + " fusedPrime");
            String butterfly = butterfly(prime, 13, 11, " a1r = ");
            assertTrue(butterfly.contains(" y12r = "), type + ": radix 13's last output");
            assertFalse(butterfly.contains("tw.get("), type + ": no twiddle inside the butterfly");
        }
    }

    @Test
    void theLargeKernelTakesItsSlotsAndDecodesTwentyAndTwentyFour() {
        // fusedLarge: three passes, each written for the radices of its row of LARGE_SLOTS and no other; 20 and
        // 24 read from their codes; 24 = 8 x 3 and 15 = 3 x 5 by the prime-factor algorithm, no twiddle read
        // inside the butterfly.
        for (Type type : Type.values()) {
            String text = MixedRadixGenerator.source(type);
            String large = kernel(text, "fusedLarge");
            assertFalse(large.contains("// Pass 3"), type + ": three passes");
            assertTrue(large.contains("radix0 = radix0 == 0 ? 0 : radix0 == 8 ? 20 : radix0 == 13 ? 24 : radix0 + 1;"), type.toString());
            assertTrue(large.contains("radix2 = radix2 == 0 ? 0 : radix2 + 1;"), type + ": no 20 or 24 in pass 2");
            assertWrittenForItsSlots(large, MixedRadixGenerator.LARGE_SLOTS, type + " fusedLarge");
            String butterfly24 = butterfly(large, 24, 20, "s = x0r - x");
            assertTrue(butterfly24.contains(" p7y2r = "), type + ": the eighth radix-3 DFT");
            assertFalse(butterfly24.contains("tw.get("), type + ": no twiddle inside the butterfly");
            String pass1 = large.substring(large.indexOf("// Pass 1"), large.indexOf("// Pass 2"));
            String radix15 = pass1.substring(pass1.indexOf("(radix == 15)"), pass1.indexOf("(radix == 12)"));
            assertTrue(radix15.contains(" q4y2r = ") && radix15.contains(" p2y4r = "), type + ": five radix-3 DFTs, three radix-5");
        }
        assertEquals(8, MixedRadixGenerator.code(20));
        assertEquals(13, MixedRadixGenerator.code(24));
        assertEquals(15, MixedRadixGenerator.code(16));
    }

    @Test
    void unpaddedThePaddingTermFoldsAway() {
        // The padding term is "f >> 5 & pm", pm = 0 unpadded: "& 0" folds, where ">> 31 << 1" did not
        // (the compiler cannot know f >= 0). Likewise the planes' shift, by sh = 0 side by side, and the
        // imaginary part's offset, half = 1 there.
        for (Type type : Type.values()) {
            assertWritten(type, "int pm = (flags & PAD) != 0 ? (planar ? -1 : -2) : 0;", "a1 += a1 >> 5 & pm;",
                    "b1 += b1 >> 5 & pm;", "int sh = planar ? 1 : 0;", "a1 >>= sh;", "b1 >>= sh;",
                    "int half = planar ? size >> 1 : 1;", "l[b1 + half] = ");
            assertFalse(fusedKernel(type).contains(">> ps"), type.toString());
            assertFalse(fusedKernel(type).contains(" + 1] = "), type + ": every imaginary part at + half");
        }
    }

    /** The fused kernel's text in {@code type}'s class, from its signature on. */
    private static String fusedKernel(Type type) {
        return kernel(MixedRadixGenerator.source(type), "fused");
    }

    /**
     * The butterfly of {@code radix} in pass 0 of {@code kernel}'s text: from {@code from} in its block to the
     * block of {@code next}, the radix written after it.
     */
    private static String butterfly(String kernel, int radix, int next, String from) {
        String pass0 = kernel.substring(kernel.indexOf("// Pass 0"), kernel.indexOf("// Pass 1"));
        String block = pass0.substring(pass0.indexOf("(radix == " + radix + ")"), pass0.indexOf("(radix == " + next + ")"));
        return block.substring(block.indexOf(from));
    }

    /** Asserts that each pass of {@code kernel}'s text is written for the radices of its row of {@code slots} and no other. */
    private static void assertWrittenForItsSlots(String kernel, int[][] slots, String what) {
        for (int p = 0; p < slots.length; p++) {
            int at = kernel.indexOf("// Pass " + p + " (radix ");
            int end = p + 1 < slots.length ? kernel.indexOf("// Pass " + (p + 1)) : kernel.length();
            String pass = kernel.substring(at, end);
            for (int radix = 2; radix <= 24; radix++) {
                int r = radix;
                assertEquals(Arrays.stream(slots[p]).anyMatch(s -> s == r), pass.contains("(radix == " + radix + ") {"),
                        what + ": pass " + p + ", radix " + radix);
            }
        }
    }

    /** The text of {@code method} in a generated {@code text}: from its declaration to the next method's. */
    private static String kernel(String text, String method) {
        int at = text.indexOf("public static void " + method + "(");
        int next = text.indexOf("public static void ", at + 1);
        return text.substring(at, next < 0 ? text.length() : next);
    }

    /** Asserts that {@code type}'s fused kernel holds each of {@code lines}. */
    private static void assertWritten(Type type, String... lines) {
        String fused = fusedKernel(type);
        for (String line : lines) {
            assertTrue(fused.contains(line), type + ": " + line);
        }
    }

    @Test
    void isTheSameOnEveryRun() {
        for (Type type : Type.values()) {
            assertEquals(MixedRadixGenerator.source(type), MixedRadixGenerator.source(type));
        }
    }

    @Test
    void refusesAnythingButOneFolder() {
        assertThrows(IllegalArgumentException.class, () -> MixedRadixGenerator.main(new String[0]));
    }
}
