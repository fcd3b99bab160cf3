"""Prints the packages that python/pyproject.toml declares (its dependencies, and those of
the extras named as arguments: ``missing_requirements.py test``) and that this Python lacks,
one a line; exit 1 when any is missing, else 0.

bootstrap.sh runs it with .venv/bin/python to decide whether the virtual
environment must be (re)installed: ``run`` and ``build`` need the dependencies
(what the Python subcommands import), ``test`` the ``test`` extra too.  The
list of dependencies is written once, in pyproject.toml.  A requirement is met when its distribution is installed
(importlib.metadata) in a version its specifier accepts (``hypothesis<=6.170.0``;
compared with ``packaging``, which pip's virtual environments carry; without it,
the name alone).
"""

import re
import sys
from importlib import metadata
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11: the same parser, as pip carries it
    from pip._vendor import tomli as tomllib

try:
    from packaging.requirements import Requirement
except ImportError:
    Requirement = None

PYPROJECT = Path(__file__).resolve().parent / "pyproject.toml"


def requirements(extras=()):
    """The requirements (``name`` or ``name<=version``) the project declares, with the given extras."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    specs = list(project.get("dependencies", []))
    for extra in extras:
        specs += project.get("optional-dependencies", {}).get(extra, [])
    return specs


def missing(specs):
    """The requirements of ``specs`` that this Python does not meet."""
    out = []
    for spec in specs:
        name = re.match(r"[A-Za-z0-9._-]+", spec).group(0)
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            out.append(spec)
            continue
        if Requirement is not None and not Requirement(spec).specifier.contains(version, prereleases=True):
            out.append("%s (%s installed)" % (spec, version))
    return out


if __name__ == "__main__":
    lacking = missing(requirements(tuple(sys.argv[1:])))
    print("\n".join(lacking))
    sys.exit(1 if lacking else 0)
