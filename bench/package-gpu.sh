#!/usr/bin/env bash
# Packs the bench into one tarball that runs on a GPU machine with no Java, no Maven and no network:
#
#   runtime/     a Java runtime made with jlink from JAVA_HOME
#   tornadovm/   a copy of an existing TornadoVM SDK (TORNADOVM_HOME; never built here), if one is given
#   lib/         the bench jar and its runtime class path (cuFFT glue, JTransforms, XChart, JMH, ...), the
#                ./fft command's (fft-cli, picocli, npy, Kotlin's standard library; lib/fft-classpath.txt) and
#                the guided tour's (examples; lib/tour-classpath.txt)
#   tests/       tornado-fft's, fft-cli's and the tour's test suites and JUnit's console launcher, when the
#                tests jars are built
#   check        one call that checks a GPU machine: the suite on each GPU device, the bench against cuFFT
#                (and VkFFT, once built)
#   build-vkfft  builds the VkFFT engine's library against a VkFFT release: ./build-vkfft VKFFT_HOME
#   build-cufftxt builds the split bench's cuFFTXt side with the machine's nvcc and cuFFT: ./build-cufftxt
#   run          the launcher: ./run [run-bench options, --precision double among them], ./run jmh [JMH options],
#                ./run variants [...], ./run soak [...],
#                ./run split --devices B:D,B:D [...] (a plan over several devices),
#                ./run convolution [--devices B:D,B:D] [...] (the block FFT's fused convolution against chains),
#                ./run tests [DEVICE] [JUnit console options] (the suite on a TornadoVM device, e.g. 1:0),
#                ./run fft [./fft options] (the command: .npy files in and out, e.g. ./run fft --help),
#                ./run tour STEP|sweep [options] (the guided tour of docs/TOUR.md, e.g. ./run tour sweep --device 1:0)
#
# Jars are stored uncompressed inside the tarball so that xz compresses them together.
#
#   bench/package-gpu.sh [OUTPUT.tar.xz]      (default: bench/target/tornado-fft-bench.tar.xz)
#
# Environment: JAVA_HOME (the JDK to jlink; the one the SDK was built for), TORNADOVM_HOME (an SDK;
# default SDKMAN's candidates/tornadovm/current when present; NO_TORNADOVM=1 to leave it out),
# XZ_OPT (default -6 -T0). Build first: mvn -B -DskipTests package.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=${1:-$here/target/tornado-fft-bench.tar.xz}
say() { printf '[package] %s\n' "$*"; }
fail() { printf '[package] ERROR: %s\n' "$*" >&2; exit 1; }

