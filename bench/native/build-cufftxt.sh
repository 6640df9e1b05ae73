#!/usr/bin/env bash
# Builds the split bench's cuFFTXt engine: cufftxt_shim.cpp against the CUDA toolkit's cuFFT.
#
#   bench/native/build-cufftxt.sh [OUTPUT_DIR]
#
# The library lands in OUTPUT_DIR (default bench/target/native) as libtornadofft_cufftxt.so, where
# `run-bench split` looks for it (the GPU bundle's ./build-cufftxt puts it in the bundle's cufftxt/). Needs
# CUDA's nvcc, runtime and cuFFT (CUDA_HOME, default /usr/local/cuda). cuFFT is not part of this project;
# it is found, like the driver.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { printf 'build-cufftxt: %s\n' "$*" >&2; exit 1; }
out=${1:-$here/../target/native}
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$(command -v nvcc || echo "$cuda/bin/nvcc")
[ -x "$nvcc" ] || fail "no nvcc (set CUDA_HOME)"
mkdir -p "$out"
"$nvcc" -O2 -std=c++17 -shared -Xcompiler -fPIC "$here/cufftxt_shim.cpp" -o "$out/libtornadofft_cufftxt.so" \
    -L"$cuda/lib64" -Xlinker -rpath -Xlinker "$cuda/lib64" -lcufft -lcudart
echo "build-cufftxt: wrote $(cd "$out" && pwd)/libtornadofft_cufftxt.so"
