package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;

/** An engine this machine cannot run, and why: it is listed in every report as absent, never as zero. */
public record AbsentEngine(String name, Place place, String absentReason) implements Engine {

    @Override
    public String device() {
        return "—";
    }

    @Override
    public String notes() {
        return "absent: " + absentReason;
    }

    @Override
    public CopyCeiling ceiling() {
        throw new IllegalStateException(name + " is absent: " + absentReason);
    }

    @Override
    public Prepared prepare(Case c) {
        throw new IllegalStateException(name + " is absent: " + absentReason);
    }
}