# ---- inputs ----------------------------------------------------------------------------------
jar=$(ls "$here"/target/bench-*.jar 2>/dev/null | grep -v -e '-sources' -e '-tests' | head -n 1 || true)
cpfile=$here/target/runtime-classpath.txt
[ -n "$jar" ] && [ -f "$cpfile" ] || fail "build first: mvn -B -DskipTests package"
cli_jar=$(ls "$root"/fft-cli/target/fft-cli-*.jar 2>/dev/null | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -n 1 || true)
cli_cpfile=$root/fft-cli/target/runtime-classpath.txt
[ -n "$cli_jar" ] && [ -f "$cli_cpfile" ] || fail "build first: mvn -B -DskipTests package (no fft-cli jar)"
tour_jar=$(ls "$root"/examples/target/examples-*.jar 2>/dev/null | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -n 1 || true)
tour_cpfile=$root/examples/target/runtime-classpath.txt
[ -n "$tour_jar" ] && [ -f "$tour_cpfile" ] || fail "build first: mvn -B -DskipTests package (no examples jar)"
[ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jlink" ] || fail "set JAVA_HOME to a JDK with jlink (the one the TornadoVM SDK runs on)"
sdk=""
if [ -z "${NO_TORNADOVM:-}" ]; then
    if [ -n "${TORNADOVM_HOME:-}" ]; then
        sdk=$TORNADOVM_HOME
    elif [ -d "$HOME/.sdkman/candidates/tornadovm/current" ]; then
        sdk=$(cd "$HOME/.sdkman/candidates/tornadovm/current" && pwd -P)
    fi
fi
if [ -n "$sdk" ]; then
    [ -f "$sdk/tornado-argfile.template" ] || [ -f "$sdk/tornado-argfile" ] ||
        fail "$sdk is not a TornadoVM SDK (no tornado-argfile)"
    say "TornadoVM SDK: $sdk ($(sed -n 's/^version=//p' "$sdk/etc/tornado.release" 2>/dev/null), backends: $(sed -n 's/^tornado.backends=//p' "$sdk/etc/tornado.backend" 2>/dev/null))"
else
    say "no TornadoVM SDK: the bundle will list the tornado-fft engines as absent"
fi
command -v python3 >/dev/null || fail "python3 is needed to re-store the jars uncompressed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dist=$work/tornado-fft-bench
mkdir -p "$dist/lib"

# ---- runtime: every JDK module but the developer tools -------------------------------------
modules=$("$JAVA_HOME/bin/java" --list-modules | sed 's/@.*//' |
    grep -v -x -E 'jdk\.(editpad|hotspot\.agent|javadoc|jconsole|jdeps|jdi|jdwp\.agent|jlink|jpackage|jshell|jstatd|internal\.ed|internal\.le|internal\.opt)' |
    paste -sd, -)
say "jlink from $JAVA_HOME ($("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p'))"
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
    --output "$dist/runtime" 2>&1 | grep -v 'incubator modules' || true
[ -x "$dist/runtime/bin/java" ] || fail "jlink failed"

# ---- jars: the bench and its class path, in class-path order ---------------------------------
: > "$dist/lib/classpath.txt"
add_jar() {
    local src=$1 name
    name=$(basename "$src")
    if [[ $name == cuda-*-linux-x86_64.jar ]]; then
        # Only the JNI glue the bench loads (cudart, cufft, cublas); the other CUDA libraries' glue is 40 MB.
        python3 - "$src" "$dist/lib/$name" <<'PY'
import re, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
keep = re.compile(r'(META-INF/(MANIFEST\.MF|maven/.*)|.*/|org/bytedeco/cuda/linux-x86_64/libjni(cudart|cufft|cublas)\.so)$')
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, 'w', zipfile.ZIP_STORED) as zout:
    for info in zin.infolist():
        if keep.match(info.filename) and 'native-image' not in info.filename:
            zout.writestr(info, zin.read(info.filename), compress_type=zipfile.ZIP_STORED)
PY
    else
        cp "$src" "$dist/lib/$name"
    fi
    echo "$name" >> "$dist/lib/classpath.txt"
}
add_jar "$jar"
IFS=: read -r -a entries < "$cpfile" || true   # the file has no final newline
for entry in "${entries[@]}"; do
    if [ -d "$entry" ]; then
        fail "class path entry $entry is a directory: run 'mvn -B -DskipTests package' from the repository root"
    fi
    add_jar "$entry"
done
say "$(wc -l < "$dist/lib/classpath.txt") jars"

# ---- the ./fft command: fft-cli and its class path, in lib/ next to the bench's ----------------
# lib/fft-classpath.txt is the command's whole class path; a jar the bench has too is stored once.
: > "$dist/lib/fft-classpath.txt"
add_cli_jar() {
    local src=$1 name
    name=$(basename "$src")
    if [ -d "$src" ]; then
        fail "class path entry $src is a directory: run 'mvn -B -DskipTests package' from the repository root"
    fi
    [ -f "$dist/lib/$name" ] || cp "$src" "$dist/lib/$name"
    echo "$name" >> "$dist/lib/fft-classpath.txt"
}
add_cli_jar "$cli_jar"
IFS=: read -r -a entries < "$cli_cpfile" || true   # the file has no final newline
for entry in "${entries[@]}"; do
    add_cli_jar "$entry"
