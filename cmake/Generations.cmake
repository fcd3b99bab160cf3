# cmake/Generations.cmake — OpenSSL generations as backends of their own
# (docs/generations.md).
#
# Main build: CRYPTOMETER_OPENSSL_PREFIXES is a list of OpenSSL installation
# prefixes (DIR/include/openssl/opensslv.h and a libcrypto under DIR/lib*).
# Each becomes a sub-build of this same source tree with the openssl backend
# linked against that libcrypto and, as its cross-check peers, the backends
# that do not link libcrypto (ref, libsodium, Nettle, GMP), copied beside cryptometer
# as the helper executable cryptometer-openssl-<version>, and the backend
# openssl-<version> (src/registry/generations.c, core/helper.h). The generations
# the project knows (1.1.1, 3.5) that no prefix gives are listed missing
# with how to get them.
#
# Sub-build: CRYPTOMETER_GENERATION_PREFIX and CRYPTOMETER_GENERATION_NAME;
# src/backends/openssl/CMakeLists.txt then takes libcrypto from the prefix
# (cm_generation_libcrypto below) and names its backend after the generation.

set(CRYPTOMETER_OPENSSL_PREFIXES "" CACHE STRING
    "OpenSSL installation prefixes (;-separated), each built into a helper cryptometer-openssl-<version>")
set(CRYPTOMETER_GENERATION_PREFIX "" CACHE STRING "set by the main build in a generation's sub-build")
set(CRYPTOMETER_GENERATION_NAME "" CACHE STRING "set by the main build in a generation's sub-build")
mark_as_advanced(CRYPTOMETER_GENERATION_PREFIX CRYPTOMETER_GENERATION_NAME)
set(CM_KNOWN_GENERATIONS "1.1.1|Debian 11 (bullseye)" "3.5|Debian 13 (trixie)")

