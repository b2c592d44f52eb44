#pragma once
// Project files: everything a user sets up around a character, saved as JSON so a session can be
// reopened: the character and extra clip files, the clips the project uses, parameters, blend
// spaces, the state machine, layers and view settings.
//
// Clips, blend spaces, states and parameters are referred to by name in the file and by index in
// memory (Project::clips, Project::blend_spaces, ...), so the anim types load unchanged. Paths are
// stored as written; relative paths are relative to the project file's folder.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_1d.h"
#include "anim/blend_space_2d.h"
#include "anim/clip.h"
#include "anim/layer.h"
#include "anim/orientation_warping.h"
#include "anim/parameters.h"
#include "anim/playback.h"
#include "anim/state_machine.h"
#include "anim/stride_warping.h"
#include "project/project_post_process.h"
#include "project/project_retarget.h"
#include "visual/view_settings.h"

namespace project {

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

// A layer over the base state machine: plays one clip (an index into Project::clips), or the
// blend space named blend_space when that is not empty ("blend_space" in the file, instead of
// "clip"), with a weight, masked to the named joints and their descendants (none named: the whole
// body), minus the mask_excluded joints and theirs (anim/joint_mask.h; "mask_exclude" in the file,
// written only when not empty). Its shapes are masked the same way by name (anim::make_shape_mask:
// "Smile" or "Face/Smile"): mask_shapes (none: every shape) minus mask_shapes_excluded
// ("mask_shapes" and "mask_shapes_exclude" in the file, written only when not empty).
struct ProjectLayer {
  std::string name;
  anim::LayerMode mode = anim::LayerMode::Override;
  float weight = 1.0f;
  int clip = 0;
  std::vector<std::string> mask_joints;
  std::vector<std::string> mask_excluded;
  std::string blend_space;
  std::vector<std::string> mask_shapes;
  std::vector<std::string> mask_shapes_excluded;
};

// A clip's markers as the user edited them on the timeline (sync markers such as foot_l_down,
// and events): they replace the clip's own (from its file, or detected) wherever the project is
// bound. Optional in the file ("clip_markers"), written only when not empty.
struct ProjectClipMarkers {
  std::string clip;  // a name in Project::clips
  std::vector<anim::Marker> markers;
};

// Where the viewer's orbit camera is: angles in degrees (a negative pitch looks down), the
// distance to the target in metres.
struct CameraPlacement {
  float yaw_deg = 0.0f;
  float pitch_deg = -15.0f;
  float distance_m = 4.0f;
  glm::vec3 target{0.0f, 1.0f, 0.0f};
};

// What the viewer shows and how; restored with the project. The file's "view" object: the
// view settings as the viewer's panels edit them (the same type, assigned whole), two of the
// scene's settings, and the camera. In the file, skinning is "dual_quaternion_skinning", the
// layout's fields are "left_panel_width_px", "right_panel_width_px", "left_panel_open",
// "right_panel_open" and "ui_scale" (0: from the screen), the camera's are "camera_yaw_deg",
// "camera_pitch_deg", "camera_distance_m" and "camera_target"; the warping's are
// "stride_warping", "stride_warping_min_ratio", "stride_warping_max_ratio",
// "orientation_warping", "orientation_warping_max_hip_deg" and
// "orientation_warping_max_torso_joint_deg".
struct ProjectView : visual::ViewSettings {
  bool foot_ik = false;
  bool stride_warping = false;
  anim::StrideWarpingSettings stride_warping_settings;
  bool orientation_warping = false;
  anim::OrientationWarpingSettings orientation_warping_settings;
  bool apply_root_motion = false;
  CameraPlacement camera;
};

// A field of the file that this build does not read (written by a newer animview, or by another
// tool): reported as a notice when the project is loaded and written back unchanged on save.
struct UnknownField {
  std::string pointer;     // JSON pointer, e.g. "/state_machine/states/2/color"
  std::string value_json;  // its value as JSON text
};

// How often the motion-matching search chose each frame of one database range (a clip, or its
// mirrored copy, sampled from start_time_s), over the sessions so far: the coverage view's strip.
struct ProjectClipCoverage {
  std::string clip;
  bool mirrored = false;
  float start_time_s = 0.0f;
  std::vector<std::uint32_t> counts;  // per database frame of the range
};

// The motion-matching database settings of the viewer's motion-matching mode (optional in the
// file; absent in projects that never used it): the feature weights by group name (see
// anim::feature_group_layout), the clips the user took out of the database and those the user
// put in that the default leaves out (the default takes the clips the character stands in:
// project::find_standing_clips; "included_clips" is written only when not empty), the cost above
// which the coverage view lists a match as poor, whether the database holds the clips' mirrored
// copies ("mirrored", written only when true), and the coverage counted so far (kept across
// sessions; a range whose clip or frame count changed starts again from zero).
struct ProjectMotionMatching {
  std::vector<std::pair<std::string, float>> weights;
  std::vector<std::string> excluded_clips;
  std::vector<std::string> included_clips;
  float poor_match_cost = 8.0f;
  bool mirrored = false;
  std::vector<ProjectClipCoverage> coverage;
};

// The user's corrections to the rig found on the character (the rig panel), joints by name.
// With limbs, the pelvis and limbs replace the found ones; mirror_pairs override the left/right
// table (each pair swaps two joints; a joint paired with itself stays on the middle line).
struct ProjectRigLimb {
  std::string role = "leg";   // "leg" or "arm"
  std::string side = "left";  // "left", "right" or "center"
  bool front = false;
  std::vector<std::string> joints;
};
struct ProjectRig {
  std::string pelvis;
  std::vector<ProjectRigLimb> limbs;
  std::vector<std::pair<std::string, std::string>> mirror_pairs;
  // Project clips played mirrored left <-> right (everywhere they are used: preview, blend-space
  // samples, states), e.g. a strafe-right made from a strafe-left.
  std::vector<std::string> mirrored_clips;
  bool empty() const {
    return pelvis.empty() && limbs.empty() && mirror_pairs.empty() && mirrored_clips.empty();
  }
};

// Where the user left off (optional in the file, "session"; absent in projects saved before
// it): what played and how, so a reopened project plays the same. The camera is in
// ProjectView's camera, which the viewer restores only when a session is present
// (older files carry their defaults there, not a camera the user chose).
struct ProjectSession {
  std::string mode = "clip";  // "clip" (one clip on the timeline) or "graph"
  std::string clip;           // the previewed clip's name (mode "clip")
  float time_s = 0.0f;        // its playhead
  bool playing = true;
  float speed = 1.0f;  // timeline speed, 0 to anim::PlaybackClock::kMaxSpeed
  anim::PlaybackMode loop = anim::PlaybackMode::Loop;
  float time_scale = 1.0f;  // the viewer's slow motion, 0.05 to 1 (the toolbar's control)
};

struct Project {
  std::string character;                // a model file, or "<demo>" for the built-in character
  std::vector<std::string> clip_files;  // further animation files to import
  std::vector<std::string> clips;       // the clip names the project refers to, by index
  anim::Parameters parameters;
  std::vector<ProjectBlendSpace> blend_spaces;
  anim::StateMachine state_machine;  // the active machine: the one the character plays
  // The project's other machines ("other_state_machines" in the file, written only when there
  // are some, so a file of one machine reads as before): kept for the machine picker.
  std::vector<anim::StateMachine> other_state_machines;
  std::vector<ProjectLayer> layers;
  std::vector<ProjectClipMarkers> clip_markers;
  ProjectView view;
  std::vector<UnknownField> unknown_fields;
  std::optional<ProjectMotionMatching> motion_matching;
  ProjectRig rig;  // optional in the file ("rig"); written only when not empty
  // Clip files retargeted onto the character (optional in the file, "retarget"; written only
  // when not empty): retargeted again on every load, their clips named in clips like any other.
  std::vector<ProjectRetarget> retargets;
  std::optional<ProjectSession> session;  // optional in the file ("session")
  // The procedural layers, foot IK among them, in order (optional in the file, "post_process";
  // written only when not empty; project_post_process.h).
  std::vector<ProjectPostProcess> post_process;
  // The sound of the viewer's Export video dialog and the seconds into the video at which it
  // starts (optional in the file, "audio": {"file", "offset_s"}; written only when a file is
  // set, so older projects load and save unchanged). The file is relative to the project's
  // folder like the clip files; `render PROJECT --out x.mp4` uses it when --audio is not given.
  std::string audio_file;
  float audio_offset_s = 0.0f;
};

// The file format version written by save. Load reads this version and every older one (each
// has its reader); a newer version is refused with a message that says so.
inline constexpr int kProjectFormatVersion = 1;

// "field 'view.sky' is not known to this animview; it is kept as it is when the project is
// saved": one notice per unknown field of project, for the error panel's notices.
std::vector<std::string> unknown_field_notices(const Project& project,
                                               const std::string& source_name);

// Serializes project as JSON text (2-space indentation), its unknown fields back in their
// places (where their parent object still exists). Does not validate.
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

}  // namespace project