done
say "./fft: $(wc -l < "$dist/lib/fft-classpath.txt") jars ($(grep -vxF -f "$dist/lib/classpath.txt" "$dist/lib/fft-classpath.txt" | paste -sd' ' -) beyond the bench's)"

# ---- the guided tour (docs/TOUR.md): the examples jar and its class path, in lib/ -------------------
: > "$dist/lib/tour-classpath.txt"
add_tour_jar() {
    local src=$1 name
    name=$(basename "$src")
    [ -d "$src" ] && fail "class path entry $src is a directory: run 'mvn -B -DskipTests package' from the repository root"
    [ -f "$dist/lib/$name" ] || cp "$src" "$dist/lib/$name"
    echo "$name" >> "$dist/lib/tour-classpath.txt"
}
add_tour_jar "$tour_jar"
IFS=: read -r -a entries < "$tour_cpfile" || true   # the file has no final newline
for entry in "${entries[@]}"; do
    add_tour_jar "$entry"
done
say "the tour: $(wc -l < "$dist/lib/tour-classpath.txt") jars"

# ---- the tests: tornado-fft's and fft-cli's suites, runnable where there is no Maven --------------
tests_jar=$(ls "$root"/tornado-fft/target/tornado-fft-*-tests.jar 2>/dev/null | head -n 1 || true)
cli_tests_jar=$(ls "$root"/fft-cli/target/fft-cli-*-tests.jar 2>/dev/null | head -n 1 || true)
tour_tests_jar=$(ls "$root"/examples/target/examples-*-tests.jar 2>/dev/null | head -n 1 || true)
if [ -n "$tests_jar" ]; then
    junit=$(sed -n 's#.*<junit.version>5\.\(.*\)</junit.version>.*#1.\1#p' "$root/pom.xml")
    mkdir -p "$dist/tests"
    cp "$tests_jar" "$dist/tests/tornado-fft-tests.jar"
    # fft-cli's tests run on lib/fft-classpath.txt, the command's class path
    if [ -n "$cli_tests_jar" ]; then
        cp "$cli_tests_jar" "$dist/tests/fft-cli-tests.jar"
    else
        say "no fft-cli tests jar: the bundle will run tornado-fft's suite only"
    fi
    # the tour's tests run on lib/tour-classpath.txt, the examples' class path
    if [ -n "$tour_tests_jar" ]; then
        cp "$tour_tests_jar" "$dist/tests/examples-tests.jar"
    else
        say "no examples tests jar: the bundle will not run the tour's tests"
    fi
    mvn -B -q dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit" \
        -DoutputDirectory="$dist/tests" >/dev/null 2>&1 ||
        fail "could not get junit-platform-console-standalone $junit from Maven"
    mv "$dist/tests/junit-platform-console-standalone-$junit.jar" "$dist/tests/junit-console.jar"
    say "tests: $(basename "$tests_jar")${cli_tests_jar:+, $(basename "$cli_tests_jar")}${tour_tests_jar:+, $(basename "$tour_tests_jar")} and JUnit console $junit"
else
    say "no tornado-fft tests jar: the bundle will not run the suite"
fi

# ---- the SDK -----------------------------------------------------------------------------------
if [ -n "$sdk" ]; then
    mkdir -p "$dist/tornadovm"
    (cd "$sdk" && tar --exclude=./examples --exclude='./share/java/tornado/tornado-unittests-*' \
        --exclude='./share/java/tornado/tornado-benchmarks-*' --exclude='./share/java/tornado/tornado-examples-*' \
        -cf - .) | (cd "$dist/tornadovm" && tar -xf -)
    if [ ! -f "$dist/tornadovm/tornado-argfile.template" ]; then
        # An SDK without the template: rebuild one from the expanded argfile.
        sed "s#$sdk#\${TORNADOVM_HOME}#g" "$sdk/tornado-argfile" > "$dist/tornadovm/tornado-argfile.template"
    fi
    rm -f "$dist/tornadovm/tornado-argfile"
