"""The Java runtime (docs/runtimes.md): a JDK that is missing or older than 17
leaves the java backend listed as not built with the package to install;
Bouncy Castle's jar is checked against the SHA-256 in runtimes/java/bcprov.lock
and, when it cannot be had, only the java:bouncycastle rows are unavailable,
with the reason; the hello records the JDK, the provider of each row and the
jar's hash."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, run

LOCK = dict(line.split("=", 1) for line in (ROOT / "runtimes/java/bcprov.lock").read_text().splitlines()
            if re.match(r"^[a-z0-9]+=", line))
# a configure of cmake/RuntimeJava.cmake alone: what it lists as missing
PROJECT = """cmake_minimum_required(VERSION 3.20)
project(t NONE)
set(CRYPTOMETER_DEPS_CACHE ${{CMAKE_BINARY_DIR}}/cache)
include({root}/cmake/RuntimeJava.cmake)
set(inc "")
cm_runtime_java(inc)
get_property(m GLOBAL PROPERTY CM_BACKENDS_MISSING)
message(STATUS "MISSING=${{m}}")
"""


@pytest.fixture
def java_server(cm_bin):
    server = cm_bin.parent / "cryptometer-java"
    if not server.exists():
        pytest.skip("this build has no java server (no JDK 17 or later)")
    return server


def configure(tmp_path, path, *options):
    (tmp_path / "CMakeLists.txt").write_text(PROJECT.format(root=ROOT))
    cmake, make = shutil.which("cmake"), shutil.which("make")
    r = subprocess.run([cmake, "-S", tmp_path, "-B", tmp_path / "b", f"-DCMAKE_MAKE_PROGRAM={make}", *options],
                       env={"PATH": str(path), "HOME": str(tmp_path)}, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return re.search(r"MISSING=(.*)", r.stdout).group(1)


def test_no_jdk_lists_java_missing_with_the_package(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    hidden = ";".join(["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin",
                       "/usr/lib/jvm/default-java/bin"])
    missing = configure(tmp_path, empty, f"-DCMAKE_IGNORE_PATH={hidden}")
    assert missing.startswith("java|no javac (a JDK) was found|") and "default-jdk-headless" in missing


def test_an_old_jdk_lists_java_missing(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "javac").write_text('#!/bin/sh\necho "javac 11.0.2" >&2\n')
    (fake / "javac").chmod(0o755)
    missing = configure(tmp_path, f"{fake}:/usr/bin:/bin")
    assert "is JDK 11.0.2, older than 17" in missing and "default-jdk-headless" in missing


def test_hello_records_the_jdk_providers_and_the_pinned_jar(java_server):
    hello = json.loads(subprocess.run([java_server], input='{"op":"hello"}\n', capture_output=True,
                                      text=True, timeout=120).stdout)
    d = hello["details"]
    assert hello["version"] and d["runtime"] == "java" and d["vm"] and "warmup_criterion" in d
    assert d["providers"]["jca/aes-128-gcm"].startswith("SunJCE ")
    if "absent" not in d["bouncycastle"]:
        assert d["bouncycastle"]["jar_sha256"] == LOCK["sha256"]
        assert d["providers"]["bouncycastle/aes-128-gcm"] == f"BC {LOCK['version']}"


def test_without_bouncy_castle_only_its_rows_are_unavailable(cm_bin, java_server, tmp_path):
    shutil.copy(cm_bin, tmp_path / "cryptometer")
    shutil.copy(java_server.with_suffix(".jar"), tmp_path / "cryptometer-java.jar")
    wrapper = re.sub(r":[^\"]*bcprov[^\"]*\.jar", "", java_server.read_text())
    (tmp_path / "cryptometer-java").write_text(wrapper)
    (tmp_path / "cryptometer-java").chmod(0o755)
    r = run(tmp_path / "cryptometer", "list", "--backends", "java")
    assert r.returncode == 0, r.stderr
    bc = [ln for ln in r.stdout.splitlines() if ln.strip().startswith("java:bouncycastle/")]
    jca = [ln for ln in r.stdout.splitlines() if ln.strip().startswith("java:jca/")]
    assert bc and all("unavailable" in ln for ln in bc)
    assert jca and not any("unavailable" in ln for ln in jca)
    assert "the Bouncy Castle jar (bcprov-jdk18on" in r.stdout


def test_a_jar_that_does_not_match_the_lock_is_not_used(java_server, tmp_path):
    """A cached jar whose SHA-256 is not the lock's is removed; with no repository to fetch
    it again from, the server is built without it (its rows then say why)."""
    cache = tmp_path / "cache"
    group = LOCK["group"].replace(".", "/")
    jar = cache / "m2" / group / LOCK["artifact"] / LOCK["version"] / f"{LOCK['artifact']}-{LOCK['version']}.jar"
    jar.parent.mkdir(parents=True)
    jar.write_bytes(b"not Bouncy Castle")
    used = re.search(r":([^\"]*bcprov[^\"]*\.jar)", java_server.read_text())
    for built in Path(used.group(1)).parents[5].glob("server-*.jar") if used else ():
        shutil.copy(built, cache)  # the compiled server, as a warm cache has it: javac is not what this tests
    out = tmp_path / "cryptometer-java"
    javac = shutil.which("javac")
    r = subprocess.run([shutil.which("cmake"), f"-DOUT={out}", f"-DCACHE={cache}", f"-DJAVAC={javac}",
                        f"-DREPOSITORY=file://{tmp_path}/no-repository", "-P", ROOT / "runtimes/java/build.cmake"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "not the " + LOCK["sha256"] in r.stdout and "java:bouncycastle unavailable" in r.stdout
    assert not jar.exists() and "bcprov" not in out.read_text()
    hello = json.loads(subprocess.run([out], input='{"op":"hello"}\n', capture_output=True, text=True,
                                      timeout=120).stdout)
    rows = {(i["variant"], i["algorithm"]): i for i in hello["impls"]}
    assert rows[("jca", "sha256")]["available"]
    assert not rows[("bouncycastle", "sha256")]["available"]
