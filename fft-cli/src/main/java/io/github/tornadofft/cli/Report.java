package io.github.tornadofft.cli;

import java.io.PrintWriter;

/** The lines a run prints on stderr: device and its arithmetic, transform, plan, build and execution time. */
final class Report {

    private static final String INDENT = "           ";

    private Report() {
    }

    static void run(PrintWriter err, Engine engine, Transform transform, Engine.Result result) {
        err.println("device:    " + engine.device() + ", computes in " + engine.arithmetic(transform));
        err.println("transform: " + transform);
        String[] plan = result.plan().split("\n");
        err.println("plan:      " + plan[0]);
        for (int i = 1; i < plan.length; i++) {
            err.println(INDENT + plan[i]);
        }
        err.println("build:     " + (result.buildNanos() == 0 ? "none (nothing to plan or compile)"
                : millis(result.buildNanos()) + " (plan + JIT compile)"));
        err.println("execute:   " + millis(result.executeNanos()) + " (host to host)");
    }

    static String millis(long nanos) {
        return String.format("%.3f ms", nanos / 1e6);
    }
}
