// A C entry point to VkFFT's CUDA backend for the bench's VkFFT engine (VkFftEngine, through Java's
// foreign-function API): plan a forward complex transform in place on a buffer the bench allocated,
// or a real one (r2c, c2r) out of place between two, in float32 or (the ..64 entry points, VkFFT's
// doublePrecision) float64, launch it, say how many kernels it takes, free it. VkFFT itself is not part of this
// project: build-vkfft.sh compiles this file against the vkFFT.h of a VkFFT release (VKFFT_HOME) into
// libtornadofft_vkfft.so.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <new>
#include "vkFFT.h"

namespace {

struct Plan {
    VkFFTApplication app = {};
    CUdevice device = 0;
    // c2c: the data, transformed in place; r2c and c2r: the half spectrum (VkFFT's main buffer)
    void* buffer = nullptr;
    uint64_t bytes = 0;
    // r2c and c2r: the real signal (VkFFT's input buffer, which c2r writes back to); unused for c2c
    void* real = nullptr;
    uint64_t realBytes = 0;
    // VkFFTAppend's direction: -1 forward (c2c, r2c), 1 inverse (c2r)
    int direction = -1;
};

void describe(char* message, int length, const char* what, const char* detail) {
    if (message != nullptr && length > 0) {
        std::snprintf(message, static_cast<size_t>(length), "%s: %s", what, detail);
    }
}

// A plan whose device is the thread's current CUDA context's (else device `device`'s primary context,
// made current); null with the reason in `message`.
Plan* open(int device, char* message, int length) {
    // The caller's buffers and CUDA events live in the thread's current context (TornadoVM's PTX backend
    // makes one of its own current): plan there, and only where none is current in the device's
    // primary context.
    CUcontext current = nullptr;
    if (cuCtxGetCurrent(&current) != CUDA_SUCCESS || current == nullptr) {
        cudaError_t rt = cudaSetDevice(device);
        if (rt == cudaSuccess) {
            rt = cudaFree(nullptr);  // makes the primary context current on this thread
        }
        if (rt != cudaSuccess) {
            describe(message, length, "cudaSetDevice", cudaGetErrorString(rt));
            return nullptr;
        }
    }
    Plan* plan = new (std::nothrow) Plan();
    if (plan == nullptr) {
        describe(message, length, "plan", "out of host memory");
        return nullptr;
    }
    if (cuCtxGetDevice(&plan->device) != CUDA_SUCCESS) {
        describe(message, length, "cuCtxGetDevice", "no current CUDA context");
        delete plan;
        return nullptr;
    }
    return plan;
}

// The configuration's shape (size[0] the contiguous axis), batch, device, shared-memory cap and precision.
void configure(VkFFTConfiguration& configuration, Plan* plan, int rank, const int64_t* shape, int64_t batch,
           int64_t sharedBytes, bool doublePrecision) {
    configuration.FFTdim = static_cast<uint64_t>(rank);
    for (int axis = 0; axis < rank; axis++) {
        configuration.size[axis] = static_cast<uint64_t>(shape[rank - 1 - axis]);  // size[0] is the contiguous axis
    }
    configuration.numberBatches = static_cast<uint64_t>(batch);
    configuration.device = &plan->device;
    configuration.sharedMemorySize = static_cast<uint64_t>(sharedBytes);
    configuration.doublePrecision = doublePrecision ? 1 : 0;
}

void* planComplex(int device, int rank, const int64_t* shape, int64_t batch, void* buffer, int64_t bytes,
                  int64_t sharedBytes, bool doublePrecision, char* message, int length) {
    if (rank < 1 || rank > 3 || batch < 1) {
        describe(message, length, "plan", "rank 1 to 3 and a batch of at least 1");
        return nullptr;
    }
    Plan* plan = open(device, message, length);
    if (plan == nullptr) {
        return nullptr;
    }
    plan->buffer = buffer;
    plan->bytes = static_cast<uint64_t>(bytes);
    VkFFTConfiguration configuration = {};
    configure(configuration, plan, rank, shape, batch, sharedBytes, doublePrecision);
    configuration.buffer = &plan->buffer;
    configuration.bufferSize = &plan->bytes;
    VkFFTResult result = initializeVkFFT(&plan->app, configuration);
    if (result != VKFFT_SUCCESS) {
        describe(message, length, "initializeVkFFT", getVkFFTErrorString(result));
        delete plan;
        return nullptr;
    }
    return plan;
}

void* planReal(int device, int rank, const int64_t* shape, int64_t batch, int inverse, void* real, int64_t realBytes,
               void* spectrum, int64_t spectrumBytes, int64_t sharedBytes, bool doublePrecision, char* message,
               int length) {
    if (rank < 1 || rank > 3 || batch < 1 || shape[rank - 1] < 2 || shape[rank - 1] % 2 != 0) {
        describe(message, length, "plan", "rank 1 to 3, an even last axis and a batch of at least 1");
        return nullptr;
    }
    Plan* plan = open(device, message, length);
    if (plan == nullptr) {
        return nullptr;
    }
    plan->buffer = spectrum;
    plan->bytes = static_cast<uint64_t>(spectrumBytes);
    plan->real = real;
    plan->realBytes = static_cast<uint64_t>(realBytes);
    plan->direction = inverse ? 1 : -1;
    VkFFTConfiguration configuration = {};
    configure(configuration, plan, rank, shape, batch, sharedBytes, doublePrecision);
    configuration.performR2C = 1;
    // The strides VkFFT gives an unpadded input buffer and the spectrum by default are numpy's packed ones:
    // N real values, then N/2 + 1 bins, along the contiguous axis.
    configuration.isInputFormatted = 1;
    configuration.inverseReturnToInputBuffer = 1;
    configuration.inputBuffer = &plan->real;
    configuration.inputBufferSize = &plan->realBytes;
    configuration.buffer = &plan->buffer;
    configuration.bufferSize = &plan->bytes;
    VkFFTResult result = initializeVkFFT(&plan->app, configuration);
    if (result != VKFFT_SUCCESS) {
        describe(message, length, "initializeVkFFT", getVkFFTErrorString(result));
        delete plan;
        return nullptr;
    }
    return plan;
}

}  // namespace

