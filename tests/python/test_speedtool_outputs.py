"""Reading the libraries' speed tools (bench/tool_outputs.py) and cutting a trace into
messages (bench/benchlib.py): real recorded outputs in tests/data/speedtools/, the mapping
of their figures to cryptometer's records, and bad input. No timing is asserted."""
import subprocess
import sys

import pytest

from analysis_helpers import ROOT, binary

sys.path.insert(0, str(ROOT / "bench"))
import benchlib  # noqa: E402
import tool_outputs as T  # noqa: E402

DATA = ROOT / "tests" / "data" / "speedtools"


def gnutls_sample():
    return T.parse_gnutls((DATA / "gnutls-cli-3.7.9.txt").read_text())


def botan_sample():
    return T.parse_botan((DATA / "botan-2.19.3.txt").read_text())


def test_gnutls_every_figure_with_section_size_and_unit():
    figs = gnutls_sample()
    assert len(figs) == 20
    by = {(f.name, f.operation): f for f in figs}
    assert by[("AES-128-GCM", "aead")] == T.ToolFigure("AES-128-GCM", "aead", 16384, 2880.0)
    assert by[("SHA256", "mac")].value == pytest.approx(1180.0)
    assert by[("AES-128-CBC-SHA256", "cipher-mac")].value == pytest.approx(510.0)
    # MB/sec is 10^6 bytes: kept as it is; the long GOST name has no leading space
    assert by[("GOST28147-TC26Z-CNT-GOST28147-TC26Z-IMIT", "cipher-mac")].value == 32.38
    assert by[("3DES-CBC", "cipher")].value == 19.77
    assert by[("NULL", "cipher")].value == pytest.approx(16840.0)
    assert {f.size for f in figs} == {16384}


def test_gnutls_units_are_powers_of_1000():
    text = ("Checking ciphers, payload size: 64\n"
            "  A 5.00 bytes/sec\n  B 2.50 KB/sec\n  C 1.5 MB/sec\n")
    assert [f.value for f in T.parse_gnutls(text)] == pytest.approx([5e-6, 2.5e-3, 1.5])


def test_gnutls_older_heading_of_the_aead_section():
    # GnuTLS before 3.7 printed the AEAD figures under "cipher-MAC combinations"
    text = "Checking cipher-MAC combinations, payload size: 16384\n AES-128-GCM 1.00 GB/sec\n"
    assert T.parse_gnutls(text)[0].operation == "cipher-mac"


@pytest.mark.parametrize("text, words", [
    ("   AES-128-GCM 2.88 GB/sec\n", "before any section"),
    ("Checking widgets, payload size: 16\n", "unknown section"),
])
def test_gnutls_bad_input_is_one_clear_error(text, words):
    with pytest.raises(ValueError, match=words):
        T.parse_gnutls(text)


def test_gnutls_figures_map_to_cryptometer_records():
    pairs = [(p.algorithm, p.operation, f.name, f.operation)
             for p, f in T.match(gnutls_sample(), T.GNUTLS_PAIRS)]
    assert pairs == [
        ("aes-128-gcm", "seal", "AES-128-GCM", "aead"),
        ("chacha20-poly1305", "seal", "CHACHA20-POLY1305", "aead"),
        ("hmac-sha256", "mac", "SHA256", "mac"),
        ("aes-128-cbc", "encrypt", "AES-128-CBC", "cipher"),
        ("aes-128-xts", "encrypt", "AES-128-XTS", "cipher"),
        ("aes-256-xts", "encrypt", "AES-256-XTS", "cipher"),
    ]  # AES-128-CBC-SHA256 (a cipher+HMAC pair) is not AES-128-CBC: not mapped


def test_botan_figures_per_size_and_per_operation():
    figs = botan_sample()
    by = {(f.name, f.operation, f.size): f for f in figs}
    cbc = by[("AES-128/CBC/NoPadding", "encrypt", 16)]
    assert cbc.value == pytest.approx(12.945 * 1.048576)  # MiB/s -> 10^6 B/s
    assert by[("Ed25519 Pure", "sign", None)].value == 2185.0
    assert by[("Curve25519", "key agreements", None)].value == 1539.0
    assert by[("ECDSA-secp384r1 EMSA1(SHA-256)", "verify", None)].value == 108.0
    assert by[("ChaCha20Poly1305", "key schedule", None)].value == 90781.0
    assert len(figs) == 49


def test_botan_provider_tag_is_not_part_of_the_name():
    line = ("AES-128/GCM(16) [clmul] encrypt buffer size 16384 bytes: 686.093 MiB/sec "
            "2.77 cycles/byte (207.52 MiB in 302.46 ms)")
    assert T.parse_botan(line) == [T.ToolFigure("AES-128/GCM(16)", "encrypt", 16384,
                                                pytest.approx(686.093 * 1.048576))]