# The generation of the OpenSSL under prefix ("1.1.1", "3.5") into out.
function(cm_openssl_generation prefix out)
  set(h ${prefix}/include/openssl/opensslv.h)
  if(NOT EXISTS ${h})
    message(FATAL_ERROR "CRYPTOMETER_OPENSSL_PREFIXES: ${prefix} has no include/openssl/opensslv.h")
  endif()
  file(READ ${h} text)
  if(text MATCHES "define +OPENSSL_VERSION_MAJOR +([0-9]+)")
    set(major ${CMAKE_MATCH_1})
    string(REGEX MATCH "define +OPENSSL_VERSION_MINOR +([0-9]+)" _ "${text}")
    set(${out} "${major}.${CMAKE_MATCH_1}" PARENT_SCOPE)
  elseif(text MATCHES "OPENSSL_VERSION_TEXT +\"OpenSSL ([0-9]+\\.[0-9]+\\.[0-9]+)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "CRYPTOMETER_OPENSSL_PREFIXES: cannot read the version in ${h}")
  endif()
endfunction()

# Sub-build: the INTERFACE target cm_openssl_generation with the prefix's
# headers and libcrypto (the static archive where there is one, so that
# the helper carries its own; else the shared library, found through its
# run path); the global properties CM_OPENSSL_LINK (what was linked),
# CM_GENERATION_ENGINES and CM_GENERATION_MODULES (its module directories).
function(cm_generation_libcrypto prefix)
  set(incs ${prefix}/include)
  if(CMAKE_LIBRARY_ARCHITECTURE AND IS_DIRECTORY ${prefix}/include/${CMAKE_LIBRARY_ARCHITECTURE}/openssl)
    list(APPEND incs ${prefix}/include/${CMAKE_LIBRARY_ARCHITECTURE})
  endif()
  set(libdir "")
  foreach(d ${prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE} ${prefix}/lib64 ${prefix}/lib)
    if(NOT libdir AND (EXISTS ${d}/libcrypto.a OR EXISTS ${d}/libcrypto.so))
      set(libdir ${d})
    endif()
  endforeach()
  if(NOT libdir)
    message(FATAL_ERROR "OpenSSL prefix ${prefix}: no libcrypto.a or libcrypto.so under lib*")
  endif()
  add_library(cm_openssl_generation INTERFACE)
  target_include_directories(cm_openssl_generation INTERFACE ${incs})
  if(EXISTS ${libdir}/libcrypto.a)
    # what libcrypto.a itself needs after it (zlib, zstd, dl, pthread)
    set(private "")
    if(EXISTS ${libdir}/pkgconfig/libcrypto.pc)
      file(STRINGS ${libdir}/pkgconfig/libcrypto.pc line REGEX "^Libs.private:")
      string(REGEX REPLACE "^Libs.private: *" "" line "${line}")
      separate_arguments(private UNIX_COMMAND "${line}")
    endif()
    # A libcrypto.a built against glibc >= 2.38 calls strtol by its C23
    # name, which an older glibc lacks: the shim (glibc_c23.c), linked
    # after the archive, gives it.
    include(CheckFunctionExists)
    check_function_exists(__isoc23_strtol CM_HAVE_ISOC23_STRTOL)
    set(shim "")
    if(NOT CM_HAVE_ISOC23_STRTOL)
      add_library(cm_glibc_c23 STATIC ${CMAKE_SOURCE_DIR}/src/backends/openssl/generation/glibc_c23.c)
      set(shim cm_glibc_c23)
    endif()
    target_link_libraries(cm_openssl_generation INTERFACE ${libdir}/libcrypto.a ${private} ${shim})
    string(JOIN " " private_text ${private})
    set_property(GLOBAL PROPERTY CM_OPENSSL_LINK "static ${libdir}/libcrypto.a ${private_text}")
  else()
    target_link_libraries(cm_openssl_generation INTERFACE ${libdir}/libcrypto.so)
    set_property(GLOBAL PROPERTY CM_OPENSSL_LINK "shared ${libdir}/libcrypto.so")
  endif()
  # the engines and providers of that OpenSSL, never the system's: a
  # module built for another libcrypto must not load into this one
  file(GLOB engines LIST_DIRECTORIES true ${libdir}/engines-*)
  list(APPEND engines ${libdir}/engines-none)
  list(GET engines 0 engines)
  set_property(GLOBAL PROPERTY CM_GENERATION_ENGINES ${engines})
  set_property(GLOBAL PROPERTY CM_GENERATION_MODULES ${libdir}/ossl-modules)
endfunction()

# Main build: one sub-build per prefix (their targets in the global
# property CM_GENERATION_TARGETS, for cryptometer to depend on); the lines
# of generated/generations.inc, the backends into the registry, the known
# generations not given as missing.
function(cm_add_generations)
  include(ExternalProject)
  set(inc "/* generated by cmake/Generations.cmake: do not edit */\n")
  set(given "")
  foreach(prefix ${CRYPTOMETER_OPENSSL_PREFIXES})
    get_filename_component(prefix ${prefix} ABSOLUTE)
    cm_openssl_generation(${prefix} gen)
    if(gen IN_LIST given)
      message(FATAL_ERROR "CRYPTOMETER_OPENSSL_PREFIXES: two prefixes of OpenSSL ${gen}")
    endif()
    list(APPEND given ${gen})
    set(name openssl-${gen})
    string(MAKE_C_IDENTIFIER ${name} sym)
    set(helper cryptometer-${name})
    ExternalProject_Add(generation_${sym}
      SOURCE_DIR ${CMAKE_SOURCE_DIR}
      BINARY_DIR ${CMAKE_BINARY_DIR}/generations/${name}
      PREFIX ${CMAKE_BINARY_DIR}/generations/${name}-stamps
      CMAKE_ARGS
        -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
        -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
        "-DCMAKE_C_FLAGS=${CMAKE_C_FLAGS}"
        -DCRYPTOMETER_WERROR=${CRYPTOMETER_WERROR}
        -DCRYPTOMETER_BACKEND_DEFAULT=OFF
        -DCRYPTOMETER_OPENSSL=ON
        # the cross-check peers: libraries that do not link libcrypto
        -DCRYPTOMETER_REF=AUTO
        -DCRYPTOMETER_LIBSODIUM=AUTO
        -DCRYPTOMETER_NETTLE=AUTO
        -DCRYPTOMETER_GMP=AUTO
        -DCRYPTOMETER_GENERATION_PREFIX=${prefix}
        -DCRYPTOMETER_GENERATION_NAME=${name}
      INSTALL_COMMAND ${CMAKE_COMMAND} -E copy <BINARY_DIR>/cryptometer ${CMAKE_BINARY_DIR}/${helper}
      BUILD_ALWAYS ON)
    set_property(GLOBAL APPEND PROPERTY CM_GENERATION_TARGETS generation_${sym})
    install(PROGRAMS ${CMAKE_BINARY_DIR}/${helper} DESTINATION libexec/cryptometer)
    string(APPEND inc "CM_GENERATION(${sym}, \"${name}\", \"${helper}\", \"${prefix}\")\n")
    set_property(GLOBAL APPEND PROPERTY CM_GENERATIONS_FOUND ${name})
    message(STATUS "cryptometer backend ${name}: yes (helper ${helper}, from ${prefix})")
  endforeach()
  foreach(known ${CM_KNOWN_GENERATIONS})
    string(REPLACE "|" ";" parts "${known}")
    list(GET parts 0 gen)
    list(GET parts 1 where)
    if(NOT gen IN_LIST given)
      set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
        "openssl-${gen}|no OpenSSL ${gen} prefix was given to this build|OpenSSL ${gen}: ./bootstrap.sh fetches ${where}'s packages into ~/.cache/cryptometer-deps/openssl-${gen} (tools/fetch-openssl.sh ${gen} DIR), or -DCRYPTOMETER_OPENSSL_PREFIXES=DIR")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/generations.inc CONTENT "${inc}")
endfunction()
