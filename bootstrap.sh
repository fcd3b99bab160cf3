#!/bin/sh
# bootstrap.sh — set up, build and run cryptometer from a fresh clone.
#
#   ./bootstrap.sh run [run options]   install what is missing, build, run the default suite
#   ./bootstrap.sh test                install what is missing, build, run every test
#   ./bootstrap.sh build               install what is missing and build only
#   ./bootstrap.sh bench-tools         also install the speed tools bench/ compares with
#                                      (packaging/bench-tools.tsv), and build
#
# Installs (only what is missing) a C and C++ compiler, CMake, pkg-config, the
# jansson and OpenSSL development packages, the libraries of the optional
# backends (packaging/optional-libraries.tsv; one that cannot be installed only
# leaves its backend out), and a Python virtual environment (.venv) with what
# the Python subcommands import (report, plot, compare, ...; for `test`, the
# test tools too). Knows apt, dnf, apk and brew; on
# anything else it prints the packages it needs. Needs root or sudo to install.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
mode=${1:-run}
[ $# -gt 0 ] && shift

started=$(date +%s)
# every line says how long the command has run (minutes:seconds): CI logs show each stage's time
say() { t=$(($(date +%s) - started)); printf 'bootstrap: [%d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*" >&2; }
die() { printf 'bootstrap: error: %s\n' "$*" >&2; exit 3; }

# --- system packages ------------------------------------------------------------

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root or sudo to install: $*"
    fi
}

# apt_update: refresh apt's lists; an index that fails to download (a mirror in mid-sync)
# leaves the others usable, so it is said and the install that follows goes on.
apt_update() {
    as_root apt-get update -qq || say "warning: apt-get update reported errors (above); going on"
}

missing_tools() {
    command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || echo compiler
    command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || echo c++compiler
    command -v cmake >/dev/null 2>&1 || echo cmake
    command -v pkg-config >/dev/null 2>&1 || echo pkg-config
    command -v make >/dev/null 2>&1 || command -v ninja >/dev/null 2>&1 || echo make
    if command -v pkg-config >/dev/null 2>&1; then
        pkg-config --exists jansson || echo jansson
        pkg-config --exists libcrypto || echo openssl
    else
        echo jansson; echo openssl
    fi
    if [ "$mode" = test ]; then
        command -v python3 >/dev/null 2>&1 || echo python
        command -v clang >/dev/null 2>&1 || echo clang
        [ "$(uname -s)" = Darwin ] || command -v valgrind >/dev/null 2>&1 || echo valgrind
        # the fleet tests' SSH hosts (tests/e2e/fleet_lab.py): sshd in network namespaces
        [ "$(uname -s)" != Linux ] || [ -x /usr/sbin/sshd ] || echo openssh-server
        command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || echo chromium
        python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || echo python-venv
    fi
}

# The optional backends' libraries: one package at a time, so that one the
# package manager lacks leaves only its backend out.
has_library() {
    case $1 in
    pc:*) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "${1#pc:}" ;;
    h:*) [ -f "/usr/include/${1#h:}" ] || [ -f "/usr/local/include/${1#h:}" ] ;;
    esac
}

# Sets $col (the column of packaging/*.tsv) and $inst for this package manager; false without one.
package_manager() {
    if command -v apt-get >/dev/null 2>&1; then col=1 inst="apt-get install -y -qq"
    elif command -v dnf >/dev/null 2>&1; then col=2 inst="dnf install -y"
    elif command -v apk >/dev/null 2>&1; then col=3 inst="apk add"
    else return 1
    fi
}

install_libraries() {
    package_manager || return 0
    missing=$(grep -v '^#' packaging/optional-libraries.tsv | while read -r check apt dnf apk; do
        has_library "$check" || printf '%s\n' "$apt $dnf $apk" | cut -d' ' -f$col
    done)
    [ -z "$missing" ] && return 0
    [ $col = 1 ] && apt_update
    for pkg in $missing; do
        [ "$pkg" = - ] && { say "a backend's library has no package here: that backend stays out"; continue; }
        say "installing $pkg (an optional backend's library)"
        # shellcheck disable=SC2086 # $inst is a command with its options
        as_root env DEBIAN_FRONTEND=noninteractive $inst "$pkg" >/dev/null 2>&1 ||
            say "could not install $pkg: its backend stays out (cryptometer list says why)"
    done
}

