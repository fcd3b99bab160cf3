# cmake/toolchain-aarch64.cmake — cross-compile cryptometer for aarch64 Linux on a Debian
# (or Ubuntu) host with gcc-aarch64-linux-gnu and multiarch arm64 -dev packages.
#
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
#         -DCRYPTOMETER_STATIC=ON
#
# tests/vm/cross-build-aarch64.sh does this after installing what it needs
# (gcc-aarch64-linux-gnu, libjansson-dev:arm64, libssl-dev:arm64, ...).
#
# Libraries come from Debian's multiarch directories (/usr/lib/aarch64-linux-gnu,
# /usr/include/aarch64-linux-gnu), libc from the cross toolchain (/usr/aarch64-linux-gnu);
# pkg-config reads only the arm64 .pc files. Binaries run on the build machine through
# qemu-aarch64 user mode (CMAKE_CROSSCOMPILING_EMULATOR), so CTest can run the unit tests.
#
# Override the compiler prefix with -DCROSS_PREFIX=aarch64-unknown-linux-gnu- and the
# pkg-config directory with the PKG_CONFIG_LIBDIR environment variable.

set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(_cm_triplet aarch64-linux-gnu)
set(_cm_pc "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(_cm_qemu qemu-aarch64 qemu-aarch64-static)
set(_cm_loader /lib/ld-linux-aarch64.so.1)
include(${CMAKE_CURRENT_LIST_DIR}/cross-debian.cmake)

# openssl/configuration.h of libssl-dev:arm64 lives in /usr/include/aarch64-linux-gnu,
# which the Debian cross gcc does not search by itself.
if(EXISTS /usr/include/aarch64-linux-gnu)
  set(CMAKE_C_FLAGS_INIT "-isystem /usr/include/aarch64-linux-gnu")
  set(CMAKE_CXX_FLAGS_INIT "-isystem /usr/include/aarch64-linux-gnu")
endif()
