package io.github.tornadofft.codegen;

import io.github.tornadofft.codegen.RegisterPassGenerator.Type;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel generators share: the text of a Java source (lines, indentation, index
 * expressions), the complex product and the radix-2 butterfly on named scalar registers, in the
 * precision of one generated class.
 */
abstract class KernelSource {

    final Type type;
    private final StringBuilder out = new StringBuilder();
    private int indent;

    KernelSource(Type type) {
        this.type = type;
    }

    /** The text written so far. */
    final String text() {
        return out.toString();
    }

    /**
     * Writes {@code text} to {@code file} where it differs from what is there, so that an unchanged
     * build recompiles nothing.
     */
    static void writeIfChanged(Path file, String text) throws IOException {
        if (!Files.exists(file) || !Files.readString(file).equals(text)) {
            Files.writeString(file, text);
        }
    }

    // ---- arithmetic on registers -----------------------------------------------------------------

    /**
     * {@code x *= y} on the register pairs (xr, xi) and (yr, yi), each part written as {@code a + b * c}:
     * TornadoVM fuses an add of a product into an FMA and nothing else (it emits {@code mul.rn}/{@code
     * sub.rn}, which ptxas may not contract), so {@code x_r y_r - x_i y_i} would be two multiplies and a
     * subtraction. Needs a scratch scalar {@code s} in scope.
     */
    static String product(String x, String y) {
        return "s = " + x + "r * " + y + "r + " + x + "i * -" + y + "i; " + x + "i = " + x + "r * " + y + "i + " + x + "i * "
                + y + "r; " + x + "r = s;";
    }

    /**
     * The forward radix-R DFT (R = x.length, a power of two) in place on the registers {@code x} by
     * radix-2 decimation in frequency, stage by stage: each butterfly (a, b) becomes (a + b,
     * (a - b) W_{2h}^j). Output m is then in register {@code x[bitreverse(m)]}.
     *
     * @param c8 how the kernel spells sqrt(1/2): a constant's name or a literal
     */
    final void radix2Stages(String[] x, String c8) {
        int radix = x.length;
        for (int h = radix / 2; h >= 1; h /= 2) {
            for (int b = 0; b < radix; b += 2 * h) {
                for (int j = 0; j < h; j++) {
                    String p = x[b + j];
                    String m = x[b + j + h];
                    line("s = " + p + "r - " + m + "r; " + p + "r += " + m + "r; " + m + "r = s;");
                    line("s = " + p + "i - " + m + "i; " + p + "i += " + m + "i; " + m + "i = s;");
                    rotate(m, j, 2 * h, c8);
                }
            }
        }
    }

    /**
     * Multiplies register {@code v} by the constant {@code W_size^j = e^{-2 pi i j / size}}: -i and the
     * odd eighth roots spelled out with {@code c8} (sqrt(1/2)), the rest as two {@code a + b * c} with
     * the sine's sign in the literal (see {@link #product}).
     */
    final void rotate(String v, int j, int size, String c8) {
        if (j == 0) {
            return;
        }
        String re = v + "r";
        String im = v + "i";
        if (4 * j == size) {
            line("s = " + re + "; " + re + " = " + im + "; " + im + " = -s;");                      // -i
        } else if (8 * j == size) {
            line("s = (" + re + " + " + im + ") * " + c8 + "; " + im + " = (" + im + " - " + re + ") * " + c8 + "; " + re
                    + " = s;");
        } else if (8 * j == 3 * size) {
            line("s = (" + im + " - " + re + ") * " + c8 + "; " + im + " = -(" + re + " + " + im + ") * " + c8 + "; " + re
                    + " = s;");
        } else {
            double angle = -2 * Math.PI * j / size;
            String c = type.literal(Math.cos(angle));
            String sn = type.literal(Math.sin(angle));
            String minusSn = type.literal(-Math.sin(angle));
            line("s = " + re + " * " + c + " + " + im + " * " + paren(minusSn) + "; " + im + " = " + re + " * " + paren(sn)
                    + " + " + im + " * " + c + "; " + re + " = s;");
        }
    }

    // ---- text -----------------------------------------------------------------------------------

    /** Register {@code j}'s name (its parts are {@code xjr} and {@code xji}). */
    static String x(int j) {
        return "x" + j;
    }

    static String paren(String literal) {
        return literal.startsWith("-") ? "(" + literal + ")" : literal;
    }

    static String group(String expression) {
        return expression.contains(" ") ? "(" + expression + ")" : expression;
    }

    /** {@code base + factor * name}, without the zero and one terms. */
    static String plus(String base, int factor, String name) {
        return factor == 0 ? base : base + " + " + mul(factor, name);
    }

    static String mul(int factor, String name) {
        return factor == 1 ? name : factor + " * " + name;
    }

    final void line(String text) {
        if (text.isEmpty()) {
            out.append('\n');
        } else {
            out.append("    ".repeat(indent)).append(text).append('\n');
        }
    }

    final void open(String text) {
        line(text);
        indent++;
    }

    final void reopen(String text) {
        indent--;
        line(text);
        indent++;
    }

    final void close(String text) {
        indent--;
        line(text);
    }

    /** One level out without a line (the caller writes the closing text with the next branch). */
    final void outdent() {
        indent--;
    }
}
