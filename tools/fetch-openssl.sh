#!/bin/sh
# fetch-openssl.sh — fetches one OpenSSL generation's Debian packages
# (libssl-dev and its library package) for this machine's architecture and
# unpacks them into DIR, a prefix that -DCRYPTOMETER_OPENSSL_PREFIXES takes
# (docs/generations.md) and that check-openssl111.sh builds against.
#
# Usage: tools/fetch-openssl.sh GENERATION DIR
#   GENERATION  1.1.1 (Debian 11 "bullseye": libssl1.1)
#               3.5   (Debian 13 "trixie":   libssl3t64)
#   DIR         the prefix to make: DIR/include/openssl, DIR/lib/<multiarch>.
#               Kept when it already holds that generation (a cache): the
#               packages are fetched once.
#   OPENSSL_MIRROR=URL  Debian mirror (default http://deb.debian.org/debian;
#               http://archive.debian.org/debian once a suite is archived).
#
# The packages are fetched with a private apt configuration under DIR/.apt:
# the system's apt state is not touched, root is not needed, nothing is
# installed. Needs apt-get, dpkg-deb and debian-archive-keyring.
# Prints DIR on success. Exit status: 0 done; 2 usage; 77 not possible here
# (no keyring, no apt, no download), with the reason on stderr.
set -eu

usage() { echo "usage: tools/fetch-openssl.sh 1.1.1|3.5 DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
gen=$1
case $gen in
    1.1.1) suites="bullseye bullseye-security"; lib=libssl1.1 ;;
    3.5) suites="trixie trixie-security"; lib=libssl3t64 ;;
    *) usage ;;
esac
mkdir -p "$2"
dir=$(cd "$2" && pwd)
unavailable() { printf 'fetch-openssl: OpenSSL %s not fetched: %s\n' "$gen" "$*" >&2; exit 77; }

# A cache hit: the headers of that generation are there already.
have() {
    h=$dir/usr/include/openssl/opensslv.h
    [ -r "$h" ] || return 1
    case $gen in
        1.1.1) grep -q 'OPENSSL_VERSION_TEXT.*"OpenSSL 1\.1\.1' "$h" ;;
        *) grep -q "define OPENSSL_VERSION_MAJOR *${gen%%.*}\$" "$h" &&
           grep -q "define OPENSSL_VERSION_MINOR *${gen#*.}\$" "$h" ;;
    esac
}
if have; then
    echo "$dir/usr"
    exit 0
fi

mirror=${OPENSSL_MIRROR:-${OPENSSL111_MIRROR:-http://deb.debian.org/debian}}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || unavailable "$keyring missing: install debian-archive-keyring"
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || unavailable "needs apt-get and dpkg-deb"
apt=$dir/.apt
rm -rf "$apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts" "$apt/debs"
: > "$apt/status"
# The host's update hooks (docker-clean, appstream) are about its own cache,
# not ours: leave them out. As root, apt would hand downloads to _apt, which
# cannot write DIR.
printf '%s\n' '#clear APT::Update::Post-Invoke;' '#clear APT::Update::Post-Invoke-Success;' > "$apt/apt.conf"
[ "$(id -u)" != 0 ] || echo 'APT::Sandbox::User "root";' >> "$apt/apt.conf"
security=$(printf '%s' "$mirror" | sed 's,/debian$,/debian-security,')
# apt-get with our private state. The empty dpkg status makes the suite's
# version the candidate whatever the system has installed.
private_apt() {
    apt-get -qq -c "$apt/apt.conf" \
        -o Dir::Etc::sourcelist="$apt/sources.list" \
        -o Dir::Etc::sourceparts="$apt/parts" \
        -o Dir::State::Lists="$apt/lists" \
        -o Dir::State::status="$apt/status" \
        -o Dir::Cache="$apt/cache" \
        -o Debug::NoLocking=1 "$@"
}
# fetch SUITE...: downloads libssl-dev and the library from those suites.
fetch() {
    : > "$apt/sources.list"
    for suite in "$@"; do
        case $suite in
            *-security) echo "deb [signed-by=$keyring] $security $suite main" ;;
            *) echo "deb [signed-by=$keyring] $mirror $suite main" ;;
        esac >> "$apt/sources.list"
    done
    rm -f "$apt"/lists/*_* "$apt"/debs/*.deb
    private_apt update || return 1
    (cd "$apt/debs" && private_apt download libssl-dev "$lib")
}
# A security update can be listed before every mirror has its .debs: fall
# back to the release's own packages then.
# shellcheck disable=SC2086
fetch $suites || { echo "fetch-openssl: retrying without ${suites#* }" >&2; fetch ${suites%% *}; } \
    || unavailable "could not download libssl-dev and $lib from ${suites%% *} ($mirror)"
for deb in "$apt"/debs/*.deb; do
    dpkg-deb -x "$deb" "$dir"
done
rm -rf "$apt"
have || unavailable "the packages did not hold OpenSSL $gen headers"
echo "$dir/usr"
