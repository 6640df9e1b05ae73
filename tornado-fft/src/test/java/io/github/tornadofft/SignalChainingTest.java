package io.github.tornadofft;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Telling whether the JVM's signal-chaining library is loaded, and which devices need it. */
class SignalChainingTest {

    @Test
    void findsTheLibraryAmongTheMappedFiles() {
        List<String> with = List.of(
                "7f84a0000000-7f84a0001000 r--p 00000000 00:2a 1234 /usr/lib/jvm/jdk-25/lib/libjsig.so",
                "7f84b0000000-7f84b0400000 r-xp 00000000 00:2a 1235 /usr/lib/jvm/jdk-25/lib/server/libjvm.so");
        List<String> without = List.of(
                "7f84b0000000-7f84b0400000 r-xp 00000000 00:2a 1235 /usr/lib/jvm/jdk-25/lib/server/libjvm.so",
                "7f84c0000000-7f84c0001000 r--p 00000000 00:2a 1236 /opt/lib/libjsig.so.bak",
                "7f84d0000000-7f84d0001000 rw-p 00000000 00:00 0 [heap]");
        assertTrue(SignalChaining.loaded(with));
        assertFalse(SignalChaining.loaded(without));
        assertFalse(SignalChaining.loaded(List.of()));
    }

    @Test
    void onlyPoclsPlatformNeedsIt() {
        assertTrue(SignalChaining.needsChaining("Portable Computing Language"));
        assertFalse(SignalChaining.needsChaining("NVIDIA CUDA"));
        assertFalse(SignalChaining.needsChaining("PTX"));
        assertFalse(SignalChaining.needsChaining(null));
    }

    @Test
    void theWarningSaysWhatToPreload() {
        String warning = SignalChaining.warning("cpu-haswell-AMD EPYC");
        assertTrue(warning.contains("LD_PRELOAD=$JAVA_HOME/lib/libjsig.so"), warning);
        assertTrue(warning.contains("cpu-haswell-AMD EPYC"), warning);
    }
}
