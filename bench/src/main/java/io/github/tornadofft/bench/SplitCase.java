package io.github.tornadofft.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * A case of {@code run-bench split}: complex float32 transforms of a shape, in a batch, written as
 * run-bench writes its cases ({@code RANKd:DIMS[:BATCH]}, e.g. {@code 3d:512}, {@code 3d:2048x1024x1024},
 * {@code 2d:4096:16}); unlike run-bench's {@link Case}, a 3D transform may exceed one array (to 2^31 points,
 * 16 GiB), which only a plan over several devices takes.
 */
record SplitCase(int[] shape, int batch) {

    /**
     * Parses one spec.
     *
     * @throws IllegalArgumentException naming {@code --cases} and what a spec looks like
     */
    static SplitCase parse(String spec) {
        String s = spec.strip().toLowerCase(Locale.ROOT);
        String[] parts = s.split(":");
        if (parts.length < 2 || parts.length > 3 || !parts[0].matches("[123]d")) {
            throw new IllegalArgumentException("--cases: a plan over several devices runs c2c float32 cases RANKd:DIMS[:BATCH]"
                    + " such as 3d:1024, 3d:2048x1024x1024 or 2d:4096:16, got '" + spec + "'");
        }
        int[] shape = Case.shape(parts[0], parts[1], spec, "--cases");
        return new SplitCase(shape, parts.length == 3 ? Case.number(parts[2], spec) : 1);
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    /** Complex values of one transform. */
    long points() {
        return Arrays.stream(shape).asLongStream().reduce(1, (a, b) -> a * b);
    }

    /** As run-bench labels its cases: "3D 1024^3", "3D 2048x1024x1024", "2D 4096^2, batch 16". */
    String label() {
        String shapeLabel = Case.shapeLabel(shape);
        return batch > 1 ? shapeLabel + ", batch " + batch : shapeLabel;
    }
}
