# Layers.cmake — the build's side of src/layers.tsv (the one table of the C
# code's layers; tools/check_layers.py is the test's side).
#
# For every layer L, cm_layer_views() makes an include view,
# <build>/layers/L/, holding links to the folders and headers of L and of
# the layers L may use, and nothing else: a target compiled with only that
# view on its include path cannot include a header of a layer above it
# (the compiler says "No such file"). cm_layer_use(TARGET L) puts the view
# (and the generated headers) on a target's include path.

function(cm_layer_views)
  file(STRINGS ${CMAKE_SOURCE_DIR}/src/layers.tsv rows REGEX "^[a-z]")
  foreach(row ${rows})
    string(REPLACE "\t" ";" cols "${row}")
    list(GET cols 0 name)
    list(GET cols 1 paths)
    list(GET cols 2 uses)
    separate_arguments(paths)
    separate_arguments(uses)
    list(REMOVE_ITEM uses "-")
    set(_cm_layer_paths_${name} ${paths})
    set(view ${CMAKE_BINARY_DIR}/layers/${name})
    file(REMOVE_RECURSE ${view})
    file(MAKE_DIRECTORY ${view})
    foreach(used ${name} ${uses})
      foreach(p ${_cm_layer_paths_${used}})
        string(REGEX REPLACE "^(src|include)/" "" rel "${p}")
        get_filename_component(parent ${view}/${rel} DIRECTORY)
        file(MAKE_DIRECTORY ${parent})
        file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${p} ${view}/${rel} SYMBOLIC)
      endforeach()
    endforeach()
    list(APPEND names ${name})
  endforeach()
  set(CM_LAYERS ${names} PARENT_SCOPE)
endfunction()

function(cm_layer_use target layer)
  if(NOT EXISTS ${CMAKE_BINARY_DIR}/layers/${layer})
    message(FATAL_ERROR "no layer ${layer} in src/layers.tsv")
  endif()
  target_include_directories(${target} PRIVATE ${CMAKE_BINARY_DIR}/layers/${layer}
                             ${CMAKE_BINARY_DIR}/generated)
endfunction()
