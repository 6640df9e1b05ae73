package io.github.tornadofft.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line on stderr while long runs go: one line rewritten in place on a terminal; on a
 * pipe or a log file, one line per step (never one per repetition).
 */
public final class Progress {

    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private final long start = System.nanoTime();
    private String step = "";
    private long lastPrint;
    private int lastLength;

    public Progress(PrintStream err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
        this.terminal = System.console() != null && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** A new step: "[3/8] 2D 1024^2 | JTransforms". */
    public void step(String text) {
        step = text;
        if (quiet) {
            return;
        }
        if (terminal) {
            show(text, true);
        } else {
            err.printf(Locale.ROOT, "[bench %s] %s%n", elapsed(), text);
            err.flush();
        }
    }

    /** Detail within the step ("timed run 12/50"), shown on a terminal at most ten times a second. */
    public void detail(String text) {
        if (quiet || !terminal) {
            return;
        }
        show(step + " | " + text, false);
    }

    private void show(String text, boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastPrint < 100_000_000L) {
            return;
        }
        lastPrint = now;
        String line = "[bench " + elapsed() + "] " + text;
        int pad = Math.max(0, lastLength - line.length());
        err.print("\r" + line + " ".repeat(pad));
        err.flush();
        lastLength = line.length();
    }

    /** Ends the in-place line before normal output continues. */
    public void done() {
        if (!quiet && terminal && lastLength > 0) {
            err.print("\r" + " ".repeat(lastLength) + "\r");
            err.flush();
            lastLength = 0;
        }
    }

    private String elapsed() {
        long s = (System.nanoTime() - start) / 1_000_000_000L;
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
