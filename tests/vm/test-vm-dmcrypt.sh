#!/bin/bash
# tests/vm/test-vm-dmcrypt.sh — the VM checks of `cryptometer dmcrypt` (docs/dmcrypt.md) on
# Debian's kernels, bookworm (6.1) and sid (7.2), x86_64 and arm64, under qemu (TCG).
# In each VM (tests/vm/dmcrypt-in-vm.sh): `dmcrypt --quick --json` measures dm-linear and
# aes-xts-plain64 and aes-cbc-essiv:sha256 at sector sizes 512 and 4096, each through the
# kernel's choice (aesni on x86_64, ce on arm64) and through the generic AES named in a
# capi: spec; then a run stopped by SIGINT and one killed by SIGKILL mid-pass leave no
# mapping and no RAM device once the next run has started, and a named device is refused.
# x86_64: `cryptsetup benchmark` (the host's cryptsetup and its libraries, af_alg and
# algif_skcipher loaded) beside both ciphers of the kernel's choice, each sector size and op;
# arm64 has no cryptsetup in its VM and each such row must say so. The text of the run after
# kill -9 must print the cross-check table (dd/own and own/cs ratios). The document's answers
# must name the driver of each cipher and its generic counterpart (docs/dmcrypt.md, Answers).
# tcrypt-bookworm-x86_64 and tcrypt-sid-x86_64: `tcrypt --json` (the kernel's speed test, mode
# 200 and mode 300 alg=sha256, sec=1) parsed into rows of cbc(aes) through aesni and of sha256.
#
# Usage: tests/vm/test-vm-dmcrypt.sh [--only bookworm-x86_64,sid-arm64,...]
# Binaries: CRYPTOMETER_X86_64_BIN (default build-static/cryptometer) and
# CRYPTOMETER_AARCH64_BIN (default build-aarch64/cryptometer), as tests/vm/test-vm.sh
# builds them (it runs first in ./bootstrap.sh test). A missing binary or qemu is a SKIP,
# said loudly; CRYPTOMETER_VM_REQUIRE=1 makes it a failure.
# Prints "== summary: N passed, N failed, N skipped"; exit 1 when a check failed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ONLY="bookworm-x86_64,sid-x86_64,bookworm-arm64,sid-arm64,tcrypt-bookworm-x86_64,tcrypt-sid-x86_64"
[ "${1:-}" = --only ] && ONLY="$2"
X86_BIN="${CRYPTOMETER_X86_64_BIN:-$REPO_ROOT/build-static/cryptometer}"
A64_BIN="${CRYPTOMETER_AARCH64_BIN:-$REPO_ROOT/build-aarch64/cryptometer}"
OUTDIR="$(mktemp -d "${TMPDIR:-/tmp}/cm-test-dmcrypt.XXXXXX")"
trap '[ -n "${CRYPTOMETER_VM_KEEP:-}" ] || rm -rf "$OUTDIR"' EXIT
PASSED=0; FAILED=0; SKIPPED=0
ok() { PASSED=$((PASSED + 1)); echo "  ok    $*"; }
bad() { FAILED=$((FAILED + 1)); echo "  FAIL  $*"; }
skip() {
    if [ -n "${CRYPTOMETER_VM_REQUIRE:-}" ]; then bad "$1: $2"; return; fi
    SKIPPED=$((SKIPPED + 1)); echo "## SKIPPED ($1): $2"
}
# section FILE NAME — the lines after "=== NAME" up to the next "=== ".
section() { awk -v n="=== $2" '$0 == n {on = 1; next} /^=== / {on = 0} on' "$1"; }
# value FILE NAME — the word after "=== NAME ".
value() { sed -n "s/^=== $2 //p" "$1" | head -n 1; }
# jcheck FILE LABEL EXPR — one assertion on the dmcrypt document.
jcheck() {
    if jq -e "$3" "$1" >/dev/null 2>&1; then ok "$2"; else bad "$2   [jq: $3]"; fi
}

# CS_FILES: --file arguments that put the host's cryptsetup and the libraries it loads at
# the same paths in an x86_64 VM (the host is x86_64; an arm64 VM has none and says so).
CS_FILES=()
if [ "$(uname -m)" = x86_64 ]; then
    ensure_pkgs cryptsetup-bin >/dev/null 2>&1 || true
    cs=$(command -v cryptsetup || true)
    if [ -n "$cs" ]; then
        for f in "$cs" $(ldd "$cs" | grep -o '/[^ ]*'); do CS_FILES+=(--file "$f:$f"); done
    fi
fi

