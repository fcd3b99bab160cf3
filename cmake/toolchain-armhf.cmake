# cmake/toolchain-armhf.cmake — cross-compile cryptometer for 32-bit ARM Linux (armhf:
# ARMv7-A, hard float) on a Debian host with gcc-arm-linux-gnueabihf and multiarch
# armhf -dev packages.
#
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-armhf.cmake \
#         -DCRYPTOMETER_STATIC=ON
#
# tests/vm/cross-build-armhf.sh does this after installing what it needs
# (gcc-arm-linux-gnueabihf, libjansson-dev:armhf, qemu-user-static) and unpacking
# libssl-dev:armhf under the cache (tests/vm/lib.sh, armhf_openssl_tree); it passes that
# tree in the environment as CRYPTOMETER_ARMHF_OPENSSL. Without it, libcrypto comes from
# the multiarch directories like every other library.
#
# The compiler's defaults are Debian armhf's (-march=armv7-a -mfpu=vfpv3-d16 -mthumb):
# the NEON and ARMv8 crypto files get their own flags (src/backends/ref/CMakeLists.txt).
# Binaries run on the build machine through qemu-arm user mode
# (CMAKE_CROSSCOMPILING_EMULATOR), so CTest can run the unit tests.

set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(_cm_triplet arm-linux-gnueabihf)
set(_cm_qemu qemu-arm qemu-arm-static)
set(_cm_loader /lib/ld-linux-armhf.so.3)

set(_cm_pc "/usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig")
set(_cm_inc "")
if(DEFINED ENV{CRYPTOMETER_ARMHF_OPENSSL})
  set(_cm_ossl "$ENV{CRYPTOMETER_ARMHF_OPENSSL}")
  set(_cm_pc "${_cm_ossl}/usr/lib/arm-linux-gnueabihf/pkgconfig:${_cm_pc}")
  set(_cm_inc "-isystem ${_cm_ossl}/usr/include/arm-linux-gnueabihf -isystem ${_cm_ossl}/usr/include")
  # a static link names its Libs.private bare (-lcrypto after libcrypto.a's users)
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-L${_cm_ossl}/usr/lib/arm-linux-gnueabihf")
endif()
if(EXISTS /usr/include/arm-linux-gnueabihf)
  set(_cm_inc "${_cm_inc} -isystem /usr/include/arm-linux-gnueabihf")
endif()
set(CMAKE_C_FLAGS_INIT "${_cm_inc}")
set(CMAKE_CXX_FLAGS_INIT "${_cm_inc}")

include(${CMAKE_CURRENT_LIST_DIR}/cross-debian.cmake)