# The programs bench/ compares cryptometer with (bench only): one package at a time.
# install_programs TSV PURPOSE: the programs of TSV (program, then the apt, dnf and apk
# package; "-": none there) that are missing, best effort: one that cannot be installed
# is left out, said why.
install_programs() {
    package_manager || { say "no apt-get, dnf or apk: install the programs of $1 yourself"; return 0; }
    missing=$(grep -v '^#' "$1" | while read -r program apt dnf apk; do
        command -v "$program" >/dev/null 2>&1 || printf '%s %s\n' "$program" "$(printf '%s\n' "$apt $dnf $apk" | cut -d' ' -f$col)"
    done)
    [ -z "$missing" ] && return 0
    [ $col = 1 ] && apt_update
    printf '%s\n' "$missing" | while read -r program pkg; do
        [ "$pkg" = - ] && { say "$program has no package here: $2 leaves it out"; continue; }
        say "installing $pkg ($program, for $2)"
        # shellcheck disable=SC2086 # $inst is a command with its options
        as_root env DEBIAN_FRONTEND=noninteractive $inst "$pkg" >/dev/null 2>&1 ||
            say "could not install $pkg: $2 leaves $program out"
    done
}

install_bench_tools() { install_programs packaging/bench-tools.tsv bench/; }

install_packages() {
    install_libraries
    need=$(missing_tools | sort -u | tr '\n' ' ')
    [ -z "$need" ] && return 0
    say "missing: $need"
    if command -v apt-get >/dev/null 2>&1; then
        pkgs="build-essential g++ cmake pkg-config libjansson-dev libssl-dev"
        [ "$mode" = test ] && pkgs="$pkgs python3 python3-venv python3-pip clang chromium valgrind openssh-server openssh-client iproute2"
        apt_update
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
    elif command -v dnf >/dev/null 2>&1; then
        pkgs="gcc gcc-c++ make cmake pkgconf-pkg-config jansson-devel openssl-devel"
        [ "$mode" = test ] && pkgs="$pkgs python3 python3-pip clang chromium valgrind openssh-server openssh-clients iproute"
        as_root dnf install -y $pkgs
    elif command -v apk >/dev/null 2>&1; then
        pkgs="build-base g++ cmake pkgconf jansson-dev openssl-dev linux-headers"
        [ "$mode" = test ] && pkgs="$pkgs python3 py3-pip clang chromium valgrind openssh-server openssh-client iproute2"
        as_root apk add $pkgs
    elif command -v brew >/dev/null 2>&1; then
        brew install cmake pkg-config jansson openssl@3 python
    else
        die "no apt-get, dnf, apk or brew here. Install: a C11 compiler, make, cmake (>= 3.19), pkg-config, jansson and OpenSSL development files${mode:+, and for tests python3 with venv}; then run this again"
    fi
    still=$(missing_tools | tr '\n' ' ')
    [ -z "$still" ] || die "still missing after installing: $still"
}

# --- build ----------------------------------------------------------------------

build_target=
generator() { command -v ninja >/dev/null 2>&1 && echo "-G Ninja" || true; }
# A compiler cache (ccache; `test` installs it, best effort): the test command
# configures a dozen build directories of one tree in a fresh clone; ccache
# serves what an earlier build compiled (paths taken relative to the clone, so
# another clone hits too). CMake >= 3.17 reads these variables; a launcher the
# user set wins.
compiler_cache() {
    if [ "$mode" = test ] && ! command -v ccache >/dev/null 2>&1 && package_manager; then
        [ $col = 1 ] && apt_update
        # shellcheck disable=SC2086 # $inst is a command with its options
        as_root env DEBIAN_FRONTEND=noninteractive $inst ccache >/dev/null 2>&1 ||
            say "could not install ccache: every build compiles from scratch"
    fi
    command -v ccache >/dev/null 2>&1 || return 0
    export CMAKE_C_COMPILER_LAUNCHER="${CMAKE_C_COMPILER_LAUNCHER:-ccache}"
    export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$here}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
}

