#!/usr/bin/env bash
# Sets up this machine to build and test tornado-fft. Idempotent: safe to run again.
#
#   1. finds a JDK >= 22 (the bench calls VkFFT through Java's foreign-function API) and registers it
#      as the Maven toolchain the build and tests run on;
#   2. makes sure an OpenCL ICD loader and PoCL (an OpenCL CPU device) are installed;
#   3. finds a TornadoVM SDK (TORNADOVM_HOME, else SDKMAN's candidates/tornadovm/current), or,
#      where the network allows, downloads the official release SDK; it never builds TornadoVM;
#   4. installs the SDK's API jars into the local Maven repository under their official
#      coordinates when no registry serves them, so the build works offline;
#   5. prints the devices TornadoVM sees and the one the tests will use.
#
# Environment: TORNADOVM_HOME (an SDK), JAVA_HOME (a JDK), TORNADOVM_BACKEND (opencl|ptx|spirv|cuda|full,
# the release SDK to download, full being opencl+ptx+spirv+cuda; default opencl), TORNADO_FFT_DEVICE (B:D device for the tests; default TornadoVM's default).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
version=$(sed -n 's:.*<tornadovm.version>\(.*\)</tornadovm.version>.*:\1:p' "$here/pom.xml" | head -n 1)
jdk_major=${version##*-jdk}
backend=${TORNADOVM_BACKEND:-opencl}
case $backend in
    opencl|ptx|spirv|cuda|full) ;;
    *) printf '\n[setup] ERROR: TORNADOVM_BACKEND: opencl, ptx, spirv, cuda or full, got %s\n' "$backend" >&2; exit 1 ;;
esac

say() { printf '[setup] %s\n' "$*"; }
fail() {
    printf '\n[setup] ERROR: %s\n' "$1" >&2
    shift
    for line in "$@"; do printf '        %s\n' "$line" >&2; done
    exit 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"
    else return 1
    fi
}

# ---- 1. JDK ------------------------------------------------------------------------------
java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }

find_jdk() {
    local candidates=()
    [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
    for d in /usr/lib/jvm/*; do [ -x "$d/bin/javac" ] && candidates+=("$d"); done
    # Prefer the JDK the SDK was built for, then any JDK >= 22.
    for want in "$jdk_major" any; do
        for d in "${candidates[@]}"; do
            [ -x "$d/bin/javac" ] || continue
            local m; m=$(java_major "$d")
            if [ "$want" = any ] && [ "${m:-0}" -ge 22 ] 2>/dev/null; then echo "$d"; return; fi
            if [ "$m" = "$want" ]; then echo "$d"; return; fi
        done
    done
}

jdk=$(find_jdk)
[ -n "$jdk" ] || fail "no JDK >= 22 found (looked at JAVA_HOME and /usr/lib/jvm/*)." \
    "Install one (TornadoVM $version needs JDK $jdk_major, e.g. Temurin $jdk_major) and set JAVA_HOME."
jdk_version=$(java_major "$jdk")
say "JDK: $jdk (Java $jdk_version)"
[ "$jdk_version" = "$jdk_major" ] || say "warning: TornadoVM $version is built for JDK $jdk_major; tests may fail on Java $jdk_version"

# Register it as the toolchain the build compiles and tests with (pom.xml asks for purpose=tornadovm).
toolchains="$HOME/.m2/toolchains.xml"
mkdir -p "$HOME/.m2"
entry="<toolchain><type>jdk</type><provides><version>$jdk_version</version><purpose>tornadovm</purpose></provides><configuration><jdkHome>$jdk</jdkHome></configuration></toolchain>"
if [ -f "$toolchains" ] && grep -q '<purpose>tornadovm</purpose>' "$toolchains"; then
    # Replace our entry, keep everyone else's.
    python3 - "$toolchains" "$entry" <<'PY'
import re, sys
path, entry = sys.argv[1], sys.argv[2]
text = open(path).read()
text = re.sub(r'<toolchain>(?:(?!</toolchain>).)*<purpose>tornadovm</purpose>(?:(?!</toolchain>).)*</toolchain>', entry, text, flags=re.S)
open(path, 'w').write(text)
PY
elif [ -f "$toolchains" ] && grep -q '</toolchains>' "$toolchains"; then
    sed -i "s#</toolchains>#  $entry\n</toolchains>#" "$toolchains"
else
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<toolchains>\n  %s\n</toolchains>\n' "$entry" > "$toolchains"
fi
say "Maven toolchain (purpose=tornadovm) -> $jdk in $toolchains"

# ---- 2. OpenCL loader and PoCL -------------------------------------------------------------
have_loader() { ldconfig -p 2>/dev/null | grep -q 'libOpenCL.so.1'; }
have_pocl() { ls /etc/OpenCL/vendors/*pocl* >/dev/null 2>&1; }
if ! have_loader || ! have_pocl; then
    say "installing the OpenCL ICD loader and PoCL (Debian packages)"
    if ! as_root true; then
        fail "the OpenCL ICD loader or PoCL is missing and this user cannot install packages." \
            "As root: apt-get install ocl-icd-libopencl1 pocl-opencl-icd clinfo"
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null ||
        fail "apt-get update failed; install ocl-icd-libopencl1 pocl-opencl-icd clinfo by hand"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ocl-icd-libopencl1 pocl-opencl-icd clinfo >/dev/null ||
        fail "apt-get install ocl-icd-libopencl1 pocl-opencl-icd clinfo failed"
fi
have_loader || fail "libOpenCL.so.1 is still missing after the install"
say "OpenCL: loader present; ICDs: $(ls /etc/OpenCL/vendors 2>/dev/null | tr '\n' ' ')"

# ---- 3. TornadoVM SDK ----------------------------------------------------------------------
sdk_ok() { [ -n "$1" ] && [ -x "$1/bin/tornado" ] && ls "$1"/share/java/tornado/tornado-api-*.jar >/dev/null 2>&1; }
sdkman_root="$HOME/.sdkman/candidates/tornadovm"
sdk=""
if [ -n "${TORNADOVM_HOME:-}" ]; then
    sdk_ok "$TORNADOVM_HOME" || fail "TORNADOVM_HOME=$TORNADOVM_HOME is not a TornadoVM SDK (no bin/tornado or share/java/tornado/tornado-api-*.jar)."
    sdk=$TORNADOVM_HOME
elif sdk_ok "$sdkman_root/current"; then
    sdk=$(cd "$sdkman_root/current" && pwd -P)
else
    asset="tornadovm-$version-$backend-linux-amd64.zip"
    url="https://github.com/beehive-lab/TornadoVM/releases/download/v$version/$asset"
    say "no SDK found; trying the official release $asset"
    tmp=$(mktemp -d)
    if curl -fsSL --connect-timeout 10 -o "$tmp/$asset" "$url" 2>/dev/null; then
        mkdir -p "$sdkman_root/$version-$backend"
        (cd "$tmp" && unzip -q "$asset")
        top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
        cp -a "$top/." "$sdkman_root/$version-$backend/"
        ln -sfn "$sdkman_root/$version-$backend" "$sdkman_root/current"
        sdk="$sdkman_root/$version-$backend"
        rm -rf "$tmp"
    else
        rm -rf "$tmp"
        fail "no TornadoVM SDK found, and the official release could not be downloaded." \
            "tornado-fft needs TornadoVM $version (an SDK, like a JDK). Either:" \
            "  - install it with SDKMAN:   sdk install tornadovm $version-$backend" \
            "  - or unpack the release $asset" \
            "    from https://github.com/beehive-lab/TornadoVM/releases and set TORNADOVM_HOME to it," \
            "then run ./setup-tornado.sh again."
    fi
fi
sdk_ok "$sdk" || fail "the SDK at $sdk is incomplete"
sdk_version=$(cat "$sdk/etc/tornado.release" 2>/dev/null | head -n 1 || true)
say "TornadoVM SDK: $sdk ${sdk_version:+($sdk_version)}"
sdk_backends=$(sed -n 's/^tornado.backends=//p' "$sdk/etc/tornado.backend" 2>/dev/null | sed 's/-backend//g')
say "its backends: ${sdk_backends:-unknown (no etc/tornado.backend)}"
case ",$sdk_backends," in
    *,cuda,*) say "the CUDA backend (and TornadoVM's cuFFT library tasks) needs an NVIDIA driver (libcuda) and NVRTC at run time" ;;
esac
export TORNADOVM_HOME=$sdk JAVA_HOME=$jdk
# The SDK's launcher flags live in tornado-argfile, expanded from its template for the SDK's own
# path (as its launcher does); the tests start their JVM with it. Expand it again if it names
# another place (an SDK that was copied or moved).
if [ -f "$sdk/tornado-argfile.template" ] && ! grep -qF -- "$sdk/share/java/tornado" "$sdk/tornado-argfile" 2>/dev/null; then
    sed "s#\${TORNADOVM_HOME}#$sdk#g" "$sdk/tornado-argfile.template" > "$sdk/tornado-argfile" ||
        fail "could not write $sdk/tornado-argfile (is the SDK directory writable?)"
    say "expanded $sdk/tornado-argfile for this location"
fi
[ -f "$sdk/tornado-argfile" ] || fail "the SDK has no tornado-argfile (nor a template to make one from)"

# Tell Maven where the SDK is (its real path: the build checks files through it), for this checkout.
mkdir -p "$here/.mvn"
echo "-Dtornadovm.home=$(cd "$sdk" && pwd -P)" > "$here/.mvn/maven.config"
say "wrote .mvn/maven.config: -Dtornadovm.home=$(cd "$sdk" && pwd -P)"

# ---- 4. SDK jars in the local Maven repository --------------------------------------------
mvn_cmd=(mvn -B -q -Dmaven.repo.local="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}")
cd "$(mktemp -d)"    # run these Maven goals outside the project, so its build plays no part
for artifact in tornado-api tornado-matrices tornado-cufft; do
    coords="io.github.beehive-lab:$artifact:$version"
    if JAVA_HOME=$jdk "${mvn_cmd[@]}" -o dependency:get -Dartifact="$coords" -Dtransitive=false >/dev/null 2>&1 ||
       JAVA_HOME=$jdk "${mvn_cmd[@]}" dependency:get -Dartifact="$coords" -Dtransitive=false >/dev/null 2>&1; then
        say "Maven resolves $coords"
        continue
    fi
    jar=$(ls "$sdk"/share/java/tornado/"$artifact"-*.jar 2>/dev/null | grep -v -- '-sources' | head -n 1)
    [ -n "$jar" ] || fail "the SDK has no $artifact jar under $sdk/share/java/tornado"
    JAVA_HOME=$jdk "${mvn_cmd[@]}" install:install-file -Dfile="$jar" -DgroupId=io.github.beehive-lab \
        -DartifactId="$artifact" -Dversion="$version" -Dpackaging=jar -DgeneratePom=true >/dev/null ||
        fail "could not install $jar into the local Maven repository"
    say "installed $(basename "$jar") as $coords in the local Maven repository"
done

# ---- 5. Devices ----------------------------------------------------------------------------
say "devices TornadoVM sees:"
if ! "$sdk/bin/tornado" --devices 2>&1 | sed 's/^/    /'; then
    fail "'tornado --devices' failed: the SDK does not start on this machine (an SDK with the PTX or CUDA backend needs libcuda; CUDA, NVRTC too)."
fi
say "tests run on: the default device (backend 0, device 0, marked DEFAULT above); choose another with mvn -Dtornado.fft.device=B:D"
say "ready. Test with: mvn -B verify"
