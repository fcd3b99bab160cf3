# cmake/RuntimeRust.cmake — the Rust runtime as a backend (docs/runtimes.md),
# included by cmake/Runtimes.cmake: cargo (>= CM_RUST_MIN_VERSION) on PATH,
# else ~/.cargo/bin's; the server runtimes/rust/ built by cargo from its
# Cargo.lock (--locked), crates fetched from crates.io into the cargo home
# and the build into the target directory, both under
# CRYPTOMETER_DEPS_CACHE/rust (outside the clone). One server, three
# variants of the backend rust: ring, aws-lc-rs and rustcrypto.

set(CM_RUST_MIN_VERSION 1.85) # Cargo.toml's rust-version: the newest its crates need

# The version of cargo at path into out ("" when it does not answer).
function(cm_cargo_version path out)
  execute_process(COMMAND ${path} --version OUTPUT_VARIABLE v ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX MATCH "[0-9]+\\.[0-9]+(\\.[0-9]+)?" v "${v}")
  set(${out} "${v}" PARENT_SCOPE)
endfunction()

function(cm_runtime_rust inc_var)
  find_program(CM_CARGO cargo HINTS $ENV{HOME}/.cargo/bin)
  set(pkg "cargo and rustc (Debian 13: 1.85; rustup.rs for older systems), cargo (Fedora, Alpine), rust (Homebrew)")
  if(NOT CM_CARGO)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING "rust|the cargo toolchain was not found|${pkg}")
    return()
  endif()
  cm_cargo_version(${CM_CARGO} v)
  set(rustup $ENV{HOME}/.cargo/bin/cargo) # a distribution's older cargo first on PATH: rustup's may do
  if((NOT v OR v VERSION_LESS CM_RUST_MIN_VERSION) AND EXISTS ${rustup})
    cm_cargo_version(${rustup} v2)
    if(v2 AND NOT v2 VERSION_LESS CM_RUST_MIN_VERSION)
      set(CM_CARGO ${rustup} CACHE FILEPATH "cargo" FORCE)
      set(v ${v2})
    endif()
  endif()
  if(NOT v OR v VERSION_LESS CM_RUST_MIN_VERSION)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
      "rust|${CM_CARGO} is cargo ${v}, older than ${CM_RUST_MIN_VERSION} (the crates of Cargo.lock need it)|${pkg}")
    return()
  endif()
  set(src ${CMAKE_SOURCE_DIR}/runtimes/rust)
  set(out ${CMAKE_BINARY_DIR}/cryptometer-rust)
  set(cache ${CRYPTOMETER_DEPS_CACHE}/rust)
  file(GLOB rust_sources ${src}/src/*.rs)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E env CARGO_HOME=${cache}/cargo CARGO_TARGET_DIR=${cache}/target
            sh -c "'${CM_CARGO}' build --quiet --release --locked --manifest-path '${src}/Cargo.toml' && cp '${cache}/target/release/cryptometer-rust' '${out}.part' && mv '${out}.part' '${out}' || { rm -f '${out}'; echo 'cryptometer: the rust server did not build: backend rust unavailable'; }"
    DEPENDS ${rust_sources} ${src}/Cargo.toml ${src}/Cargo.lock ${src}/build.rs ${src}/rows.json
    COMMENT "Building the Rust runtime's server with ${CM_CARGO} (cargo ${v}; ring, aws-lc-rs, RustCrypto from crates.io)" VERBATIM)
  cm_runtime_built(rust ${out} rows)
  set(${inc_var} "${${inc_var}}CM_RUNTIME(rust, \"rust\", \"cryptometer-rust\", \"Rust ${v}: ring, aws-lc-rs and the RustCrypto crates, in the runtime's own server\", \"${rows}\")\n" PARENT_SCOPE)
  message(STATUS "cryptometer backend rust: yes (cargo ${v}, ${CM_CARGO}; caches in ${cache})")
endfunction()
