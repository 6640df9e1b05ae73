package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;

/**
 * An engine whose setup failed on something this machine has (a TornadoVM device that would not
 * open, a TornadoVM runtime that threw while listing its devices): every report lists it, and each
 * of its rows is marked failed with {@code absentReason}, which names the step.
 */
public record FailedEngine(String name, String device, Place place, String absentReason) implements Engine {

    @Override
    public boolean failedSetup() {
        return true;
    }

    @Override
    public String notes() {
        return "failed: " + absentReason;
    }

    @Override
    public CopyCeiling ceiling() {
        throw new IllegalStateException(name + " failed: " + absentReason);
    }

    @Override
    public Prepared prepare(Case c) {
        throw new IllegalStateException(name + " failed: " + absentReason);
    }
}