# check LABEL ARCH KERNEL CPU BIN DRIVER-RE MODULES
check() {
    local label="$1" arch="$2" kernel="$3" cpu="$4" bin="$5" drv="$6" mods="$7" out t0 files=()
    case ",$ONLY," in *",$label,"*) ;; *) return 0 ;; esac
    echo "== $label: dm-crypt over a RAM device ($arch, $kernel kernel)"
    [ -x "$bin" ] || { skip "$label" "no static binary at $bin"; return 0; }
    out="$OUTDIR/$label"
    [ "$arch" = x86_64 ] && files=("${CS_FILES[@]}")
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --kernel "$kernel" --cpu "$cpu" --timeout 400 \
        --modules "$mods" --file "$bin:/cryptometer" --file "$VM_DIR/dmcrypt-in-vm.sh:/check.sh" \
        "${files[@]}" -- sh /check.sh >"$out.out" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    section "$out.out" quick >"$out.json"
    if ! jq -e '.kind == "dmcrypt"' "$out.json" >/dev/null 2>&1; then
        bad "$label: no dmcrypt document"; tail -n 30 "$out.err" "$out.out" | sed 's/^/  | /'
        return 0
    fi
    local f0=$FAILED R='.results[]'
    [ "$(value "$out.out" quick-rc)" = 0 ] && ok "$label: dmcrypt --quick exit 0" ||
        bad "$label: dmcrypt --quick exit $(value "$out.out" quick-rc)"
    jcheck "$out.json" "$label: every pass ok" "[$R | select(.status != \"ok\")] | length == 0"
    for c in aes-xts-plain64 aes-cbc-essiv:sha256; do
        for s in 512 4096; do
            jcheck "$out.json" "$label: $c, sector $s, write and read through $drv" \
                "[$R | select(.cipher_spec == \"$c\" and .sector_size == $s and (.served_by | test(\"$drv\")))
                 | .op] | unique == [\"read\", \"write\"]"
        done
        jcheck "$out.json" "$label: $c through the generic AES (capi: spec naming .generic_driver)" \
            ".generic_driver as \$g | [$R | select((.cipher_spec // \"\") | startswith(\"capi:\") and contains(\$g))
             | select(.mapping | startswith(\"$c\")) | .served_by] | length >= 4 and all(contains(\"(\" + \$g + \")\"))"
    done
    jcheck "$out.json" "$label: dm-linear baseline beside every dm-crypt figure" \
        "[$R | select(.cipher_spec != null) | .linear_mb_per_s > 0] | all and length > 0"
    jcheck "$out.json" "$label: dd through the same mappings at the largest I/O size, both ways" \
        "[$R | select(.io_size == 1048576)] | length > 0 and all(.dd_mb_per_s > 0)"
    if [ "$arch" = x86_64 ] && [ ${#CS_FILES[@]} -gt 0 ]; then
        jcheck "$out.json" "$label: cryptsetup benchmark beside both ciphers (kernel's choice), each sector size and op" \
            "[$R | select(.cipher_spec != null and (.cipher_spec | startswith(\"capi:\") | not) and .io_size == 1048576)
             | select(.cryptsetup_mb_per_s > 0) | [.cipher_spec, .sector_size, .op]] | unique | length == 8"
        jcheck "$out.json" "$label: the answers say AF_ALG reaches both drivers, as cryptsetup's benchmark did" \
            "[.answers.dmcrypt[] | .af_alg_reachable] == [true, true]"
    else
        jcheck "$out.json" "$label: no cryptsetup in the VM, and every cross-checked row says so" \
            "[$R | select(.cipher_spec != null and (.cipher_spec | startswith(\"capi:\") | not) and .io_size == 1048576)]
             | length == 8 and all(.cryptsetup_error | test(\"cryptsetup not found\"))"
    fi
    grep -q "^Cross-checks" < <(section "$out.out" text) && grep -q "own/cs" < <(section "$out.out" text) &&
        ok "$label: the text prints the dd and cryptsetup ratios" || bad "$label: no cross-check table in the text"
    jcheck "$out.json" "$label: the answers name the driver of each cipher, compared with the generic one" \
        "([.answers.dmcrypt[] | select(.served_by | test(\"$drv\")) | select(.generic | contains(\"generic\") or contains(\"lib\"))
         | .cipher] | sort == [\"aes-cbc-essiv:sha256\", \"aes-xts-plain64\"]) and
         ([.answers.lines[] | select(test(\" via .*$drv\"))] | length == 2)"
    jcheck "$out.json" "$label: CPU time of every CPU and per GB" \
        "[$R | .cpu.all_system_s >= 0 and .cpu_s_per_gb >= 0] | all"
    [ "$(value "$out.out" quick-leftovers)" = 0 ] && ok "$label: nothing left after a run" ||
        bad "$label: a run left $(value "$out.out" quick-leftovers) devices"
    [ "$(value "$out.out" sigint-during)" -gt 0 ] 2>/dev/null && ok "$label: SIGINT came mid-run" ||
        bad "$label: the run had no mapping when SIGINT came"
    [ "$(value "$out.out" sigint-rc)" = 130 ] && [ "$(value "$out.out" sigint-leftovers)" = 0 ] &&
        ok "$label: Ctrl-C: exit 130, mappings and RAM device removed" ||
        bad "$label: Ctrl-C: exit $(value "$out.out" sigint-rc), $(value "$out.out" sigint-leftovers) left"
    [ "$(value "$out.out" sigkill-leftovers)" -gt 0 ] 2>/dev/null &&
        grep -q "removed cryptometer-.*left by a run that is gone" < <(section "$out.out" after-err) &&
        [ "$(value "$out.out" after-leftovers)" = 0 ] &&
        ok "$label: kill -9 left a mapping; the next run removed it and its RAM device" ||
        bad "$label: after kill -9: $(value "$out.out" sigkill-leftovers) left, then $(value "$out.out" after-leftovers)"
    [ "$(value "$out.out" refuse-rc)" = 2 ] && grep -q "refusing '/dev/loop0'" < <(section "$out.out" refuse) &&
        ok "$label: a device it did not create is refused (exit 2)" || bad "$label: /dev/loop0 not refused"
    if [ "$FAILED" != "$f0" ]; then tail -n 20 "$out.err" | sed 's/^/  | /'; fi
    section "$out.out" text | sed -n '/^Cross-checks/,$p' | sed 's/^/    /'
    jq -r "$R | [.mapping, .sector_size, .io_size, .op, (.mb_per_s // 0 | floor), (.linear_mb_per_s // 0 | floor),
           (.dd_mb_per_s // 0 | floor),
           (.cpu_s_per_gb // 0 | . * 100 | floor / 100), .served_by // \"-\"] | @tsv" "$out.json" | sed 's/^/    /'
}

# tcrypt LABEL ARCH KERNEL CPU BIN MODDIR MODULES — `tcrypt --json` in a VM with only the AES
# and SHA-256 modules loaded (tcrypt's mode 200 then runs cbc(aes) alone: ~40 one-second tests).
tcrypt() {
    local label="$1" arch="$2" kernel="$3" cpu="$4" bin="$5" ko out t0
    case ",$ONLY," in *",$label,"*) ;; *) return 0 ;; esac
    echo "== $label: tcrypt ($arch, $kernel kernel)"
    [ -x "$bin" ] || { skip "$label" "no static binary at $bin"; return 0; }
    ko=$(find "$6" -name 'tcrypt.ko*' | head -n 1)
    [ -n "$ko" ] || { skip "$label" "no tcrypt module under $6"; return 0; }
    out="$OUTDIR/$label"
    case "$ko" in *.xz) xz -dc "$ko" >"$out.ko" ;; *) cp "$ko" "$out.ko" ;; esac
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --kernel "$kernel" --cpu "$cpu" --timeout 400 \
        --modules "$7" --file "$bin:/cryptometer" --file "$out.ko:/tcrypt.ko" \
        -- /cryptometer tcrypt --json /tcrypt.ko >"$out.json" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    jcheck "$out.json" "$label: tcrypt measured" '.kind == "tcrypt" and .status == "measured"'
    jcheck "$out.json" "$label: cbc(aes) encrypt and decrypt, 128..256-bit keys, through $8" \
        "[.results[] | select(.algorithm == \"cbc(aes)\" and (.driver | test(\"$8\")) and .bytes_per_s > 0)
         | [.op, .key_bits]] | unique == [[\"decrypt\",128],[\"decrypt\",192],[\"decrypt\",256],
         [\"encrypt\",128],[\"encrypt\",192],[\"encrypt\",256]]"
    jcheck "$out.json" "$label: sha256 per block and update size" \
        '[.results[] | select(.algorithm == "sha256" and .op == "digest" and .update_bytes > 0 and .bytes_per_s > 0)] | length >= 10'
    jq -r '.results[] | select(.block_bytes == 4096 or .block_bytes == 8192) | [.algorithm, .driver, .op, .key_bits,
           .block_bytes, (.update_bytes // 0), (.bytes_per_s / 1e6 * 100 | floor / 100)] | @tsv' "$out.json" |
        sed 's/^/    /'
}

ensure_pkgs jq >/dev/null 2>&1 || true
X86="dm-mod dm-crypt loop essiv xts aesni-intel af_alg algif_skcipher"
A64="dm-mod dm-crypt loop essiv xts aes-ce-blk"
check bookworm-x86_64 x86_64 bookworm max "$X86_BIN" aesni "$X86 ecb sha256-ssse3"
check sid-x86_64 x86_64 sid max "$X86_BIN" aesni "$X86"
check bookworm-arm64 arm64 bookworm max,pauth-impdef=on "$A64_BIN" '-ce' "$A64 ecb sha2-ce"
check sid-arm64 arm64 sid max,pauth-impdef=on "$A64_BIN" '-ce' "$A64"
. "$VM_CACHE/kernels.env" 2>/dev/null || true
tcrypt tcrypt-bookworm-x86_64 x86_64 bookworm max "$X86_BIN" "${X86_64_MODDIR:-/nonexistent}" \
    "aesni-intel sha256-ssse3" aesni
# sid's 7.2: SHA-256 is the kernel's library (sha256-lib, built in), so aesni-intel alone
tcrypt tcrypt-sid-x86_64 x86_64 sid max "$X86_BIN" "${X86_64_SID_MODDIR:-/nonexistent}" aesni-intel aesni
echo "== summary: $PASSED passed, $FAILED failed, $SKIPPED skipped"
[ "$FAILED" = 0 ]
