package io.github.tornadofft.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the generator writes, short of compiling it (tornado-fft's build compiles it, and its device
 * tests run it): one kernel per register count in each precision, no float left in the double class,
 * the same text on every run.
 */
class RegisterPassGeneratorTest {

    @Test
    void writesBothPrecisionsIntoThePackageFolder(@TempDir Path dir) throws IOException {
        RegisterPassGenerator.main(new String[] {dir.toString()});
        Path kernels = dir.resolve("io/github/tornadofft/kernels");
        for (RegisterPassGenerator.Type type : RegisterPassGenerator.Type.values()) {
            String text = Files.readString(kernels.resolve(type.className + ".java"));
            assertEquals(RegisterPassGenerator.source(type), text, type.className);
            assertTrue(text.contains("public final class " + type.className + " {"), type.className);
            for (int regs : RegisterPassGenerator.REGISTERS) {
                assertTrue(text.contains("public static void pass" + regs + "(KernelContext ctx, " + type.array + " src"),
                        type.className + " pass" + regs);
            }
        }
    }

    @Test
    void aRealTransformsEndPassOfSeveralLinesPairsMirroredLinesAndTwiddlesEachBinByTwoEntries() {
        for (RegisterPassGenerator.Type type : RegisterPassGenerator.Type.values()) {
            String text = RegisterPassGenerator.source(type);
            for (int regs : RegisterPassGenerator.REGISTERS) {
                String kernel = method(text, "pass" + regs);
                // r2c's last pass: lanes take lines t and lines - t (t = 0: lines / 2); the mirrored line's lane
                // holds element r - 1 - m, line 0's own element -m mod r.
                assertTrue(kernel.contains("if ((flags & (REAL | INVERSE)) == REAL && lines > 1) {"), type + " pass" + regs);
                assertTrue(kernel.contains("i = col < pairs ? t : ((lines - t) & (lines - 1)) + (t == 0 ? lines >> 1 : 0);"),
                        type + " pass" + regs);
                assertTrue(kernel.contains("a = ((r - 1 - m + own) & (r - 1)) * lanes + mirrorLane;"), type + " pass" + regs);
                // W_N^b = W_N^{m lines} W_N^i, and c2r's partner N/2 - b of line i.
                assertTrue(kernel.contains("int realAt = 2 * r + (span > 1 ? 2 * r * ((1 << kBits) + (span >> kBits)) : 0);"),
                        type + " pass" + regs);
                assertTrue(kernel.contains("int mirror = first + (r - 2 * q) * (step >> threadBits) - 2 * i * ((step >> threadBits) >> lineBits);"),
                        type + " pass" + regs);
                assertEquals(regs + 1, kernel.split("if \\(lines > 1\\) \\{\\s+s = wr \\* ur \\+ wi \\* -ui;", -1).length - 1,
                        type + " pass" + regs + ": W_N^i once a merged value, once in the split's loop, in a pass of several lines");
            }
        }
    }

    @Test
    void theHalfClassWidensEveryLoadAndRoundsEveryStoreAndHasNoRealCode(@TempDir Path dir) throws IOException {
        RegisterPassGenerator.main(new String[] {dir.toString()});
        String text = Files.readString(dir.resolve("io/github/tornadofft/kernels/" + RegisterPassGenerator.HALF_CLASS + ".java"));
        assertEquals(RegisterPassGenerator.halfSource(), text);
        for (int regs : RegisterPassGenerator.REGISTERS) {
            assertTrue(text.contains("public static void pass" + regs + "(KernelContext ctx, HalfFloatArray src, HalfFloatArray dst, FloatArray tw"));
        }
        assertTrue(text.contains("public static Task16<KernelContext, HalfFloatArray, HalfFloatArray, FloatArray,"));
        // Every load widens an fp16 value; every store rounds to one (no load or store of a float); float
        // registers and local memory; no real transform's split or merge.
        assertTrue(text.contains("src.get(2 * first).getFloat32()"));
        assertTrue(text.contains("dst.set(2 * out, new HalfFloat(x0r * scale));"));
        assertTrue(text.contains("float[] lre = ctx.allocateFloatLocalArray(localFloats);"));
        assertFalse(Pattern.compile("\\bdouble\\b|DoubleArray|REAL \\||& REAL|mirror").matcher(text).find(), "double or real code");
        assertEquals(text.split("src\\.get\\(", -1).length, text.split("\\)\\.getFloat32\\(\\)", -1).length, "loads, widened loads");
        assertEquals(text.split("dst\\.set\\(", -1).length, text.split("new HalfFloat\\(", -1).length, "stores, fp16 stores");
    }

