package io.github.tornadofft;

/** Which units of the device compute a plan's DFT stages. */
public enum Compute {

    /** fp32 (or fp64) arithmetic on the ordinary cores: every plan, every device. */
    STANDARD,

    /**
     * The DFT stages as fp16 matrix products on the tensor cores with fp32 accumulation
     * ({@code mma.sync.m16n8k16}; TornadoVM's PTX backend, an NVIDIA GPU from compute capability 8.0):
     * for a HALF plan fp16 operands (the data as stored), for a FLOAT plan the split mode, each operand
     * as an fp16 pair hi + lo, which keeps float-class accuracy. Complex 1D transforms of a power of
     * two from 128 points, packed, batched; {@link FftPlan}{@code .create} refuses anything else by name.
     * See {@link io.github.tornadofft.kernels.TensorCoreStage}.
     */
    TENSOR_CORES
}
