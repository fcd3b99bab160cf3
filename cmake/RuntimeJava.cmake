# cmake/RuntimeJava.cmake — the Java runtime as a backend (docs/runtimes.md),
# included by cmake/Runtimes.cmake: javac (JDK >= 17) on PATH, else the
# default JDK's (/usr/lib/jvm/default-java); the server built at build time
# by runtimes/java/build.cmake, with Bouncy Castle's jar (bcprov.lock) and
# the compiled server cached under CRYPTOMETER_DEPS_CACHE/java.

set(CM_JAVA_MIN_VERSION 17) # Ed25519 (15), the LTS Debian 12 ships

function(cm_runtime_java inc_var)
  find_program(CM_JAVAC javac HINTS /usr/lib/jvm/default-java/bin)
  set(pkg "default-jdk-headless (Debian, Ubuntu), java-17-openjdk-devel (Fedora), openjdk17-jdk (Alpine), openjdk@17 (Homebrew)")
  if(CM_JAVAC)
    get_filename_component(javac ${CM_JAVAC} REALPATH)
    execute_process(COMMAND ${javac} -version OUTPUT_VARIABLE v ERROR_VARIABLE v
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_STRIP_TRAILING_WHITESPACE)
    string(REGEX MATCH "[0-9]+(\\.[0-9]+)*" v "${v}")
  endif()
  if(NOT CM_JAVAC)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING "java|no javac (a JDK) was found|${pkg}")
    return()
  endif()
  if(NOT v OR v VERSION_LESS CM_JAVA_MIN_VERSION)
    set_property(GLOBAL APPEND PROPERTY CM_BACKENDS_MISSING
      "java|${javac} is JDK ${v}, older than ${CM_JAVA_MIN_VERSION} (Ed25519, the LTS the server is built for)|${pkg}")
    return()
  endif()
  set(src ${CMAKE_SOURCE_DIR}/runtimes/java)
  set(out ${CMAKE_BINARY_DIR}/cryptometer-java)
  set(cache ${CRYPTOMETER_DEPS_CACHE}/java)
  file(GLOB java_sources ${src}/*.java)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DCACHE=${cache} -DJAVAC=${javac} -P ${src}/build.cmake
    DEPENDS ${java_sources} ${src}/rows.json ${src}/bcprov.lock ${src}/build.cmake
    COMMENT "Building the Java runtime's server with ${javac} (JDK ${v}, Bouncy Castle from Maven Central)" VERBATIM)
  cm_runtime_built(java ${out} rows)
  install(FILES ${out}.jar DESTINATION libexec/cryptometer OPTIONAL)
  set(${inc_var} "${${inc_var}}CM_RUNTIME(java, \"java\", \"cryptometer-java\", \"Java ${v}: the JCA with the JDK's providers (SunJCE, SunEC, SUN) and Bouncy Castle's, in the runtime's own server\", \"${rows}\")\n" PARENT_SCOPE)
  message(STATUS "cryptometer backend java: yes (JDK ${v}, ${javac}; caches in ${cache})")
endfunction()
