# cmake/Runtimes.cmake — language runtimes as backends (docs/runtimes.md).
#
# Each runtime is a server program under runtimes/<name>/, built with the
# runtime's own tools and its lock file (Go: go.mod + go.sum), its caches
# outside the clone (CRYPTOMETER_DEPS_CACHE, default
# ~/.cache/cryptometer-deps/<name>), copied beside cryptometer as
# cryptometer-<name>; src/runtimes/runtimes.c makes it the backend <name>.
# A toolchain that is missing or too old leaves the runtime listed as not
# built, with why and the package to install. A server that fails to build
# (no network for its first module download) is not fatal either: the
# backend is then unavailable, its server absent.

set(CM_KNOWN_RUNTIMES go python node java rust)
set(CRYPTOMETER_RUNTIMES "all" CACHE STRING
    "language runtimes to build servers for: all, none, or a ;-separated list of ${CM_KNOWN_RUNTIMES}")
set(CRYPTOMETER_RUNTIMES_EXCLUDE "" CACHE STRING
    "language runtimes not to build even under CRYPTOMETER_RUNTIMES=all (;-separated)")
if(DEFINED ENV{CRYPTOMETER_DEPS_CACHE})
  set(cm_deps_default "$ENV{CRYPTOMETER_DEPS_CACHE}")
else()
  set(cm_deps_default "$ENV{HOME}/.cache/cryptometer-deps")
endif()
set(CRYPTOMETER_DEPS_CACHE "${cm_deps_default}" CACHE PATH
    "where runtime builds keep their caches (outside the clone)")
set(CM_GO_MIN_VERSION 1.24) # crypto/sha3 and crypto/mlkem

# The rows of runtimes/<name>/rows.json as "algorithm:variant,..." into out
# (the backend's rows, each unavailable with why, when its server cannot
# be asked; the server reads the same file).
function(cm_runtime_rows name out)
  file(READ ${CMAKE_SOURCE_DIR}/runtimes/${name}/rows.json json)
  string(JSON n LENGTH "${json}")
  math(EXPR last "${n} - 1")
  set(list "")
  foreach(i RANGE ${last})
    string(JSON a GET "${json}" ${i} algorithm)
    string(JSON v GET "${json}" ${i} variant)
    list(APPEND list "${a}:${v}")
  endforeach()
  string(JOIN "," text ${list})
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The server's hello, asked once at build time into <server>.hello beside
# it (cryptometer reads it instead of starting the server in every command;
# runtime_rows.c), after target's server file is made.
function(cm_runtime_hello name server_deps)
  set(server ${CMAKE_BINARY_DIR}/cryptometer-${name})
  add_custom_command(OUTPUT ${server}.hello
    COMMAND sh -c "[ -x '${server}' ] && echo '{\"op\":\"hello\"}' | '${server}' > '${server}.hello' || rm -f '${server}.hello'"
    DEPENDS ${server_deps} ${CMAKE_SOURCE_DIR}/runtimes/${name}/rows.json
    COMMENT "Asking the ${name} runtime's server for its hello" VERBATIM)
  add_custom_target(runtime_${name}_hello ALL DEPENDS ${server}.hello)
  set_property(GLOBAL APPEND PROPERTY CM_RUNTIME_TARGETS runtime_${name}_hello)
  install(FILES ${server}.hello DESTINATION libexec/cryptometer OPTIONAL)
endfunction()

# A runtime whose server is built into out at build time (Go, Java): its
# target, its hello asked after it, its install, its backend, and its rows
# into rows_var.
function(cm_runtime_built name out rows_var)
  add_custom_target(runtime_${name} ALL DEPENDS ${out})
  set_property(GLOBAL APPEND PROPERTY CM_RUNTIME_TARGETS runtime_${name})
  cm_runtime_hello(${name} ${out})
  add_dependencies(runtime_${name}_hello runtime_${name}) # one build of the server, not one per target
  install(PROGRAMS ${out} DESTINATION libexec/cryptometer OPTIONAL)
  set_property(GLOBAL APPEND PROPERTY CM_GENERATIONS_FOUND ${name})
  cm_runtime_rows(${name} rows)
  set(${rows_var} "${rows}" PARENT_SCOPE)
