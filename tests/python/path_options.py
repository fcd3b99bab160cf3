"""Every command and option that takes a path, C and Python alike, with the policy each
goes through (issue 29: one read policy, one write policy, no exceptions). Data for
tests/python/test_path_options.py, which walks it against one hostile set and checks that it
is complete against the commands' own option tables (a new option whose value is a path,
or a new kind of value, fails until it is listed here or in VALUE_METAVARS).

Policies:
  write   C: cm_output_check + cm_write_outputs (src/core/document.c, write_commit.c);
          Python: outputs.check_target + outputs.write_atomic
  read    C: cm_read_file / cm_open_regular (src/util/input.c);
          Python: inputs.read_input
  tree    a directory whose files are read one by one through `read` (a --sysroot tree,
          a folder of result files, the plots' folder whose files are each `write`)
  store   the results database (python/cryptometer/store.py; read and written by SQLite)
  ansible an Ansible inventory or a binary copied to hosts (handed to ansible-playbook)

Each case: the command's words, the option (a positional by its metavar), the policy, and
argv: the whole command with {path} where the hostile path goes, {input} a valid input of
the kind named by `input` (made by the test), {out} a fresh output path.
"""

QUICK_RUN = ["--filter", "ref:portable/sha256/digest", "--sizes", "16", "--time", "0.02", "-q"]

# metavars of options whose value is not a path (a new one must be classified)
VALUE_METAVARS = {"LIST", "MASK", "N", "N|all", "PERCENT", "REGEX", "SECONDS", "B[:V]",
                  "N,N", "STATUS", "KIND", "ID", "PATTERN", "FORKS", "HOST_TIMEOUT", "VALUE",
                  "THRESHOLD", "ALPHA", "FORMAT", "ACTION", "FORMAT_NAME", "VIEW", "TIMEOUT",
                  "SIZES", "TIME", "CPU", "ROUNDS"}

# the analysis commands that read result files (with a first word such as plot's kind)
ANALYSIS = ("compare", "collect", "report", "plot all", "export", "view generations")

CASES = [
    # ---- C commands ----
    dict(cmd="run", option="--json", policy="write", kind="file",
         argv=["run", *QUICK_RUN, "--json", "{path}"]),
    dict(cmd="run", option="--csv", policy="write", kind="file",
         argv=["run", *QUICK_RUN, "--json", "{out}", "--csv", "{path}"]),
    dict(cmd="verify", option="--json", policy="write", kind="file", input="wycheproof",
         argv=["verify", "--wycheproof", "{input}", "--json", "{path}"]),
    dict(cmd="verify", option="--wycheproof", policy="read", kind="file",
         argv=["verify", "--wycheproof", "{path}"]),
    dict(cmd="sweep", option="--json", policy="write", kind="file",
         argv=["sweep", "--backends", "ref:portable", "--chunks", "4096", "--totals", "64k",
               "--quiet", "--json", "{path}"]),
    dict(cmd="files", option="--json", policy="write", kind="file",
         argv=["files", "--sizes", "64k", "--repeat", "1", "--quiet", "--impl", "ref:portable",
               "--json", "{path}"]),
    dict(cmd="files", option="--csv", policy="write", kind="file",
         argv=["files", "--sizes", "64k", "--repeat", "1", "--quiet", "--impl", "ref:portable",
               "--json", "{out}", "--csv", "{path}"]),
    dict(cmd="show", option="FILE", policy="read", kind="file",
         argv=["show", "{path}"]),
    dict(cmd="detect", option="--sweep", policy="read", kind="file",
         argv=["detect", "--no-clock", "--sweep", "{path}"]),
    dict(cmd="detect", option="--sysroot", policy="tree", kind="dir",
         argv=["detect", "--no-clock", "--sysroot", "{path}"]),
    # ---- Python commands ----
    *[dict(cmd="import " + fmt, option="FILE", policy="read", kind="file",
           argv=["import", fmt, "{path}", "--json", "{out}"]) for fmt in
      ("sbc-bench", "openssl-speed", "cryptsetup")],
    *[dict(cmd="import " + fmt, option="--json", policy="write", kind="file", input=fmt,
           argv=["import", fmt, "{input}", "--json", "{path}"]) for fmt in
      ("sbc-bench", "openssl-speed", "cryptsetup")],
    *[dict(cmd="import " + fmt, option="--out-dir", policy="tree", kind="dir", input=fmt,
           argv=["import", fmt, "{input}", "--out-dir", "{path}"]) for fmt in
      ("sbc-bench", "openssl-speed", "cryptsetup")],
    dict(cmd="store add", option="FILE|DIR", policy="read", kind="file",
         argv=["store", "add", "{path}", "--db", "{out}"]),
    dict(cmd="store add", option="--db", policy="store", kind="file", input="result",
         argv=["store", "add", "{input}", "--db", "{path}"]),
    dict(cmd="store list", option="--db", policy="store", kind="file",
         argv=["store", "list", "--db", "{path}"]),
    *[dict(cmd=c.split()[0], option="INPUT", policy="read", kind="file", input="result",
           argv=[*c.split(), "{input}", "{path}", "-o", "{out}"]) for c in ANALYSIS],
    *[dict(cmd=c.split()[0], option="--db", policy="store", kind="file",
           argv=[*c.split(), "--db", "{path}", "-o", "{out}"]) for c in ANALYSIS],
    *[dict(cmd=c.split()[0], option="-o", policy="write", kind="file", input="result",
           argv=[*c.split(), "{input}", "-o", "{path}"]) for c in
      ("collect", "report", "export", "view generations")],
    dict(cmd="explain", option="--json", policy="write", kind="file",
         argv=["explain", "--filter", "ref:portable/sha256/digest", "--sizes", "16", "--time", "0.02",
               "--rounds", "1", "--json", "{path}"]),
    dict(cmd="compare", option="-o", policy="write", kind="file", input="result",
         argv=["compare", "{input}", "{input}", "-o", "{path}"]),
    dict(cmd="plot", option="-o", policy="tree", kind="dir", input="result",
         argv=["plot", "all", "{input}", "-o", "{path}"]),
    dict(cmd="collect", option="--write-table", policy="write", kind="file", input="result",
         argv=["collect", "{input}", "-o", "{out}", "--write-table", "{path}"]),
    *[dict(cmd="fleet " + a, option="INVENTORY", policy="ansible", kind="file",
           argv=["fleet", a, "{path}"]) for a in ("run", "detect")],
    *[dict(cmd="fleet " + a, option="--binary", policy="ansible", kind="file",
           argv=["fleet", a, "{input}", "--binary", "x86_64={path}"], input="inventory")
      for a in ("run", "detect")],
    *[dict(cmd="fleet " + a, option="--output-dir", policy="tree", kind="dir", input="inventory",
           argv=["fleet", a, "{input}", "--output-dir", "{path}", *save])
      for a, save in (("run", []), ("detect", ["--save"]))],
    dict(cmd="fleet run", option="--db", policy="store", kind="file", input="inventory",
         argv=["fleet", "run", "{input}", "--db", "{path}"]),
]


def listed():
    """{(command words, option)} of CASES."""
    return {(c["cmd"], c["option"]) for c in CASES}
