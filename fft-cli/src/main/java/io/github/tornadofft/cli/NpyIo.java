package io.github.tornadofft.cli;

import org.jetbrains.bio.npy.NpyFile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes NumPy .npy files of the four {@link NpyDtype}s, C order, little-endian.
 *
 * <p>Reading parses the header with the npy library's codec and takes the raw data after it (the
 * library has no complex dtype). Writing produces the same bytes as {@code numpy.save}: its header
 * layout (sorted dict, growth spaces, 64-byte alignment), then the raw data. Every problem with a
 * file is a {@link CliError#usage} naming the file and what is wrong.
 */
final class NpyIo {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** numpy.lib.format: the header is padded so that the data starts on a multiple of this. */
    private static final int ARRAY_ALIGN = 64;
    /** numpy.lib.format: spare spaces after the dict so the first axis can grow in place. */
    private static final int GROWTH_AXIS_MAX_DIGITS = 21;
    private static final Pattern FORTRAN_ORDER = Pattern.compile("'fortran_order'\\s*:\\s*True");
    private static final Pattern SIMPLE_DESCR = Pattern.compile("[<>|=]?([iufcb])(\\d+)");
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*('[^']*'|\\[.*])");

    private NpyIo() {
    }

    /** Reads a whole .npy file; the file is opened read-only and never changed. */
    static NpyData read(Path path) {
        ByteBuffer bytes = mapReadOnly(path);
        String dict = headerDict(bytes, path);
        if (FORTRAN_ORDER.matcher(dict).find()) {
            throw CliError.usage(path + ": Fortran-order arrays are not supported; save a C-order array: "
                    + "np.save(path, np.ascontiguousarray(a))");
        }
        NpyFile.Header header;
        try {
            header = NpyFile.Header.Companion.read(bytes);
        } catch (RuntimeException e) {
            String descr = descr(dict);
            if (NpyDtype.ofDescr(descr).isEmpty()) {
                throw unsupportedDtype(path, descr);
            }
            // The dtype is one of ours, so the rest of the header is what could not be read (its shape).
            throw CliError.usage(path + ": the header " + dict.strip() + " could not be read (" + e.getMessage()
                    + "); every axis length must be a positive int");
        }
        NpyDtype dtype = NpyDtype.of(header.getType(), header.getBytes())
                .orElseThrow(() -> unsupportedDtype(path, descr(dict)));
        if (header.getOrder() == ByteOrder.BIG_ENDIAN) {
            throw CliError.usage(path + ": big-endian data (" + descr(dict) + ") is not supported; save it little-endian: "
                    + "np.save(path, a.astype(a.dtype.newbyteorder('<')))");
        }
        int[] shape = header.getShape();
        checkShape(path, shape);
        return values(path, bytes.slice().order(ByteOrder.LITTLE_ENDIAN), shape, dtype);
    }

    private static ByteBuffer mapReadOnly(Path path) {
        if (Files.isDirectory(path)) {
            throw CliError.usage(path + ": is a directory, expected a .npy file");
        }
        if (!Files.exists(path)) {
            throw CliError.usage(path + ": no such file");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            if (channel.size() > Integer.MAX_VALUE) {
                throw CliError.usage(path + ": files over 2 GiB are not supported");
            }
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
        } catch (IOException e) {
            throw CliError.usage(path + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** The header's dict text ({@code {'descr': ...}}), checked for the magic and its own length. */
    private static String headerDict(ByteBuffer bytes, Path path) {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[MAGIC.length];
        if (b.remaining() >= MAGIC.length + 4) {
            b.get(magic);
        }
        if (!Arrays.equals(magic, MAGIC)) {
            throw CliError.usage(path + ": not a NumPy .npy file (no \\x93NUMPY magic)");
        }
        int major = b.get();
        b.get(); // minor version
        long length = -1;
        if (major == 1) {
            length = Short.toUnsignedInt(b.getShort());
        } else if ((major == 2 || major == 3) && b.remaining() >= 4) {
            length = Integer.toUnsignedLong(b.getInt());
        }
        if (length < 0 || length > b.remaining()) {
            throw CliError.usage(path + ": damaged .npy header (version " + major + ", length " + length + ")");
        }
        byte[] dict = new byte[(int) length];
        b.get(dict);
        return new String(dict, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1).strip();
    }

    private static String descr(String dict) {
        Matcher m = DESCR.matcher(dict);
        return m.find() ? m.group(1).replace("'", "") : "?";
    }

    private static CliError unsupportedDtype(Path path, String descr) {
        return CliError.usage(path + ": dtype " + dtypeName(descr)
                + " is not supported; expected complex64, complex128, float32 or float64");
    }

    /** NumPy's name for a simple descr, {@code <i4} -> {@code int32 (<i4)}; other descrs as they are. */
    private static String dtypeName(String descr) {
        Matcher m = SIMPLE_DESCR.matcher(descr);
        if (!m.matches()) {
            return descr;
        }
        String kind = switch (m.group(1)) {
            case "i" -> "int";
            case "u" -> "uint";
            case "f" -> "float";
            case "c" -> "complex";
            default -> "bool";
        };
        return (kind.equals("bool") ? kind : kind + Integer.parseInt(m.group(2)) * 8) + " (" + descr + ")";
    }

    private static void checkShape(Path path, int[] shape) {
        if (shape.length == 0) {
            throw CliError.usage(path + ": a 0-dimensional (scalar) array has nothing to transform");
        }
        for (int s : shape) {
            if (s < 1) {
                throw CliError.usage(path + ": shape " + Shapes.format(shape) + " has an empty axis; every axis needs length >= 1");
            }
        }
    }

    private static NpyData values(Path path, ByteBuffer data, int[] shape, NpyDtype dtype) {
        long elements = Shapes.elements(shape);
        int perElement = dtype.complex() ? 2 : 1;
        if (elements > (Integer.MAX_VALUE - 8) / perElement) {
            throw CliError.usage(path + ": shape " + Shapes.format(shape) + " holds "
                    + (elements == Long.MAX_VALUE ? "more than 2^63" : Long.toString(elements)) + " elements of "
                    + perElement + " numbers; at most 2^31 - 9 numbers are supported");
        }
        long count = elements * perElement;
        long needed = count * dtype.scalarBytes();
        if (data.remaining() < needed) {
            throw CliError.usage(path + ": truncated: " + dtype.numpyName() + " " + Shapes.format(shape) + " needs "
                    + needed + " bytes of data, the file has " + data.remaining());
        }
        if (dtype.doublePrecision()) {
            double[] values = new double[(int) count];
            data.asDoubleBuffer().get(values);
            return new NpyData(shape, dtype, null, values);
        }
        float[] values = new float[(int) count];
        data.asFloatBuffer().get(values);
        return new NpyData(shape, dtype, values, null);
    }

    /**
     * Writes {@code data} to {@code target} as numpy.save would, atomically: into a temporary file
     * beside it, then renamed over it, so that a failed write leaves no partial file behind.
     */
    static void write(Path target, NpyData data) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                writeFully(channel, ByteBuffer.wrap(header(data.dtype(), data.shape())));
                writeValues(channel, data);
            }
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw CliError.usage(target + ": cannot write (" + e + ")");
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the temporary file was renamed or never created
            }
        }
    }

    private static void writeValues(FileChannel channel, NpyData data) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        if (data.dtype().doublePrecision()) {
            DoubleBuffer values = DoubleBuffer.wrap(data.doubles());
            while (values.hasRemaining()) {
                DoubleBuffer part = values.slice(values.position(), Math.min(values.remaining(), chunk.capacity() / Double.BYTES));
                chunk.clear().asDoubleBuffer().put(part);
                values.position(values.position() + part.limit());
                writeFully(channel, chunk.limit(part.limit() * Double.BYTES));
            }
        } else {
            FloatBuffer values = FloatBuffer.wrap(data.floats());
            while (values.hasRemaining()) {
                FloatBuffer part = values.slice(values.position(), Math.min(values.remaining(), chunk.capacity() / Float.BYTES));
                chunk.clear().asFloatBuffer().put(part);
                values.position(values.position() + part.limit());
                writeFully(channel, chunk.limit(part.limit() * Float.BYTES));
            }
        }
    }

    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** The header numpy.save writes for a C-order array (numpy.lib.format._write_array_header). */
    static byte[] header(NpyDtype dtype, int[] shape) {
        String dict = "{'descr': '" + dtype.descr() + "', 'fortran_order': False, 'shape': " + Shapes.format(shape) + ", }";
        if (shape.length > 0) {
            dict += " ".repeat(GROWTH_AXIS_MAX_DIGITS - Integer.toString(shape[0]).length());
        }
        boolean version1 = true;
        int prefix = MAGIC.length + 2 + 2;
        int padding = ARRAY_ALIGN - (prefix + dict.length() + 1) % ARRAY_ALIGN;
        if (dict.length() + 1 + padding > 0xFFFF) {
            version1 = false;
            prefix = MAGIC.length + 2 + 4;
            padding = ARRAY_ALIGN - (prefix + dict.length() + 1) % ARRAY_ALIGN;
        }
        int headerLength = dict.length() + padding + 1;
        ByteBuffer out = ByteBuffer.allocate(prefix + headerLength).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).put((byte) (version1 ? 1 : 2)).put((byte) 0);
        if (version1) {
            out.putShort((short) headerLength);
        } else {
            out.putInt(headerLength);
        }
        out.put((dict + " ".repeat(padding) + "\n").getBytes(StandardCharsets.ISO_8859_1));
        return out.array();
    }
}
