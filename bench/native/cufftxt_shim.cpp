// A C entry point to cuFFT's multi-GPU API (cuFFTXt) for `run-bench split` (CuFftXt.java, through Java's
// foreign-function API): a 3D complex float transform over the first G GPUs of the machine, in place in
// cuFFTXt's own device memory (cufftXtMalloc, CUFFT_XT_FORMAT_INPLACE), its host copies (cufftXtMemcpy:
// the whole array in natural order both ways) and its execution timed apart; and the host<->device copy
// ceiling of CUDA itself (cudaMemcpy from pinned and from pageable host memory, every GPU at once). cuFFT
// is not part of this project: build-cufftxt.sh compiles this file against the CUDA toolkit's headers.
#include <cuda_runtime.h>
#include <cufftXt.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <numeric>
#include <thread>
#include <vector>

namespace {

thread_local char message[512];

bool failed(cufftResult r, const char* what) {
    if (r == CUFFT_SUCCESS) {
        return false;
    }
    std::snprintf(message, sizeof message, "%s: cufftResult %d", what, static_cast<int>(r));
    return true;
}

bool failed(cudaError_t r, const char* what) {
    if (r == cudaSuccess) {
        return false;
    }
    std::snprintf(message, sizeof message, "%s: %s", what, cudaGetErrorString(r));
    return true;
}

struct XtPlan {
    cufftHandle plan = 0;
    cudaLibXtDesc* data = nullptr;
    int gpus = 0;
};

// Waits for every GPU of the plan (cuFFTXt runs on a stream per GPU).
bool synchronize(int gpus) {
    for (int g = 0; g < gpus; g++) {
        if (failed(cudaSetDevice(g), "cudaSetDevice") || failed(cudaDeviceSynchronize(), "cudaDeviceSynchronize")) {
            return false;
        }
    }
    return true;
}

}  // namespace

extern "C" {

// The last failure's text on this thread.
const char* tfft_xt_error() {
    return message;
}

int tfft_xt_version() {
    int version = 0;
    return cufftGetVersion(&version) == CUFFT_SUCCESS ? version : -1;
}

int tfft_xt_gpus() {
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess ? n : -1;
}

// A plan of the 3D transform nz x ny x nx (x fastest) over GPUs 0 .. gpus - 1, with its device memory;
// null with the reason in tfft_xt_error().
void* tfft_xt_plan3d(int gpus, int nz, int ny, int nx) {
    XtPlan* p = new (std::nothrow) XtPlan();
    if (p == nullptr) {
        std::snprintf(message, sizeof message, "out of host memory");
        return nullptr;
    }
    p->gpus = gpus;
    std::vector<int> ids(gpus);
    std::iota(ids.begin(), ids.end(), 0);
    std::vector<size_t> work(gpus);
    if (failed(cufftCreate(&p->plan), "cufftCreate")) {
        delete p;
        return nullptr;
    }
    if (failed(cufftXtSetGPUs(p->plan, gpus, ids.data()), "cufftXtSetGPUs")
            || failed(cufftMakePlan3d(p->plan, nz, ny, nx, CUFFT_C2C, work.data()), "cufftMakePlan3d")
            || failed(cufftXtMalloc(p->plan, &p->data, CUFFT_XT_FORMAT_INPLACE), "cufftXtMalloc")) {
        char kept[sizeof message];
        std::memcpy(kept, message, sizeof message);
        cufftDestroy(p->plan);
        std::memcpy(message, kept, sizeof message);
        delete p;
        return nullptr;
    }
    return p;
}

// The caller's whole array (natural order) onto the GPUs; 0, or -1 with the reason.
int tfft_xt_upload(void* plan, void* host) {
    XtPlan* p = static_cast<XtPlan*>(plan);
    if (failed(cufftXtMemcpy(p->plan, p->data, host, CUFFT_COPY_HOST_TO_DEVICE), "cufftXtMemcpy to the GPUs")) {
        return -1;
    }
    return synchronize(p->gpus) ? 0 : -1;
}

// The transform in place (direction -1 forward, 1 inverse), waited for on every GPU.
int tfft_xt_exec(void* plan, int direction) {
    XtPlan* p = static_cast<XtPlan*>(plan);
    if (failed(cufftXtExecDescriptorC2C(p->plan, p->data, p->data, direction), "cufftXtExecDescriptorC2C")) {
        return -1;
    }
    return synchronize(p->gpus) ? 0 : -1;
}

// The result into the caller's array, in natural order (cufftXtMemcpy regroups cuFFTXt's shuffled layout).
int tfft_xt_download(void* plan, void* host) {
    XtPlan* p = static_cast<XtPlan*>(plan);
    if (failed(cufftXtMemcpy(p->plan, host, p->data, CUFFT_COPY_DEVICE_TO_HOST), "cufftXtMemcpy to the host")) {
        return -1;
    }
    return synchronize(p->gpus) ? 0 : -1;
}

void tfft_xt_destroy(void* plan) {
    XtPlan* p = static_cast<XtPlan*>(plan);
    if (p == nullptr) {
        return;
    }
    if (p->data != nullptr) {
        cufftXtFree(p->data);
    }
    cufftDestroy(p->plan);
    delete p;
}

// CUDA's own host<->device copy rates, GB/s, every GPU of 0 .. gpus - 1 at once (a host thread each):
// rates[0..3] = pinned up, pinned down, pageable up, pageable down; `bytes` a copy, `rounds` copies each
// way after one untimed. 0, or -1 with the reason.
int tfft_xt_copy_rates(int gpus, long long bytes, int rounds, double* rates) {
    for (int pinned = 1; pinned >= 0; pinned--) {
        for (int up = 1; up >= 0; up--) {
            std::atomic<int> ready{0};
            std::atomic<bool> go{false};
            std::atomic<int> errors{0};
            std::vector<std::thread> threads;
            for (int g = 0; g < gpus; g++) {
                threads.emplace_back([&, g]() {
                    void* device = nullptr;
                    void* host = nullptr;
                    bool ok = cudaSetDevice(g) == cudaSuccess && cudaMalloc(&device, bytes) == cudaSuccess;
                    if (ok && pinned) {
                        ok = cudaMallocHost(&host, bytes) == cudaSuccess;
                    } else if (ok) {
                        host = std::malloc(bytes);
                        ok = host != nullptr;
                        if (ok) {
                            std::memset(host, 1, bytes);
                        }
                    }
                    auto copy = [&]() {
                        return up ? cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice)
                                  : cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost);
                    };
                    ok = ok && copy() == cudaSuccess;
                    ready++;
                    while (!go.load()) {
                        std::this_thread::yield();
                    }
                    for (int r = 0; ok && r < rounds; r++) {
                        ok = copy() == cudaSuccess;
                    }
                    if (!ok) {
                        errors++;
                    }
                    if (pinned) {
                        cudaFreeHost(host);
                    } else {
                        std::free(host);
                    }
                    cudaFree(device);
                });
            }
            while (ready.load() < gpus) {
                std::this_thread::yield();
            }
            auto t0 = std::chrono::steady_clock::now();
            go = true;
            for (auto& t : threads) {
                t.join();
            }
            double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (errors.load() > 0) {
                std::snprintf(message, sizeof message, "cudaMemcpy failed on %d of %d GPUs", errors.load(), gpus);
                return -1;
            }
            rates[(1 - pinned) * 2 + (1 - up)] = static_cast<double>(gpus) * rounds * bytes / seconds / 1e9;
        }
    }
    return 0;
}

}  // extern "C"