    @Test
    void theChirpKernelsCarryBluesteinsStepsAndNeitherAFusedAxisNorARealStep() {
        for (RegisterPassGenerator.Type type : RegisterPassGenerator.Type.values()) {
            String text = RegisterPassGenerator.source(type);
            String passes = text.substring(0, text.indexOf("public static void chirp"));
            assertFalse(passes.contains("chirpIn") || passes.contains("INVERSE_CHIRP) !="), type + ": a chirp step in a pass kernel");
            for (int regs : RegisterPassGenerator.CHIRP_REGISTERS) {
                String kernel = method(text, "chirp" + regs);
                // The chirp on the first pass's load, below N (outDistance) only; the filter or the chirp on the
                // last passes' store, the inverse's first N (inDistance) only; the conjugates for the inverse.
                assertTrue(kernel.contains("boolean chirpIn = span == 1 && (flags & INVERSE) == 0;"), type + " chirp" + regs);
                assertTrue(kernel.contains("int chirpBound = chirpIn ? outDistance : n;"), type + " chirp" + regs);
                assertTrue(kernel.contains("int storeBound = (flags & INVERSE) != 0 ? inDistance : n;"), type + " chirp" + regs);
                assertTrue(kernel.contains("(flags & INVERSE_CHIRP) != 0"), type + " chirp" + regs);
                assertEquals(regs, kernel.split("< chirpBound\\) \\{", -1).length - 1, type + " chirp" + regs + ": a bounded load a value");
                assertEquals(regs, kernel.split("< storeBound\\) \\{", -1).length - 1, type + " chirp" + regs + ": a bounded store a value");
                assertFalse(kernel.contains("if (fBits > 0)") || kernel.contains("mirror") || kernel.contains("REAL"),
                        type + " chirp" + regs + ": a fused axis or a real step");
            }
        }
        String half = RegisterPassGenerator.halfSource();
        assertFalse(half.contains("chirp"), "chirp kernels in the half class");
    }

    /** The text of the generated method {@code name}, up to the next method or the class's end. */
    private static String method(String text, String name) {
        int start = text.indexOf("public static void " + name + "(");
        assertTrue(start >= 0, name);
        int end = text.indexOf("public static void ", start + 1);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    @Test
    void theDoubleKernelsHoldNoFloat() {
        String text = RegisterPassGenerator.source(RegisterPassGenerator.Type.DOUBLE);
        assertFalse(Pattern.compile("\\bfloat\\b|FloatArray|allocateFloat|\\d[.\\d]*f\\b").matcher(text).find(),
                "a float type or literal in the double kernels");
        assertTrue(text.contains("double[] lre = ctx.allocateDoubleLocalArray(localFloats);"));
        // Constants of the butterflies rounded once to double, not through float.
        assertTrue(text.contains(Double.toString(Math.sqrt(0.5))));
    }

    @Test
    void theFloatKernelsHoldNoDouble() {
        String text = RegisterPassGenerator.source(RegisterPassGenerator.Type.FLOAT);
        assertFalse(Pattern.compile("\\bdouble\\b|DoubleArray").matcher(text).find(), "a double in the float kernels");
    }

    @Test
    void isTheSameOnEveryRun() {
        for (RegisterPassGenerator.Type type : RegisterPassGenerator.Type.values()) {
            assertEquals(RegisterPassGenerator.source(type), RegisterPassGenerator.source(type));
        }
        assertEquals(RegisterPassGenerator.halfSource(), RegisterPassGenerator.halfSource());
    }

    @Test
    void refusesAnythingButOneFolder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RegisterPassGenerator.main(new String[0]));
        assertTrue(e.getMessage().startsWith("args:"), e.getMessage());
    }
}
