package io.github.tornadofft;

import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Failures from inside TornadoVM, as the library reports them: an {@link IllegalStateException} that
 * names the operation and carries TornadoVM's message without its terminal colour codes (the original
 * stays as the cause). The library's own refusals pass through unchanged.
 */
final class Failures {

    /** ANSI escape sequences: colours and styles, as TornadoVM's messages use them. */
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");

    private Failures() {
    }

    /** {@code text} without terminal escape sequences; null stays null. */
    static String plain(String text) {
        return text == null ? null : ANSI.matcher(text).replaceAll("");
    }

    /** Runs {@code action}; a failure inside TornadoVM becomes an IllegalStateException naming {@code operation}. */
    static <T> T plain(String operation, Supplier<T> action) {
        try {
            return action.get();
        } catch (IllegalArgumentException | IllegalStateException e) {
            if (fromTornadoVM(e) || !e.getMessage().equals(plain(e.getMessage()))) {
                throw new IllegalStateException(operation + ": " + plain(e.getMessage()), e);
            }
            throw e;
        } catch (RuntimeException e) {
            if (fromTornadoVM(e)) {
                throw new IllegalStateException(operation + ": TornadoVM failed: " + plain(String.valueOf(e.getMessage())), e);
            }
            throw e;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Error e) {
            // TornadoVM's drivers also fail with Errors (TornadoInternalError, TornadoBailoutRuntimeException's kin).
            if (fromTornadoVM(e)) {
                throw new IllegalStateException(operation + ": TornadoVM failed: " + plain(String.valueOf(e.getMessage())), e);
            }
            throw e;
        }
    }

    private static boolean fromTornadoVM(Throwable e) {
        return e.getClass().getName().startsWith("uk.ac.manchester.tornado.");
    }
}
