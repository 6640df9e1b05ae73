package io.github.tornadofft.examples.figures;

import io.github.tornadofft.examples.Step1DirectDft;
import io.github.tornadofft.examples.Step4CoalescedRuns;
import io.github.tornadofft.examples.Step5Fft3d;
import io.github.tornadofft.examples.Stockham;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The data-flow figures of docs/TOUR.md, drawn from the index functions the kernels themselves call
 * ({@link Stockham}, {@link Step1DirectDft#exponent}, {@link Step4CoalescedRuns#line},
 * {@link Step5Fft3d#slot}, ...): change a kernel's indexing and its figure changes with it.
 * {@code ./run-example figures docs/tour} writes them; the build checks that docs/tour holds what the
 * code draws.
 */
public final class Figures {

    private Figures() {
    }

    /** Every figure: file name to SVG text. */
    public static Map<String, String> all() {
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("step1-dft.svg", directDft(8));
        figures.put("step2-passes.svg", radix2Passes(16));
        figures.put("step3-group.svg", oneGroup(16));
        figures.put("step4-runs.svg", runs(256, 16, 4));
        figures.put("step5-3d.svg", threeD(8, 8));
        return figures;
    }

    /** Writes every figure into {@code dir} (the first argument, default docs/tour). */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "docs/tour");
        Files.createDirectories(dir);
        for (Map.Entry<String, String> figure : all().entrySet()) {
            Files.writeString(dir.resolve(figure.getKey()), figure.getValue(), StandardCharsets.UTF_8);
            System.out.println("wrote " + dir.resolve(figure.getKey()));
        }
    }

    /** Step 1: work-item k's row of the DFT matrix, each cell the twiddle exponent jk mod n. */
    static String directDft(int n) {
        int cell = 34;
        Svg svg = new Svg(Math.max(600, 120 + n * cell), 90 + n * cell);
        svg.text(10, 20, "Step 1: work-item k computes y[k] = sum over j of x[j] W^(jk mod " + n + ")", 13, "start");
        for (int j = 0; j < n; j++) {
            svg.text(100 + j * cell + cell / 2.0, 50, "x[" + j + "]", 10, "middle");
        }
        for (int k = 0; k < n; k++) {
            svg.text(92, 60 + k * cell + cell / 2.0 + 4, "item " + k, 10, "end");
            for (int j = 0; j < n; j++) {
                int e = Step1DirectDft.exponent(j, k, n);
                svg.cell(100 + j * cell, 60 + k * cell, cell, cell, Svg.colour(e), "W^" + e);
            }
        }
        svg.text(10, 80 + n * cell, "each row: one work-item, n reads and n multiply-adds; colour: the twiddle W^e", 11, "start");
        return svg.toString();
    }

    /** Step 2: log2 n radix-2 passes; each butterfly's two reads and two writes in its own colour. */
    static String radix2Passes(int n) {
        int w = 34;
        int h = 18;
        int gap = 130;
        int passes = Integer.numberOfTrailingZeros(n);
        Svg svg = new Svg(40 + passes * gap + w + 60, 110 + n * h);
        svg.text(10, 20, "Step 2: " + passes + " radix-2 passes of " + n + " points, one kernel each (colour: the work-item)", 13, "start");
        int[] writer = new int[n];
        java.util.Arrays.fill(writer, -1);
        for (int p = 0, span = 1; p <= passes; p++, span *= 2) {
            double x = 30 + p * gap;
            svg.text(x + w / 2.0, 50, p == 0 ? "input" : "pass " + p, 11, "middle");
            for (int e = 0; e < n; e++) {
                svg.cell(x, 60 + e * h, w, h, writer[e] < 0 ? "#fff" : Svg.colour(writer[e]), Integer.toString(e));
            }
            if (p == passes) {
                break;
            }
            int[] next = new int[n];
            for (int line = 0; line < n / 2; line++) {
                for (int m = 0; m < 2; m++) {
                    int from = Stockham.input(line, m, n, 2);
                    for (int o = 0; o < 2; o++) {
                        int to = Stockham.output(line, o, span, 2);
                        svg.line(x + w, 60 + from * h + h / 2.0, x + gap, 60 + to * h + h / 2.0, Svg.colour(line), 1.2, false);
                        next[to] = line;
                    }
                }
                int b = Stockham.input(line, 1, n, 2);
                svg.text(x + w + 4, 60 + b * h + h / 2.0 - 2, "W^" + Stockham.twiddle(line, 1, span, 2, n), 8, "start");
            }
            writer = next;
        }
        svg.text(10, 80 + n * h, "work-item i reads i and i + n/2 (W^e: the twiddle on the second),", 11, "start");
        svg.text(10, 96 + n * h, "writes their sum to (i - k) 2 + k and their difference span further, k = i mod span", 11, "start");
        return svg.toString();
    }

    /** Step 3: one group of n/4 work-items, the radix-4 steps between barriers, all in local memory. */
    static String oneGroup(int n) {
        int w = 34;
        int h = 18;
        int gap = 150;
        String[] titles = {"global x", "local, loaded", "after step 1", "after step 2", "global y"};
        Svg svg = new Svg(40 + 4 * gap + w + 60, 116 + n * h);
        svg.text(10, 20, "Step 3: " + n / 4 + " work-items hold " + n + " points in local memory (colour: the work-item)", 13, "start");
        int[][] moves = new int[4][n];                       // moves[c][e]: where column c's element e goes
        int[][] owner = new int[4][n];                       // which work-item moves it
        for (int q = 0; q < n / 4; q++) {
            for (int m = 0; m < 4; m++) {
                int e = Stockham.input(q, m, n, 4);
                moves[0][e] = e;                             // load and store: point q + m n/4
                moves[3][e] = e;
                owner[0][e] = q;
                owner[3][e] = q;
            }
        }
        for (int s = 1, span = 1; s <= 2; s++, span *= 4) {
            for (int q = 0; q < n / 4; q++) {
                for (int m = 0; m < 4; m++) {
                    moves[s][Stockham.input(q, m, n, 4)] = Stockham.output(q, m, span, 4);
                    owner[s][Stockham.input(q, m, n, 4)] = q;
                }
            }
        }
        for (int c = 0; c < titles.length; c++) {
            double x = 30 + c * gap;
            svg.text(x + w / 2.0, 50, titles[c], 11, "middle");
            for (int e = 0; e < n; e++) {
                String fill = c == 0 ? "#fff" : Svg.colour(ownerOf(owner[c - 1], moves[c - 1], e));
                svg.cell(x, 60 + e * h, w, h, fill, Integer.toString(e));
                if (c < 4) {
                    svg.line(x + w, 60 + e * h + h / 2.0, x + gap, 60 + moves[c][e] * h + h / 2.0, Svg.colour(owner[c][e]), 1.2, false);
                }
            }
            if (c == 1 || c == 2) {
                svg.line(x + w + gap / 2.0 - 10, 55, x + w + gap / 2.0 - 10, 65 + n * h, "#555", 1, true);
            }
        }
        svg.text(10, 85 + n * h, "a step: each work-item reads its 4 points, barrier (dashed), DFT4 in registers, writes 4, barrier;", 11, "start");
        svg.text(10, 101 + n * h, "a line: input m of a work-item to its output m. Loads and stores: adjacent work-items, adjacent points.", 11, "start");
        return svg.toString();
    }

    private static int ownerOf(int[] owner, int[] moves, int target) {
        for (int e = 0; e < moves.length; e++) {
            if (moves[e] == target) {
                return owner[e];
            }
        }
        return -1;
    }

    /** Step 4: which group reads each address in the first pass: lines far apart against adjacent lines. */
    static String runs(int n, int r, int cols) {
        int lines = n / r;
        int cell = 20;
        Svg svg = new Svg(60 + 2 * (lines * cell + 60), 150 + r * cell);
        svg.text(10, 20, "Step 4: n = " + n + ", a pass of radix " + r + ", " + cols + " lines a group (colour: the group)", 13, "start");
        String[] titles = {"lines far apart: every read alone", "adjacent lines: runs of " + cols};
        for (int v = 0; v < 2; v++) {
            int gap = v == 0 ? lines / cols : 1;
            double x0 = 50 + v * (lines * cell + 60);
            svg.text(x0, 50, titles[v], 12, "start");
            int[] group = new int[n];
            for (int g = 0; g < lines / cols; g++) {
                for (int c = 0; c < cols; c++) {
                    int line = Step4CoalescedRuns.line(g, c, cols, gap);
                    for (int m = 0; m < r; m++) {
                        group[Stockham.input(line, m, n, r)] = g;
                    }
                }
            }
            for (int a = 0; a < n; a++) {
                svg.cell(x0 + a % lines * cell, 60 + a / lines * cell, cell, cell, Svg.colour(group[a]), null);
            }
            svg.text(x0 - 4, 60 + cell / 2.0 + 4, "m=0", 9, "end");
            svg.text(x0 - 4, 60 + (r - 1) * cell + cell / 2.0 + 4, "m=" + (r - 1), 9, "end");
        }
        svg.text(10, 85 + r * cell, "global memory, " + lines + " addresses to a row: row m holds element m of every line.", 11, "start");
        svg.text(10, 101 + r * cell, "Lane c of group g reads line(g, c); the arithmetic is the same, only the runs differ.", 11, "start");
        return svg.toString();
    }

    /** Step 5: the XY tile in local memory, who holds what in the X and Y stages, and the banks of a column read. */
    static String threeD(int nx, int ny) {
        int cell = 26;
        int panel = nx * cell + 70;
        Svg svg = new Svg(40 + 2 * panel + 34 * 12 + 40, 150 + ny * cell);
        svg.text(10, 20, "Step 5: one " + nx + " x " + ny + " plane in local memory; the same point belongs to another work-item in each stage", 13, "start");
        String[] titles = {"X stage: rows (first step)", "Y stage: columns (first step)"};
        for (int stage = 0; stage < 2; stage++) {
            double x0 = 40 + stage * panel;
            svg.text(x0, 50, titles[stage], 12, "start");
            int[] holder = new int[Step5Fft3d.slot(nx - 1, ny - 1, nx) + 1];
            for (int t = 0; t < nx * ny / 4; t++) {
                for (int m = 0; m < 4; m++) {
                    int e = Stockham.input(Step5Fft3d.stepLine(stage, t, nx, ny), m, stage == 0 ? nx : ny, 4);
                    holder[Step5Fft3d.lineStart(stage, t, nx, ny) + e * Step5Fft3d.stride(stage, nx)] = t;
                }
            }
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int t = holder[Step5Fft3d.slot(x, y, nx)];
                    svg.cell(x0 + x * cell, 60 + y * cell, cell, cell, Svg.colour(t), Integer.toString(t));
                }
            }
        }
        // The banks (slot mod 32) that 32 neighbouring work-items of the X stage read first, X = 32.
        double x0 = 40 + 2 * panel;
        svg.text(x0, 50, "X = 32: the banks of 32 work-items' first reads", 12, "start");
        for (int padded = 0; padded < 2; padded++) {
            svg.text(x0, 78 + padded * 60, padded == 0 ? "rows not padded: one bank, 32-way conflict" : "one float per row: 32 banks", 10, "start");
            for (int t = 0; t < 32; t++) {
                int slot = padded == 1 ? Step5Fft3d.lineStart(0, t, 32, 32) : t * 32;
                svg.cell(x0 + t * 12, 84 + padded * 60, 12, 18, Svg.colour(slot % 32), null);
            }
        }
        svg.text(10, 90 + ny * cell, "numbers: the work-item holding the point. Then kernel 2, the Z axis: groups of 16 adjacent (x, y) positions, all Z points each.", 11, "start");
        svg.text(10, 108 + ny * cell, "the plan of " + nx + " x " + ny + " x 16 in the 3D paper's notation: " + Step5Fft3d.notation(nx, ny, 16), 11, "start");
        return svg.toString();
    }
}
