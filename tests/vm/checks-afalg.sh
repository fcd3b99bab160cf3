# tests/vm/checks-afalg.sh — the checks of tests/vm/test-vm.sh that go through AF_ALG in a
# VM, one function each (sourced by test-vm.sh, not run): check_afalg (d, e: the afalg
# backend's verify and run), check_sweep (f: sweep --quick) and check_sid (g: Debian sid's
# restricted AF_ALG). They use test-vm.sh's assertions (expect, ok, bad, skip, show),
# run_vm, qemu_system_usable and OUTDIR, and lib.sh's VM_DIR.

# ----------------------------------------------------------------- (d, e) AF_ALG
# check_afalg LABEL ARCH CPU MODULES BIN DRIVER — verify and run the afalg backend in a VM.
# DRIVER is the CPU's cbc(aes) driver, which the kernel must also choose for `kernel`.
check_afalg() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out f0 t0
    local drivers="kernel|$driver|cbc\\(aes-generic\\)"
    # the templates over the generic AES: ctr(aes-generic), ecb(aes-generic), and XTS built
    # over ECB, xts(ecb(aes-generic)) (--filter takes at most 256 bytes)
    local tmpl="(ctr|ecb|xts\\(ecb)\\(aes-generic\\)\\)?/aes-128-(ctr|xts|ecb)"
    # .s[-a-z]*: .splice or .splice-copy
    local vf="afalg:(($drivers)(\\.s[-a-z]*)?/aes-128-cbc|kernel(\\.s[-a-z]*)?/(sha256|aes-128-gcm)|kernel/(random|aes-128-(ctr|xts|ecb))|$tmpl)|openssl:afalg-engine/aes-128-cbc"
    local rf="(afalg:($drivers)(\\.splice(-copy)?)?|openssl:(evp|afalg-engine))/aes-128-cbc/encrypt"
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --cpu "$cpu" --timeout 400 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer verify --quiet --backends afalg,ref,openssl \
            --filter '$vf' --json /tmp/v.json >&2; echo verify-exit=\$? >&2;
            /cryptometer run --filter '$rf' --sizes 16,65536 --time 0.1 --json /tmp/r.json >&2;
            echo run-exit=\$? >&2;
            /cryptometer files --impl afalg:kernel --sizes 32k,256k --repeat 1 --quiet --json /tmp/f.json >&2;
            echo files-exit=\$? >&2; cat /tmp/v.json; echo '@@@@'; cat /tmp/r.json; echo '@@@@';
            cat /tmp/f.json; echo; echo '@@@@'; /cryptometer detect --json --no-clock" \
        >"$out.out" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    local part n=0
    for part in v r f k; do  # the four documents, in that order, between @@@@ lines
        awk -v n="$n" '/^@@@@$/{k++; next} k == n {print}' "$out.out" >"$out.$part.json"
        n=$((n + 1))
    done
    if ! jq -e . "$out.v.json" >/dev/null 2>&1 || ! jq -e . "$out.r.json" >/dev/null 2>&1 ||
        ! jq -e . "$out.f.json" >/dev/null 2>&1 || ! jq -e . "$out.k.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the verify, run, files and detect documents"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    f0=$FAILED
    local v p sp=.splice
    # the cipher's splice path is labelled by what the kernel does (detect tests it): Debian's
    # 6.1 since 6.1.180 and Linux 7.2 copy ("crypto: af_alg - Remove zero-copy support ...")
    if jq -e '.kernel_crypto.af_alg.splice == "copies"' "$out.k.json" >/dev/null; then sp=.splice-copy; fi
    expect "$out.k.json" "$label: detect tested splice by behaviour (afalg's $sp rows follow it)" \
        'any(.kernel_crypto.af_alg.evidence[]; startswith("splice into an skcipher socket"))'
    for v in kernel "$driver" "cbc(aes-generic)"; do
        for p in "" "$sp"; do
            expect "$out.v.json" "$label: afalg:$v$p/aes-128-cbc passed vectors and cross-check" \
                '[.implementations[] | select(.implementation == $i)] | length == 1 and
                 (.[0] | .status == "passed" and .kat.vectors.passed > 0 and .kat.cross_check.status == "passed")' \
                --arg i "afalg:$v$p/aes-128-cbc"
        done
    done
    for v in kernel/sha256 kernel.splice/sha256 kernel/aes-128-gcm "kernel$sp/aes-128-gcm" kernel/random \
        kernel/aes-128-ctr "ctr(aes-generic)/aes-128-ctr" kernel/aes-128-xts "xts(ecb(aes-generic))/aes-128-xts" \
        kernel/aes-128-ecb "ecb(aes-generic)/aes-128-ecb"; do
        expect "$out.v.json" "$label: afalg:$v passed" \
            'any(.implementations[]; .implementation == $i and .status == "passed")' --arg i "afalg:$v"
    done
    for v in kernel "kernel$sp" "$driver" "$driver$sp" "cbc(aes-generic)" "cbc(aes-generic)$sp"; do
        local served="${v%"$sp"}"
        case "$v" in kernel*) served="$driver" ;; esac
        expect "$out.r.json" "$label: run afalg:$v at 16 B and 64 KiB: ok, served by $served, CPU user and system time" \
            '[.results[] | select(.backend == "afalg" and .variant == $v)] as $r
             | ($r | length == 2) and all($r[]; .status == "ok" and .served_by == $s
                 and .kat.status == "passed" and (.throughput_mb_s | type == "number")
                 and (.cpu_time_ns_per_op.total | type == "number")
                 and (.cpu_time_ns_per_op | has("user") and has("system")))
             and any($r[]; .size == 65536 and (.cpu_time_ns_per_op.system | type == "number"))' \
            --arg v "$v" --arg s "$served"
    done
    expect "$out.v.json" "$label: openssl:afalg-engine/aes-128-cbc (OpenSSL's afalg engine) passed" \
        'any(.implementations[]; .implementation == "openssl:afalg-engine/aes-128-cbc" and .status == "passed")'
    expect "$out.r.json" "$label: run openssl:afalg-engine: ok at 16 B and 64 KiB, served by the afalg engine" \
        '[.results[] | select(.backend == "openssl" and .variant == "afalg-engine")] as $r
         | ($r | length == 2) and all($r[]; .status == "ok" and (.served_by | startswith("OpenSSL'"'"'s afalg engine")))'
    # the file workloads through the kernel's drivers: busybox's sha1sum and sha256sum
    # must agree (it has no b2sum and no openssl: those steps fail, not asserted); AF_ALG's
    # AEAD takes at most 64 KiB a call, so GCM runs at 32 KiB and is unavailable at 256 KiB
    expect "$out.f.json" "$label: files --impl afalg:kernel: digests, CBC and GCM round trips through the kernel" \
        '.records as $all | [$all[] | select(.path == "afalg:kernel")] as $r
         | all("sha1", "sha256"; . as $a | any($r[]; .algorithm == $a and .status == "ok"))
         and all("sha1sum", "sha256sum"; . as $t | any($all[]; .path == $t and .verified == true))
         and all("aes-128-cbc", "aes-256-cbc", "aes-256-gcm"; . as $a
                 | any($r[]; .algorithm == $a and .operation == "decrypt" and .status == "ok"
                       and .verified == true))
         and any($r[]; .algorithm == "aes-256-gcm" and .file_bytes == 262144 and .status == "unavailable"
                 and (.reason | contains("in one call")))
         and any(.records[]; .path == "afalg:kernel" and .algorithm == "blake2b-512" and .status == "unavailable")
         and all(.records[] | select(.status == "ok" and has("verified")); .verified == true)
         and .temporary_directory_removed == true'
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    # The figures, for the log (TCG-emulated: not the speed of any real machine).
    jq -r '.results[] | select(.status == "ok") | "  figure: \(.backend):\(.variant) served_by=\(.served_by // "-") \(.size) B: \(.throughput_mb_s | . * 100 | round / 100) MB/s, CPU ns/op user \(.cpu_time_ns_per_op.user // "?" ) system \(.cpu_time_ns_per_op.system // "?")"' "$out.r.json"
}

# ----------------------------------------------------------------- (f) sweep
# check_sweep LABEL ARCH CPU MODULES BIN DRIVER — `sweep --quick` through AF_ALG in a VM.
check_sweep() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out t0 path
    local paths="afalg:kernel,afalg:cbc(aes-generic),openssl:evp,openssl:afalg-engine,ref:portable"
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --cpu "$cpu" --timeout 600 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer sweep --quick --chunks 16,256,4k,64k \
            --totals 256k --backends '$paths' --json /tmp/s.json >&2; echo sweep-exit=\$? >&2;
            cat /tmp/s.json" >"$out.json" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    if ! jq -e . "$out.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the sweep document"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    f0=$FAILED
    expect "$out.json" "$label: sweep exited 0 and the document is complete" \
        '.schema == "cryptometer-sweep" and .complete == true'
    grep -q '^sweep-exit=0' "$out.err" || bad "$label: sweep exit code $(grep -o 'sweep-exit=.*' "$out.err")"
    for path in afalg:kernel "afalg:cbc(aes-generic)" openssl:evp openssl:afalg-engine ref:portable; do
        expect "$out.json" "$label: $path: ok at 16 B, 256 B, 4 KiB and 64 KiB, 3 repetitions, CPU user and system time, CPU s/GB" \
            '[.records[] | select(.path == $p)] as $r
             | ($r | map(.chunk) | sort) == [16, 256, 4096, 65536]
             and all($r[]; .status == "ok" and .kat == "passed" and .total == 262144
                 and .repetitions == 3 and (.samples.rusage_system_s | length == 3)
                 and (.cpu_user_s | type == "number") and (.cpu_system_s | type == "number")
                 and (.cpu_s_per_gb | type == "number") and (.throughput_mb_s | type == "number"))' \
            --arg p "$path"
    done
    expect "$out.json" "$label: afalg:kernel served by $driver" \
        'all(.records[] | select(.path == "afalg:kernel"); .served_by == $d)' --arg d "$driver"
    for path in afalg:kernel "afalg:cbc(aes-generic)"; do
        expect "$out.json" "$label: $path against openssl:evp: a crossover entry, all 4 chunks compared, with its sentence" \
            '[.crossovers[] | select(.engine_path == $p and .cpu_path == "openssl:evp")] as $x
             | ($x | length) == 1 and $x[0].total == 262144 and $x[0].chunks_compared == 4
             and ($x[0].throughput_chunk | type == "number" or . == null)
             and ($x[0].cpu_time_chunk | type == "number" or . == null)
             and ($x[0].message | startswith($p))' --arg p "$path"
    done
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    # The figures, for the log (TCG-emulated: not the speed of any real machine).
    jq -r '.records[] | select(.status == "ok") | "  figure: \(.path) \(.chunk) B of \(.total) B: \(.throughput_mb_s * 100 | round / 100) MB/s (spread \(.spread * 100 | round) %), CPU s/GB \(.cpu_s_per_gb * 100 | round / 100) = user \(.cpu_user_s_per_gb * 100 | round / 100) + system \(.cpu_system_s_per_gb * 100 | round / 100) \(.flags | join(","))"' "$out.json"
    jq -r '.crossovers[] | "  crossover: \(.message) [throughput_chunk \(.throughput_chunk), cpu_time_chunk \(.cpu_time_chunk), flags \(.flags | join(","))]"' "$out.json"
}

# ----------------------------------------------------------------- (g) sid's Linux 7.2
# check_sid LABEL ARCH CPU MODULES BIN DRIVER QEMU-PKG QEMU — Debian sid's kernel (7.2 or later): detect says
# AF_ALG is restricted (CPU-only, splice copies, by behaviour and version) and states the
# deprecation; the afalg backend labels its cipher splice rows .splice-copy, which pass vectors.
check_sid() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out t0 part n=0
    if ! qemu_system_usable "$7" "$8"; then
        skip "$label" "$8 is not installed and apt-get could not install it"
        return 0
    fi
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --kernel sid --arch "$arch" --cpu "$cpu" --timeout 400 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer detect --json --no-clock; echo '@@@@';
            /cryptometer list --backends afalg --json; echo '@@@@';
            /cryptometer verify --quiet --backends afalg,ref --filter 'afalg:(kernel|$driver)\\.splice-copy/aes-128-cbc' \
                --json /tmp/v.json >&2; cat /tmp/v.json" >"$out.out" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    for part in k l v; do
        awk -v n="$n" '/^@@@@$/{k++; next} k == n {print}' "$out.out" >"$out.$part.json"
        n=$((n + 1))
    done
    if ! jq -e . "$out.k.json" >/dev/null 2>&1 || ! jq -e . "$out.l.json" >/dev/null 2>&1 ||
        ! jq -e . "$out.v.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the detect, list and verify documents"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    local f0=$FAILED
    expect "$out.k.json" "$label: a 7.2 or later kernel" \
        '.kernel_crypto.af_alg.kernel_release | capture("^(?<a>[0-9]+)\\.(?<b>[0-9]+)") | (.a | tonumber) * 100 + (.b | tonumber) >= 702'
    expect "$out.k.json" "$label: AF_ALG restricted: CPU-only, splice copies (tested), deprecation stated" \
        '.kernel_crypto.af_alg | .available == true and .state == "restricted" and .cpu_only == true
         and .splice == "copies" and any(.evidence[]; startswith("splice into an skcipher socket copies"))
         and (.deprecation | test("iwd") and test("cryptsetup"))'
    expect "$out.k.json" "$label: every synchronous CPU driver of cbc(aes) reachable through AF_ALG" \
        '[.kernel_crypto.algorithms[] | select(.name == "cbc(aes)") | .drivers[] | select(.driver == $d)]
         | length == 1 and .[0].af_alg_reachable == true' --arg d "$driver"
    expect "$out.l.json" "$label: afalg's cipher splice rows are .splice-copy, none .splice" \
        '[.benchmarks[] | select(.class == "cipher" or .class == "aead") | .variant] as $v
         | any($v[]; . == ($d + ".splice-copy")) and all($v[]; endswith(".splice") | not)' --arg d "$driver"
    for v in kernel "$driver"; do
        expect "$out.v.json" "$label: afalg:$v.splice-copy/aes-128-cbc passed vectors and cross-check" \
            'any(.implementations[]; .implementation == $i and .status == "passed")' --arg i "afalg:$v.splice-copy/aes-128-cbc"
    done
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    jq -r '.kernel_crypto.af_alg | "  AF_ALG: \(.state), kernel \(.kernel_release): \(.evidence | join("; "))"' "$out.k.json"
}
