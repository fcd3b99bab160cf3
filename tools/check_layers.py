#!/usr/bin/env python3
"""check_layers.py — checks every #include of the C sources against the
layer table src/layers.tsv (the same table the build reads for each
layer's include view). A file may include headers of its own layer and of
the layers its row names, nothing above.

    tools/check_layers.py [--root DIR]

Prints one line per broken rule ("src/util/json.c:12: util includes
commands/options.h (layer commands), which util may not use") and exits 1
when there is any; exits 0 and prints a one-line summary otherwise; exits 2
on a malformed table. ctest runs it as `layers` (tests/CMakeLists.txt).
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = ('.c', '.h', '.cpp', '.S', '.inc')


def read_table(root):
    """[(layer, [paths], set(allowed))] in table order, bottom first."""
    rows = []
    with open(os.path.join(root, 'src', 'layers.tsv'), encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.rstrip('\n').split('\t')
            if len(cols) != 3:
                raise ValueError('src/layers.tsv:%d: want 3 tab-separated columns' % n)
            name, paths, uses = cols
            allowed = set() if uses.strip() == '-' else set(uses.split())
            known = {r[0] for r in rows}
            if not allowed <= known:
                raise ValueError('src/layers.tsv:%d: %s uses %s, not a layer below it'
                                 % (n, name, ' '.join(sorted(allowed - known))))
            rows.append((name, paths.split(), allowed))
    return rows


def layer_of(rows, rel):
    """The layer whose path holds rel (a path from the root), longest match."""
    best = None
    for name, paths, _ in rows:
        for p in paths:
            if (rel == p or rel.startswith(p.rstrip('/') + '/')) and \
                    (best is None or len(p) > best[1]):
                best = (name, len(p))
    return best[0] if best else None


def resolve(root, src_rel, target):
    """The root-relative path a quoted include names, or None (generated)."""
    here = os.path.dirname(src_rel)
    for base in (here, 'src', 'include'):
        cand = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def source_files(root):
    for top in ('src',):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith(SOURCES):
                    yield os.path.relpath(os.path.join(d, f), root)


def check(root):
    rows = read_table(root)
    uses = {name: allowed | {name} for name, _, allowed in rows}
    problems = []
    count = 0
    for rel in source_files(root):
        layer = layer_of(rows, rel)
        if layer is None:
            problems.append('%s: in no layer of src/layers.tsv' % rel)
            continue
        with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
            text = f.read()
        for m in INCLUDE.finditer(text):
            count += 1
            line = text.count('\n', 0, m.start()) + 1
            target = m.group(1)
            if '..' in target.split('/'):
                problems.append('%s:%d: includes "%s": no ".." in includes' % (rel, line, target))
                continue
            path = resolve(root, rel, target)
            if path is None:
                if not target.endswith('.inc'):
                    problems.append('%s:%d: includes "%s", which is no file here'
                                    % (rel, line, target))
                continue
            to = layer_of(rows, path)
            if to is None or to not in uses[layer]:
                problems.append('%s:%d: %s includes %s (layer %s), which %s may not use'
                                % (rel, line, layer, target, to, layer))
    return problems, count


def main():
    ap = argparse.ArgumentParser(description='Check #includes against src/layers.tsv.')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..'),
                    help='the source tree (default: this checkout)')
    args = ap.parse_args()
    try:
        problems, count = check(os.path.abspath(args.root))
    except (OSError, ValueError) as e:
        print('check_layers: %s' % e, file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if problems:
        print('check_layers: %d include(s) break the layers of src/layers.tsv' % len(problems))
        return 1
    print('check_layers: %d includes follow src/layers.tsv' % count)
    return 0


if __name__ == '__main__':
    sys.exit(main())
