package io.github.tornadofft;

import org.junit.jupiter.api.Test;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How failures inside TornadoVM reach the caller: named, plain text, with the original as cause. */
class FailuresTest {

    private static final String RED = "\u001B[31m";
    private static final String RESET = "\u001B[0m";

    @Test
    void colourCodesAreRemoved() {
        assertEquals("[TornadoVM] out of memory: 512 MB", Failures.plain(RED + "[TornadoVM] out of memory: " + RESET + "512 MB"));
        assertEquals("no codes", Failures.plain("no codes"));
    }

    @Test
    void aTornadoVMFailureBecomesAnIllegalStateNamingTheOperationInPlainText() {
        TornadoRuntimeException cause = new TornadoRuntimeException(RED + "device heap exhausted" + RESET);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Failures.plain("execute", () -> {
            throw cause;
        }));
        assertTrue(e.getMessage().startsWith("execute: "), e.getMessage());
        assertTrue(e.getMessage().contains("device heap exhausted"), e.getMessage());
        assertFalse(e.getMessage().contains("\u001B"), e.getMessage());
        assertSame(cause, e.getCause());
    }

    @Test
    void theLibrarysOwnRefusalsPassThroughUnchanged() {
        IllegalArgumentException refusal = new IllegalArgumentException("batch: must be at least 1, got 0");
        assertSame(refusal, assertThrows(IllegalArgumentException.class, () -> Failures.plain("plan", () -> {
            throw refusal;
        })));
        assertEquals(42, Failures.plain("plan", () -> 42));
    }
}
