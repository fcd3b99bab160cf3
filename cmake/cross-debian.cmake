# cmake/cross-debian.cmake — the part of the Debian cross toolchain files
# (toolchain-aarch64.cmake, toolchain-armhf.cmake) that is the same for every target:
# the cross compilers (override their prefix with -DCROSS_PREFIX=...), the multiarch
# directories, where target files are searched, pkg-config reading only the target's .pc
# files, and qemu's user-mode emulator to run target binaries (tests, try_run). Included
# by them after they set CMAKE_SYSTEM_PROCESSOR and:
#   _cm_triplet   the Debian multiarch triplet (aarch64-linux-gnu, arm-linux-gnueabihf)
#   _cm_pc        the default PKG_CONFIG_LIBDIR (the environment's wins)
#   _cm_qemu      qemu's user-mode names (qemu-aarch64 qemu-aarch64-static)
#   _cm_loader    the target's dynamic loader as multiarch libc6 installs it

set(CMAKE_SYSTEM_NAME Linux)
set(CROSS_PREFIX "${_cm_triplet}-" CACHE STRING "prefix of the cross tools")
set(CMAKE_C_COMPILER "${CROSS_PREFIX}gcc")
find_program(_cm_cross_cxx "${CROSS_PREFIX}g++")
if(_cm_cross_cxx)
  set(CMAKE_CXX_COMPILER "${_cm_cross_cxx}")
endif()
set(CMAKE_ASM_COMPILER "${CROSS_PREFIX}gcc")
# Debian multiarch: find_library/find_path look in <prefix>/lib/<triplet> and
# <prefix>/include/<triplet> first.
set(CMAKE_LIBRARY_ARCHITECTURE ${_cm_triplet})

# Search target files only in the cross libc and the multiarch tree, programs on the host.
set(CMAKE_FIND_ROOT_PATH /usr/${_cm_triplet} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config: the target's .pc files only (never the host's).
if(NOT DEFINED ENV{PKG_CONFIG_LIBDIR})
  set(ENV{PKG_CONFIG_LIBDIR} "${_cm_pc}")
endif()
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# Run target binaries (tests, try_run) with qemu's user-mode emulator when present.
find_program(_cm_qemu_user NAMES ${_cm_qemu})
# -L (where the target's loader and libc are) only when multiarch libc6 of the target is
# absent: static binaries do not need it, and with it (qemu 7.2 here) the children that
# tests/unit/test_isolate forks time out instead of answering.
if(_cm_qemu_user)
  if(EXISTS ${_cm_loader})
    set(CMAKE_CROSSCOMPILING_EMULATOR "${_cm_qemu_user}")
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR "${_cm_qemu_user};-L;/usr/${_cm_triplet}")
  endif()
endif()
