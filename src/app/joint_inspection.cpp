#include "app/joint_inspection.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <string>

#include "anim/playback.h"
#include "app/joint_curve_view.h"
#include "app/probe_frames.h"

namespace app {
namespace {

// The frames k_min..k_max clip frames from the playhead, as offsets.
struct FrameRange {
  int k_min = 0;
  int k_max = 0;
  int size() const { return k_max - k_min + 1; }
};

// Composes the previewed clip at the playhead plus each frame of range through probe
// (app/probe_frames.h), reading joints[i]'s frames into frames[i * range.size() ...] and, when
// worlds is given, where each frame puts the character (worlds[k - k_min]): the scene's world
// transform at the playhead moved by the root motion the probe accumulates from there, so that
// with root motion applied each frame stands where the character does at that frame, and in
// place where it stands now. Neighbours wrap (or clamp) as the playhead does; their times stay
// ordered for the differences. Returns "" or why the probe could not compose a frame.
std::string compose_frames(const ViewerScene& scene, FrameProbe& probe, std::span<const int> joints,
                           FrameRange range, std::span<anim::JointMotionFrame> frames,
                           std::span<glm::mat4> worlds) {
  const double now = scene.clock.time_s();
  const double frame_s = 1.0 / scene.clock.timeline().fps;
  const auto clip_time = [&](int k) {
    return static_cast<float>(
        anim::wrap_time(scene.clock.mode(), now + k * frame_s, scene.clock.timeline().duration_s));
  };
  // The first frame twice for the worlds: the probe's root motion then starts there, not where
  // it last was.
  if (!worlds.empty()) {
    if (std::string e =
            compose_probe_frame(scene, probe, scene.preview_clip, clip_time(range.k_min));
        !e.empty()) {
      return e;
    }
  }
  for (int k = range.k_min; k <= range.k_max; ++k) {
    if (std::string e = compose_probe_frame(scene, probe, scene.preview_clip, clip_time(k));
        !e.empty()) {
      return e;
    }
    const int index = k - range.k_min;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      frames[i * range.size() + index] =
          read_joint(probe.instance, joints[i], static_cast<float>(now + k * frame_s));
    }
    if (!worlds.empty()) worlds[index] = probe.instance.world_matrix();
  }
  if (worlds.empty()) return {};
  const glm::mat4 from_probe =
      scene.instance.world_matrix() * glm::inverse(worlds[static_cast<std::size_t>(-range.k_min)]);
  for (glm::mat4& w : worlds) w = from_probe * w;
  return {};
}

// The frames a trail covers: window_s either side of the playhead (at least one frame), or
// with window_s <= 0 every frame of the clip, counted from the playhead.
FrameRange trail_range(const ViewerScene& scene, float window_s) {
  const double fps = scene.clock.timeline().fps;
  if (window_s > 0.0f) {
    const int count = std::max(1, static_cast<int>(window_s * fps));
    return {-count, count};
  }
  constexpr double kSlack = 1e-4;  // a playhead on a frame's time keeps that frame
  const double now = scene.clock.time_s();
  return {-static_cast<int>(std::floor(now * fps + kSlack)),
          static_cast<int>(std::floor((scene.clock.timeline().duration_s - now) * fps + kSlack))};
}

// Whether a key of key_times (sorted) lies within half a frame of time_s.
bool keyed_at(std::span<const float> key_times, float time_s, float frame_s) {
  const auto it = std::lower_bound(key_times.begin(), key_times.end(), time_s - 0.5f * frame_s);
  return it != key_times.end() && *it < time_s + 0.5f * frame_s;
}

}  // namespace

ui::JointInspectorValues inspect_joint(const ViewerScene& scene, FrameProbe& probe, int joint,
                                       anim::EulerOrder order, std::string& error) {
  error.clear();
  ui::JointInspectorValues values;
  if (!scene.loaded || joint < 0 || joint >= static_cast<int>(scene.instance.local_pose().size())) {
    return values;
  }
  values.metres_per_file_unit = scene.character.report.unit_scale_applied;
  const float now = static_cast<float>(scene.clock.time_s());
  if (scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0) {
    std::array<anim::JointMotionFrame, 1> one{read_joint(scene.instance, joint, now)};
    values.valid = static_cast<bool>(anim::derive_joint_motion(one, order));
    values.frame = one[0];
    return values;
  }
  std::array<anim::JointMotionFrame, 3> frames;
  const int joints[] = {joint};
  error = compose_frames(scene, probe, joints, {-1, 1}, frames, {});
  if (!error.empty()) return values;
  values.valid = static_cast<bool>(anim::derive_joint_motion(frames, order));
  values.frame = frames[1];
  values.has_speeds = values.valid;
  return values;
}

ui::JointInspectorValues inspect_selected_joint(const ViewerScene& scene, JointsTabState& tab,
                                                ui::ErrorLog& errors) {
  if (tab.inspector.selection.empty()) return {};
  const int joint = tab.inspector.selection.back();
  std::string error;
  const ui::JointInspectorValues values =
      inspect_joint(scene, tab.probe, joint, tab.inspector.order, error);
  if (error.empty()) return values;
  const int joints[] = {joint};
  if (first_failure_for(probe_key(scene, joints), tab.reported_failure)) {
    errors.add(scene.character.source_path, "joint inspector: " + error);
  }
  return values;
}

std::vector<render::MotionTrail> joint_trails(const ViewerScene& scene, FrameProbe& probe,
                                              std::span<const int> joints, float window_s,
                                              std::string& error) {
  error.clear();
  if (!scene.loaded || scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0) return {};
  for (const int j : joints) {
    if (j < 0 || j >= static_cast<int>(scene.instance.local_pose().size())) return {};
  }
  const FrameRange range = trail_range(scene, window_s);
  std::vector<anim::JointMotionFrame> frames(joints.size() * range.size());
  std::vector<glm::mat4> worlds(range.size());
  error = compose_frames(scene, probe, joints, range, frames, worlds);
  if (!error.empty()) return {};
  const anim::Clip& clip = scene.clips()[scene.preview_clip];
  const float frame_s = static_cast<float>(1.0 / scene.clock.timeline().fps);
  std::vector<render::MotionTrail> trails(joints.size());
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const std::span<anim::JointMotionFrame> mine(frames.data() + i * range.size(), range.size());
    const std::vector<float> keys =
        joint_key_times(clip, scene.character.skeleton.joint_names[joints[i]]);
    render::MotionTrail& trail = trails[i];
    for (std::size_t f = 0; f < mine.size(); ++f) {
      // The point drawn, and the speed along the drawn path (it travels with root motion).
      mine[f].model_translation = glm::vec3(worlds[f] * glm::vec4(mine[f].model_translation, 1.0f));
      trail.points.push_back(mine[f].model_translation);
      const float clip_time = static_cast<float>(
          anim::wrap_time(scene.clock.mode(), mine[f].time_s, scene.clock.timeline().duration_s));
      trail.keyed.push_back(keyed_at(keys, clip_time, frame_s) ? 1 : 0);
    }
    if (!anim::derive_joint_motion(mine, anim::EulerOrder::XYZ)) return {};
    for (const anim::JointMotionFrame& f : mine) trail.speeds.push_back(f.linear_speed);
    trail.playhead = -range.k_min;
  }
  return trails;
}

}  // namespace app
