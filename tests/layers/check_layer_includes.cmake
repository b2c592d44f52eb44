# The layer map of DESIGN.md, enforced: a file in src/<layer> includes only headers of the layers
# it may depend on (dependencies point down). Run by CTest as layers.includes:
#   cmake -DSOURCE_DIR=<repo> -P tests/layers/check_layer_includes.cmake
# Fails listing each include that points up or sideways, with its file and line.

cmake_minimum_required(VERSION 3.25)

# Each layer and the folders of src/ its files may include (its own first).
set(allowed_anim anim)
set(allowed_visual visual anim)
set(allowed_import import visual anim)
set(allowed_demo demo import visual anim)
set(allowed_project project demo import visual anim)
set(allowed_render render visual anim)
set(allowed_ui ui render project import visual anim)
set(allowed_app app ui render project demo import visual anim)
set(layers anim visual import demo project render ui app)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<the repository root>")
endif()

set(violations "")
foreach(layer IN LISTS layers)
  file(GLOB_RECURSE files "${SOURCE_DIR}/src/${layer}/*.h" "${SOURCE_DIR}/src/${layer}/*.cpp")
  if(NOT files)
    message(FATAL_ERROR "src/${layer} has no sources: is SOURCE_DIR the repository root?")
  endif()
  foreach(file IN LISTS files)
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    file(RELATIVE_PATH relative "${SOURCE_DIR}" "${file}")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^/\"]+)/.*$" "\\1" folder "${line}")
      # Includes without a folder (third-party headers, "imgui.h") are not ours.
      if(folder STREQUAL line OR NOT folder IN_LIST layers)
        continue()
      endif()
      if(NOT folder IN_LIST allowed_${layer})
        string(STRIP "${line}" line)
        list(JOIN allowed_${layer} ", " allowed)
        list(APPEND violations "${relative}: ${line} (src/${layer} may include only ${allowed})")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "includes against the layer map (DESIGN.md):\n  ${text}")
endif()
message(STATUS "layer map: every include in src/ points down")
