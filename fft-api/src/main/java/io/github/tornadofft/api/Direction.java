package io.github.tornadofft.api;

/**
 * Which way a transform goes: the sign of the exponent in
 * {@code X[k] = sum_j x[j] e^{sign 2 pi i j k / n}}.
 *
 * <p>The convention is numpy's: {@link #FORWARD} uses {@code e^{-2 pi i jk/n}}, {@link #INVERSE}
 * uses {@code e^{+2 pi i jk/n}}. Neither direction scales; scaling is {@link Norm}'s job.
 */
public enum Direction {
    /** {@code e^{-2 pi i jk/n}}. */
    FORWARD,
    /** {@code e^{+2 pi i jk/n}}. */
    INVERSE;

    /** The sign of the exponent: -1 for {@link #FORWARD}, +1 for {@link #INVERSE}. */
    public int sign() {
        return this == FORWARD ? -1 : 1;
    }

    /** The other direction. */
    public Direction opposite() {
        return this == FORWARD ? INVERSE : FORWARD;
    }
}
