#include "app/joint_curve_view.h"

#include <algorithm>

#include "app/joint_curves.h"
#include "app/probe_frames.h"

namespace app {
namespace {

// Samples the joint's frames over the whole clip into data; false when the probe fails.
bool sample_clip_frames(const ViewerScene& scene, FrameProbe& probe, JointCurveData& data) {
  const anim::Clip& clip = scene.clips()[data.key.clip];
  data.fps = clip.source_fps > 0.0f ? clip.source_fps : 30.0f;
  data.duration_s = clip.duration_s;
  const int count = anim::joint_motion_frame_count(0.0f, clip.duration_s, data.fps);
  if (count < 2) return false;  // a one-frame clip has no curve
  data.frames.resize(count);
  std::vector<glm::vec3> points(count);
  for (int i = 0; i < count; ++i) {
    const float t = anim::joint_motion_frame_time(0.0f, clip.duration_s, data.fps, i);
    if (!compose_probe_frame(scene, probe, data.key.clip, curve_frame_clip_time(clip, t))) {
      return false;
    }
    data.frames[i] = read_joint(probe.instance, data.key.joint, t);
    points[i] = data.frames[i].model_translation;
  }
  if (!anim::derive_joint_motion(data.frames, data.key.order)) return false;
  data.pops = anim::find_pops(points, 0.0f, 1.0f / data.fps);
  data.key_times = joint_key_times(clip, scene.character.skeleton.joint_names[data.key.joint]);
  return true;
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

void refresh_joint_curves(const ViewerScene& scene, FrameProbe& probe, int joint,
                          anim::EulerOrder order, int load_count, JointCurveData& data) {
  const bool previewing =
      scene.loaded && scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0;
  JointCurveKey key;
  if (previewing) {
    key = {scene.bound.character.get(),
           scene.clips().data(),
           load_count,
           scene.preview_clip,
           joint,
           order,
           scene.settings,
           scene.terrain,
           scene.post_process_revision};
    key.settings.matrix_palette = key.settings.dual_quat_palette = false;  // the probe builds none
  }
  if (key == data.key) return;  // also after a failed sampling: not retried every frame
  data = JointCurveData{key, false, {}, {}, {}, 30.0f, 0.0f, data.samplings};
  if (!previewing || joint < 0 || joint >= scene.character.skeleton.joint_count()) return;
  ++data.samplings;
  data.valid = sample_clip_frames(scene, probe, data);
}

}  // namespace app
