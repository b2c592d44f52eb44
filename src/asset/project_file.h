#pragma once
// Project files: everything a user sets up around a character, saved as JSON so a session can be
// reopened: the character and extra clip files, the clips the project uses, parameters, blend
// spaces, the state machine, layers and view settings.
//
// Clips, blend spaces, states and parameters are referred to by name in the file and by index in
// memory (Project::clips, Project::blend_spaces, ...), so the anim types load unchanged. Paths are
// stored as written; relative paths are relative to the project file's folder.

#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_1d.h"
#include "anim/blend_space_2d.h"
#include "anim/layer.h"
#include "anim/parameters.h"
#include "anim/state_machine.h"

namespace asset {

// A blend space of the project: 1D (space_1d, whose parameter_name drives it) or 2D (space_2d,
// driven by x_parameter and y_parameter). Sample clip names must be in Project::clips.
struct ProjectBlendSpace {
  std::string name;
  int dimensions = 2;
  anim::BlendSpace1D space_1d;
  anim::BlendSpace2D space_2d;
  std::string x_parameter;
  std::string y_parameter;
};

// A layer over the base state machine: plays one clip (an index into Project::clips) with a
// weight, masked to the named joints and their descendants (none named: the whole body).
struct ProjectLayer {
  std::string name;
  anim::LayerMode mode = anim::LayerMode::Override;
  float weight = 1.0f;
  int clip = 0;
  std::vector<std::string> mask_joints;
};

// What the viewer shows and how; restored with the project.
struct ProjectView {
  bool show_grid = true;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool wireframe = false;
  bool dual_quaternion_skinning = false;
  bool foot_ik = false;
  bool apply_root_motion = false;
  std::string shading = "material";  // "material", "matcap" or "clay"
  bool show_ground = false;          // ground, shadows and sky
  bool shadows = true;
  float camera_yaw_deg = 0.0f;
  float camera_pitch_deg = -15.0f;
  float camera_distance_m = 4.0f;
  glm::vec3 camera_target{0.0f, 1.0f, 0.0f};
};

struct Project {
  std::string character;                // a model file, or "<demo>" for the built-in character
  std::vector<std::string> clip_files;  // further animation files to import
  std::vector<std::string> clips;       // the clip names the project refers to, by index
  anim::Parameters parameters;
  std::vector<ProjectBlendSpace> blend_spaces;
  anim::StateMachine state_machine;
  std::vector<ProjectLayer> layers;
  ProjectView view;
};

// The file format version written by save; load accepts this version only.
inline constexpr int kProjectFormatVersion = 1;

// Serializes project as JSON text (2-space indentation). Does not validate.
std::string project_to_json(const Project& project);

// Parses JSON text. source_name names the text in messages (usually the file path). Returns an
// empty string on success, otherwise one message naming source_name and either the line and
// column where the JSON does not parse or the field path that is wrong (e.g.
// "state_machine.transitions[2].to: unknown state 'jog'"). out is only written on success.
std::string parse_project(std::string_view text, const std::string& source_name, Project& out);

// Reads and parses the file at path, as parse_project; a missing or unreadable file is an error
// naming the path. out is only written on success.
std::string load_project(const std::string& path, Project& out);

// Writes project to path through a temporary file beside it, renamed over path once complete,
// so an interrupted save never leaves a half-written project or loses the previous one. Returns
// an empty string on success, otherwise the cause naming the path.
std::string save_project(const Project& project, const std::string& path);

}  // namespace asset