fi

# ---- VkFFT's engine: its C entry point, built on the GPU machine against a VkFFT release -------
mkdir -p "$dist/vkfft"
cp "$here/native/vkfft_shim.cpp" "$here/native/build-vkfft.sh" "$dist/vkfft/"
cat > "$dist/build-vkfft" <<'VK'
#!/usr/bin/env bash
# ./build-vkfft VKFFT_HOME: builds vkfft/libtornadofft_vkfft.so against a VkFFT release (the folder
# that holds vkFFT/vkFFT.h), with this machine's nvcc; ./run then lists VkFFT next to cuFFT.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/vkfft/build-vkfft.sh" "${1:?usage: ./build-vkfft VKFFT_HOME}" "$here/vkfft"
VK
chmod +x "$dist/build-vkfft"

# ---- cuFFTXt's side of ./run split: its C entry point, built on the GPU machine against CUDA's cuFFT ----
mkdir -p "$dist/cufftxt"
cp "$here/native/cufftxt_shim.cpp" "$here/native/build-cufftxt.sh" "$dist/cufftxt/"
cat > "$dist/build-cufftxt" <<'XT'
#!/usr/bin/env bash
# ./build-cufftxt: builds cufftxt/libtornadofft_cufftxt.so with this machine's nvcc and cuFFT; ./run split
# then times cuFFT's multi-GPU plan (cuFFTXt) and CUDA's copy ceiling beside the plan over several devices.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/cufftxt/build-cufftxt.sh" "$here/cufftxt"
XT
chmod +x "$dist/build-cufftxt"

# ---- a font for the plots: GPU machines often have none, and Java draws no text without one ----
font=$(ls /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf 2>/dev/null || fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null || true)
if [ -n "$font" ] && [ -f "$font" ]; then
    mkdir -p "$dist/fonts"
    cp "$font" "$dist/fonts/"
    bold=$(dirname "$font")/DejaVuSans-Bold.ttf
    [ -f "$bold" ] && cp "$bold" "$dist/fonts/"
    for license in /usr/share/doc/fonts-dejavu-core/copyright /usr/share/licenses/dejavu-sans-fonts/LICENSE; do
        [ -f "$license" ] && cp "$license" "$dist/fonts/LICENSE" && break
    done
    say "font for the plots: $(basename "$font")"
else
    say "no DejaVu Sans font here: plots need fonts on the GPU machine"
fi

# ---- fontconfig: Java finds fonts through it, and GPU machines often lack the library --------
fc=$(ldconfig -p 2>/dev/null | sed -n 's/.*libfontconfig\.so\.1 (libc6,x86-64) => //p' | head -n 1)
if [ -n "$fc" ] && [ -f "$fc" ]; then
    mkdir -p "$dist/native"
    cp -L "$fc" "$dist/native/libfontconfig.so.1"
    # and what it needs beyond the C library
    ldd "$fc" | awk '/=> \// {print $1, $3}' | while read -r name path; do
        case $name in libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*) ;; *) cp -L "$path" "$dist/native/$name" ;; esac
    done
    say "fontconfig for the plots: $(ls "$dist/native" | paste -sd' ' -)"
fi

# ---- every jar stored, not deflated: xz does better on the whole ------------------------------
cat > "$work/store.py" <<'PY'
import os, sys, zipfile
for path in sys.argv[1:]:
    tmp = path + '.stored'
    with zipfile.ZipFile(path) as zin:
        if all(i.compress_type == zipfile.ZIP_STORED for i in zin.infolist()):
            continue
        with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_STORED) as zout:
            for info in zin.infolist():
                zout.writestr(info, zin.read(info.filename), compress_type=zipfile.ZIP_STORED)
    os.replace(tmp, path)
PY
find "$dist" -name '*.jar' -print0 | xargs -0 python3 "$work/store.py"

