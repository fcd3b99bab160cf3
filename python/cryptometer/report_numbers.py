"""Numbers as the report prints them: three significant digits, thousands separators, a unit.

One rule for every figure on the page (and in the charts' hover titles; a count is exact, ``count``):
``5123.4`` is ``5,120``, ``10550`` is ``10,600``, ``0.0001234`` is
``0.000123``; never an exponent (``1.055e+04``) and never ``None`` (a
missing value is an empty string, or the dash the caller asks for).
"""

import math

SIGNIFICANT = 3
MAX_DECIMALS = 9   # below 1e-9 of a unit the figure is shown as "< 0.000000001"


def number(value, missing=""):
    """``value`` with SIGNIFICANT significant digits and thousands separators, or ``missing``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return missing
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    decimals = SIGNIFICANT - 1 - magnitude
    if decimals > MAX_DECIMALS:
        return "< 0.%s1" % ("0" * (MAX_DECIMALS - 1)) if value > 0 else "> -0.%s1" % ("0" * (MAX_DECIMALS - 1))
    if decimals <= 0:
        step = 10 ** (-decimals)
        return "{:,}".format(int(round(value / step)) * step)
    return "{:,.{}f}".format(value, decimals)


def count(n, missing=""):
    """A count (records, runs) exact, with thousands separators: ``61``, ``1,179``; never rounded to
    significant digits as a figure is."""
    if isinstance(n, bool) or not isinstance(n, int):
        return missing
    return "{:,}".format(n)


def with_unit(value, unit, missing=""):
    """``number(value)`` followed by its unit (a non-breaking space between), or ``missing``."""
    text = number(value)
    return "%s\u00a0%s" % (text, unit) if text else missing


def percent(fraction, missing=""):
    """A relative figure (0.0123) as ``±1.23%``."""
    text = number(None if fraction is None else 100 * fraction)
    return "±%s%%" % text if text else missing


def ratio(value, missing=""):
    """A ratio as ``×1.07``."""
    text = number(value)
    return "×%s" % text if text else missing


def size(nbytes, missing=""):
    """A message size in bytes as ``16 B``, ``1 KiB``, ``16 KiB``, ``1 MiB`` (exact powers of two),
    else with thousands separators."""
    if isinstance(nbytes, bool) or not isinstance(nbytes, int) or nbytes < 0:
        return missing
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale and nbytes % scale == 0:
            return "{:,}\u00a0{}".format(nbytes // scale, unit)
    return "{:,}\u00a0B".format(nbytes)
