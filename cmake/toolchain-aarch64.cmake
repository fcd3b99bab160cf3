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

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CROSS_PREFIX "aarch64-linux-gnu-" CACHE STRING "prefix of the cross tools")
set(CMAKE_C_COMPILER "${CROSS_PREFIX}gcc")
find_program(_cm_cross_cxx "${CROSS_PREFIX}g++")
if(_cm_cross_cxx)
  set(CMAKE_CXX_COMPILER "${_cm_cross_cxx}")
endif()
set(CMAKE_ASM_COMPILER "${CROSS_PREFIX}gcc")

# Debian multiarch: find_library/find_path look in <prefix>/lib/aarch64-linux-gnu and
# <prefix>/include/aarch64-linux-gnu first.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# openssl/configuration.h of libssl-dev:arm64 lives in /usr/include/aarch64-linux-gnu,
# which the Debian cross gcc does not search by itself.
if(EXISTS /usr/include/aarch64-linux-gnu)
  set(CMAKE_C_FLAGS_INIT "-isystem /usr/include/aarch64-linux-gnu")
  set(CMAKE_CXX_FLAGS_INIT "-isystem /usr/include/aarch64-linux-gnu")
endif()

# Search target files only in the cross libc and the multiarch tree, programs on the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config: arm64 .pc files only (never the host's).
if(NOT DEFINED ENV{PKG_CONFIG_LIBDIR})
  set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
endif()
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# Run target binaries (tests, try_run) with qemu's user-mode emulator when present.
find_program(_cm_qemu_aarch64 NAMES qemu-aarch64 qemu-aarch64-static)
# -L (where the arm64 loader and libc are) only when multiarch libc6:arm64 is
# absent: static binaries do not need it, and with it (qemu 7.2 here) the
# children that tests/unit/test_isolate forks time out instead of answering.
if(_cm_qemu_aarch64)
  if(EXISTS /lib/ld-linux-aarch64.so.1)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${_cm_qemu_aarch64}")
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR "${_cm_qemu_aarch64};-L;/usr/aarch64-linux-gnu")
  endif()
endif()
