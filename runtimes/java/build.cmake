# build.cmake — the Java runtime's server (docs/runtimes.md), run at build
# time as `cmake -DOUT=... -DCACHE=... -DJAVAC=... [-DREPOSITORY=URL] -P build.cmake`
# (REPOSITORY: a Maven mirror instead of bcprov.lock's Maven Central):
#  1. Bouncy Castle's jar (bcprov.lock) in a Maven repository layout under
#     CACHE/m2 (outside the clone), fetched from Maven Central when absent,
#     its SHA-256 checked on every build: a jar that does not match is
#     removed and fetched again; one that cannot be fetched leaves the
#     bouncycastle rows unavailable with the reason (the server says why);
#  2. the server's jar, compiled by javac (--release 17) with rows.json
#     inside, cached under CACHE keyed by the hash of the sources and the
#     javac version, so each build directory and fresh clone reuses it;
#  3. OUT, a wrapper that runs it with the JDK's java, beside its jar.
# A failure removes OUT and prints why: the backend is then unavailable,
# the build goes on.
get_filename_component(here ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
get_filename_component(bin ${JAVAC} DIRECTORY)
file(STRINGS ${here}/bcprov.lock lock REGEX "^[a-z0-9]+=")
foreach(line ${lock})
  string(REGEX MATCH "^([a-z0-9]+)=(.*)$" _ "${line}")
  set(lock_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
endforeach()
if(REPOSITORY)
  set(lock_repository ${REPOSITORY})
endif()
string(REPLACE "." "/" group_path "${lock_group}")
set(name ${lock_artifact}-${lock_version}.jar)
set(bc ${CACHE}/m2/${group_path}/${lock_artifact}/${lock_version}/${name})
string(RANDOM LENGTH 8 part) # temporary names of this build only: renames are atomic

if(EXISTS ${bc})
  file(SHA256 ${bc} got)
  if(NOT got STREQUAL lock_sha256)
    message(STATUS "cryptometer: ${bc} has SHA-256 ${got}, not the ${lock_sha256} of bcprov.lock: fetched again")
    file(REMOVE ${bc})
  endif()
endif()
if(NOT EXISTS ${bc})
  set(url ${lock_repository}/${group_path}/${lock_artifact}/${lock_version}/${name})
  file(DOWNLOAD ${url} ${bc}.${part} STATUS status TIMEOUT 300)
  list(GET status 0 code)
  if(code EQUAL 0)
    file(SHA256 ${bc}.${part} got)
    if(NOT got STREQUAL lock_sha256)
      set(code 1)
      set(status "its SHA-256 is ${got}, not the ${lock_sha256} of bcprov.lock")
    endif()
  endif()
  if(code EQUAL 0)
    file(RENAME ${bc}.${part} ${bc})
  else()
    file(REMOVE ${bc}.${part})
    message(STATUS "cryptometer: ${url} was not fetched (${status}): java:bouncycastle unavailable")
  endif()
endif()

file(GLOB sources ${here}/*.java)
list(SORT sources)
execute_process(COMMAND ${JAVAC} -version OUTPUT_VARIABLE javac_version ERROR_VARIABLE javac_version)
set(all "${javac_version}")
foreach(f ${sources} ${here}/rows.json)
  file(SHA256 ${f} h)
  string(APPEND all "${f} ${h}\n")
endforeach()
string(SHA256 key "${all}")
string(SUBSTRING ${key} 0 16 key)
set(jar ${CACHE}/server-${key}.jar)
if(NOT EXISTS ${jar})
  set(tmp ${CACHE}/server-${key}.${part})
  file(REMOVE_RECURSE ${tmp})
  file(MAKE_DIRECTORY ${tmp}/classes)
  file(COPY ${here}/rows.json DESTINATION ${tmp}/classes)
  execute_process(COMMAND ${JAVAC} --release 17 -Xlint:all -Werror -d ${tmp}/classes ${sources}
                  RESULT_VARIABLE bad OUTPUT_VARIABLE log ERROR_VARIABLE log)
  if(NOT bad)
    execute_process(COMMAND ${bin}/jar --create --file ${tmp}/server.jar -C ${tmp}/classes .
                    RESULT_VARIABLE bad OUTPUT_VARIABLE log ERROR_VARIABLE log)
  endif()
  if(bad)
    file(REMOVE ${OUT})
    message(STATUS "cryptometer: the java server did not build (${log}): backend java unavailable")
    return()
  endif()
  file(RENAME ${tmp}/server.jar ${jar})
  file(REMOVE_RECURSE ${tmp})
endif()
file(COPY_FILE ${jar} ${OUT}.jar.${part})
file(RENAME ${OUT}.jar.${part} ${OUT}.jar)
set(cp "\$here/cryptometer-java.jar")
if(EXISTS ${bc})
  string(APPEND cp ":${bc}")
endif()
# -XX:+UnlockDiagnosticVMOptions only lets the hello read the intrinsics flags (UseAESIntrinsics, ...);
# -Xbatch compiles a hot method before going on (the warm-up's criterion: Bench.java)
file(WRITE ${OUT} "#!/bin/sh\n# the Java runtime server of cryptometer (runtimes/java/build.cmake)\n"
     "here=\$(dirname \"\$0\")\nexec '${bin}/java' -XX:+UnlockDiagnosticVMOptions -Xbatch -cp \"${cp}\" Server \"\$@\"\n")
file(CHMOD ${OUT} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