endfunction()

# Go: the `go` on PATH, else /usr/local/go/bin/go, at least CM_GO_MIN_VERSION.
function(cm_runtime_go inc_var)
  find_program(CM_GO go HINTS /usr/local/go/bin /usr/lib/go/bin)
  set(pkg "golang-go (Debian 13 or bookworm-backports: 1.24 or later), golang (Fedora), go (Alpine, Homebrew), or https://go.dev/dl/ into /usr/local/go")
  if(NOT CM_GO)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING "go|the go toolchain was not found|${pkg}")
    return()
  endif()
  execute_process(COMMAND ${CM_GO} env GOVERSION OUTPUT_VARIABLE v OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX MATCH "[0-9]+\\.[0-9]+(\\.[0-9]+)?" v "${v}")
  if(NOT v OR v VERSION_LESS CM_GO_MIN_VERSION)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
      "go|${CM_GO} is Go ${v}, older than ${CM_GO_MIN_VERSION} (crypto/sha3, crypto/mlkem)|${pkg}")
    return()
  endif()
  set(src ${CMAKE_SOURCE_DIR}/runtimes/go)
  set(out ${CMAKE_BINARY_DIR}/cryptometer-go)
  set(cache ${CRYPTOMETER_DEPS_CACHE}/go)
  file(GLOB go_sources ${src}/*.go)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E env GOCACHE=${cache}/build GOMODCACHE=${cache}/mod
            GOFLAGS=-mod=readonly GOTOOLCHAIN=local
            sh -c "cd '${src}' && '${CM_GO}' build -trimpath -o '${out}' . || { rm -f '${out}'; echo 'cryptometer: the go server did not build: backend go unavailable'; }"
    DEPENDS ${go_sources} ${src}/go.mod ${src}/go.sum ${src}/rows.json
    COMMENT "Building the Go runtime's server with ${CM_GO} (Go ${v})" VERBATIM)
  cm_runtime_built(go ${out} rows)
  set(${inc_var} "${${inc_var}}CM_RUNTIME(go, \"go\", \"cryptometer-go\", \"Go ${v}'s crypto packages (and golang.org/x/crypto), in the runtime's own server\", \"${rows}\")\n" PARENT_SCOPE)
  message(STATUS "cryptometer backend go: yes (Go ${v}, ${CM_GO}; caches in ${cache})")
endfunction()

# Python: python3 (>= 3.8) with venv; the virtual environment of
# runtimes/python/requirements.txt under the cache (build.sh).
function(cm_runtime_python inc_var)
  find_program(CM_PYTHON3 python3)
  set(pkg "python3 and python3-venv (Debian), python3 (Fedora, Alpine, Homebrew)")
  if(CM_PYTHON3)
    execute_process(COMMAND ${CM_PYTHON3} -c "import venv, sys; print('%d.%d' % sys.version_info[:2])"
                    OUTPUT_VARIABLE v RESULT_VARIABLE bad OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(NOT CM_PYTHON3 OR bad OR v VERSION_LESS 3.8)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
      "python|no python3 of at least 3.8 with its venv module was found|${pkg}")
    return()
  endif()
  set(src ${CMAKE_SOURCE_DIR}/runtimes/python)
  set(out ${CMAKE_BINARY_DIR}/cryptometer-python)
  file(MAKE_DIRECTORY ${CRYPTOMETER_DEPS_CACHE}/python)
  add_custom_command(OUTPUT ${out}
    COMMAND sh ${src}/build.sh ${out} ${CRYPTOMETER_DEPS_CACHE}/python ${CM_PYTHON3}
    DEPENDS ${src}/build.sh ${src}/requirements.txt
    COMMENT "Making the Python runtime's server (Python ${v}, pinned wheels from PyPI)" VERBATIM)
  add_custom_target(runtime_python ALL DEPENDS ${out})
  set_property(GLOBAL APPEND PROPERTY CM_GENERATIONS_FOUND python)
  set_property(GLOBAL APPEND PROPERTY CM_RUNTIME_TARGETS runtime_python)
  cm_runtime_hello(python "${out};${src}/server.py;${src}/algs.py;${src}/pubkey.py")
  cm_runtime_rows(python rows)
  set(${inc_var} "${${inc_var}}CM_RUNTIME(python, \"python\", \"cryptometer-python\", \"Python ${v}: hashlib, hmac and pyca cryptography, in the runtime's own server\", \"${rows}\")\n" PARENT_SCOPE)
  message(STATUS "cryptometer backend python: yes (Python ${v}, ${CM_PYTHON3})")
endfunction()

# Node.js: node >= 18, server.js run by a wrapper; node:crypto only, so no
# package is fetched (package-lock.json locks the empty set).
function(cm_runtime_node inc_var)
  find_program(CM_NODE node)
  set(pkg "nodejs (Debian, Fedora, Alpine), node (Homebrew)")
  if(CM_NODE)
    execute_process(COMMAND ${CM_NODE} -p "process.versions.node" OUTPUT_VARIABLE v
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(NOT CM_NODE OR NOT v OR v VERSION_LESS 18)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
      "node|no node of at least 18 was found (${v})|${pkg}")
    return()
  endif()
  set(out ${CMAKE_BINARY_DIR}/cryptometer-node)
  file(CONFIGURE OUTPUT ${out} CONTENT
    "#!/bin/sh\n# the Node.js runtime server of cryptometer (cmake/Runtimes.cmake)\nexec '${CM_NODE}' '${CMAKE_SOURCE_DIR}/runtimes/node/server.js' \"$@\"\n")
  file(CHMOD ${out} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
       WORLD_READ WORLD_EXECUTE)
  set_property(GLOBAL APPEND PROPERTY CM_GENERATIONS_FOUND node)
  set(src ${CMAKE_SOURCE_DIR}/runtimes/node)
  cm_runtime_hello(node "${out};${src}/server.js;${src}/algs.js;${src}/pubkey.js")
  cm_runtime_rows(node rows)
  set(${inc_var} "${${inc_var}}CM_RUNTIME(node, \"node\", \"cryptometer-node\", \"Node.js ${v}'s node:crypto (its bundled OpenSSL), in the runtime's own server\", \"${rows}\")\n" PARENT_SCOPE)
  message(STATUS "cryptometer backend node: yes (Node.js ${v}, ${CM_NODE})")
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/RuntimeJava.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/RuntimeRust.cmake)

# Main build: the runtimes asked for, into generated/runtimes.inc. A cross
# build (armhf, aarch64 from x86-64) builds none: each server is a program of
# the build machine (its interpreter, JVM or compiler), not of the target.
function(cm_add_runtimes)
  set(inc "/* generated by cmake/Runtimes.cmake: do not edit */\n")
  foreach(name ${CM_KNOWN_RUNTIMES})
    if(CMAKE_CROSSCOMPILING)
      set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
        "${name}|a cross build for ${CMAKE_SYSTEM_PROCESSOR}: the runtime's server would be built for the build machine|build natively (the README's two commands)")
    elseif((CRYPTOMETER_RUNTIMES STREQUAL "all" OR name IN_LIST CRYPTOMETER_RUNTIMES)
       AND NOT name IN_LIST CRYPTOMETER_RUNTIMES_EXCLUDE)
      cmake_language(CALL cm_runtime_${name} inc)
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/runtimes.inc CONTENT "${inc}")
endfunction()
