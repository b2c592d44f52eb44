#include "app/motion_matching_mode.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <span>

#include <nlohmann/json.hpp>

#include "anim/motion_matching_warping.h"
#include "app/motion_matching_steering.h"
#include "project/rig_corrections.h"

namespace app {

namespace {

constexpr float kTargetReached_m = 0.3f;
constexpr std::size_t kMaxPoorMatches = 100;

// Adds the saved counts of each range that is still the same (same clip, mirroring, start and
// frame count) to coverage; a range the database no longer has, or whose clip changed length,
// starts again from zero.
void restore_coverage(const anim::MotionMatchingDatabase& database,
                      std::span<const anim::Clip> clips,
                      std::span<const project::ProjectClipCoverage> saved,
                      std::vector<std::uint32_t>& coverage) {
  for (const anim::DatabaseRange& range : database.ranges) {
    const std::string& clip = clips[static_cast<std::size_t>(range.clip_index)].name;
    for (const project::ProjectClipCoverage& s : saved) {
      if (s.clip != clip || s.mirrored != range.mirrored ||
          std::fabs(s.start_time_s - range.start_time_s) > 1e-4f ||
          s.counts.size() != static_cast<std::size_t>(range.frame_count)) {
        continue;
      }
      for (int f = 0; f < range.frame_count; ++f) {
        coverage[static_cast<std::size_t>(range.first_frame + f)] +=
            s.counts[static_cast<std::size_t>(f)];
      }
    }
  }
}

}  // namespace

std::vector<project::ProjectClipCoverage> MotionMatchingMode::saved_coverage(
    const ViewerScene& scene) const {
  std::vector<project::ProjectClipCoverage> out;
  if (!active_) return out;
  for (const anim::DatabaseRange& range : build_.database.ranges) {
    const auto first = coverage_.begin() + range.first_frame;
    const auto last = first + range.frame_count;
    if (std::all_of(first, last, [](std::uint32_t c) { return c == 0; })) continue;
    out.push_back({scene.clips()[static_cast<std::size_t>(range.clip_index)].name, range.mirrored,
                   range.start_time_s, std::vector<std::uint32_t>(first, last)});
  }
  return out;
}

bool MotionMatchingMode::coverage_due() {
  if (!active_ || session_s_ - coverage_stored_s_ < 1.0f) return false;
  coverage_stored_s_ = session_s_;
  return true;
}

std::string MotionMatchingMode::start(ViewerScene& scene,
                                      const std::vector<std::uint8_t>& clip_included,
                                      const anim::FeatureWeights& weights, bool mirrored) {
  project::MotionMatchingBuildOptions options;
  options.clip_included = clip_included;
  options.weights = weights;
  options.mirrored = mirrored;
  if (scene.bound.character) options.legs = scene.bound.character->foot_ik_rig;
  project::MotionMatchingBuild build = project::build_motion_matching(
      scene.character.skeleton, scene.clips(), scene.character.source_path, options);
  if (!build.ok()) return build.error;
  build_ = std::move(build);
  bounds_ = anim::build_search_bounds(build_.database);
  if (const anim::JobResult r =
          controller_.init(scene.character.skeleton, build_.controller_clips(), build_.database,
                           bounds_, build_.joints.root, controller_.settings());
      !r) {
    return r.error;
  }
  pose_.assign(scene.character.skeleton.parents.size(), anim::Transform{});
  clip_enabled.assign(scene.clips().size(), 1);
  coverage_.assign(static_cast<std::size_t>(build_.database.frame_count()), 0u);
  restore_coverage(build_.database, scene.clips(), stored_coverage, coverage_);
  coverage_stored_s_ = 0.0f;
  poor_.clear();
  poor_.reserve(kMaxPoorMatches);
  history_.clear();
  session_s_ = 0.0f;
  facing_rad_ = 0.0f;
  has_target_ = false;
  last_search_count_ = 0;
  scene.settings.root_motion.root_joint = build_.joints.root;
  scene.override_root_motion(anim::RootMotionMode::Applied);
  scene.instance.reset_world();
  clips_ = scene.clips().data();
  clip_count_ = scene.clips().size();
  clip_included_ = clip_included;
  mirrored_ = mirrored;
  ++starts_;
  active_ = true;
  return {};
}

std::string MotionMatchingMode::restart(ViewerScene& scene) {
  if (!active_) return {};
  const std::vector<std::uint8_t> enabled = clip_enabled;
  const std::vector<std::uint8_t> included = clip_included_;
  const anim::FeatureWeights weights = build_.database.weights;  // start() replaces the database
  std::string e = start(scene, included, weights, mirrored_);
  if (e.empty()) clip_enabled = enabled;
  return e;
}

void MotionMatchingMode::stop(ViewerScene& scene) {
  active_ = false;
  scene.instance.set_external_source({});
  scene.end_root_motion_override();
}

void MotionMatchingMode::set_weights(const anim::FeatureWeights& weights) {
  if (!active_) return;
  anim::set_feature_weights(build_.database, weights);
  bounds_ = anim::build_search_bounds(build_.database);
}

SteeringInput MotionMatchingMode::read_input(GLFWwindow* window, float camera_yaw,
                                             bool keyboard_free, bool mouse_free) {
  SteeringInput in;
  const glm::vec3 forward = camera_forward(camera_yaw), right = camera_right(camera_yaw);
  glm::vec3 direction(0.0f);
  float speed = kWalkSpeed_mps;
  if (keyboard_free) {
    auto held = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
    const bool ctrl = held(GLFW_KEY_LEFT_CONTROL) || held(GLFW_KEY_RIGHT_CONTROL);
    if (!ctrl) {
      if (held(GLFW_KEY_W)) direction += forward;
      if (held(GLFW_KEY_S)) direction -= forward;
      if (held(GLFW_KEY_D)) direction += right;
      if (held(GLFW_KEY_A)) direction -= right;
      if (held(GLFW_KEY_LEFT_SHIFT) || held(GLFW_KEY_RIGHT_SHIFT)) speed = kRunSpeed_mps;
    }
  }
  if (glm::length(direction) > 0.0f) {
    in.velocity = glm::normalize(direction) * speed;
    has_target_ = false;
  }
  GLFWgamepadstate pad;
  if (glm::length(direction) == 0.0f && glfwJoystickIsGamepad(GLFW_JOYSTICK_1) &&
      glfwGetGamepadState(GLFW_JOYSTICK_1, &pad)) {
    const GamepadSteering steering = steer_with_gamepad(pad, camera_yaw);
    if (glm::length(steering.velocity) > 0.0f) {
      in.velocity = steering.velocity;
      has_target_ = false;
    }
    if (steering.facing) {
      facing_rad_ = steering.facing_yaw_rad;
      in.strafe = true;
    }
  }
  // Ctrl + left drag puts a target on the ground; the character walks to it.
  double mx = 0.0, my = 0.0;
  glfwGetCursorPos(window, &mx, &my);
  const bool ctrl = glfwGetKey(window, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS ||
                    glfwGetKey(window, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS;
  if (mouse_free && ctrl && glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS &&
      viewport_.z > 0.0f && viewport_.w > 0.0f) {
    const float x = (static_cast<float>(mx) - viewport_.x) / viewport_.z * 2.0f - 1.0f;
    const float y = 1.0f - (static_cast<float>(my) - viewport_.y) / viewport_.w * 2.0f;
    const glm::mat4 inverse = glm::inverse(view_projection_);
    glm::vec4 near = inverse * glm::vec4(x, y, -1.0f, 1.0f);
    glm::vec4 far = inverse * glm::vec4(x, y, 1.0f, 1.0f);
    near /= near.w;
    far /= far.w;
    const glm::vec3 ray = glm::vec3(far - near);
    if (std::abs(ray.y) > 1e-6f) {
      const float t = -near.y / ray.y;
      if (t > 0.0f) {
        target_ = glm::vec3(near) + ray * t;
        target_.y = 0.0f;
        has_target_ = true;
      }
    }
  }
  if (has_target_ && glm::length(in.velocity) == 0.0f) {
    glm::vec3 to = target_ - controller_.character_position();
    to.y = 0.0f;
    if (glm::length(to) > kTargetReached_m) {
      in.velocity = glm::normalize(to) * kWalkSpeed_mps;
    } else {
      has_target_ = false;
    }
  }
  if (!in.strafe && glm::length(in.velocity) > 0.0f) facing_rad_ = yaw_of(in.velocity);
  in.yaw_rad = facing_rad_;
  return in;
}

std::string MotionMatchingMode::update(float dt_s, GLFWwindow* window, float camera_yaw_rad,
                                       bool keyboard_free, bool mouse_free, ViewerScene& scene) {
  if (!active_ || !(dt_s > 0.0f)) return {};
  if (!started_on(scene)) {
    stop(scene);
    return {};
  }
  return step(read_input(window, camera_yaw_rad, keyboard_free, mouse_free), dt_s, scene);
}

std::string MotionMatchingMode::step(const SteeringInput& input, float dt_s, ViewerScene& scene) {
  if (!active_ || !(dt_s > 0.0f)) return {};
  input_ = input;
  anim::MotionMatchingInput in;
  in.desired_velocity = input_.velocity;
  in.desired_yaw_rad = input_.yaw_rad;
  in.clip_enabled = clip_enabled;
  // The clip plays at the rate the character's stride warping asked the frame before, and the
  // warping follows the trajectory's velocity.
  anim::ExternalPose source;
  if (anim::JobResult r =
          anim::advance_motion_matching(controller_, in, dt_s, scene.instance, pose_, source);
      !r) {
    return std::string("motion matching: ") + r.error;
  }
  // A mirrored copy is not among the scene's clips: naming the clip would show it as the
  // original and read its foot contacts on the wrong sides, so the player is told no clip and
  // reads the contacts from the copy (its markers are mirrored with it).
  const bool mirrored = controller_.current_mirrored();
  const int clip_index = controller_.current_clip();
  const anim::Clip* mirrored_copy =
      mirrored && clip_index >= 0 &&
              static_cast<std::size_t>(clip_index) < build_.mirrored_clips.size()
          ? &build_.mirrored_clips[static_cast<std::size_t>(clip_index)]
          : nullptr;
  if (mirrored) source.clip = -1;
  source.contacts_clip = mirrored_copy;
  scene.instance.set_external_source(source);
  note_session(dt_s);
  return {};
}

void MotionMatchingMode::note_session(float dt_s) {
  session_s_ += dt_s;
  const int frame = controller_.current_frame();
  if (frame >= 0) ++coverage_[static_cast<std::size_t>(frame)];
  const int clip = controller_.current_clip();
  if (history_.empty() || history_.back().clip != clip) {
    history_.push_back({clip, session_s_ - dt_s, session_s_});
  } else {
    history_.back().to_s = session_s_;
  }
  if (controller_.search_count() != last_search_count_) {
    last_search_count_ = controller_.search_count();
    const anim::MotionMatchingSearchReport& report = controller_.last_search();
    if (report.match.frame >= 0 && report.match.cost > poor_match_cost) {
      if (poor_.size() >= kMaxPoorMatches) poor_.erase(poor_.begin());
      PoorMatch poor{session_s_, report.match.cost, clip, {}};
      const int offset = anim::feature_group_layout(anim::FeatureGroup::TrajectoryPositions).offset;
      const auto query = controller_.last_query();
      for (int p = 0; p < anim::kTrajectoryPointCount; ++p) {
        poor.desired[static_cast<std::size_t>(p)] = {
            query[static_cast<std::size_t>(offset + 2 * p)],
            query[static_cast<std::size_t>(offset + 2 * p + 1)]};
      }
      poor_.push_back(poor);
    }
  }
}

void MotionMatchingMode::draw_overlay() const {
  if (!active_ || viewport_.z <= 0.0f) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  auto to_screen = [this](const glm::vec3& p, ImVec2& out) {
    const glm::vec4 clip = view_projection_ * glm::vec4(p, 1.0f);
    if (clip.w <= 1e-4f) return false;
    out = {viewport_.x + (clip.x / clip.w * 0.5f + 0.5f) * viewport_.z,
           viewport_.y + (0.5f - clip.y / clip.w * 0.5f) * viewport_.w};
    return true;
  };
  auto polyline = [&](glm::vec3 from, std::span<const glm::vec3> points, ImU32 colour) {
    ImVec2 a, b;
    for (const glm::vec3& p : points) {
      if (to_screen(from, a) && to_screen(p, b)) draw->AddLine(a, b, colour, 2.5f);
      if (to_screen(p, b)) draw->AddCircleFilled(b, 4.0f, colour);
      from = p;
    }
  };
  const glm::vec3 at = controller_.character_position();
  const std::array<glm::vec3, anim::kTrajectoryPointCount> matched =
      controller_.matched_positions();
  polyline(at, matched, IM_COL32(60, 220, 255, 255));
  std::array<glm::vec3, anim::kTrajectoryPointCount> desired{};
  const auto positions = controller_.desired_positions();
  const auto yaws = controller_.desired_yaws_rad();
  for (std::size_t p = 0; p < desired.size(); ++p)
    desired[p] = {positions[p].x, 0.0f, positions[p].z};
  polyline(at, desired, IM_COL32(255, 160, 40, 255));
  for (std::size_t p = 0; p < desired.size(); ++p) {
    ImVec2 a, b;
    const glm::vec3 tip =
        desired[p] + 0.25f * glm::vec3(std::sin(yaws[p]), 0.0f, std::cos(yaws[p]));
    if (to_screen(desired[p], a) && to_screen(tip, b))
      draw->AddLine(a, b, IM_COL32(255, 160, 40, 255), 1.5f);
  }
  if (has_target_) {
    ImVec2 t;
    if (to_screen(target_, t)) draw->AddCircle(t, 10.0f, IM_COL32(255, 80, 80, 255), 16, 2.5f);
  }
}

namespace {

// Whether the default database takes clip c (panel.left_out_by_default says why not).
bool taken_by_default(const ui::MotionMatchingPanelState& panel, std::size_t c) {
  return c >= panel.left_out_by_default.size() || panel.left_out_by_default[c].empty();
}

}  // namespace

project::ProjectMotionMatching project_settings(const ui::MotionMatchingPanelState& panel,
                                                std::span<const anim::Clip> clips) {
  project::ProjectMotionMatching m;
  for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
    m.weights.emplace_back(anim::feature_group_layout(g).name,
                           panel.weights.group[static_cast<std::size_t>(g)]);
  }
  for (std::size_t c = 0; c < clips.size() && c < panel.clip_enabled.size(); ++c) {
    const bool on = panel.clip_enabled[c] != 0;
    if (on == taken_by_default(panel, c)) continue;
    (on ? m.included_clips : m.excluded_clips).push_back(clips[c].name);
  }
  m.poor_match_cost = panel.poor_match_cost;
  m.mirrored = panel.mirrored;
  return m;
}

bool has_default_settings(const project::ProjectMotionMatching& section) {
  const project::ProjectMotionMatching d = project_settings(ui::MotionMatchingPanelState{}, {});
  return section.weights == d.weights && section.excluded_clips == d.excluded_clips &&
         section.included_clips == d.included_clips &&
         section.poor_match_cost == d.poor_match_cost && section.mirrored == d.mirrored;
}

namespace {

// The panel's settings from the project's motion-matching section (defaults without one): the
// clips the character stands in, with the user's choices over them.
void read_project_settings(const project::Project& project, const ViewerScene& scene,
                           ui::MotionMatchingPanelState& panel) {
  panel.weights = {};
  const std::span<const anim::Clip> clips = scene.clips();
  const project::StandingClips standing = project::find_standing_clips(
      scene.character.skeleton, project::project_rig(scene.character, project.rig), clips);
  panel.clip_enabled = standing.stands;
  panel.left_out_by_default.assign(clips.size(), "");
  for (std::size_t c = 0; c < clips.size(); ++c) {
    if (standing.stands[c] == 0) {
      panel.left_out_by_default[c] = project::why_not_standing(standing.stances[c]);
    }
  }
  if (!project.motion_matching) return;
  const project::ProjectMotionMatching& m = *project.motion_matching;
  for (const auto& [name, weight] : m.weights) {
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      if (name == anim::feature_group_layout(g).name) {
        panel.weights.group[static_cast<std::size_t>(g)] = weight;
      }
    }
  }
  const auto set_named = [&](const std::vector<std::string>& names, std::uint8_t value) {
    for (std::size_t c = 0; c < clips.size(); ++c) {
      if (std::find(names.begin(), names.end(), clips[c].name) != names.end()) {
        panel.clip_enabled[c] = value;
      }
    }
  };
  set_named(m.included_clips, 1);
  set_named(m.excluded_clips, 0);
  panel.poor_match_cost = m.poor_match_cost;
  panel.mirrored = m.mirrored;
}

void write_project_settings(const ui::MotionMatchingPanelState& panel, const ViewerScene& scene,
                            project::Project& project) {
  project::ProjectMotionMatching m = project_settings(panel, scene.clips());
  if (project.motion_matching) m.coverage = std::move(project.motion_matching->coverage);
  project.motion_matching = std::move(m);
}

// Copies the mode's coverage into the project (saved with it).
void store_coverage(MotionMatchingMode& mode, const ui::MotionMatchingPanelState& panel,
                    const ViewerScene& scene, project::Project& project) {
  if (!project.motion_matching) write_project_settings(panel, scene, project);
  project.motion_matching->coverage = mode.saved_coverage(scene);
  mode.stored_coverage = project.motion_matching->coverage;
}

}  // namespace

void run_motion_matching_window(MotionMatchingMode& mode, ui::MotionMatchingPanelState& panel,
                                project::Project& project, ViewerScene& scene,
                                bool& follow_character,
                                const ui::MotionMatchingPanelPlacement& opens) {
  if (mode.active() && !mode.started_on(scene)) mode.stop(scene);
  // A new scene (a load) or clips added to it: its project's settings.
  if (panel.settings_for != static_cast<const void*>(scene.clips().data()) ||
      panel.clip_enabled.size() != scene.clips().size()) {
    panel.settings_for = scene.clips().data();
    read_project_settings(project, scene, panel);
  }
  const float poor_cost = panel.poor_match_cost;
  std::vector<std::string> names;
  for (const anim::Clip& clip : scene.clips()) names.push_back(clip.name);
  ui::MotionMatchingPanelView view;
  view.clip_names = names;
  if (mode.active()) {
    view.database = &mode.build().database;
    view.controller = &mode.controller();
    view.coverage = mode.coverage();
    view.poor_matches = mode.poor_matches();
    view.history = mode.history();
    view.session_time_s = mode.session_time_s();
  }
  const ui::MotionMatchingPanelChange change = ui::draw_motion_matching_panel(panel, view, opens);
  mode.poor_match_cost = panel.poor_match_cost;
  if (change.mirrored && mode.active()) {
    store_coverage(mode, panel, scene, project);
    mode.stop(scene);
  }
  if (panel.active && !mode.active() && scene.loaded &&
      (change.toggled || change.mirrored || panel.error.empty())) {
    mode.stored_coverage = project.motion_matching ? project.motion_matching->coverage
                                                   : std::vector<project::ProjectClipCoverage>{};
    panel.error = mode.start(scene, panel.clip_enabled, panel.weights, panel.mirrored);
    if (!panel.error.empty()) {
      panel.active = false;
    } else {
      follow_character = true;
    }
  } else if (!panel.active && mode.active()) {
    store_coverage(mode, panel, scene, project);
    mode.stop(scene);
  }
  // About once a second of play, so a save keeps what the session counted.
  if (mode.active() && mode.coverage_due()) store_coverage(mode, panel, scene, project);
  if (mode.active() && change.weights) mode.set_weights(panel.weights);
  if (mode.active()) mode.clip_enabled = panel.clip_enabled;
  // Saved with the project (File > Save project) once edited.
  if (change.weights || change.clips || change.mirrored || panel.poor_match_cost != poor_cost) {
    write_project_settings(panel, scene, project);
  }
}

std::string with_motion_matching(const std::string& line, const MotionMatchingMode& mode,
                                 const ViewerScene& scene) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return line;
  j["motion_matching"] = nlohmann::json::parse(mode.state_json(scene));
  return j.dump();
}

std::string MotionMatchingMode::state_json(const ViewerScene& scene) const {
  nlohmann::json j{{"active", active_}};
  if (active_) {
    const int clip = controller_.current_clip();
    j["clip"] = clip >= 0 && clip < static_cast<int>(scene.clips().size())
                    ? scene.clips()[static_cast<std::size_t>(clip)].name
                    : std::string();
    j["mirrored"] = controller_.current_mirrored();
    j["frame"] = controller_.current_frame();
    j["time"] = controller_.current_time_s();
    j["cost"] = controller_.last_search().match.cost;
    j["searches"] = controller_.search_count();
    j["switches"] = controller_.switch_count();
    j["velocity"] = {input_.velocity.x, input_.velocity.z};
    const glm::vec3 p = controller_.character_position();
    j["position"] = {p.x, p.z};
  }
  return j.dump();
}

}  // namespace app