def test_botan_a_figure_without_time_is_an_error():
    with pytest.raises(ValueError, match="no time measured"):
        T.parse_botan("SHA-256 hash buffer size 16 bytes: inf MiB/sec 0 cycles/byte "
                      "(0 MiB in 0 ms)")


def test_botan_figures_map_like_for_like_only():
    mapped = {(p.algorithm, p.operation, f.size) for p, f in T.match(botan_sample(), T.BOTAN_PAIRS)}
    assert ("aes-128-cbc", "encrypt", 16) in mapped
    assert ("x25519", "derive", None) in mapped
    assert ("ecdsa-p256-sha256", "verify", None) in mapped
    assert ("ecdh-p256", "derive", None) in mapped
    # P-384 signed over SHA-256 by botan speed, brainpool, key schedules: not cryptometer's
    assert not {a for a, _, _ in mapped} & {"ecdsa-p384-sha384", "brainpool"}
    assert not any(f.operation in ("keygen", "key schedule")
                   for _, f in T.match(botan_sample(), T.BOTAN_PAIRS))
    assert len(mapped) == 17


def test_every_botan_pair_names_the_argument_that_measures_it():
    for p in T.BOTAN_PAIRS:
        assert p.tool_arg in T.BOTAN_ARGS and p.differs
    assert len(T.BOTAN_ARGS) == len(set(T.BOTAN_ARGS))


def test_every_mapped_record_exists_in_cryptometer():
    listing = subprocess.run([str(binary("CRYPTOMETER_BIN", "build/cryptometer")), "list"],
                             capture_output=True, text=True, check=True).stdout
    for backend, pairs in (("gnutls", T.GNUTLS_PAIRS), ("botan", T.BOTAN_PAIRS)):
        for p in pairs:
            assert f"{backend}:default/{p.algorithm}/{p.operation}" in listing, p


def ltrace_line(fn, caller="prog"):
    return (None, caller, fn, "")


def test_one_message_is_the_repeating_period_from_its_start():
    names = "init key rnd set add enc tag set add enc tag set add enc tag set add deinit"
    msg = benchlib.one_message([ltrace_line(n) for n in names.split()])
    assert [c[2] for c in msg] == ["set", "add", "enc", "tag"]


def test_one_message_prefers_the_loop_that_repeats_most():
    calls = [ltrace_line(n) for n in "a a a a b c b c b c b c b c b c".split()]
    assert [c[2] for c in benchlib.one_message(calls)] == ["b", "c"]
    # a check loop with a long pattern covers more calls than the timed loop's few
    # repeats of a short one, but repeats fewer times: the timed loop is the message
    check = "init key set enc tag init key set enc tag init key set enc tag".split()
    timed = "set enc set enc set enc set enc set enc".split()
    msg = benchlib.one_message([ltrace_line(n) for n in check + timed])
    assert [c[2] for c in msg] == ["set", "enc"]


def test_one_message_none_when_nothing_repeats():
    assert benchlib.one_message([ltrace_line(n) for n in "a b c d a b".split()]) is None


def test_ltrace_lines_with_and_without_pid_prefix():
    cases = [
        ("5577 gnutls-cli->gnutls_aead_cipher_encrypt(0x557c, 0x5571, 12, 0) = 0",
         ("gnutls-cli", "gnutls_aead_cipher_encrypt")),
        ("[pid 5577] gnutls-cli->gnutls_hmac_fast(5, 0x55, 32 <unfinished ...>",
         ("gnutls-cli", "gnutls_hmac_fast")),
        ("5237 libbotan-2.so.19->_ZN5Botan2OS23get_system_timestamp_nsEv(1, 2) = 17",
         ("libbotan-2.so.19", "_ZN5Botan2OS23get_system_timestamp_nsEv")),
    ]
    for line, (caller, fn) in cases:
        m = benchlib.CALL.match(line)
        pid = "5577" if "5577" in line else "5237"
        assert (m.group(1) or m.group(2), m.group(3), m.group(4)) == (pid, caller, fn)
    assert benchlib.CALL.match("5577 <... gnutls_hmac_fast resumed> ) = 0") is None


def test_figure_from_median_or_mean():
    rec = {"status": "ok", "unit": "byte", "size": 16384,
           "stats": {"median_ns": 8192.0, "mean_ns": 16384.0},
           "cpu_time_ns_per_op": {"total": 4096.0, "user": 4096.0, "system": 0.0}}
    assert benchlib.figure(rec) == pytest.approx(2000.0)         # MB/s
    assert benchlib.figure(rec, "mean") == pytest.approx(1000.0)
    assert benchlib.figure(rec, "cpu") == pytest.approx(4000.0)
    op = {"status": "ok", "unit": "op", "size": None, "stats": {"median_ns": 2000.0}}
    assert benchlib.figure(op) == pytest.approx(500000.0)       # op/s
    assert benchlib.figure({"status": "failed"}) is None
