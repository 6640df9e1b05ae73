package io.github.tornadofft.cli;

/**
 * A mistake the user can fix, reported as one line on stderr and an exit code, never a stack trace:
 * {@link #usage} (exit 2) for a bad command line or input file, {@link #environment} (exit 1) for
 * a machine that cannot run the request, such as one without a TornadoVM SDK.
 */
class CliError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    static final int USAGE = 2;
    static final int ENVIRONMENT = 1;

    private final int exitCode;

    CliError(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    static CliError usage(String message) {
        return new CliError(USAGE, message);
    }

    static CliError environment(String message) {
        return new CliError(ENVIRONMENT, message);
    }

    int exitCode() {
        return exitCode;
    }
}