# ---- the launcher ------------------------------------------------------------------------------
cat > "$dist/run" <<'RUN'
#!/usr/bin/env bash
# The tornado-fft bench, self-contained: ./run [--quick] [--list] [--help] ...; ./run jmh [JMH options];
# ./run tests [DEVICE] [JUnit console options]; ./run fft [./fft options] (./run fft --help);
# ./run tour STEP|sweep [options] (the guided tour, docs/TOUR.md).
# Extra JVM options: BENCH_JAVA_OPTS. Results go to ./bench-results (--out DIR to change).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cp=$(sed "s#^#$here/lib/#" "$here/lib/classpath.txt" | paste -sd: -)
# TornadoVM caps the device memory one process may use (4GB by default) and the bench runs every
# case in one process: raise the cap (BENCH_DEVICE_MEMORY) so that 3D 512^3 fits after the others.
# TornadoVM puts an array's data after a header of 16 bytes; 128 puts it on a 128-byte line in device
# memory, where the planner takes smaller groups (Planner.takesSmallerGroups; BENCH_JAVA_OPTS
# -Dtornado.panama.objectHeader=16 measures without).
# VkFFT's engine calls vkfft/libtornadofft_vkfft.so (./build-vkfft VKFFT_HOME makes it here).
opts=(-XX:MaxRAMPercentage=60 -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED
      "-Dtornado.device.memory=${BENCH_DEVICE_MEMORY:-16GB}" -Dtornado.panama.objectHeader=128
      "-Dtornado.fft.bench.vkfft=$here/vkfft/libtornadofft_vkfft.so"
      "-Dtornado.fft.bench.cufftxt=$here/cufftxt/libtornadofft_cufftxt.so")

