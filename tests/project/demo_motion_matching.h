#pragma once
// The built-in demo character and its motion-matching database, built once for the suite (the
// build takes a while; the tests only read them).
#include "demo/demo_character.h"
#include "import/character.h"
#include "project/motion_matching_build.h"

namespace test {

inline const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

inline const project::MotionMatchingBuild& demo_build() {
  static const project::MotionMatchingBuild build = project::build_motion_matching(demo());
  return build;
}

}  // namespace test
