package io.github.tornadofft.bench;

/**
 * What the bench does with a failure: which ones it contains (reports, and carries on with the next
 * engine, case or call) and which ones end the process, and how it says what went wrong in one line.
 *
 * <p>Everything is contained except a {@link VirtualMachineError} other than {@link OutOfMemoryError}
 * (a stack overflow, an internal error of the JVM itself): TornadoVM reports many of its failures as
 * {@link Error}s of its own (TornadoInternalError, for one), and a device that cannot allocate, or a
 * heap too small for one case, must not end a run of many.
 */
public final class Failures {

    private Failures() {
    }

    /** Whether {@code t} must end the process rather than be reported: a JVM error other than running out of memory. */
    public static boolean fatal(Throwable t) {
        return t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError);
    }

    /** Rethrows {@code t} when it is {@linkplain #fatal fatal}; otherwise returns, and the caller reports it. */
    public static void rethrowIfFatal(Throwable t) {
        if (fatal(t)) {
            throw (VirtualMachineError) t;
        }
    }

    /** {@code text} without terminal escape sequences (TornadoVM colours its messages: ESC[31m ... ESC[0m). */
    public static String stripAnsi(String text) {
        return text == null ? null : text.replaceAll("\u001B\\[[0-9;?]*[A-Za-z]", "");
    }

    /** "Exception: message", or the exception's name alone when it has no message. */
    private static String name(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /**
     * One line, at most 400 characters: the exception, and its root cause when that says more;
     * terminal colours and embedded stack traces removed.
     */
    public static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = name(e);
        if (root != e) {
            text += " (cause: " + name(root) + ")";
        }
        text = stripAnsi(text).replaceAll("\\s*Stacktrace: \\[.*?\\]", "").replaceAll("\\s+", " ").trim();
        return text.length() > 400 ? text.substring(0, 397) + "..." : text;
    }
}
