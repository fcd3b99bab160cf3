#!/usr/bin/env python3
"""check_json_reads.py — checks that JSON is read by key only where the
table src/json_readers.tsv says: every C source that reads a JSON object by
key, with json_object_get or with the typed reads of util/json_read.h
(cm_jr_*), must be a row of it, a `parser` (it reads a document, a data table or a
message into structs) or a `to-type` consumer (a file still to convert: the
typing work left, counted in the summary). Everything else takes typed structs (issue 22:
"JSON exists only at the edges"). A row whose file no longer reads JSON is
stale and is an error too, so the table stays the true list.

    tools/check_json_reads.py [--root DIR]

Prints one line per broken rule and exits 1 when there is any; exits 0 with
a one-line summary otherwise; exits 2 on a malformed table. ctest runs it
as `json_reads` (tests/CMakeLists.txt).
"""
import argparse
import os
import re
import sys

CALL = re.compile(r'\b(?:json_object_get|cm_jr_\w+)\s*\(')
KINDS = ('parser', 'to-type')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def read_table(root):
    """{file: kind} from src/json_readers.tsv."""
    rows = {}
    with open(os.path.join(root, 'src', 'json_readers.tsv'), encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.rstrip('\n').split('\t')
            if len(cols) != 3 or cols[1] not in KINDS or not cols[2].strip():
                raise ValueError('src/json_readers.tsv:%d: want 3 tab-separated columns: file, '
                                 '%s, what it reads' % (n, ' or '.join(KINDS)))
            if cols[0] in rows:
                raise ValueError('src/json_readers.tsv:%d: %s is listed twice' % (n, cols[0]))
            rows[cols[0]] = cols[1]
    return rows


def readers(root):
    """{root-relative C file under src/: number of reads by key (CALL)}."""
    found = {}
    for top, _, files in os.walk(os.path.join(root, 'src')):
        for name in files:
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(top, name)
            with open(path, encoding='utf-8', errors='replace') as f:
                n = len(CALL.findall(COMMENT.sub('', f.read())))
            if n:
                found[os.path.relpath(path, root)] = n
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--root', default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args(argv)
    try:
        table = read_table(args.root)
    except (OSError, ValueError) as e:
        print('check_json_reads: %s' % e, file=sys.stderr)
        return 2
    found = readers(args.root)
    bad = ['%s: %d read%s by key (json_object_get, cm_jr_*), but it is not a parser of '
           'src/json_readers.tsv: take the typed struct instead (or add a parser row, saying '
           'what it reads)' % (f, n, '' if n == 1 else 's')
           for f, n in sorted(found.items()) if f not in table]
    bad += ['src/json_readers.tsv: %s reads no JSON by key (any more): remove its row' % f
            for f in sorted(table) if f not in found]
    for line in bad:
        print(line)
    if bad:
        return 1
    left = {f: n for f, n in found.items() if table[f] == 'to-type'}
    print('reads by key (json_object_get, cm_jr_*): %d in %d files, all rows of '
          'src/json_readers.tsv: %d in %d parsers, %d in %d consumers still to type'
          % (sum(found.values()), len(found), sum(found.values()) - sum(left.values()),
             len(found) - len(left), sum(left.values()), len(left)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
