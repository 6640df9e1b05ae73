package io.github.tornadofft.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One benchmark case: a batch of complex float32 transforms of one shape (one to three
 * power-of-two axes, C order), forward, unnormalised.
 *
 * <p>Written on the command line as {@code RANKd:DIMS[:BATCH]}: {@code 1d:4096:1024} (4096 points,
 * batch 1024), {@code 1d:2^20}, {@code 2d:1024} (a square), {@code 3d:128} (a cube),
 * {@code 2d:4096x2048:4}.
 */
public record Case(int[] shape, int batch) {

    public Case {
        if (shape == null || shape.length < 1 || shape.length > 3) {
            throw new IllegalArgumentException("case: one to three axes, got " + Arrays.toString(shape));
        }
        for (int s : shape) {
            if (s < 1 || Integer.bitCount(s) != 1) {
                throw new IllegalArgumentException("case: axis lengths must be powers of two, got " + Arrays.toString(shape));
            }
        }
        if (batch < 1) {
            throw new IllegalArgumentException("case: batch must be at least 1, got " + batch);
        }
        shape = shape.clone();
        if (2L * points(shape) * batch > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("case: " + Arrays.toString(shape) + " x " + batch
                    + " is more than 2^30 complex values (one Java float[] holds them all)");
        }
    }

    /** A case of {@code rank} equal axes of length {@code n}. */
    public static Case cube(int rank, int n, int batch) {
        int[] shape = new int[rank];
        Arrays.fill(shape, n);
        return new Case(shape, batch);
    }

    /** Parses {@code RANKd:DIMS[:BATCH]}; DIMS is {@code AxBxC} or one length for every axis; {@code 2^k} is allowed. */
    public static Case parse(String spec) {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        String[] parts = s.split(":");
        if (parts.length < 2 || parts.length > 3 || !parts[0].matches("[123]d")) {
            throw new IllegalArgumentException("case: expected RANKd:DIMS[:BATCH] such as 1d:4096:1024, 2d:1024 or 3d:128, got '"
                    + spec + "'");
        }
        int rank = parts[0].charAt(0) - '0';
        String[] dims = parts[1].split("x");
        int[] shape = new int[rank];
        if (dims.length == 1) {
            Arrays.fill(shape, number(dims[0], spec));
        } else if (dims.length == rank) {
            for (int i = 0; i < rank; i++) {
                shape[i] = number(dims[i], spec);
            }
        } else {
            throw new IllegalArgumentException("case: '" + spec + "' gives " + dims.length + " lengths for a " + rank + "D shape");
        }
        int batch = parts.length == 3 ? number(parts[2], spec) : 1;
        return new Case(shape, batch);
    }

    /** Parses a list of cases separated by commas or spaces. */
    public static List<Case> parseList(String specs) {
        List<Case> cases = new ArrayList<>();
        for (String spec : specs.split("[,\\s]+")) {
            if (!spec.isBlank()) {
                cases.add(parse(spec));
            }
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("cases: none given");
        }
        return cases;
    }

    private static int number(String text, String spec) {
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

    public int rank() {
        return shape.length;
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    /** N: complex points in one transform. */
    public long points() {
        return points(shape);
    }

    /** Complex points in the whole batch. */
    public long totalPoints() {
        return points() * batch;
    }

    /** Floats in the whole interleaved batch. */
    public int floats() {
        return (int) (2 * totalPoints());
    }

    /** Bytes of the whole batch: 8 per complex float32. */
    public long bytes() {
        return 8 * totalPoints();
    }

    /** The conventional FFT operation count, 5 N log2 N per transform, times the batch. */
    public double flops() {
        long n = points();
        return 5.0 * n * (63 - Long.numberOfLeadingZeros(n)) * batch;
    }

    /** How people write it: "1D 4096, batch 1024", "1D 2^20", "2D 1024^2", "3D 128^3", "2D 4096x2048". */
    public String label() {
        StringBuilder s = new StringBuilder().append(rank()).append("D ");
        boolean cube = Arrays.stream(shape).allMatch(v -> v == shape[0]);
        if (rank() == 1) {
            s.append(length(shape[0]));
        } else if (cube) {
            s.append(length(shape[0])).append('^').append(rank());
        } else {
            for (int i = 0; i < rank(); i++) {
                s.append(i > 0 ? "x" : "").append(length(shape[i]));
            }
        }
        if (batch > 1) {
            s.append(", batch ").append(batch);
        }
        return s.toString();
    }

    /** The command-line form, which {@link #parse} reads back. */
    public String spec() {
        StringBuilder s = new StringBuilder().append(rank()).append("d:");
        for (int i = 0; i < rank(); i++) {
            s.append(i > 0 ? "x" : "").append(shape[i]);
        }
        return batch > 1 ? s.append(':').append(batch).toString() : s.toString();
    }

    private static String length(int n) {
        return n > 65536 ? "2^" + Integer.numberOfTrailingZeros(n) : Integer.toString(n);
    }

    /** Human-readable size of the batch: "128 MiB". */
    public String size() {
        return Metrics.bytes(bytes());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Case c && c.batch == batch && Arrays.equals(c.shape, shape);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(shape) + batch;
    }

    @Override
    public String toString() {
        return label();
    }
}
