"""The complexity a ``--filter`` regex may have (docs/cli.md "--filter limits").

Python's ``re`` backtracks: a repeated group that holds a repetition
(``(a+)+``) takes exponential time on a name that almost matches, and counted
repetitions multiply.  The limits are those of the C side
(src/util/regex_budget.h), checked on Python's own parse of the pattern: at
most MAX_BYTES bytes, no repetition (more than once: ``?`` is fine) of a group
holding a repetition, and at
most MAX_WEIGHT atoms once each repetition is counted as its upper bound (or
its lower one when it has none).  ``FilterAction`` refuses a pattern beyond
them, or one that does not compile, with one line and exit code 2.
"""

import argparse
import re
import sys

try:
    from re import _parser as sre_parse   # Python 3.11+
except ImportError:                        # pragma: no cover - older Pythons
    import sre_parse

MAX_BYTES = 256
MAX_WEIGHT = 1000
EXIT_USAGE = 2
REPEATS = {sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT} | (
    {sre_parse.POSSESSIVE_REPEAT} if hasattr(sre_parse, "POSSESSIVE_REPEAT") else set())


class PatternTooComplex(ValueError):
    pass


def _children(av):
    """The sub-patterns inside an operand of the parse tree."""
    items = av if isinstance(av, (tuple, list)) else (av,)
    for item in items:
        if isinstance(item, sre_parse.SubPattern):
            yield item
        elif isinstance(item, (tuple, list)):
            yield from _children(item)


def _weight(pattern):
    """(atoms once repetitions are counted out, capped at MAX_WEIGHT + 1; 1 if it repeats)."""
    weight, repeats = 0, False
    for op, av in pattern:
        if op in REPEATS:
            lo, hi, sub = av
            inner, nested = _weight(sub)
            # a group repeated more than once that holds a repetition; (x*)? is not
            if nested and (hi == sre_parse.MAXREPEAT or hi > 1):
                raise PatternTooComplex("nested repetition (a repeated group holding a repetition)")
            times = hi if hi != sre_parse.MAXREPEAT else max(lo, 1)
            weight += inner * max(times, 1)
            repeats = True
        else:
            subs = list(_children(av))
            if subs:
                for sub in subs:
                    w, r = _weight(sub)
                    weight, repeats = weight + w, repeats or r
            else:
                weight += 1
        weight = min(weight, MAX_WEIGHT + 1)
    return weight, repeats


def compile_filter(text):
    """The compiled pattern; PatternTooComplex or re.error saying why it is refused."""
    if len(text.encode("utf-8", "surrogateescape")) > MAX_BYTES:
        raise PatternTooComplex("longer than %d bytes" % MAX_BYTES)
    weight, _ = _weight(sre_parse.parse(text))
    if weight > MAX_WEIGHT:
        raise PatternTooComplex("more than %d characters once its repetitions are counted out"
                                % MAX_WEIGHT)
    return re.compile(text)


class FilterAction(argparse.Action):
    """``--filter REGEX``: keeps the compiled pattern, or exits 2 after one line."""

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            setattr(namespace, self.dest, compile_filter(values))
        except (PatternTooComplex, re.error, RecursionError, OverflowError) as exc:
            shown = values.encode("utf-8", "replace").decode("utf-8")[:200]
            print("%s: error: %s '%s': %s (limits: docs/cli.md)"
                  % (parser.prog, option_string, shown, exc), file=sys.stderr)
            sys.exit(EXIT_USAGE)
