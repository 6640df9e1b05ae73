package io.github.tornadofft.bench;

import io.github.tornadofft.bench.engines.FailedEngine;
import io.github.tornadofft.bench.engines.HostCopy;
import io.github.tornadofft.bench.engines.JTransformsEngine;
import io.github.tornadofft.bench.engines.ReferenceEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An engine that fails, in any step and with any throwable short of a fatal JVM error, gets rows
 * marked failed that say the step and the message; every other engine's rows are complete.
 */
class FailingEngineTest {

    private static final List<Case> CASES = List.of(Case.parse("1d:64:4"), Case.parse("2d:16"));
    private static final String ANSI_MESSAGE = "\u001B[31m[ERROR] trying to deallocate an invalid buffer\u001B[0m";

    /** Where the fake engine throws. */
    enum Step {
        SETUP("setup"), CEILING(null), PLANNING("planning"), LOADING("loading the input"),
        RESIDENT_WARMUP("resident warm-up"), RESIDENT_TIMED("resident timed runs"),
        END_TO_END_WARMUP("end-to-end warm-up"), CHECKING("checking against the reference"), CLOSING(null);

        /** The step a failed row names; null where the row keeps its numbers. */
        final String reported;

        Step(String reported) {
            this.reported = reported;
        }
    }

    /** TornadoVM's internal errors extend java.lang.Error; this one stands for them. */
    static final class FakeTornadoInternalError extends Error {
        FakeTornadoInternalError(String message) {
            super(message);
        }
    }

    /** The kinds of failure a step may throw. */
    enum Kind {
        RUNTIME(() -> new IllegalStateException(ANSI_MESSAGE)),
        TORNADO_ERROR(() -> new FakeTornadoInternalError(ANSI_MESSAGE)),
        OUT_OF_MEMORY(() -> new OutOfMemoryError(ANSI_MESSAGE)),
        LINKAGE(() -> new UnsatisfiedLinkError(ANSI_MESSAGE)),
        WRAPPED(() -> new RuntimeException("call failed", new FakeTornadoInternalError(ANSI_MESSAGE)));

        final Supplier<Throwable> make;

        Kind(Supplier<Throwable> make) {
            this.make = make;
        }
    }

    /** reference-fft under another name, throwing at one step. */
    static final class FailingEngine implements Engine {
        private final Engine real = new ReferenceEngine(new HostCopy());
        private final Step step;
        private final Supplier<Throwable> failure;

        FailingEngine(Step step, Supplier<Throwable> failure) {
            this.step = step;
            this.failure = failure;
        }

        private void failAt(Step here) {
            if (here == step) {
                sneakyThrow(failure.get());
            }
        }

        @SuppressWarnings("unchecked")
        private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
            throw (T) t;
        }

        @Override
        public String name() {
            return "fake " + step;
        }

        @Override
        public String device() {
            return "nowhere";
        }

        @Override
        public Place place() {
            return Place.GPU;
        }

        @Override
        public String absentReason() {
            failAt(Step.SETUP);
            return null;
        }

        @Override
        public String notes() {
            return "";
        }

        @Override
        public CopyCeiling ceiling() {
            return new CopyCeiling() {
                @Override
                public String key() {
                    return "fake memory";
                }

                @Override
                public String method() {
                    return "fake copy";
                }

                @Override
                public double measure(long bytes, int warmup, int reps) {
                    failAt(Step.CEILING);
                    return 1.0;
                }
            };
        }

