#pragma once
// The joint inspector: the selected joint's values at the playhead as an animator reads them
// (local and model translation, rotation as a quaternion and as Euler angles in a chosen rotate
// order, scale, linear and angular speed), in metres and in the file's units, with Copy JSON
// (the fields of `animview curves`), above a skeleton tree where joints are selected.
// Immediate mode: it reads the values the app computed and edits the selection and the order.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/joint_motion.h"
#include "anim/skeleton.h"

namespace ui {

// Kept by the viewer between frames. The selection is joint indices, the last one inspected;
// it survives clip changes (the skeleton stays) and is trimmed when a character with fewer
// joints opens.
struct JointInspectorState {
  std::vector<int> selection;
  anim::EulerOrder order = anim::EulerOrder::XYZ;
  bool shown = false;  // the panel was drawn this frame (clicks in the viewport then select)
  // Where each joint of the character is on screen (window pixels; (0, 0): not drawn) while the
  // panel is shown, and where the panel's values start, for the state log's scripted clicks.
  std::vector<glm::vec2> joint_pixels;
  glm::vec2 values_center{0.0f};
};

// What the app computed for the inspected joint (the last selected) at the playhead.
struct JointInspectorValues {
  bool valid = false;
  anim::JointMotionFrame frame;  // metres; Euler angles in the state's order
  bool has_speeds = false;       // speeds need neighbouring frames: a previewed clip
  float metres_per_file_unit = 1.0f;
};

// Selects joint: alone, or added to the selection with add (Shift); adding a joint already
// selected removes it. A joint < 0 clears the selection unless add.
void select_joint(std::vector<int>& selection, int joint, bool add);

// Drops joints that are not in a skeleton of joint_count joints.
void trim_selection(std::vector<int>& selection, int joint_count);

// A selection across a load, by name: the names of the selected joints of skeleton, and the
// joints of another skeleton with those names, in order. The joints the new character also has
// stay selected (the Knight's hand.r is the Barbarian's); the others are dropped, where the old
// indices would select other joints.
std::vector<std::string> selected_joint_names(std::span<const int> selection,
                                              const anim::Skeleton& skeleton);
std::vector<int> joints_named(std::span<const std::string> names, const anim::Skeleton& skeleton);

// The Copy JSON text: {"joint", "euler_order", "metres_per_file_unit", "frame": {the fields of
// one of `animview curves`' frames}}.
std::string joint_values_json(const std::string& joint, anim::EulerOrder order,
                              const JointInspectorValues& values);

// Draws the panel for skeleton: the Euler order, the values (when valid), Copy JSON, the tree.
void draw_joint_inspector(const anim::Skeleton& skeleton, JointInspectorState& state,
                          const JointInspectorValues& values);

}  // namespace ui
