package io.github.tornadofft.bench;

/**
 * A test engine's prepared case that hands every call to another engine's ({@code inner}); the test
 * engines override the calls they change. It reports no kernel time, setup time or plan of its own.
 */
class ForwardingPrepared implements Engine.Prepared {

    final Engine.Prepared inner;

    ForwardingPrepared(Engine.Prepared inner) {
        this.inner = inner;
    }

    @Override
    public void load(float[] input) {
        inner.load(input);
    }

    @Override
    public void load(double[] input) {
        inner.load(input);
    }

    @Override
    public boolean hasKernelTime() {
        return false;
    }

    @Override
    public Engine.Sample runResident() {
        return inner.runResident();
    }

    @Override
    public long runEndToEnd() {
        return inner.runEndToEnd();
    }

    @Override
    public void result(int index, float[] dst) {
        inner.result(index, dst);
    }

    @Override
    public void result(int index, double[] dst) {
        inner.result(index, dst);
    }

    @Override
    public long setupNanos() {
        return -1;
    }

    @Override
    public String plan() {
        return "";
    }

    @Override
    public void close() {
        inner.close();
    }
}
