package io.github.tornadofft.examples;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The GFLOP/s-versus-size plot is redrawn by every build from the sweep docs/TOUR.md quotes. */
class SpeedPlotTest {

    @Test
    void thePlotOfTheCommittedSweepIsDrawn() throws Exception {
        Files.createDirectories(Path.of("target", "tour"));
        Path plot = SpeedPlot.write(Path.of("..", "docs", "tour", "sweep-pocl.csv"), Path.of("target", "tour", "gflops-pocl.png"),
                "The tour on PoCL");
        assertTrue(Files.size(plot) > 10_000, plot + ": written and not empty");
    }
}
