"""Every command and option that takes a path (tests/python/path_options.py) against one
hostile set (issue 29, item 1): an output that is a symlink, a FIFO, a device, a
directory, the command's own input or a read-only file is refused (exit 2, no traceback,
the target and what a link points to unchanged); an output on a full disk fails with exit
2 or 3 and leaves no temporary file. The inputs and output folders: test_path_inputs.py.
And the list is complete: every option of every command (C: its --help; Python: its
argparse table) whose value is a path is in it.
"""
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import path_options
from analysis_helpers import binary
from path_options import CASES, VALUE_METAVARS

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
T = 120
OUTPUT_KINDS = ["symlink", "fifo", "device", "directory", "input", "read-only", "full-disk"]


# (here, not in tests/e2e: the Python commands do not change with the C build, so the walk
# runs once, not again for the build without OpenSSL and the sanitizers' pass)


@pytest.fixture(scope="module")
def cm_bin():
    return binary("CRYPTOMETER_BIN", "build/cryptometer")


# ---- the list is complete ------------------------------------------------------------------

def c_commands(cm_bin):
    text = subprocess.run([str(cm_bin), "--help"], capture_output=True, text=True).stdout
    body = text.split("commands:", 1)[1].split("exit codes:", 1)[0]
    rows = [line.split() for line in body.splitlines() if line.strip()]
    return [r[0] for r in rows if "[Python]" not in r], [r[0] for r in rows if "[Python]" in r]


def c_options(cm_bin, command):
    """{option: metavar or None} from `cryptometer COMMAND --help`."""
    text = subprocess.run([str(cm_bin), command, "--help"], capture_output=True, text=True).stdout
    found = {}
    for m in re.finditer(r"^ {2}(--[a-z0-9-]+)(?: ([^\s]+))?", text, re.M):
        found[m.group(1)] = m.group(2)
    for m in re.finditer(r"\[(--[a-z0-9-]+)(?: ([^\s\]]+))?\]", text):   # the synopsis
        found.setdefault(m.group(1), m.group(2))
    usage = []                                          # the synopsis, without its options
    for line in text.splitlines():
        if usage and (not line.strip() or line.startswith("  --")):
            break
        if usage or line.startswith("usage:"):
            usage.append(line)
    rest = re.sub(r"\[[^\]]*\]|--\S+(?: [A-Z]\S*)?", " ", " ".join(usage).split(command, 1)[-1])
    for word in re.findall(r"\b[A-Z][A-Z_|]+\b", rest):
        found.setdefault(word, word)                    # a positional: "show FILE"
    return found


def py_options(parser, words):
    """Yield (command words, option, metavar) of an argparse parser, into its subparsers."""
    import argparse
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from py_options(sub, words + [name])
        elif action.nargs != 0 and not isinstance(action, argparse._HelpAction):
            metavar = action.metavar or action.dest.upper()
            option = action.option_strings[0] if action.option_strings else metavar
            yield " ".join(words), option, metavar


def test_the_list_names_every_option_that_takes_a_path(cm_bin):
    sys.path.insert(0, str(ROOT / "python"))
    from cryptometer import __main__ as dispatcher
    c_cmds, py_cmds = c_commands(cm_bin)
    assert sorted(py_cmds) == sorted(dispatcher.SUBCOMMANDS)
    unlisted, seen = [], set()
    for command in c_cmds:
        for option, metavar in c_options(cm_bin, command).items():
            if metavar and metavar not in VALUE_METAVARS:
                seen.add((command, option))
                if (command, option) not in path_options.listed():
                    unlisted.append("%s %s %s" % (command, option, metavar))
    for command in py_cmds:
        parser = dispatcher.build_parser(command)
        sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
        for words, option, metavar in py_options(sub.choices[command], [command]):
            if metavar not in VALUE_METAVARS:
                seen.add((words, option))
                if (words, option) not in path_options.listed():
                    unlisted.append("%s %s %s" % (words, option, metavar))
    assert unlisted == [], "options taking a path missing from tests/python/path_options.py"
    assert path_options.listed() - seen == set(), "listed options that no command has"


# ---- the hostile set ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def result_doc(cm_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("result") / "r.json"
    p = subprocess.run([str(cm_bin), "run", *path_options.QUICK_RUN, "--json", str(out)],
                       capture_output=True, text=True, timeout=T)
    assert p.returncode == 0, p.stderr
    return out


