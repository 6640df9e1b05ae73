package io.github.tornadofft.examples.figures;

import java.util.Locale;

/** A small SVG document: cells, lines, arrows and text, in user units. Written deterministically. */
final class Svg {

    /** Distinct fill colours for work-items, groups and lines (Okabe-Ito and Tableau). */
    private static final String[] PALETTE = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
            "#CC79A7", "#999999", "#8DD3C7", "#BEBADA", "#FB8072", "#80B1D3", "#FDB462", "#B3DE69", "#FCCDE5", "#BC80BD"};

    private final StringBuilder body = new StringBuilder();
    private final int width;
    private final int height;

    Svg(int width, int height) {
        this.width = width;
        this.height = height;
    }

    /** Colour number i of the palette (cycling). */
    static String colour(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    Svg cell(double x, double y, double w, double h, String fill, String label) {
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"/>%n",
                x, y, w, h, fill));
        if (label != null) {
            text(x + w / 2, y + h / 2 + 3.5, label, 10, "middle");
        }
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, boolean dashed) {
        body.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
                x1, y1, x2, y2, stroke, strokeWidth, dashed ? " stroke-dasharray=\"4 3\"" : ""));
        return this;
    }

    Svg text(double x, double y, String text, int size, String anchor) {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\">%s</text>%n",
                x, y, size, anchor, text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")));
        return this;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"DejaVu Sans, Arial, sans-serif\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n%s</svg>%n",
                width, height, width, height, body);
    }
}
