#include "app/joint_curve_view.h"

#include <algorithm>

#include "anim/transform.h"
#include "app/joint_curves.h"

namespace app {
namespace {

// The exact binding of project's clips, made when the scene's are compressed and not yet bound
// beside this binding; null when the clips are exact or cannot be bound.
const project::BoundProject* exact_clips(const project::Project& project, const ViewerScene& scene,
                                         ExactClips& exact) {
  if (!scene.clip_binding.compress) return nullptr;
  if (exact.for_character != scene.bound.character.get()) {
    exact = ExactClips{};
    anim::BindOptions storage = scene.clip_binding;
    storage.compress = false;
    if (!project::bind_project(project, scene.character, storage, exact.bound).empty()) {
      return nullptr;
    }
    exact.for_character = scene.bound.character.get();
  }
  return exact.bound.character ? &exact.bound : nullptr;
}

// Samples every selected joint's frames over the whole clip into data (one composition per
// frame for all of them, and one more from the exact clips), valid when every step worked.
// Returns "" or why a probe or a derivation failed (a one-frame clip has no curve, and no error).
std::string sample_clip_frames(const project::Project& project, const ViewerScene& scene,
                               FrameProbe& probe, JointCurveData& data) {
  const anim::Clip& clip = scene.clips()[data.key.clip];
  data.fps = clip.source_fps > 0.0f ? clip.source_fps : 30.0f;
  data.duration_s = clip.duration_s;
  const int count = anim::joint_motion_frame_count(0.0f, clip.duration_s, data.fps);
  if (count < 2) return {};
  const project::BoundProject* exact = exact_clips(project, scene, data.exact);
  for (SampledJointCurves& joint : data.joints) {
    joint.frames.resize(count);
    if (exact) joint.exact_frames.resize(count);
  }
  for (int i = 0; i < count; ++i) {
    const float t = anim::joint_motion_frame_time(0.0f, clip.duration_s, data.fps, i);
    const float clip_time = curve_frame_clip_time(clip, t);
    if (std::string e = compose_probe_frame(scene, probe, data.key.clip, clip_time); !e.empty()) {
      return e;
    }
    for (SampledJointCurves& joint : data.joints) {
      joint.frames[i] = read_joint(probe.instance, joint.joint, t);
    }
    if (!exact) continue;
    if (std::string e = compose_probe_frame(scene, *exact->character, *exact->graph,
                                            data.exact.probe, data.key.clip, clip_time);
        !e.empty()) {
      return "exact clips: " + e;
    }
    for (SampledJointCurves& joint : data.joints) {
      joint.exact_frames[i] = read_joint(data.exact.probe.instance, joint.joint, t);
    }
  }
  std::vector<glm::vec3> points(count);
  for (SampledJointCurves& joint : data.joints) {
    if (anim::JobResult r = anim::derive_joint_motion(joint.frames, data.key.order); !r) {
      return r.error;
    }
    if (exact) {
      if (anim::JobResult r = anim::derive_joint_motion(joint.exact_frames, data.key.order); !r) {
        return r.error;
      }
    }
    for (int i = 0; i < count; ++i) points[i] = joint.frames[i].model_translation;
    joint.pops = anim::find_pops(points, 0.0f, 1.0f / data.fps);
    joint.pop_threshold =
        anim::pop_threshold(anim::acceleration_magnitudes(points, 1.0f / data.fps));
    joint.key_times = joint_key_times(clip, joint.name);
    joint.tangents = joint_tangent_keys(clip, joint.name);
  }
  data.valid = true;
  return {};
}

// The keys of one CUBICSPLINE track (values stored in-tangent, value, out-tangent per key).
template <typename T, typename Components>
void add_tangent_keys(const anim::Track<T>& track, ui::CurveChannels channels,
                      Components components, std::vector<ui::CurveTangentKey>& out) {
  if (track.interpolation != anim::Interpolation::CubicSpline ||
      track.values.size() != 3 * track.times_s.size()) {
    return;
  }
  const std::size_t n = track.times_s.size();
  for (std::size_t k = 0; k < n; ++k) {
    ui::CurveTangentKey key;
    key.channels = channels;
    key.time_s = track.times_s[k];
    key.in_tangent = components(track.values[3 * k]);
    key.value = components(track.values[3 * k + 1]);
    key.out_tangent = components(track.values[3 * k + 2]);
    key.before_s = k > 0 ? track.times_s[k] - track.times_s[k - 1] : 0.0f;
    key.after_s = k + 1 < n ? track.times_s[k + 1] - track.times_s[k] : 0.0f;
    out.push_back(key);
  }
}

std::array<float, 4> vec3_components(const glm::vec3& v) {
  return {v.x, v.y, v.z, 0.0f};
}

std::array<float, 4> quat_components(const glm::quat& q) {
  return {q.w, q.x, q.y, q.z};
}

// Each joint's Quaternion tangent keys in the hemisphere of its plotted (sign-continuous) curve.
void match_quaternion_signs(SampledJointCurves& joint) {
  for (ui::CurveTangentKey& key : joint.tangents) {
    if (key.channels != ui::CurveChannels::Quaternion || joint.frames.empty()) continue;
    const auto nearest =
        std::lower_bound(joint.frames.begin(), joint.frames.end(), key.time_s,
                         [](const anim::JointMotionFrame& f, float t) { return f.time_s < t; });
    const glm::quat& q =
        (nearest == joint.frames.end() ? joint.frames.back() : *nearest).local.rotation;
    if (q.w * key.value[0] + q.x * key.value[1] + q.y * key.value[2] + q.z * key.value[3] >= 0) {
      continue;
    }
    for (int c = 0; c < 4; ++c) {
      key.value[c] = -key.value[c];
      key.in_tangent[c] = -key.in_tangent[c];
      key.out_tangent[c] = -key.out_tangent[c];
    }
  }
}

}  // namespace

std::vector<float> joint_key_times(const anim::Clip& clip, const std::string& joint_name) {
  std::vector<float> times;
  for (const anim::JointTrack& track : clip.tracks) {
    if (track.joint_name != joint_name) continue;
    times.insert(times.end(), track.translation.times_s.begin(), track.translation.times_s.end());
    times.insert(times.end(), track.rotation.times_s.begin(), track.rotation.times_s.end());
    times.insert(times.end(), track.scale.times_s.begin(), track.scale.times_s.end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

std::vector<ui::CurveTangentKey> joint_tangent_keys(const anim::Clip& clip,
                                                    const std::string& joint_name) {
  std::vector<ui::CurveTangentKey> keys;
  for (const anim::JointTrack& track : clip.tracks) {
    if (track.joint_name != joint_name) continue;
    add_tangent_keys(track.translation, ui::CurveChannels::Translation, vec3_components, keys);
    add_tangent_keys(track.rotation, ui::CurveChannels::Quaternion, quat_components, keys);
    add_tangent_keys(track.scale, ui::CurveChannels::Scale, vec3_components, keys);
  }
  return keys;
}

std::string refresh_joint_curves(const project::Project& project, const ViewerScene& scene,
                                 FrameProbe& probe, std::span<const int> joints,
                                 anim::EulerOrder order, int generation, JointCurveData& data) {
  const bool previewing =
      scene.loaded && scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0;
  JointCurveKey key;
  if (previewing) {
    key = {scene.bound.character.get(),
           scene.clips().data(),
           generation,
           scene.preview_clip,
           {joints.begin(), joints.end()},
           order,
           scene.settings,
           scene.terrain,
           scene.post_process_revision};
    key.settings.matrix_palette = key.settings.dual_quat_palette = false;  // the probe builds none
  }
  if (key == data.key) return {};  // also after a failed sampling: not retried every frame
  data.key = key;
  data.recorded = {};  // the graph's record afterwards is read again
  data.valid = false;
  data.joints.clear();
  const int joint_count = scene.character.skeleton.joint_count();
  const bool in_range =
      std::all_of(joints.begin(), joints.end(), [&](int j) { return j >= 0 && j < joint_count; });
  if (!previewing || joints.empty() || !in_range) return {};
  for (const int j : joints) {
    data.joints.push_back({j, scene.character.skeleton.joint_names[j], {}, {}, {}, {}, {}, 0.0f});
  }
  ++data.samplings;
  std::string error = sample_clip_frames(project, scene, probe, data);
  for (SampledJointCurves& joint : data.joints) match_quaternion_signs(joint);
  return error;
}

void read_recorded_curves(const anim::StateHistory& history, const anim::Skeleton& skeleton,
                          std::span<const int> joints, anim::EulerOrder order,
                          JointCurveData& data) {
  RecordedCurveKey key{&skeleton, history.size(), 0.0, 0.0, {joints.begin(), joints.end()}, order};
  if (history.size() > 0) {
    key.first_s = history.frame(0).time_s;
    key.last_s = history.frame(history.size() - 1).time_s;
  }
  if (key == data.recorded) return;
  data.recorded = key;
  data.key = {};  // a clip preview afterwards samples again
  data.valid = false;
  data.joints.clear();
  if (history.size() < 2) return;
  ++data.samplings;
  const double start_s = key.first_s;
  for (const int j : joints) {
    if (j < 0 || j >= skeleton.joint_count()) return;
    SampledJointCurves joint;
    joint.joint = j;
    joint.name = skeleton.joint_names[j];
    const int parent = skeleton.parents[j];
    for (int i = 0; i < history.size(); ++i) {
      const float t = static_cast<float>(history.frame(i).time_s - start_s);
      if (!history.has_pose(i) || (!joint.frames.empty() && !(t > joint.frames.back().time_s))) {
        continue;  // a frame without its pose, or one the paused clock did not move
      }
      const std::span<const glm::mat4> model = history.model_pose(i);
      anim::JointMotionFrame frame;
      frame.time_s = t;
      frame.local =
          anim::from_matrix(parent < 0 ? model[j] : glm::inverse(model[parent]) * model[j]);
      frame.model_translation = glm::vec3(model[j][3]);
      joint.frames.push_back(frame);
    }
    if (joint.frames.size() < 2 || !anim::derive_joint_motion(joint.frames, order)) return;
    std::vector<float> accelerations, times;
    for (const anim::JointMotionFrame& f : joint.frames) {
      accelerations.push_back(f.linear_acceleration);
      times.push_back(f.time_s);
    }
    joint.pop_threshold = anim::pop_threshold(accelerations);
    joint.pops = anim::pops_among(accelerations, times);
    data.duration_s = joint.frames.back().time_s;
    data.fps = static_cast<float>(joint.frames.size() - 1) / data.duration_s;
    data.joints.push_back(std::move(joint));
  }
  data.valid = !data.joints.empty();
}

}  // namespace app
