package io.github.tornadofft.bench;

import io.github.tornadofft.api.Precision;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One benchmark case: a batch of transforms of one shape (one to three axes of any length, C order; an
 * engine that does not take a shape skips it) of one {@link Kind}: complex to complex forward (the
 * default), real to complex forward, or complex to real inverse; every one unnormalised; in one
 * {@link Precision}: float32 (the default) or float64.
 *
 * <p>Written on the command line as {@code [KIND:]RANKd:DIMS[:BATCH][:PRECISION]}: {@code 1d:4096:1024}
 * (4096 points, batch 1024), {@code 1d:2^20}, {@code 1d:1000003}, {@code 2d:1024} (a square), {@code 3d:128}
 * (a cube), {@code 2d:4096x2048:4}, {@code r2c:3d:256}, {@code c2r:1d:4096:8192}, {@code 1d:4096:1024:f64}
 * (in double; {@code f32} or {@code f64}, also {@code float} or {@code double}). A real case's shape is its
 * real signal's, and its spectrum is numpy's {@code rfftn} half: the last axis holds N/2 + 1 bins.
 *
 * <p>Lengths of values ({@link #floats()}, {@link #inputLength()} ...) count real numbers, floats or
 * doubles as the precision says; {@link #bytes()} and {@link #bytesMoved()} count their bytes.
 */
public record Case(Kind kind, int[] shape, int batch, Precision precision) {

    /** What a case's transforms take and give. */
    public enum Kind {
        /** Complex to complex, forward: N complex values in, N out. */
        C2C,
        /** Real to complex, forward: N real values in, the N/2 + 1 bins of the last axis's half spectrum out. */
        R2C,
        /** Complex to real, inverse and unnormalised: a half spectrum in, N real values out. */
        C2R;

        /** "c2c", "r2c", "c2r": how a spec and a label write it. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether one side of the transform is real. */
        public boolean real() {
            return this != C2C;
        }

        /**
         * The kind a word names (case-insensitive).
         *
         * @throws IllegalArgumentException naming the kinds there are
         */
        public static Kind of(String word) {
            for (Kind k : values()) {
                if (k.word().equalsIgnoreCase(word.trim())) {
                    return k;
                }
            }
            throw new IllegalArgumentException("kind: c2c, r2c or c2r, got '" + word + "'");
        }
    }

    /** A complex-to-complex float32 case. */
    public Case(int[] shape, int batch) {
        this(Kind.C2C, shape, batch);
    }

    /** A float32 case. */
    public Case(Kind kind, int[] shape, int batch) {
        this(kind, shape, batch, Precision.FLOAT);
    }

    public Case {
        if (kind == null) {
            throw new IllegalArgumentException("case: a kind (c2c, r2c or c2r), got null");
        }
        if (precision == null) {
            throw new IllegalArgumentException("case: a precision (float or double), got null");
        }
        if (shape == null || shape.length < 1 || shape.length > 3) {
            throw new IllegalArgumentException("case: one to three axes, got " + Arrays.toString(shape));
        }
        for (int s : shape) {
            if (s < 1) {
                throw new IllegalArgumentException("case: axis lengths must be at least 1, got " + Arrays.toString(shape));
            }
        }
        if (batch < 1) {
            throw new IllegalArgumentException("case: batch must be at least 1, got " + batch);
        }
        shape = shape.clone();
        if (kind.real() && shape[shape.length - 1] < 2) {
            throw new IllegalArgumentException("case: a real transform's last axis has at least 2 points, got "
                    + Arrays.toString(shape));
        }
        long floats = kind.real() ? Math.max(spectrumFloats(kind, shape), points(shape)) : 2L * points(shape);
        if (floats * batch > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("case: " + Arrays.toString(shape) + " x " + batch + " needs " + floats * batch
                    + " values, more than one Java array holds (2^31 - 64)");
        }
    }

    /** A case of {@code rank} equal axes of length {@code n}. */
    public static Case cube(int rank, int n, int batch) {
        int[] shape = new int[rank];
        Arrays.fill(shape, n);
        return new Case(shape, batch);
    }

    /**
     * Parses {@code [KIND:]RANKd:DIMS[:BATCH][:PRECISION]}; KIND is c2c (the default), r2c or c2r; DIMS is
     * {@code AxBxC} or one length for every axis; {@code 2^k} is allowed; PRECISION is f32 (the default)
     * or f64 ({@link #precisionOf}).
     */
    public static Case parse(String spec) {
        return parse(spec, Kind.C2C);
    }

    /** As {@link #parse(String)}, with {@code kind} where the spec names none. */
    public static Case parse(String spec, Kind kind) {
        return parse(spec, kind, Precision.FLOAT);
    }

    /** As {@link #parse(String)}, with {@code kind} and {@code precision} where the spec names none. */
    public static Case parse(String spec, Kind kind, Precision precision) {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        int last = s.lastIndexOf(':');
        if (last >= 0 && s.substring(last + 1).matches("[a-z][a-z0-9]*")) {
            try {
                precision = precisionOf(s.substring(last + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("case: '" + spec + "' ends in no precision (f32 or f64)");
            }
            s = s.substring(0, last);
        }
        if (s.matches("[a-z][a-z0-9]*:.*")) {
            int colon = s.indexOf(':');
            try {
                kind = Kind.of(s.substring(0, colon));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("case: '" + spec + "' starts with no kind (c2c, r2c or c2r)");
            }
            s = s.substring(colon + 1);
        }
        String[] parts = s.split(":");
        if (parts.length < 2 || parts.length > 3 || !parts[0].matches("[123]d")) {
            throw new IllegalArgumentException("case: expected [KIND:]RANKd:DIMS[:BATCH][:PRECISION] such as 1d:4096:1024,"
                    + " 2d:1024, 3d:128, r2c:1d:4096:8192 or 1d:2^20:8:f64, got '" + spec + "'");
        }
        int[] shape = shape(parts[0], parts[1], spec, "case");
        int batch = parts.length == 3 ? number(parts[2], spec) : 1;
        return new Case(kind, shape, batch, precision);
    }

    /**
     * The shape a spec's {@code RANKd} and {@code DIMS} give: one length for every axis, or one per axis
     * joined by x.
     *
     * @throws IllegalArgumentException naming {@code parameter} where the lengths do not fit the rank
     */
    static int[] shape(String rankWord, String dimsWord, String spec, String parameter) {
        int rank = rankWord.charAt(0) - '0';
        String[] dims = dimsWord.split("x");
        if (dims.length != 1 && dims.length != rank) {
            throw new IllegalArgumentException(parameter + ": '" + spec + "' gives " + dims.length + " lengths for a " + rank + "D shape");
        }
        int[] shape = new int[rank];
        for (int i = 0; i < rank; i++) {
            shape[i] = number(dims[dims.length == 1 ? 0 : i], spec);
        }
        return shape;
    }

    /**
     * The precision a word names: f32 or float, f64 or double, f16 or half (case-insensitive). A half case
     * stores fp16 values (an engine of half storage computes in float; see {@link Engine#takesHalf}).
     *
     * @throws IllegalArgumentException naming the words there are
     */
    public static Precision precisionOf(String word) {
        String w = word == null ? "" : word.trim().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "f32", "float", "float32" -> Precision.FLOAT;
            case "f64", "double", "float64" -> Precision.DOUBLE;
            case "f16", "half", "float16" -> Precision.HALF;
            default -> throw new IllegalArgumentException("precision: float (f32), double (f64) or half (f16), got '" + word + "'");
        };
    }

    /** Parses a list of cases separated by commas or spaces. */
    public static List<Case> parseList(String specs) {
        return parseList(specs, List.of(Kind.C2C));
    }

    /**
     * Parses a list of cases separated by commas or spaces; a spec that names no kind gives one case
     * of each of {@code kinds}, in that order, and a spec that names one gives that case alone.
     *
     * @throws IllegalArgumentException naming what is wrong: a spec, or no kinds
     */
    public static List<Case> parseList(String specs, List<Kind> kinds) {
        return parseList(specs, kinds, List.of(Precision.FLOAT));
    }

    /**
     * As {@link #parseList(String, List)}, and a spec that names no precision gives one case of each of
     * {@code precisions} for each kind (kinds first, then precisions, in the orders given).
     *
     * @throws IllegalArgumentException naming what is wrong: a spec, no kinds or no precisions
     */
    public static List<Case> parseList(String specs, List<Kind> kinds, List<Precision> precisions) {
        if (kinds == null || kinds.isEmpty()) {
            throw new IllegalArgumentException("kinds: at least one of c2c, r2c, c2r");
        }
        if (precisions == null || precisions.isEmpty()) {
            throw new IllegalArgumentException("precisions: at least one of float, double");
        }
        List<Case> cases = new ArrayList<>();
        for (String spec : specs.split("[,\\s]+")) {
            if (spec.isBlank()) {
                continue;
            }
            java.util.Set<Case> ofSpec = new java.util.LinkedHashSet<>();
            for (Kind kind : kinds) {
                for (Precision precision : precisions) {
                    ofSpec.add(parse(spec, kind, precision)); // the same case each time where the spec names them
                }
            }
            cases.addAll(ofSpec);
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("cases: none given");
        }
        return cases;
    }

    static int number(String text, String spec) {
        try {
            if (text.contains("^")) {
                String[] pw = text.split("\\^");
                long value = (long) Math.pow(Integer.parseInt(pw[0]), Integer.parseInt(pw[1]));
                if (pw.length != 2 || value > Integer.MAX_VALUE) {
                    throw new NumberFormatException();
                }
                return (int) value;
            }
            return Integer.parseInt(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("case: '" + text + "' in '" + spec + "' is not a length (4096 or 2^12)");
        }
    }

    private static long points(int[] shape) {
        long n = 1;
        for (int s : shape) {
            n *= s;
        }
        return n;
    }

    /** Values of one transform's half spectrum (numpy's rfftn layout); 0 for c2c. */
    private static long spectrumFloats(Kind kind, int[] shape) {
        if (!kind.real()) {
            return 0;
        }
        int last = shape[shape.length - 1];
        return 2 * points(shape) / last * (last / 2 + 1);
    }

    public int rank() {
        return shape.length;
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    /** N: points in one transform (complex values for c2c, real values of the signal for r2c and c2r). */
    public long points() {
        return points(shape);
    }

    /** Points in the whole batch. */
    public long totalPoints() {
        return points() * batch;
    }

    /** Values (floats or doubles) of one transform's input: 2N interleaved for c2c, N real for r2c, its half spectrum's for c2r. */
    public int inputLength() {
        return (int) (kind == Kind.R2C ? points() : kind == Kind.C2R ? spectrumFloats(kind, shape) : 2 * points());
    }

    /** Values of one transform's output: 2N interleaved for c2c, the half spectrum's for r2c, N real for c2r. */
    public int outputLength() {
        return (int) (kind == Kind.C2R ? points() : kind == Kind.R2C ? spectrumFloats(kind, shape) : 2 * points());
    }

    /** Values of the whole batch's input. */
    public int floats() {
        return inputLength() * batch;
    }

    /** Values of the whole batch's output. */
    public int outputFloats() {
        return outputLength() * batch;
    }

    /**
     * Bytes of the whole batch, the size a case is known by: per complex value for c2c 8 in float32, 16
     * in float64; per real value of the signal for r2c and c2r 4 or 8.
     */
    public long bytes() {
        return (kind.real() ? 1 : 2) * precision.bytes() * totalPoints();
    }

    /**
     * Bytes one run reads and writes at least: the batch's input once and its output once (for c2c
     * twice {@link #bytes()}; for r2c and c2r the real signal and the half spectrum), 4 or 8 bytes a
     * value as the precision says.
     */
    public long bytesMoved() {
        return (long) precision.bytes() * ((long) inputLength() + outputLength()) * batch;
    }

    /**
     * The conventional operation count per transform, times the batch: 5 N log2 N for c2c, and half of
     * it, 2.5 N log2 N, for r2c and c2r (N real points); for N not a power of two the same formula
     * with the real log2 N (benchFFT's convention).
     */
    public double flops() {
        long n = points();
        double log2 = Long.bitCount(n) == 1 ? 63 - Long.numberOfLeadingZeros(n) : Math.log(n) / Math.log(2);
        return (kind.real() ? 2.5 : 5.0) * n * log2 * batch;
    }

    /** This case's shape, batch and precision as another kind. */
    public Case as(Kind other) {
        return new Case(other, shape, batch, precision);
    }

    /** This case in another precision. */
    public Case in(Precision other) {
        return new Case(kind, shape, batch, other);
    }

    /** Whether the case computes in float64. */
    public boolean isDouble() {
        return precision == Precision.DOUBLE;
    }

    /**
     * Whether the case stores fp16 values: its input is fp16 values (held as floats, each exactly an fp16
     * value) and its output is read back as fp16, by engines of half storage only.
     */
    public boolean isHalf() {
        return precision == Precision.HALF;
    }

    /**
     * How people write it: "1D 4096, batch 1024", "1D 2^20", "2D 1024^2", "3D 128^3", "2D 4096x2048";
     * a real case starts with its kind: "r2c 3D 256^3", "c2r 1D 4096, batch 8192"; a float64 case ends
     * with it: "1D 2^23, double", "3D 128x256x256, double".
     */
    public String label() {
        StringBuilder s = new StringBuilder();
        if (kind.real()) {
            s.append(kind.word()).append(' ');
        }
        s.append(shapeLabel(shape));
        if (batch > 1) {
            s.append(", batch ").append(batch);
        }
        if (isDouble()) {
            s.append(", double");
        }
        if (isHalf()) {
            s.append(", half");
        }
        return s.toString();
    }

    /**
     * The command-line form, which {@link #parse} reads back; a real case's starts with its kind, a
     * float64 case's ends with {@code :f64}.
     */
    public String spec() {
        StringBuilder s = new StringBuilder();
        if (kind.real()) {
            s.append(kind.word()).append(':');
        }
        s.append(rank()).append("d:");
        for (int i = 0; i < rank(); i++) {
            s.append(i > 0 ? "x" : "").append(shape[i]);
        }
        if (batch > 1) {
            s.append(':').append(batch);
        }
        return isDouble() ? s.append(":f64").toString() : isHalf() ? s.append(":f16").toString() : s.toString();
    }

    /** A shape as labels write it: "1D 2^20", "3D 128^3", "2D 4096x2048". */
    static String shapeLabel(int[] shape) {
        StringBuilder s = new StringBuilder().append(shape.length).append("D ");
        if (shape.length > 1 && Arrays.stream(shape).allMatch(v -> v == shape[0])) {
            return s.append(length(shape[0])).append('^').append(shape.length).toString();
        }
        for (int i = 0; i < shape.length; i++) {
            s.append(i > 0 ? "x" : "").append(length(shape[i]));
        }
        return s.toString();
    }

    static String length(int n) {
        return n > 65536 && Integer.bitCount(n) == 1 ? "2^" + Integer.numberOfTrailingZeros(n) : Integer.toString(n);
    }

    /** Human-readable size of the batch ({@link #bytes()}): "128 MiB". */
    public String size() {
        return Metrics.bytes(bytes());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Case c && c.kind == kind && c.batch == batch && c.precision == precision
                && Arrays.equals(c.shape, shape);
    }

    @Override
    public int hashCode() {
        // The ordinal, not the enum's identity hash: the hash seeds a case's random input (Truth). Not the
        // precision: a float64 case draws the same random numbers as its float32 twin.
        return 31 * Arrays.hashCode(shape) + batch + 1_000_003 * kind.ordinal();
    }

    @Override
    public String toString() {
        return label();
    }
}