extern "C" {

/** VkFFT's version as VkFFTGetVersion gives it (e.g. 10304 for 1.3.4). */
int tfft_vkfft_version() {
    return VkFFTGetVersion();
}

/**
 * Plans a forward C2C float32 transform of rank 1-3 (shape in C order, slowest axis first) over
 * `batch` transforms, in place on the device buffer `buffer` of `bytes` bytes, in the thread's current
 * CUDA context (else the primary context of device `device`) on the default stream. `sharedBytes`
 * caps the shared memory VkFFT plans its kernels for (0: VkFFT's own choice, up to what the device
 * allows a block). Returns the plan, or null with the reason in `message`.
 */
void* tfft_vkfft_plan(int device, int rank, const int64_t* shape, int64_t batch, void* buffer, int64_t bytes,
                      int64_t sharedBytes, char* message, int length) {
    return planComplex(device, rank, shape, batch, buffer, bytes, sharedBytes, false, message, length);
}

/** tfft_vkfft_plan in float64 (VkFFT's doublePrecision): interleaved complex doubles in `buffer`. */
void* tfft_vkfft_plan64(int device, int rank, const int64_t* shape, int64_t batch, void* buffer, int64_t bytes,
                        int64_t sharedBytes, char* message, int length) {
    return planComplex(device, rank, shape, batch, buffer, bytes, sharedBytes, true, message, length);
}

/**
 * Plans a real float32 transform of rank 1-3 over `batch` signals, out of place: r2c (`inverse` 0,
 * forward) from the real signals in `real` to their half spectra in `spectrum`, or c2r (`inverse` 1,
 * unnormalised) from `spectrum` to `real`. `shape` is the real signal's, in C order; both buffers are
 * packed, numpy's layout: signals of prod(shape) floats, spectra with the last axis's N/2 + 1 bins.
 * VkFFT's R2C with the real side as its input buffer (isInputFormatted, not padded) and the spectrum as
 * its main buffer; its C2R writes back to the input buffer (inverseReturnToInputBuffer) and may
 * overwrite the spectrum it reads. Otherwise as tfft_vkfft_plan.
 */
void* tfft_vkfft_plan_real(int device, int rank, const int64_t* shape, int64_t batch, int inverse, void* real,
                           int64_t realBytes, void* spectrum, int64_t spectrumBytes, int64_t sharedBytes,
                           char* message, int length) {
    return planReal(device, rank, shape, batch, inverse, real, realBytes, spectrum, spectrumBytes, sharedBytes, false,
                    message, length);
}

/** tfft_vkfft_plan_real in float64 (VkFFT's doublePrecision): doubles in both buffers. */
void* tfft_vkfft_plan_real64(int device, int rank, const int64_t* shape, int64_t batch, int inverse, void* real,
                             int64_t realBytes, void* spectrum, int64_t spectrumBytes, int64_t sharedBytes,
                             char* message, int length) {
    return planReal(device, rank, shape, batch, inverse, real, realBytes, spectrum, spectrumBytes, sharedBytes, true,
                    message, length);
}

/**
 * Launches the planned transform on the default stream: forward c2c, r2c, or c2r; 0, or VkFFT's error
 * code.
 */
int tfft_vkfft_forward(void* handle) {
    Plan* plan = static_cast<Plan*>(handle);
    VkFFTLaunchParams launch = {};
    launch.buffer = &plan->buffer;
    if (plan->real != nullptr) {
        launch.inputBuffer = &plan->real;
    }
    return static_cast<int>(VkFFTAppend(&plan->app, plan->direction, &launch));
}

/** Kernels the plan launches along axis `axis` (0: the contiguous one), as VkFFT planned them. */
int tfft_vkfft_kernels(void* handle, int axis) {
    Plan* plan = static_cast<Plan*>(handle);
    VkFFTPlan* planned = plan->direction == 1 && plan->app.localFFTPlan_inverse != nullptr
            ? plan->app.localFFTPlan_inverse : plan->app.localFFTPlan;
    return static_cast<int>(planned->numAxisUploads[axis]);
}

/** VkFFT's words for an error code of tfft_vkfft_forward. */
const char* tfft_vkfft_error(int code) {
    return getVkFFTErrorString(static_cast<VkFFTResult>(code));
}

/** Frees the plan's kernels and tables (not the buffer, which is the caller's). */
void tfft_vkfft_destroy(void* handle) {
    Plan* plan = static_cast<Plan*>(handle);
    if (plan != nullptr) {
        deleteVkFFT(&plan->app);
        delete plan;
    }
}

}  // extern "C"
