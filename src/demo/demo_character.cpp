#include "demo/demo_character.h"

#include "demo/demo_gait.h"
#include "demo/demo_gestures.h"
#include "demo/demo_mesh.h"
#include "demo/demo_skeleton.h"

namespace demo {

importer::Character make_demo_character() {
  importer::Character character;
  character.source_path = kDemoSourcePath;
  character.skeleton = make_demo_skeleton();
  character.meshes.push_back(make_demo_mesh(character.skeleton));
  character.materials.push_back(
      visual::Material{.name = "mannequin", .base_color = {0.72f, 0.72f, 0.74f, 1.0f}});
  for (const GaitSpec& spec : demo_gait_specs()) {
    character.clips.push_back(make_gait_clip(character.skeleton, spec));
  }
  character.clips.push_back(make_wave_clip(character.skeleton));
  character.clips.push_back(make_lean_clip(character.skeleton, true));
  character.clips.push_back(make_lean_clip(character.skeleton, false));
  character.clips.push_back(make_wrist_turn_clip(character.skeleton));
  return character;
}  // namespace demo

}  // namespace demo
