"""Prints the packages that python/pyproject.toml declares (dependencies and the ``test`` extra)
and that this Python lacks, one a line; exit 1 when any is missing, else 0.

bootstrap.sh runs it with .venv/bin/python to decide whether the virtual
environment must be (re)installed: the list of dependencies is written once,
in pyproject.toml.  A requirement is met when its distribution is installed
(importlib.metadata); versions are not compared (pyproject.toml pins none).
"""

import re
import sys
from importlib import metadata
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11: the same parser, as pip carries it
    from pip._vendor import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent / "pyproject.toml"


def requirements(extras=("test",)):
    """The distribution names the project requires, with the given extras."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    specs = list(project.get("dependencies", []))
    for extra in extras:
        specs += project.get("optional-dependencies", {}).get(extra, [])
    return [re.match(r"[A-Za-z0-9._-]+", spec).group(0) for spec in specs]


def missing(names):
    out = []
    for name in names:
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            out.append(name)
    return out


if __name__ == "__main__":
    lacking = missing(requirements())
    print("\n".join(lacking))
    sys.exit(1 if lacking else 0)
