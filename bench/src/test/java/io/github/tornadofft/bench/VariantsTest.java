package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VariantsTest {

    @Test
    void defaultSetsNoProperty() {
        assertTrue(Variants.properties("default").isEmpty());
    }

    @Test
    void aVariantIsPropertyAssignmentsSeparatedBySemicolons() {
        assertEquals(Map.of("tornado.fft.coalesce", "32"), Variants.properties("tornado.fft.coalesce=32"));
        assertEquals(Map.of("tornado.fft.groupSize", "64", "tornado.fft.exchange", "split"),
                Variants.properties("tornado.fft.groupSize=64; tornado.fft.exchange=split"));
    }

    @Test
    void anAssignmentWithoutNameOrValueIsRefusedWithTheExpectedForm() {
        for (String bad : new String[] {"coalesce", "=32", "tornado.fft.coalesce="}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Variants.properties(bad));
            assertTrue(e.getMessage().contains("PROPERTY=VALUE") && e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void anotherEngineIsNamedAndTakesNoProperties() {
        assertEquals(Map.of("engine", "jtransforms"), Variants.properties("engine=jtransforms"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Variants.properties("engine=jtransforms;tornado.fft.coalesce=32"));
        assertTrue(e.getMessage().contains("engine=NAME takes no properties"), e.getMessage());
    }

    @Test
    void aPlanIsShownByItsPasses() {
        assertEquals("{X(1,1024,1,1024,no-tw)} {Y(1,1024,1,1024,no-tw)}",
                Variants.passes("2 passes: c2c [1024, 1024] on cpu | {X(1,1024,1,1024,no-tw)} {Y(1,1024,1,1024,no-tw)} | kernel 0: ..."));
        assertEquals("{X(1,16,1,16,no-tw), Y(1,4096,1,4096,no-tw)}",
                Variants.passes("1 pass: c2c [4096, 16] on cpu | {X(1,16,1,16,no-tw), Y(1,4096,1,4096,no-tw)} | kernel 0: ..."));
        assertEquals("rows first: {X(1,512,1,512,no-tw), split}, then bins 0 to 511: {Y(1,1024,1,1024,no-tw)}, then bins 0 and 512 parted",
                Variants.passes("r2c [1024, 1024] on cpu | rows first: {X(1,512,1,512,no-tw), split}, then bins 0 to 511:"
                        + " {Y(1,1024,1,1024,no-tw)}, then bins 0 and 512 parted | kernel 0: {X(1,512,1,512,no-tw), split} ..."));
        assertEquals("one call per transform", Variants.passes("one call  per\ntransform"));
    }
}