# NVIDIA's OpenCL driver is often installed but not registered with the ICD loader (a container
# gets libnvidia-opencl.so.1 from the host but no /etc/OpenCL/vendors/nvidia.icd). Then TornadoVM's
# OpenCL backend sees only the CPU. Register it for this process only, through the loader's
# OCL_ICD_VENDORS directory; as root, 'echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd'
# does the same for good.
if [ -z "${OCL_ICD_VENDORS:-}" ] && ! grep -qs nvidia /etc/OpenCL/vendors/*.icd &&
   ldconfig -p 2>/dev/null | grep -q 'libnvidia-opencl.so.1'; then
    vendors=$(mktemp -d)
    cp /etc/OpenCL/vendors/*.icd "$vendors/" 2>/dev/null || true
    echo libnvidia-opencl.so.1 > "$vendors/nvidia.icd"
    export OCL_ICD_VENDORS=$vendors
    echo "[run] NVIDIA OpenCL driver found but not registered: registered for this run (OCL_ICD_VENDORS=$vendors)" >&2
fi

# No fonts on the machine: let fontconfig find the bundled one (the plots need a font to draw text).
if [ -d "$here/fonts" ] && [ -z "${FONTCONFIG_FILE:-}" ] &&
   [ -z "$(find /usr/share/fonts /usr/local/share/fonts -name '*.[ot]tf' 2>/dev/null | head -n 1)" ]; then
    conf=$(mktemp)
    printf '<?xml version="1.0"?>\n<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
        "$here/fonts" "${TMPDIR:-/tmp}/tornado-fft-bench-fontcache" > "$conf"
    export FONTCONFIG_FILE=$conf
fi

# No fontconfig library on the machine: use the bundled one (Java draws no text without it).
if [ -d "$here/native" ] && ! ldconfig -p 2>/dev/null | grep -q 'libfontconfig\.so\.1'; then
    export LD_LIBRARY_PATH=$here/native${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi

if [ -d "$here/tornadovm" ]; then
    export TORNADOVM_HOME=$here/tornadovm
    argfile=$here/tornadovm/tornado-argfile
    [ -w "$here/tornadovm" ] || argfile=$(mktemp)
    sed "s#\${TORNADOVM_HOME}#$TORNADOVM_HOME#g" "$here/tornadovm/tornado-argfile.template" > "$argfile"
    opts=("@$argfile" -Dtornado.recover.bailout=False "${opts[@]}")
fi
main=io.github.tornadofft.bench.Compare
args=()
tests_jars=()
case ${1:-} in
    jmh) main=io.github.tornadofft.bench.jmh.JmhMain; shift ;;
    variants) main=io.github.tornadofft.bench.Variants; shift ;;
    soak) main=io.github.tornadofft.bench.Soak; shift ;;
    split) main=io.github.tornadofft.bench.SplitBench; shift ;;
    convolution) main=io.github.tornadofft.bench.ConvolutionBench; shift ;;
    fft)
        # The ./fft command (fft-cli) on its own class path: .npy files in and out, on a TornadoVM
        # device (--device B:D, default TornadoVM's default) or on the JVM (--device jvm).
        shift
        cp=$(sed "s#^#$here/lib/#" "$here/lib/fft-classpath.txt" | paste -sd: -)
        main=io.github.tornadofft.cli.FftCommand
        ;;
    tour)
        # The guided tour of docs/TOUR.md: ./run tour 3 --device 1:0 runs step 3 (checked against
        # reference-fft, kernel time and GFLOP/s; --show-code prints the generated kernels);
        # ./run tour sweep --device 1:0 --out tour-results runs every step over sizes (table and plot).
        shift
        cp=$(sed "s#^#$here/lib/#" "$here/lib/tour-classpath.txt" | paste -sd: -)
        step=${1:-}
        [ $# -gt 0 ] && shift
        case $step in
            1) main=io.github.tornadofft.examples.Step1DirectDft ;;
            2) main=io.github.tornadofft.examples.Step2StockhamPasses ;;
            3) main=io.github.tornadofft.examples.Step3LocalMemory ;;
            4) main=io.github.tornadofft.examples.Step4CoalescedRuns ;;
            5) main=io.github.tornadofft.examples.Step5Fft3d ;;
            6) main=io.github.tornadofft.examples.Step6Library ;;
            convolution) main=io.github.tornadofft.examples.FusedConvolution ;;
            spectrogram) main=io.github.tornadofft.examples.Spectrogram ;;
            library) main=io.github.tornadofft.examples.LibraryChain ;;
            sweep) main=io.github.tornadofft.examples.Sweep ;;
            *) echo "run: ./run tour STEP [--device B:D] [--size N] [--batch B] [--show-code] (STEP 1 to 6), or ./run tour sweep [--device B:D] [--out DIR]" >&2; exit 2 ;;
        esac
        ;;
    tests)
        # tornado-fft's, fft-cli's and the tour's suites on one TornadoVM device (default: TornadoVM's default
        # device).
        shift
        [ -d "$here/tests" ] || { echo "run: this bundle has no tests (build tornado-fft's tests jar, then package)" >&2; exit 2; }
        device=default
        case ${1:-} in [0-9]*:[0-9]*) device=$1; shift ;; esac
        # C1 only, as the Maven build runs the tests (the root pom says why).
        opts+=("-Dtornado.fft.device=$device" -XX:TieredStopAtLevel=1)
        # Everything on the JVM's own class path: TornadoVM reads kernel bytecode through it, so
        # classes that only JUnit's --class-path loader can see fail to compile.
        tests_jars=("$here/tests/tornado-fft-tests.jar")
        [ -f "$here/tests/fft-cli-tests.jar" ] && tests_jars+=("$here/tests/fft-cli-tests.jar")
        [ -f "$here/tests/examples-tests.jar" ] && tests_jars+=("$here/tests/examples-tests.jar")
        cp="$(IFS=:; echo "${tests_jars[*]}"):$cp:$(sed "s#^#$here/lib/#" "$here/lib/fft-classpath.txt" | paste -sd: -)"
        cp="$cp:$(sed "s#^#$here/lib/#" "$here/lib/tour-classpath.txt" | paste -sd: -)"
        cp="$cp:$here/tests/junit-console.jar"
        main=org.junit.platform.console.ConsoleLauncher
        # SpeedPlotTest and FiguresTest compare with docs/tour, which the bundle does not carry.
        args=(execute --disable-banner --details=summary --exclude-classname '.*[.](SpeedPlot|Figures)Test')
        ;;
esac
# PoCL's LLVM installs its SIGSEGV handler over the JVM's; the JVM's signal-chaining library keeps the
# JVM's first (without it a safepoint while a kernel compiles can kill the JVM).
[ -f "$here/runtime/lib/libjsig.so" ] && export LD_PRELOAD="$here/runtime/lib/libjsig.so${LD_PRELOAD:+:$LD_PRELOAD}"
# shellcheck disable=SC2206
extra=(${BENCH_JAVA_OPTS:-})
if [ ${#tests_jars[@]} -gt 0 ]; then
    # Each module's tests in a JVM of its own, as Maven runs them: TornadoVM 5.2's PTX backend can leave
    # the host memory of a freed array pinned, and a later array allocated over it fails to copy (the
    # tests keep their own arrays alive for that reason; the examples, written as a user writes, do not).
    status=0
    for jar in "${tests_jars[@]}"; do
        echo "[run] the tests of $(basename "$jar" .jar)" >&2
        "$here/runtime/bin/java" "${opts[@]}" "${extra[@]}" -cp "$cp" "$main" "${args[@]}" --scan-classpath "$jar" "$@" ||
            status=1
    done
    exit $status
fi
exec "$here/runtime/bin/java" "${opts[@]}" "${extra[@]}" -cp "$cp" "$main" "${args[@]}" "$@"
RUN
chmod +x "$dist/run"

# ---- the GPU check: tests on every GPU device, the bench against cuFFT, optional SASS counts ----
cat > "$dist/check" <<'CHECK'
#!/usr/bin/env bash
# One call that checks a GPU machine: tornado-fft's test suite on each TornadoVM GPU device (with every
# transform length to 1200, about six minutes a device on an H100), then the bench (every engine, cuFFT
# included) on the given cases; a short table last, everything else under --out. With --sass, the PTX backend's kernels are dumped, assembled (ptxas) and disassembled
# (cuobjdump), and their register and instruction counts listed. With --real, the bench runs the real
# suite (r2c and c2r, with c2c of the same shapes) instead of the complex one. --precision double (or
# float,double) runs the cases in float64 (or in both), as ./run --precision does.
#
#   ./check [--devices 0:0,1:0] [--cases LIST] [--large] [--real] [--precision LIST] [--sass] [--out DIR]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
devices="" cases="" large="" real="" precision="" sass="" out=check-results
while [ $# -gt 0 ]; do
    case $1 in
        --devices) devices=$2; shift 2 ;;
        --cases) cases=$2; shift 2 ;;
        --large) large=--large; shift ;;
        --real) real=--real; shift ;;
        --precision) precision=$2; shift 2 ;;
        --sass) sass=1; shift ;;
        --out) out=$2; shift 2 ;;
        *) echo "check: unknown option $1 (see the header of this file)" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -z "$devices" ]; then
    # every tornado-fft engine on a device that is not a CPU
    devices=$("$here/run" --list 2>/dev/null | grep '^tornado-fft' | grep -v -i -e 'cpu' -e 'pthread' -e 'graph' |
        grep -o ' [0-9]*:[0-9]* ' | tr -d ' ' | sort -u | paste -sd, -)
fi
[ -n "$devices" ] || { echo "check: no TornadoVM GPU device found ($here/run --list)" >&2; exit 1; }
status=0
IFS=, read -r -a list <<< "$devices"
for d in "${list[@]}"; do
    # Every transform length to 1200 (LengthSweepTest; CI on PoCL takes one sixteenth of them per run).
    BENCH_JAVA_OPTS="-Dtornado.fft.sweep=all ${BENCH_JAVA_OPTS:-}" "$here/run" tests "$d" > "$out/tests-${d/:/-}.log" 2>&1 || status=1
done
bench=(--no-plots --out "$out/bench" --engines "$devices,cufft,vkfft")
[ -n "$cases" ] && bench+=(--cases "$cases")
[ -n "$large" ] && bench+=("$large")
[ -n "$real" ] && bench+=("$real")
[ -n "$precision" ] && bench+=(--precision "$precision")
if [ -n "$sass" ]; then
    export BENCH_JAVA_OPTS="-Dtornado.printKernel=true -Dtornado.print.kernel.dir=$out/kernels.txt ${BENCH_JAVA_OPTS:-}"
fi
"$here/run" "${bench[@]}" > "$out/bench.log" 2>&1 || status=1
if [ -n "$sass" ] && [ -f "$out/kernels.txt" ] && command -v ptxas >/dev/null && command -v cuobjdump >/dev/null; then
    mkdir -p "$out/sass"
    # one file per distinct PTX kernel (TornadoVM prints each as a module of its own)
    awk -v dir="$out/sass" '/^\.version/ { n++ } n { print > sprintf("%s/k%03d.ptx", dir, n) }' "$out/kernels.txt"
    for f in "$out"/sass/k*.ptx; do
        name=$(sed -n 's/.*\.entry[[:space:]]*\([A-Za-z0-9_]*\).*/\1/p' "$f" | head -n 1 |
            sed 's/_uk_ac_manchester_tornado_api_kernelcontext_[0-9]*//; s/_arrays_floatarray//g; s/_arrays_doublearray//g')
        case $name in *touch*|"") rm -f "$f"; continue ;; esac
        ptxas -arch=sm_90 -O3 -maxrregcount=128 -v "$f" -o "${f%.ptx}.cubin" 2> "${f%.ptx}.ptxas.txt" || continue
        cuobjdump -sass "${f%.ptx}.cubin" > "${f%.ptx}.sass" 2>/dev/null
        printf '%s  %s  %s instructions\n' "$name" "$(grep -o 'Used [0-9]* registers' "${f%.ptx}.ptxas.txt")" \
            "$(grep -cE '^[[:space:]]+/\*[0-9a-f]{4}\*/' "${f%.ptx}.sass")"
    done | sort -u > "$out/sass-summary.txt"