def make_input(kind, where, result_doc):
    if kind == "wycheproof":
        return Path(shutil.copy(ROOT / "vectors" / "wycheproof" / "hmac_sha256_test.json", where))
    if kind == "result":
        return Path(shutil.copy(result_doc, where / "in.json"))
    if kind == "inventory":
        (where / "inv.ini").write_text("[fleet]\nh ansible_host=127.0.0.1 ansible_port=1\n")
        return where / "inv.ini"
    folder = {"sbc-bench": "sbc-bench", "openssl-speed": "openssl-speed", "cryptsetup": "cryptsetup"}
    src = sorted(p for p in (FIXTURES / folder[kind]).iterdir() if p.suffix == ".txt")[0]
    return Path(shutil.copy(src, where / src.name))


def command_line(cm_bin, case, path, inp, out):
    subst = {"{path}": str(path), "{input}": str(inp) if inp else "", "{out}": str(out)}
    argv = [a.replace("x86_64={path}", "x86_64=" + str(path)) for a in case["argv"]]
    argv = [subst.get(a, a) for a in argv]
    return [str(cm_bin), *argv]


def snapshot(path):
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    return (st.st_mode, st.st_ino, st.st_rdev, st.st_size, st.st_mtime_ns)


class Tmpfs:
    """A 256 KiB tmpfs, filled to the last byte (root only)."""

    def __init__(self, path):
        self.path = path
        path.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(path)], check=True)
        try:
            fd = os.open(path / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                while os.write(fd, b"\0" * 4096) > 0:
                    pass
            except OSError:
                pass
            os.close(fd)
        except BaseException:
            self.close()
            raise

    def close(self):
        subprocess.run(["umount", str(self.path)], check=False)


def hostile_output(kind, d, case, inp):
    """The hostile target of kind in d (and what must not change); None after a skip."""
    target = d / "target"
    if kind == "symlink":
        (d / "victim").write_text("precious\n")
        target.symlink_to(d / "victim")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("device: making a device node needs root (mknod)")
        os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    elif kind == "directory":
        target.mkdir()
    elif kind == "input":
        if not inp:
            pytest.skip("input: %s %s reads no input file" % (case["cmd"], case["option"]))
        target = inp
    elif kind == "read-only":
        target.write_text("old\n")
        target.chmod(0o444)
    return target


def run_case(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=T,
                       env=dict(os.environ, PYTHONPATH=str(ROOT / "python")))
    return p.returncode, p.stderr.decode("utf-8", "replace")


def ids(case):
    return "%s %s" % (case["cmd"], case["option"])


WRITES = [c for c in CASES if c["policy"] == "write"]


@pytest.mark.parametrize("kind", OUTPUT_KINDS)
@pytest.mark.parametrize("case", WRITES, ids=ids)
def test_an_output_is_never_written_through_or_over(cm_bin, tmp_path, result_doc, case, kind):
    work = tmp_path / "work"
    work.mkdir()
    inp = make_input(case["input"], work, result_doc) if case.get("input") else None
    fs = None
    if kind == "full-disk":
        if os.geteuid() != 0:
            pytest.skip("full-disk: mounting a tmpfs needs root")
        fs = Tmpfs(tmp_path / "full")
        d, target = fs.path, fs.path / "target"
    else:
        d = tmp_path / "d"
        d.mkdir()
        target = hostile_output(kind, d, case, inp)
    before = snapshot(target)
    listing = sorted(os.listdir(d))
    inp_bytes = inp.read_bytes() if inp else None
    try:
        rc, err = run_case(command_line(cm_bin, case, target, inp, work / "other.out"), work)
        after, listing_after = snapshot(target), sorted(os.listdir(d))
    finally:
        if fs:
            fs.close()
    assert "Traceback" not in err, err
    assert err.strip(), "refused without a word"
    if kind == "full-disk":
        assert rc in (2, 3), err
    else:
        assert rc == 2, err
        assert after == before
    assert listing_after == listing, "left beside the target: %s" % (set(listing_after) - set(listing))
    if kind == "symlink":
        assert (d / "victim").read_text() == "precious\n"
    if inp is not None:
        assert inp.read_bytes() == inp_bytes
