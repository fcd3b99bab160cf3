#!/bin/sh
# build.sh OUT CACHE PYTHON — the Python runtime's server (docs/runtimes.md):
# a virtual environment under CACHE (outside the clone), keyed by the hash
# of requirements.txt and the interpreter's version, with the pinned wheels
# from PyPI (binary wheels only: nothing compiled), and OUT, a wrapper that
# runs server.py with it. On failure OUT is removed and the reason printed:
# the backend is then unavailable, the build goes on.
set -u
out=$1 cache=$2 python=$3
here=$(cd "$(dirname "$0")" && pwd)
key=$( (cat "$here/requirements.txt"; "$python" -c 'import sys; print(sys.version)') | sha256sum | cut -c1-16)
venv="$cache/venv-$key"
rm -f "$out"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import cryptography' 2>/dev/null; then
    rm -rf "$venv"
    if ! "$python" -m venv "$venv" >"$cache.log" 2>&1 ||
        ! "$venv/bin/python" -m pip install -q --only-binary=:all: -r "$here/requirements.txt" >>"$cache.log" 2>&1; then
        rm -rf "$venv"
        echo "cryptometer: the python server did not build ($(tail -1 "$cache.log")): backend python unavailable"
        exit 0
    fi
fi
printf '#!/bin/sh\n# the Python runtime server of cryptometer (runtimes/python/build.sh)\nexec "%s" -E -s "%s" "$@"\n' \
    "$venv/bin/python" "$here/server.py" >"$out"
chmod +x "$out"