fi
echo "== tests"
for d in "${list[@]}"; do
    printf '%s: %s\n' "$d" "$(grep -E 'tests (successful|failed)' "$out/tests-${d/:/-}.log" | tr -s ' []' ' ' | paste -sd, -)"
done
[ -f "$out/sass-summary.txt" ] && { echo "== SASS (PTX kernels)"; cut -c1-200 "$out/sass-summary.txt"; }
echo "== bench (kernel ms, call ms, of copy, error, ratio)"
sed -n '/^## Results/,/^## /p' "$out/bench/results.md" 2>/dev/null | grep -E '^\| ([rc]2[rc] )?[123]D' |
    cut -d'|' -f2,3,5,6,10,11,12
if grep -q '^## Real transforms against c2c' "$out/bench/results.md" 2>/dev/null; then
    echo "== real against c2c (ms, c2c ms, of c2c)"
    sed -n '/^## Real transforms against c2c/,/^## /p' "$out/bench/results.md" | grep -E '^\| [rc]2[rc] '
fi
exit $status
CHECK
chmod +x "$dist/check"

# ---- the tarball -------------------------------------------------------------------------------
mkdir -p "$(dirname "$out")"
say "compressing ($(du -sh "$dist" | cut -f1) unpacked)"
XZ_OPT=${XZ_OPT:--6 -T0} tar -C "$work" -cJf "$out" tornado-fft-bench
say "wrote $out ($(du -h "$out" | cut -f1))"
say "on the GPU machine: tar -xJf $(basename "$out") && tornado-fft-bench/run --list && tornado-fft-bench/run"
say "the command there: tornado-fft-bench/run fft --help"