build() { # build DIR [cmake options...]   (a later -DCMAKE_BUILD_TYPE wins; $build_target: only that target)
    dir=$1; shift
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        say "configuring $dir"
        cmake -S . -B "$dir" $(generator) -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >"$dir.configure.log" 2>&1 ||
            { cat "$dir.configure.log" >&2; die "configure failed (log above)"; }
    fi
    say "building $dir"
    cmake --build "$dir" -j "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" ${build_target:+--target "$build_target"} >"$dir.build.log" 2>&1 ||
        { tail -50 "$dir.build.log" >&2; die "build failed (log above, whole log in $dir.build.log)"; }
}

# The OpenSSL generations beside the system's (docs/generations.md): Debian
# 11's 1.1.1 and Debian 13's 3.5, fetched once by tools/fetch-openssl.sh into
# a cache outside the clone (${CRYPTOMETER_DEPS_CACHE:-~/.cache/cryptometer-deps}),
# which a fresh clone reuses. Prints the cmake option that builds their
# helpers (empty when none could be had: list then says why).
deps_cache=${CRYPTOMETER_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cryptometer-deps}
export CRYPTOMETER_DEPS_CACHE="$deps_cache" # the language runtimes' build caches too (docs/runtimes.md)
generations() {
    prefixes=""
    mkdir -p "$deps_cache"
    for gen in 1.1.1 3.5; do
        if p=$(tools/fetch-openssl.sh "$gen" "$deps_cache/openssl-$gen" 2>"$deps_cache/openssl-$gen.log"); then
            prefixes="$prefixes${prefixes:+;}$p"
        else
            say "OpenSSL $gen: not fetched ($(tail -1 "$deps_cache/openssl-$gen.log")): its generation is left out"
        fi
    done
    printf '%s\n' "-DCRYPTOMETER_OPENSSL_PREFIXES=$prefixes"
}

# The Python virtual environment (.venv) the Python subcommands run in (src/commands/
# python_dispatch.c uses it): venv EXTRA... installs python/pyproject.toml's dependencies
# (the one list) and those of the extras named; `test` names its extra, `run` and `build`
# none. Reinstalled only when python/missing_requirements.py says something is missing.
venv() {
    # playwright drives the system's chromium (tests/python/test_report_browser.py): no browser download.
    if [ ! -x .venv/bin/python ] || ! .venv/bin/python python/missing_requirements.py "$@" >/dev/null 2>&1; then
        say "setting up the Python environment in .venv"
        extras=$(echo "$*" | tr ' ' ',')
        python3 -m venv .venv &&
            .venv/bin/python -m pip install -q --upgrade pip >/dev/null &&
            .venv/bin/python -m pip install -q -e "python${extras:+[$extras]}"
    fi
}

# After a build, waits (at most 2 min) until the 1-minute load average is below half the CPUs:
# the run would otherwise start in the build's own load and flag itself "machine busy (load)"
# (src/platform/health_flags.c, flag_load). Without /proc/loadavg (macOS) it does not wait.
settle() {
    n=$(nproc 2>/dev/null || echo 1)
    for i in $(seq 24); do
        awk -v n="$n" '{exit !($1 >= 0.5 * n)}' /proc/loadavg 2>/dev/null || return 0
        [ "$i" = 1 ] && say "waiting for the build's load to settle (1-minute load average $(cut -d' ' -f1 /proc/loadavg) on $n CPUs)"
        sleep 5
    done
}

# For run and build, best effort: python3 with venv installed where it can be, then .venv
# (pip needs PyPI). What stays missing is said here and, one line, by the Python commands.
python_commands() {
    if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1 && package_manager; then
        [ $col = 1 ] && apt_update
        pkgs=$(printf '%s\n' "python3,python3-venv python3 python3" | cut -d' ' -f$col | tr ',' ' ')
        say "installing $pkgs (the Python commands: report, plot, compare, ...)"
        # shellcheck disable=SC2086 # $inst is a command with its options, $pkgs a list
        as_root env DEBIAN_FRONTEND=noninteractive $inst $pkgs >/dev/null 2>&1 || true
    fi
    venv || say "could not set up .venv (no python3 with venv, or no network to PyPI): the Python commands (report, plot, compare, ...) will say what is missing"
}

