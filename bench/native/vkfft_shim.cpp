// A C entry point to VkFFT's CUDA backend for the bench's VkFFT engine (VkFftEngine, through Java's
// foreign-function API): plan a forward complex float32 transform in place on a buffer the bench
// allocated, launch it, say how many kernels it takes, free it. VkFFT itself is not part of this
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
    void* buffer = nullptr;
    uint64_t bytes = 0;
};

void describe(char* message, int length, const char* what, const char* detail) {
    if (message != nullptr && length > 0) {
        std::snprintf(message, static_cast<size_t>(length), "%s: %s", what, detail);
    }
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
    if (rank < 1 || rank > 3 || batch < 1) {
        describe(message, length, "plan", "rank 1 to 3 and a batch of at least 1");
        return nullptr;
    }
    // The caller's buffer and CUDA events live in the thread's current context (TornadoVM's PTX backend
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
    plan->buffer = buffer;
    plan->bytes = static_cast<uint64_t>(bytes);
    VkFFTConfiguration configuration = {};
    configuration.FFTdim = static_cast<uint64_t>(rank);
    for (int axis = 0; axis < rank; axis++) {
        configuration.size[axis] = static_cast<uint64_t>(shape[rank - 1 - axis]);  // size[0] is the contiguous axis
    }
    configuration.numberBatches = static_cast<uint64_t>(batch);
    configuration.device = &plan->device;
    configuration.buffer = &plan->buffer;
    configuration.bufferSize = &plan->bytes;
    configuration.sharedMemorySize = static_cast<uint64_t>(sharedBytes);
    VkFFTResult result = initializeVkFFT(&plan->app, configuration);
    if (result != VKFFT_SUCCESS) {
        describe(message, length, "initializeVkFFT", getVkFFTErrorString(result));
        delete plan;
        return nullptr;
    }
    return plan;
}

/** Launches the forward transform on the default stream; 0, or VkFFT's error code. */
int tfft_vkfft_forward(void* handle) {
    Plan* plan = static_cast<Plan*>(handle);
    VkFFTLaunchParams launch = {};
    launch.buffer = &plan->buffer;
    return static_cast<int>(VkFFTAppend(&plan->app, -1, &launch));
}

/** Kernels the plan launches along axis `axis` (0: the contiguous one), as VkFFT planned them. */
int tfft_vkfft_kernels(void* handle, int axis) {
    Plan* plan = static_cast<Plan*>(handle);
    return static_cast<int>(plan->app.localFFTPlan->numAxisUploads[axis]);
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
