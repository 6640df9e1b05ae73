#!/usr/bin/env bash
# Builds the bench's VkFFT engine: vkfft_shim.cpp against a VkFFT release's headers, for CUDA.
#
#   bench/native/build-vkfft.sh VKFFT_HOME [OUTPUT_DIR]
#
# VKFFT_HOME is a VkFFT source release (https://github.com/DTolm/VkFFT, MIT licence): the folder that
# holds vkFFT/vkFFT.h. VkFFT is not part of this project; it is found, like cuFFT. The library lands in
# OUTPUT_DIR (default bench/target/native) as libtornadofft_vkfft.so, where ./run-bench looks for it (the
# GPU bundle's ./build-vkfft puts it in the bundle's vkfft/). Needs CUDA's nvcc, driver API and NVRTC (CUDA_HOME,
# default /usr/local/cuda).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { printf 'build-vkfft: %s\n' "$*" >&2; exit 1; }
[ $# -ge 1 ] || fail "usage: build-vkfft.sh VKFFT_HOME [OUTPUT_DIR]"
vkfft=$1
out=${2:-$here/../target/native}
[ -f "$vkfft/vkFFT/vkFFT.h" ] || fail "$vkfft/vkFFT/vkFFT.h not found: VKFFT_HOME is a VkFFT source release"
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$(command -v nvcc || echo "$cuda/bin/nvcc")
[ -x "$nvcc" ] || fail "no nvcc (set CUDA_HOME)"
mkdir -p "$out"
# VkFFT compiles its kernels at plan time with NVRTC; this file is host code only.
"$nvcc" -O2 -std=c++17 -shared -Xcompiler -fPIC -DVKFFT_BACKEND=1 -DCUDA_TOOLKIT_ROOT_DIR="\"$cuda\"" \
    -I"$vkfft/vkFFT" "$here/vkfft_shim.cpp" -o "$out/libtornadofft_vkfft.so" \
    -L"$cuda/lib64" -Xlinker -rpath -Xlinker "$cuda/lib64" -lcuda -lnvrtc -lcudart
echo "build-vkfft: wrote $(cd "$out" && pwd)/libtornadofft_vkfft.so"
