#pragma once
// What SceneRenderer draws for one frame, as plain data: the character's instance (its poses,
// palettes, world transform and foot-IK debug), clip B's in a clip comparison, the crowd, the
// ground, the onion skin's ghosts, the joints' motion trails, the view (visual::SceneView, whole)
// and the camera. The frame loop fills it from its scene and view settings, so the renderer knows
// neither.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/character_instance.h"
#include "anim/crowd.h"
#include "anim/terrain.h"
#include "render/motion_trail.h"
#include "render/skinned_mesh_renderer.h"
#include "render/surface_material.h"
#include "visual/view_settings.h"

namespace render {

struct FrameView {
  // The character, or null when none is loaded (the ground is drawn alone). Its world
  // transform places the mesh, skeleton and ground; its palettes skin the mesh.
  const anim::CharacterInstance* instance = nullptr;
  std::span<const int> parents;  // the skeleton's, for the skeleton lines
  // Clip B in CompareMode::Clips, or null where it cannot be played (the right half then shows
  // the ground only).
  const anim::CharacterInstance* clip_b = nullptr;
  // Drawn instead of the instance when not null (the caller passes it when it has more than
  // one character).
  const anim::Crowd* crowd = nullptr;
  const anim::Terrain* terrain = nullptr;  // the ground; null: flat
  bool root_motion_applied = false;        // the root trail follows a moving character
  bool foot_ik = false;                    // the foot-IK debug has something to show
  // The onion skin's ghosts: model-space poses and their time offsets from the playhead (s),
  // faded over onion_reach_s (the farthest ghost's offset). Empty: no onion skin.
  std::span<const std::vector<glm::mat4>> onion_poses;
  std::span<const float> onion_offsets_s;
  float onion_reach_s = 1.0f;
  // The selected joints' motion trails, in world space. Empty: none.
  std::span<const MotionTrail> joint_trails;

  // What the user chose to see (the grid, mesh, skeleton, ground...), how the mesh is skinned,
  // coloured and shaded, and whether the view is split (its compare mode).
  visual::SceneView view;

  glm::mat4 view_projection{1.0f};  // the camera
};

}  // namespace render
