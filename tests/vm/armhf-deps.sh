# tests/vm/armhf-deps.sh — what an armhf cross build needs, installed idempotently (sourced
# by cross-build-armhf.sh and test-armhf-user.sh after lib.sh): gcc-arm-linux-gnueabihf,
# cmake, pkg-config, qemu-user-static, the armhf dpkg architecture, libjansson-dev:armhf and
# libkcapi-dev:armhf (the afalg backend, linked statically),
# and libssl-dev:armhf unpacked under the cache (lib.sh, armhf_openssl_tree). Sets
# QEMU_USER (qemu-arm) and exports CRYPTOMETER_ARMHF_OPENSSL and PKG_CONFIG_LIBDIR for
# cmake/toolchain-armhf.cmake.
ensure_pkgs gcc-arm-linux-gnueabihf libc6-dev-armhf-cross cmake make pkg-config qemu-user-static file
ensure_foreign_arch armhf
ensure_pkgs libjansson-dev:armhf libkcapi-dev:armhf
CRYPTOMETER_ARMHF_OPENSSL="$(armhf_openssl_tree)"
export CRYPTOMETER_ARMHF_OPENSSL
export PKG_CONFIG_LIBDIR="$CRYPTOMETER_ARMHF_OPENSSL/usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig"
QEMU_USER="$(qemu_user_arm)"
[ -n "$QEMU_USER" ] || die "no qemu-arm user-mode emulator after installing qemu-user-static"
