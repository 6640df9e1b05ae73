package io.github.tornadofft.bench;

/** An engine cannot run a case (a shape not implemented yet, too large for its memory): reported, not fatal. */
public final class UnsupportedCaseException extends Exception {

    private static final long serialVersionUID = 1L;

    public UnsupportedCaseException(String reason) {
        super(reason);
    }
}
