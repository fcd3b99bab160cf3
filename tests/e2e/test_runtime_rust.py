"""The Rust runtime (docs/runtimes.md): a cargo that is missing or older than
1.85 leaves the rust backend listed as not built with the package to install
(a distribution's old cargo first on PATH gives way to rustup's in
~/.cargo/bin); the hello names rustc, the build and the crates at the
versions runtimes/rust/Cargo.lock pins; ring's key agreement rows are
unavailable with the reason."""
import json
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

# a configure of cmake/RuntimeRust.cmake alone: what it lists as missing
PROJECT = """cmake_minimum_required(VERSION 3.20)
project(t NONE)
set(CRYPTOMETER_DEPS_CACHE ${{CMAKE_BINARY_DIR}}/cache)
function(cm_runtime_built name out rows_var)
endfunction()
include({root}/cmake/RuntimeRust.cmake)
set(inc "")
cm_runtime_rust(inc)
get_property(m GLOBAL PROPERTY CM_BACKENDS_MISSING)
message(STATUS "MISSING=${{m}}")
"""


def missing_after_configure(tmp_path, path, home, *options):
    (tmp_path / "CMakeLists.txt").write_text(PROJECT.format(root=ROOT))
    r = subprocess.run([shutil.which("cmake"), "-S", tmp_path, "-B", tmp_path / "b",
                        f"-DCMAKE_MAKE_PROGRAM={shutil.which('make')}", *options],
                       env={"PATH": str(path), "HOME": str(home)}, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return re.search(r"MISSING=(.*)", r.stdout).group(1)


def fake_cargo(directory, version):
    directory.mkdir(parents=True)
    (directory / "cargo").write_text(f'#!/bin/sh\necho "cargo {version} (0000000 2022-09-19)"\n')
    (directory / "cargo").chmod(0o755)
    return directory


def test_no_cargo_lists_rust_missing_with_the_package(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    hidden = ";".join(["/usr/bin", "/bin", "/usr/local/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"])
    missing = missing_after_configure(tmp_path, empty, tmp_path, f"-DCMAKE_IGNORE_PATH={hidden}")
    assert missing.startswith("rust|the cargo toolchain was not found|") and "rustup.rs" in missing


def test_an_old_cargo_lists_rust_missing(tmp_path):
    fake = fake_cargo(tmp_path / "bin", "1.65.0")
    missing = missing_after_configure(tmp_path, f"{fake}:/usr/bin:/bin", tmp_path)
    assert "is cargo 1.65.0, older than 1.85" in missing and "cargo and rustc" in missing


def test_an_old_cargo_on_path_gives_way_to_rustups(tmp_path):
    fake = fake_cargo(tmp_path / "bin", "1.65.0")
    fake_cargo(tmp_path / "home/.cargo/bin", "1.90.0")
    assert missing_after_configure(tmp_path, f"{fake}:/usr/bin:/bin", tmp_path / "home") == ""


@pytest.fixture
def hello(cm_bin):
    server = cm_bin.parent / "cryptometer-rust"
    if not server.exists():
        pytest.skip("this build has no rust server (no cargo 1.85 or later)")
    r = subprocess.run([server], input='{"op":"hello"}\n', capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def test_hello_names_rustc_the_build_and_the_locked_crates(hello):
    lock = dict(re.findall(r'name = "([^"]+)"\nversion = "([^"]+)"', (ROOT / "runtimes/rust/Cargo.lock").read_text()))
    d = hello["details"]
    assert d["runtime"] == "rust" and d["runtime_version"].startswith(f"rustc {hello['version']}")
    assert d["build"]["profile"] == "release" and d["build"]["target"]
    for crate in ("ring", "aws-lc-rs", "aes-gcm", "chacha20poly1305", "sha2", "sha3", "blake2",
                  "ed25519-dalek", "x25519-dalek", "p256"):
        assert d["crates"][crate] == lock[crate], crate
    rows = {(i["variant"], i["algorithm"]): i for i in hello["impls"]}
    assert {v for v, _ in rows} == {"ring", "aws-lc-rs", "rustcrypto"}
    for alg in ("x25519", "ecdh-p256"):
        assert not rows["ring", alg]["available"] and "ephemeral" in rows["ring", alg]["reason"]
        assert rows["aws-lc-rs", alg]["available"] and rows["rustcrypto", alg]["available"]
