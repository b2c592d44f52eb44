#pragma once
// The rig panel: what the rig finder found (kind, pelvis, spine, head, each limb's joints), or
// why nothing was found; the user corrects a joint by pressing its button and then clicking the
// joint in the viewport (or choosing it from the list), flips a limb's side, and edits the
// left/right table. Immediate mode: it edits the project's corrections and says what changed.

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "anim/mirror.h"
#include "anim/rig.h"
#include "anim/skeleton.h"
#include "project/project_file.h"

namespace ui {

// Which joint slot waits for a click in the viewport: limb (index into the rig's limbs, or -1 for
// the pelvis) and slot (index into the limb's joints). Kept by the caller between frames.
struct RigPanelState {
  bool picking = false;
  int limb = -1;
  int slot = 0;
  int pair_a = -1;  // the left/right table's new pair, being chosen
  int pair_b = -1;
};

// What the viewer keeps for the panel: the rig as the project uses it and the left/right table
// (refreshed when a character opens or the corrections change), why no rig was found, the joint
// clicked in the viewport this frame, and whether the panel was drawn (then the rig is drawn
// over the skeleton).
struct RigPanelModel {
  anim::Rig rig;
  std::string reason;
  anim::MirrorTable table;
  RigPanelState state;
  int clicked_joint = -1;
  bool shown = false;
};

struct RigPanelChange {
  bool corrections_changed = false;  // store them and rebind the player
};

// Draws the panel for rig (as the project uses it: found, then corrected), reason (why no rig
// was found or a correction was not applied; empty when none) and table (the left/right table).
// clicked_joint is the joint the user clicked in the viewport this frame (-1: none); it fills
// the slot that waits for it. Edits go into corrections (the whole rig is stored there on the
// first edit, so the correction is complete).
// clips are the project's clip names, each with a "mirrored" checkbox.
RigPanelChange draw_rig_panel(const anim::Skeleton& skeleton, const anim::Rig& rig,
                              const std::string& reason, const anim::MirrorTable& table,
                              project::ProjectRig& corrections, RigPanelState& state,
                              int clicked_joint, std::span<const std::string> clips = {});

// Draws the rig over the viewport with ImGui's foreground list: each limb's chain (legs green,
// arms blue, the left side brighter) with a dot per joint, and the pelvis. model is the pose in
// model space, placed by world_from_model; viewport is (x, y, width, height) in window pixels
// from the top left.
void draw_rig_overlay(const anim::Rig& rig, std::span<const glm::mat4> model,
                      const glm::mat4& world_from_model, const glm::mat4& view_projection,
                      const glm::vec4& viewport);

// Whether a click in the viewport picks a joint: while the skeleton is drawn, and while a slot of
// the shown panel waits for one, whatever the skeleton setting (the joints are then drawn by
// draw_joint_markers, so there is something to click).
bool joints_pickable(bool skeleton_shown, const RigPanelModel& panel);

// Draws every joint of model (or, without every_joint, only the selected ones) as a small
// marker with ImGui's foreground list (hovered_joint larger and highlighted, -1: none; selected
// joints orange and ringed), placed as draw_rig_overlay places the rig: the joints a click can
// pick while the skeleton is hidden, and the joint inspector's selection.
void draw_joint_markers(std::span<const glm::mat4> model, const glm::mat4& world_from_model,
                        const glm::mat4& view_projection, const glm::vec4& viewport,
                        int hovered_joint, std::span<const int> selected = {},
                        bool every_joint = true);

// Where joint of model lands in viewport (window pixels, placed as draw_joint_markers places
// it), or false when it is not a joint or lies behind the camera.
bool joint_pixel(std::span<const glm::mat4> model, const glm::mat4& world_from_model,
                 const glm::mat4& view_projection, const glm::vec4& viewport, int joint,
                 glm::vec2& out);

// Applies a joint chosen for a slot to the corrections (storing rig in them first when they hold
// no limbs yet): limb -1 sets the pelvis. Returns false (changing nothing) when the slot does not
// exist. Shared by the panel and the tests.
bool set_rig_joint(const anim::Skeleton& skeleton, const anim::Rig& rig,
                   project::ProjectRig& corrections, int limb, int slot, int joint);

}  // namespace ui
