#!/usr/bin/env python3
"""check_sizes.py — checks the size rule of issue 22: no source file git
tracks (or would: new files it does not ignore) is over 600 lines, and no
C, C++ or Python function over 80 lines.
Files exempt (data tables, generated files, vendored vectors) are the rows
of tools/size_exempt.tsv, each with its reason; a row whose file is gone or
no longer over is stale and an error too, so the table stays the true list.

    tools/check_sizes.py [--root DIR]

C and C++ functions are found in this code base's style: the body's '{'
alone at column 0 under the signature, the closing '}' at column 0. Python
functions (methods and nested ones too) through ast. A function's length
runs from the line of its name to its last line.

Prints one line per offender ("src/x.c:12 parse_row 93 lines (over 80)",
"src/y.c 612 lines (over 600)") and exits 1 when there is any; exits 0 with a one-line summary
(files and functions seen, the longest) otherwise; exits 2 on a malformed
table; exits 77 (ctest: skipped, not passed) with one line where the root
is not a git checkout (a source tarball): which files are the project's own
is git's to say. ctest runs it as `sizes` (tests/CMakeLists.txt).
"""
import argparse
import ast
import os
import re
import subprocess
import sys

MAX_FILE = 600
MAX_FUNCTION = 80
EXEMPT = os.path.join('tools', 'size_exempt.tsv')
C_LIKE = ('.c', '.h', '.cc', '.cpp', '.hpp', '.inc')
OTHER = ('.sh', '.go', '.rs', '.java', '.js', '.S')
NAME = re.compile(r'([A-Za-z_~][\w:~]*(?:\s*\([^()]*\))?)\s*$')
SIGNATURE_STOP = re.compile(r'^\s*$|^#|[;}]\s*$|\*/\s*$')


def read_exempt(root):
    """{path: reason} from tools/size_exempt.tsv."""
    rows = {}
    with open(os.path.join(root, EXEMPT), encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.rstrip('\n').split('\t')
            if len(cols) != 2 or not cols[1].strip():
                raise ValueError('%s:%d: want 2 tab-separated columns: path, why it may be long'
                                 % (EXEMPT, n))
            if cols[0] in rows:
                raise ValueError('%s:%d: %s is listed twice' % (EXEMPT, n, cols[0]))
            rows[cols[0]] = cols[1]
    return rows


class NotACheckout(Exception):
    """The root is not a git checkout: nothing to check (exit 77)."""


def tracked(root):
    """The files under root that git tracks, or would (new, not ignored),
    as they are in the working tree."""
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--cached', '--others',
                              '--exclude-standard'], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise NotACheckout('%s: not a git checkout (git ls-files failed): the check reads the '
                           'files git tracks, so it is skipped' % root)
    return [p for p in out.decode('utf-8', 'replace').split('\0')
            if p and os.path.isfile(os.path.join(root, p))]


def language(root, rel):
    """'c', 'python', 'other' for a source file, None for anything else (data,
    prose). A file without an extension is a script when it starts with #!."""
    ext = os.path.splitext(rel)[1]
    if ext in C_LIKE:
        return 'c'
    if ext == '.py':
        return 'python'
    if ext in OTHER:
        return 'other'
    if ext == '' and not os.path.basename(rel).startswith('.'):
        with open(os.path.join(root, rel), 'rb') as f:
            first = f.readline(200)
        if first.startswith(b'#!'):
            return 'python' if b'python' in first else 'other'
    return None


def function_name(signature):
    """The name a C/C++ signature defines: what stands before its last
    top-level parenthesis group (the parameters), an identifier or a macro
    call (NX_FN(round)); None when it is no function (no parameters, or an
    initializer's '=' before them)."""
    depth, last = 0, None
    for k, ch in enumerate(signature):
        if ch == '(':
            if depth == 0:
                last = k
            depth += 1
        elif ch == ')':
            depth -= 1
    if last is None:
        return None
    m = NAME.search(signature[:last])
    if not m or '=' in signature[:m.start()]:
        return None
    return re.sub(r'\s+', '', m.group(1))


def c_functions(lines):
    """[(name, first line, number of lines)] of the C/C++ function definitions:
    a '{' alone at column 0 under a signature, up to the next '}' at column 0;
    a function starts on the line of its name. Lines are numbered from 1."""
    found = []
    for i, line in enumerate(lines):
        if line.rstrip() != '{':
            continue
        start = i
        while start > 0 and not SIGNATURE_STOP.search(lines[start - 1]):
            start -= 1
        name = function_name(' '.join(lines[start:i]))
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith('}')), None)
        if name is None or end is None:
            continue
        word = re.split(r'\W', name.split('::')[-1], maxsplit=1)[0]
        first = start + next((k for k, s in enumerate(lines[start:i]) if word in s), 0)
        found.append((name, first + 1, end - first + 1))
    return found


def python_functions(text, rel):
    """[(name, first line, number of lines)] of every def, through ast."""
    try:
        tree = ast.parse(text, filename=rel)
    except SyntaxError as e:
        raise ValueError('%s:%s: not Python that parses: %s' % (rel, e.lineno, e.msg))
    return [(node.name, node.lineno, node.end_lineno - node.lineno + 1)
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def measure(root, rel, kind):
    """(number of lines, [(name, line, length)]) of one source file."""
    with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
        text = f.read()
    lines = text.splitlines()
    if kind == 'c':
        return len(lines), c_functions(lines)
    if kind == 'python':
        return len(lines), python_functions(text, rel)
    return len(lines), []


def check(root, exempt):
    """(offender lines, files seen, functions seen, longest function)."""
    bad, files, functions, longest, seen = [], 0, 0, ('', 0), set()
    for rel in sorted(tracked(root)):
        kind = language(root, rel)
        if kind is None:
            continue
        n, funcs = measure(root, rel, kind)
        files += 1
        functions += len(funcs)
        over = [f for f in funcs if f[2] > MAX_FUNCTION]
        if rel in exempt:
            seen.add(rel)
            if n <= MAX_FILE and not over:
                bad.append('%s: %s, but it is no longer over the limits: remove its row'
                           % (EXEMPT, rel))
            continue
        if n > MAX_FILE:
            bad.append('%s %d lines (over %d)' % (rel, n, MAX_FILE))
        bad += ['%s:%d %s %d lines (over %d)' % (rel, line, name, length, MAX_FUNCTION)
                for name, line, length in over]
        for name, line, length in funcs:
            if length > longest[1]:
                longest = ('%s:%d %s' % (rel, line, name), length)
    bad += ['%s: %s is not a source file git tracks (any more): remove its row' % (EXEMPT, p)
            for p in sorted(set(exempt) - seen)]
    return bad, files, functions, longest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--root', default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args(argv)
    try:
        bad, files, functions, longest = check(args.root, read_exempt(args.root))
    except NotACheckout as e:
        print('check_sizes: %s' % e, file=sys.stderr)
        return 77
    except (OSError, ValueError) as e:
        print('check_sizes: %s' % e, file=sys.stderr)
        return 2
    for line in bad:
        print(line)
    if bad:
        return 1
    print('sizes: %d source files, none over %d lines; %d C and Python functions, none over %d '
          '(the longest: %s, %d lines)' % (files, MAX_FILE, functions, MAX_FUNCTION, *longest))
    return 0


if __name__ == '__main__':
    sys.exit(main())
