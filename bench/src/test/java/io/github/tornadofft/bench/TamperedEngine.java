package io.github.tornadofft.bench;

/**
 * A test engine that runs another engine and alters its result afterwards ({@link #tamper}), to see
 * the bench reject what a wrong engine would report. Everything else is the other engine's.
 */
abstract class TamperedEngine implements Engine {

    private final String name;
    private final Engine inner;

    TamperedEngine(String name, Engine inner) {
        this.name = name;
        this.inner = inner;
    }

    /** Alters result {@code dst} of case {@code c} (as float or, for {@link #tamper(Case, double[])}, double values). */
    abstract void tamper(Case c, float[] dst);

    /** Alters a double result; by default not at all. */
    void tamper(Case c, double[] dst) {
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String device() {
        return inner.device();
    }

    @Override
    public Place place() {
        return Place.CPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "";
    }

    @Override
    public CopyCeiling ceiling() {
        return inner.ceiling();
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        return new ForwardingPrepared(inner.prepare(c)) {
            @Override
            public void result(int index, float[] dst) {
                super.result(index, dst);
                tamper(c, dst);
            }

            @Override
            public void result(int index, double[] dst) {
                super.result(index, dst);
                tamper(c, dst);
            }
        };
    }
}
