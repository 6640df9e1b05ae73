package io.github.tornadofft.bench;

import io.github.tornadofft.bench.engines.AbsentEngine;
import io.github.tornadofft.bench.engines.FailedEngine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What --engines selects on a machine like the H100 one: PoCL's CPU device beside the GPU's OpenCL and PTX devices. */
class EngineFilterTest {

    // Only name, device and place matter to the filter.
    private static final List<Engine> ENGINES = List.of(
            new FailedEngine("tornado-fft OPENCL 0:0", "NVIDIA H100 80GB HBM3", Engine.Place.GPU, "-"),
            new FailedEngine("tornado-fft OPENCL 0:1", "cpu-sapphirerapids-Intel(R) Xeon(R) Platinum", Engine.Place.CPU, "-"),
            new FailedEngine("tornado-fft PTX 1:0", "NVIDIA H100 80GB HBM3", Engine.Place.GPU, "-"),
            new FailedEngine("tornado-fft PTX 1:0 graph", "NVIDIA H100 80GB HBM3", Engine.Place.GPU, "-"),
            new AbsentEngine("cuFFT", Engine.Place.GPU, "-"),
            new AbsentEngine("JTransforms", Engine.Place.CPU, "-"),
            new AbsentEngine("reference-fft", Engine.Place.CPU, "-"));

    private static List<String> select(String... terms) {
        return Compare.filter(ENGINES, List.of(terms)).stream().map(Engine::name).toList();
    }

    @Test
    void openclMatchesEveryOpenClDeviceTheCpusToo() {
        assertEquals(List.of("tornado-fft OPENCL 0:0", "tornado-fft OPENCL 0:1"), select("opencl"));
    }

    @Test
    void wordsJoinedByPlusMustAllMatchAndGpuAndCpuMatchThePlace() {
        assertEquals(List.of("tornado-fft OPENCL 0:0", "tornado-fft PTX 1:0", "tornado-fft PTX 1:0 graph", "cuFFT"),
                select("opencl+gpu", "ptx", "cufft"));
        assertEquals(List.of("tornado-fft OPENCL 0:1", "JTransforms", "reference-fft"), select("cpu"));
        assertEquals(List.of("tornado-fft OPENCL 0:1"), select("tornado+CPU"));
    }

    @Test
    void aDeviceMatchesExactly() {
        assertEquals(List.of("tornado-fft OPENCL 0:0"), select("0:0"));
        assertEquals(List.of("tornado-fft PTX 1:0", "tornado-fft PTX 1:0 graph"), select("1:0"));
        assertEquals(List.of("tornado-fft PTX 1:0 graph"), select("1:0+graph"));
    }

    @Test
    void noFilterKeepsEveryEngine() {
        assertEquals(ENGINES.size(), Compare.filter(ENGINES, null).size());
    }
}
