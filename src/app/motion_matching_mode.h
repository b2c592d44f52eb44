#pragma once
// The viewer's motion-matching play mode: the scene's clips in a database, a controller steered
// by the keyboard (WASD relative to the camera, Shift runs), a gamepad (left stick moves, right
// stick faces, GLFW's gamepad API) or a target dragged on the ground (Ctrl + left drag), and the
// session's record for the debug and coverage views. Each frame it hands the controller's pose
// and root step to the character's player as an external source, so the rest of the frame
// (root motion, foot IK, skinning, drawing) is the one every mode uses.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/motion_matching_controller.h"
#include "app/viewer_scene.h"
#include "project/motion_matching_build.h"
#include "ui/motion_matching_panel.h"

struct GLFWwindow;

namespace app {

// What the player asks for, read from the devices.
struct SteeringInput {
  glm::vec3 velocity{0.0f};  // world, m/s
  float yaw_rad = 0.0f;      // desired facing
  bool strafe = false;       // facing held while moving (gamepad right stick)
};

using ui::ClipSpan;
using ui::PoorMatch;

class MotionMatchingMode {
 public:
  // Builds the database of the scene's clips (those with a nonzero clip_included, all when
  // empty; with mirrored, also their mirrored copies, played as mirrored clips) and starts
  // steering from the origin. Returns "" or the cause.
  std::string start(ViewerScene& scene, const std::vector<std::uint8_t>& clip_included,
                    const anim::FeatureWeights& weights, bool mirrored = false);
  // Starts again from the origin on the clips, weights and mirroring the mode runs with (a
  // live recording starts): a new session (coverage as the project last stored it); the clips
  // the search may choose stay. Nothing when off. Returns "" or the cause.
  std::string restart(ViewerScene& scene);
  // Gives the player back to its graph.
  void stop(ViewerScene& scene);
  bool active() const { return active_; }

  // The coverage as the project last stored it (its earlier sessions): start() counts on from
  // it. The viewer's window sets it from the document's project before it starts the mode, and
  // keeps it when it stores the coverage into the project.
  std::vector<project::ProjectClipCoverage> stored_coverage;

  // Re-weights the database without resampling.
  void set_weights(const anim::FeatureWeights& weights);

  // Reads the devices (keyboard only when keyboard_free), steps the controller by dt_s and hands
  // its pose to the scene's player. Call before ViewerScene::update. Returns "" or why the
  // controller failed (the player then keeps its last pose).
  std::string update(float dt_s, GLFWwindow* window, float camera_yaw_rad, bool keyboard_free,
                     bool mouse_free, ViewerScene& scene);
  // update's step without the devices: input (a recording's) steers the controller for dt_s.
  std::string step(const SteeringInput& input, float dt_s, ViewerScene& scene);

  // Where the 3D view was drawn last, for picking the ground target.
  void set_view(const glm::mat4& view_projection, glm::vec4 viewport_rect) {
    view_projection_ = view_projection;
    viewport_ = viewport_rect;
  }
  // Draws the desired (orange) and matched (cyan) trajectories and the target on the ground,
  // over the 3D view.
  void draw_overlay() const;

  const anim::MotionMatchingController& controller() const { return controller_; }
  anim::MotionMatchingControllerSettings& controller_settings() { return controller_.settings(); }
  const project::MotionMatchingBuild& build() const { return build_; }
  const SteeringInput& input() const { return input_; }
  // How many times the mode started (restarts included): a recording notes each start.
  int starts() const { return starts_; }
  // Per scene clip: whether the database holds it (as start() was given it; empty: all).
  const std::vector<std::uint8_t>& clip_included() const { return clip_included_; }
  bool mirrored() const { return mirrored_; }
  const anim::FeatureWeights& weights() const { return build_.database.weights; }
  // Per database frame: how many updates it played (this session and the sessions saved in the
  // project before it).
  const std::vector<std::uint32_t>& coverage() const { return coverage_; }
  // The coverage as the project stores it: per database range that was played, its counts.
  std::vector<project::ProjectClipCoverage> saved_coverage(const ViewerScene& scene) const;
  // True about once a second of play: time to copy the coverage into the project.
  bool coverage_due();
  const std::vector<PoorMatch>& poor_matches() const { return poor_; }
  const std::vector<ClipSpan>& history() const { return history_; }
  float session_time_s() const { return session_s_; }
  float poor_match_cost = 8.0f;
  std::vector<std::uint8_t> clip_enabled;  // per scene clip: may the search choose it

  // The state log's "motion_matching" object.
  std::string state_json(const ViewerScene& scene) const;

  // Whether the scene still holds the clips the mode was started on (a load replaces them).
  bool started_on(const ViewerScene& scene) const {
    return scene.clips().data() == clips_ && scene.clips().size() == clip_count_;
  }

 private:
  SteeringInput read_input(GLFWwindow* window, float camera_yaw_rad, bool keyboard_free,
                           bool mouse_free);
  // The session's record of a step: coverage, the clips' history, poor matches.
  void note_session(float dt_s);

  bool active_ = false;
  project::MotionMatchingBuild build_;
  anim::MotionMatchingBounds bounds_;
  anim::MotionMatchingController controller_;
  std::vector<anim::Transform> pose_;
  SteeringInput input_;
  float facing_rad_ = 0.0f;
  int last_search_count_ = 0;
  float session_s_ = 0.0f;
  std::vector<std::uint32_t> coverage_;
  float coverage_stored_s_ = 0.0f;
  std::vector<PoorMatch> poor_;
  std::vector<ClipSpan> history_;
  bool has_target_ = false;
  glm::vec3 target_{0.0f};
  glm::mat4 view_projection_{1.0f};
  glm::vec4 viewport_{0.0f};
  const anim::Clip* clips_ = nullptr;
  std::size_t clip_count_ = 0;
  std::vector<std::uint8_t> clip_included_;
  bool mirrored_ = false;
  int starts_ = 0;
};

// The frame's wiring of the mode: draws the Motion matching window, starts or stops the mode
// (also when the scene's clips were replaced by a load), applies edits of weights and clips,
// and turns on camera follow when the mode starts. The settings and the coverage are read
// from and stored into project (saved with it). The window opens where placed
// (ui::motion_matching_panel_placement).
void run_motion_matching_window(MotionMatchingMode& mode, ui::MotionMatchingPanelState& panel,
                                project::Project& project, ViewerScene& scene,
                                bool& follow_character,
                                const ui::MotionMatchingPanelPlacement& opens);

// The project's motion-matching section for the panel's settings (weights, the clips of clips
// whose choice differs from the default's, the poor-match cost, mirroring), without coverage.
project::ProjectMotionMatching project_settings(const ui::MotionMatchingPanelState& panel,
                                                std::span<const anim::Clip> clips);

// Whether section's settings are the panel's defaults (its coverage aside): such a section says
// what a project without one says.
bool has_default_settings(const project::ProjectMotionMatching& section);

// line (a state-log line, a JSON object) with the mode's "motion_matching" object added.
std::string with_motion_matching(const std::string& line, const MotionMatchingMode& mode,
                                 const ViewerScene& scene);

}  // namespace app