        @Override
        public Prepared prepare(Case c) throws UnsupportedCaseException {
            failAt(Step.PLANNING);
            return new ForwardingPrepared(real.prepare(c)) {
                private int resident;

                @Override
                public void load(float[] input) {
                    failAt(Step.LOADING);
                    super.load(input);
                }

                @Override
                public Sample runResident() {
                    resident++;
                    failAt(resident == 1 ? Step.RESIDENT_WARMUP : Step.RESIDENT_TIMED);
                    return super.runResident();
                }

                @Override
                public long runEndToEnd() {
                    failAt(Step.END_TO_END_WARMUP);
                    return super.runEndToEnd();
                }

                @Override
                public void result(int index, float[] dst) {
                    failAt(Step.CHECKING);
                    super.result(index, dst);
                }

                @Override
                public void close() {
                    super.close();
                    failAt(Step.CLOSING);
                }
            };
        }
    }

    private static Compare compare() {
        Compare compare = new Compare();
        compare.seed = 42;
        compare.samples = 2;
        compare.err = new PrintStream(OutputStream.nullOutputStream());
        return compare;
    }

    private static Bench bench() {
        // One warm-up run, no warm-up time: the second resident run is the first timed one.
        return new Bench(new Bench.Protocol(1, 0, 2, 5), new Progress(System.err, true));
    }

    private static List<Row> runWith(Engine failing, Bench bench) {
        HostCopy host = new HostCopy();
        List<Engine> engines = List.of(new JTransformsEngine(host), failing, new ReferenceEngine(host));
        Map<Case, String> errorSamples = new LinkedHashMap<>();
        List<Row> rows = compare().measure(CASES, engines, bench, new Progress(System.err, true), errorSamples);
        assertEquals(CASES.size() * engines.size(), rows.size(), "one row per engine and case: " + rows);
        assertEquals(CASES.size(), errorSamples.size());
        return rows;
    }

    private static void assertComplete(Row r) {
        assertTrue(r.ok(), r.engine() + " on " + r.c() + ": " + r.status() + " " + r.reason());
        assertEquals("", r.reason());
        assertTrue(r.call().measured() && r.e2e().measured(), r.toString());
        assertTrue(r.relError() < 1e-5, r.engine() + " error " + r.relError());
    }

    private static List<Row> of(List<Row> rows, String engine) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.engine().equals(engine)) {
                out.add(r);
            }
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Step.class)
    void aStepThatThrowsAnErrorFailsThatEngineAloneAndSaysTheStep(Step step) {
        for (Kind kind : Kind.values()) {
            Bench bench = bench();
            FailingEngine failing = new FailingEngine(step, kind.make);
            List<Row> rows = runWith(failing, bench);
            of(rows, "JTransforms").forEach(FailingEngineTest::assertComplete);
            of(rows, "reference-fft").forEach(FailingEngineTest::assertComplete);
            List<Row> failed = of(rows, failing.name());
            assertEquals(CASES.size(), failed.size());
            for (Row r : failed) {
                String where = step + ", " + kind + ": " + r.reason();
                assertFalse(r.reason().contains("\u001B"), "terminal colours removed: " + where);
                if (step.reported != null) {
                    assertEquals(Row.Status.FAILED, r.status(), where);
                    assertTrue(r.reason().startsWith(step.reported + ": "), where);
                    assertTrue(r.reason().contains("[ERROR] trying to deallocate an invalid buffer"), where);
                    assertFalse(r.call().measured(), where);
                    String table = Report.table(List.of(r));
                    assertTrue(table.contains("| failed |"), table);
                } else if (step == Step.CEILING) {
                    // The measurement stands without a ceiling; the ceiling says why and for which engine.
                    assertTrue(r.ok() && r.reason().isEmpty(), where);
                    assertTrue(Double.isNaN(r.ceilingGBs()), where);
                    assertTrue(r.ceilingMethod().contains("failed, measuring for " + failing.name()), r.ceilingMethod());
                    assertTrue(r.ceilingMethod().contains("trying to deallocate"), r.ceilingMethod());
                } else {
                    // Closing after a complete measurement keeps the numbers and says what failed.
                    assertTrue(r.ok(), where);
                    assertTrue(r.call().measured() && r.relError() < 1e-5, where);
                    assertTrue(r.reason().startsWith("closing: "), where);
                }
            }
            String md = Report.markdown("t", List.of(), List.of(), rows, bench.ceilings(), Map.of(), 5);
            if (step.reported != null) {
                assertTrue(md.contains(failing.name() + ", " + CASES.get(0).label() + ": failed: " + step.reported + ": "), md);
            } else {
                assertTrue(md.contains("- problems (the measurements above stand):"), md);
            }
        }
    }

    @Test
    void anUnsupportedCaseIsNotAFailure() {
        Engine unsupported = new FailingEngine(Step.PLANNING, () -> new UnsupportedCaseException("no 2D here"));
        List<Row> rows = runWith(unsupported, bench());
        of(rows, unsupported.name()).forEach(r -> assertEquals(Row.Status.UNSUPPORTED, r.status()));
    }

    @Test
    void anEngineWhoseSetupFailedHasFailedRowsAndIsListedAsFailed() {
        Engine broken = new FailedEngine("tornado-fft OPENCL 0:1", "pthread-haswell", Engine.Place.CPU,
                "setup: TornadoInternalError: no device");
        List<Row> rows = runWith(broken, bench());
        of(rows, broken.name()).forEach(r -> {
            assertEquals(Row.Status.FAILED, r.status());
            assertEquals("setup: TornadoInternalError: no device", r.reason());
        });
        assertEquals("failed: setup: TornadoInternalError: no device", Report.Listing.of(broken).status());
    }

    @Test
    void aFatalJvmErrorStillEndsTheRun() {
        Engine fatal = new FailingEngine(Step.RESIDENT_TIMED, () -> new StackOverflowError("deep"));
        assertThrows(StackOverflowError.class, () -> runWith(fatal, bench()));
    }

    @Test
    void describeRemovesTerminalColoursAndNamesTheCause() {
        String text = Failures.describe(new RuntimeException("call failed", new FakeTornadoInternalError(ANSI_MESSAGE)));
        assertEquals("RuntimeException: call failed (cause: FakeTornadoInternalError: [ERROR] trying to deallocate an"
                + " invalid buffer)", text);
        assertEquals("ConcurrentModificationException", Failures.describe(new java.util.ConcurrentModificationException()));
        assertTrue(Failures.fatal(new StackOverflowError()));
        assertFalse(Failures.fatal(new OutOfMemoryError()));
        assertFalse(Failures.fatal(new FakeTornadoInternalError("x")));
    }
}
