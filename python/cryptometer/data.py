"""Finding and reading the repository's shared data tables (``data/*.json``).

The tables under ``data/`` are read by the C core for a live run and by this
package for imports and collections: there is one copy of each.  The package
runs from the source tree, where ``python/cryptometer`` sits two levels below
the repository root, so the default directory is ``../../data`` from here.
``CRYPTOMETER_DATA_DIR`` overrides it (an installed package, or tests).
"""

import json
import os
from pathlib import Path

from . import inputs

ENV_VAR = "CRYPTOMETER_DATA_DIR"


class DataError(Exception):
    """A data table is missing or is not valid JSON; the message says which."""


def data_dir():
    """Return the data directory as a Path, or raise DataError if it does not exist."""
    override = os.environ.get(ENV_VAR)
    if override:
        path = Path(override)
        where = "%s=%s" % (ENV_VAR, override)
    else:
        path = Path(__file__).resolve().parent.parent.parent / "data"
        where = "the source tree"
    if not path.is_dir():
        raise DataError("data directory %s (from %s) does not exist" % (path, where))
    return path


def data_path(name):
    """Return the path of table ``name`` (e.g. 'aes_score_per_mhz.json') in the data directory."""
    return data_dir() / name


def load_json(name):
    """Load table ``name`` from the data directory; raise DataError with the path on failure."""
    path = data_path(name)
    try:
        return json.loads(inputs.read_input(path, "table", note=False).decode("utf-8"))
    except inputs.InputError as exc:
        raise DataError("data table: %s" % exc) from exc
    except UnicodeDecodeError as exc:
        raise DataError("data table %s is not UTF-8 text (byte %d)" % (path, exc.start)) from exc
    except ValueError as exc:
        raise DataError("data table %s is not valid JSON: %s" % (path, exc)) from exc