install_packages
# the language runtimes' toolchains (docs/runtimes.md): best effort, never fatal
if [ "$mode" = test ] || [ "$mode" = build ]; then
    install_programs packaging/runtime-toolchains.tsv "the runtime backends"
fi
compiler_cache
case "$mode" in
build)
    build build "$(generations)"
    python_commands
    say "built build/cryptometer"
    ;;
bench-tools)
    install_bench_tools
    build build "$(generations)"
    say "built build/cryptometer; bench/vs_library_tools.py and bench/vs_openssl_speed.py can run"
    ;;
run)
    build build "$(generations)"
    python_commands
    settle
    exec build/cryptometer run "$@"
    ;;
test)
    gen_option=$(generations)
    [ "$gen_option" != -DCRYPTOMETER_OPENSSL_PREFIXES= ] || not_run_gen=" openssl-generations"
    build build "$gen_option"
    build build-test -DCRYPTOMETER_TEST_BACKENDS=ON -DCRYPTOMETER_WERROR=ON
    # users build their way: Release with GCC and with clang must build
    # without a warning (warnings are errors in the test build only)
    # (GCC's test programs are checked by build-test: only the binary here)
    build_target=cryptometer CC=gcc build build-release-gcc -DCMAKE_BUILD_TYPE=Release -DCRYPTOMETER_WERROR=ON
    # (and the OpenSSL generations' helpers, warning-free with clang)
    CC=clang build build-release-clang -DCMAKE_BUILD_TYPE=Release -DCRYPTOMETER_WERROR=ON "$gen_option"
    venv test || die "could not set up .venv for the tests (pip's message above)"
    # tests run on every core: ctest's programs side by side, pytest's files
    # spread over workers (a file's module fixtures stay on one worker)
    jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
    pytest_par="-n $jobs --dist loadfile"
    status=0
    failed_steps=""
    # a step that failed: a line now, and its name in the last line (a CI log's tail)
    step_failed() {
        say "$1: FAILED${2:+ ($2)}"
        status=1
        failed_steps="${failed_steps:+$failed_steps; }$1"
    }
    not_run="${not_run_gen:-}"
    say "C unit tests (ctest)"
    (cd build-test && ctest -j "$jobs" --output-on-failure) || step_failed "C unit tests (ctest)"
    say "Python and end-to-end tests (pytest)"
    # the generations fetched above must be there and pass (not skip)
    CRYPTOMETER_REQUIRE_GENERATIONS=$([ -z "${not_run_gen:-}" ] && echo 1 || echo 0) \
    CRYPTOMETER_BIN="$here/build/cryptometer" CRYPTOMETER_TEST_BIN="$here/build-test/cryptometer" \
        .venv/bin/python -m pytest -q $pytest_par tests/python tests/e2e "$@" || step_failed pytest
    say "end-to-end tests of a build without OpenSSL (what it lacks is skipped, with the reason)"
    build_target=cryptometer build build-noopenssl -DCRYPTOMETER_OPENSSL=OFF -DCRYPTOMETER_WERROR=ON
    build build-noopenssl-test -DCRYPTOMETER_OPENSSL=OFF -DCRYPTOMETER_TEST_BACKENDS=ON -DCRYPTOMETER_WERROR=ON
    # (the fleet tests exercise Ansible and SSH, and test_runtime_java/_rust the Java and Rust servers'
    # builds and toolchain detection, not this build: they run once, above)
    CRYPTOMETER_BIN="$here/build-noopenssl/cryptometer" CRYPTOMETER_TEST_BIN="$here/build-noopenssl-test/cryptometer" \
        .venv/bin/python -m pytest -q -rs $pytest_par --ignore=tests/e2e/test_fleet.py \
        --ignore=tests/e2e/test_runtime_java.py --ignore=tests/e2e/test_runtime_rust.py tests/e2e ||
        step_failed "pytest of the build without OpenSSL"
    say "the OpenSSL backend against OpenSSL 1.1.1 (src/backends/openssl/check-openssl111.sh)"
    rc=0
    # (on the 1.1.1 fetched above when there is one)
    OPENSSL111_ROOT=$([ -d "$deps_cache/openssl-1.1.1/usr/include/openssl" ] && echo "$deps_cache/openssl-1.1.1/usr" || true) \
        sh src/backends/openssl/check-openssl111.sh >openssl111.log 2>&1 || rc=$?
    case $rc in
    0) say "OpenSSL 1.1.1: $(tail -1 openssl111.log)" ;;
    77) say "OpenSSL 1.1.1: NOT RUN: $(tail -1 openssl111.log)"; not_run="$not_run openssl-1.1.1" ;;
    *) tail -30 openssl111.log >&2; step_failed "OpenSSL 1.1.1" openssl111.log ;;
    esac
    say "kernel and CPU tests under qemu (tests/vm/test-vm.sh)"
    tests/vm/test-vm.sh 2>&1 | tee vm-tests.log || true
    grep -q "^== summary: .* 0 failed" vm-tests.log || step_failed "kernel and CPU VMs" vm-tests.log
    grep -q "^== summary: .* 0 skipped" vm-tests.log || not_run="$not_run qemu-checks"
    say "dm-crypt over a RAM device in Debian's 6.1 and 7.2 kernels, x86_64 and arm64 (tests/vm/test-vm-dmcrypt.sh, ~10-12 min: six VMs under TCG; 5.5-7 min before tcrypt on sid (4 min) and cryptsetup beside dm-crypt (~20 s a VM) were added)"
    tests/vm/test-vm-dmcrypt.sh 2>&1 | tee vm-dmcrypt.log || true
    grep -q "^== summary: .* 0 failed" vm-dmcrypt.log || step_failed "dm-crypt VMs" vm-dmcrypt.log
    grep -q "^== summary: .* 0 skipped" vm-dmcrypt.log || not_run="$not_run dmcrypt-vm"
    say "aarch64 unit tests and the ref variants' KATs under qemu-aarch64 -cpu max and cortex-a53 (tests/vm/test-aarch64-user.sh, ~1.5 min; ~5 min when build-aarch64-test/ is cold)"
    tests/vm/test-aarch64-user.sh || step_failed "aarch64 user mode"
    say "armhf unit tests, the ref variants' KATs, list, detect and run under qemu-arm -cpu cortex-a8, cortex-a7, cortex-a15 and max (tests/vm/test-armhf-user.sh, ~3 min; ~6 min when build-armhf-test/ is cold)"
    tests/vm/test-armhf-user.sh || step_failed "armhf user mode"
    say "armhf system VMs: Debian's armmp kernel under qemu-system-arm -M virt, -cpu cortex-a15 and max: detect, list, verify and run through the kernel's 32-bit drivers (tests/vm/test-armhf-vm.sh, ~1.5 min warm)"
    tests/vm/test-armhf-vm.sh 2>&1 | tee vm-armhf.log || true
    grep -q "^== summary: .* 0 failed" vm-armhf.log || step_failed "armhf system VMs" vm-armhf.log
    say "fuzzing the C parsers, ${CRYPTOMETER_FUZZ_SECONDS:-30} s per harness (tests/fuzz/run.sh)"
    rc=0
    tests/fuzz/run.sh "${CRYPTOMETER_FUZZ_SECONDS:-30}" || rc=$?
    case $rc in
    0) ;;
    77) not_run="$not_run fuzzing" ;;
    *) step_failed fuzzing "inputs kept in tests/fuzz/regressions/" ;;
    esac
    say "ASan+UBSan build: C unit tests and end-to-end tests (build-asan)"
    # The test backends crash on purpose and the isolation tests check the
    # signal the child died of: ASan must not turn a SIGSEGV/SIGBUS/SIGFPE/
    # SIGILL/SIGABRT into "exit 1" (handle_*=0); every ASan/UBSan/LSan
    # finding still fails.
    san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
    sancc=$(command -v clang >/dev/null 2>&1 && echo clang || echo cc)
    if printf 'int main(void){return 0;}\n' >build-asan.probe.c &&
        $sancc $san -o build-asan.probe build-asan.probe.c >/dev/null 2>&1; then
        rm -f build-asan.probe build-asan.probe.c
        # build-asan: with the test backends (ctest, CRYPTOMETER_TEST_BIN);
        # build-asan-plain: without (CRYPTOMETER_BIN, as build/ is to build-test/);
        # no Java or Rust server: their C side is the same proxies the other runtimes
        # run here; Java's JVM starts and JIT warm-ups cost ctest's schema run 106 s,
        # Rust's 51 more cells 36 s on a loaded host
        CC=$sancc build build-asan -DCRYPTOMETER_TEST_BACKENDS=ON "-DCMAKE_C_FLAGS=$san" \
            "-DCRYPTOMETER_RUNTIMES_EXCLUDE=java;rust" \
            "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
        build_target=cryptometer
        CC=$sancc build build-asan-plain "-DCMAKE_C_FLAGS=$san" "-DCRYPTOMETER_RUNTIMES_EXCLUDE=java;rust" \
            "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
        build_target=
        (
            export ASAN_OPTIONS=detect_leaks=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0
            export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
            rc=0
            (cd build-asan && ctest -j "$jobs" --output-on-failure) || rc=1
            # The end-to-end tests of our own code's paths; those whose time goes
            # into the libraries' own code (every backend's vectors, RSA key
            # generation, the post-quantum rows, the default suite, the language
            # runtimes' servers) run above:
            # ctest's test_kat already drives each backend's glue under ASan.
            CRYPTOMETER_BIN="$here/build-asan-plain/cryptometer" CRYPTOMETER_TEST_BIN="$here/build-asan/cryptometer" \
                .venv/bin/python -m pytest -q -p no:cacheprovider $pytest_par --ignore=tests/e2e/test_fleet.py \
                --ignore=tests/e2e/test_library_backends.py --ignore=tests/e2e/test_pubkey.py \
                --ignore=tests/e2e/test_pq.py --ignore=tests/e2e/test_suites.py \
                --ignore=tests/e2e/test_runtimes.py --ignore=tests/e2e/test_runtime_java.py \
                --ignore=tests/e2e/test_runtime_rust.py tests/e2e || rc=1
            exit $rc
        ) || step_failed ASan+UBSan
    else
        rm -f build-asan.probe build-asan.probe.c
        say "ASan+UBSan: NOT RUN: $sancc cannot build with $san"
        not_run="$not_run sanitizers"
    fi
    say "valgrind: detect, verify --filter ref:, a short run (build/cryptometer)"
    if command -v valgrind >/dev/null 2>&1; then
        # forked children (the isolated measurements) stay under valgrind; it
        # does not follow exec (--trace-children=no): the OpenSSL generations'
        # helpers (a static libcrypto each) are left out
        vgdir=$(mktemp -d)
        : >valgrind.log
        for args in "detect" "verify --filter ref:" \
            "run --filter ref:portable/sha256 --sizes 16 --time 0.05 --json $vgdir/r.json -q"; do
            # shellcheck disable=SC2086 # the argument lists above: no spaces inside an argument
            (cd "$vgdir" && valgrind -q --error-exitcode=1 --leak-check=full --trace-children=no \
                "$here/build/cryptometer" $args) >>valgrind.log 2>&1 ||
                step_failed "valgrind: cryptometer $args" valgrind.log
        done
        rm -rf "$vgdir"
    else
        say "valgrind: NOT RUN: no valgrind here"
        not_run="$not_run valgrind"
    fi
    if [ $status != 0 ]; then
        say "SOME TESTS FAILED: $failed_steps"
    elif [ -n "$not_run" ]; then
        say "all tests that ran passed; NOT RUN (not passed):$not_run"
    else
        say "all tests passed"
    fi
    exit $status
    ;;
*)
    printf 'usage: ./bootstrap.sh run [run options] | test | build | bench-tools\n' >&2
    exit 2
    ;;
esac
