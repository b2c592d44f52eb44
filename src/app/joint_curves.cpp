#include "app/joint_curves.h"

#include <cmath>

#include "anim/clip_filter.h"
#include "anim/clip_sampling.h"

namespace app {

float curve_frame_clip_time(const anim::Clip& clip, float t_s) {
  const float at = clip.loop && t_s == clip.duration_s ? std::nextafter(t_s, 0.0f) : t_s;
  return anim::wrap_clip_time(clip, at);
}

std::string sample_joint_curves(ViewerScene& scene, const JointCurvesRequest& request,
                                JointCurves& out) {
  out = {};
  if (request.clip < 0 || request.clip >= static_cast<int>(scene.clips().size())) {
    return "no such clip";
  }
  if (request.joint < 0 || request.joint >= scene.character.skeleton.joint_count()) {
    return "no such joint";
  }
  const int count = anim::joint_motion_frame_count(request.t0_s, request.t1_s, request.fps);
  if (count == 0) return "the range must run forwards and the rate be positive";
  const anim::Clip& clip = scene.clips()[request.clip];
  scene.mode = PlayMode::ClipPreview;
  scene.preview(request.clip);
  scene.clock.set_playing(false);
  const visual::SceneView view;
  out.frames.resize(count);
  std::vector<glm::vec3> points(count);
  for (int i = 0; i < count; ++i) {
    const float t = anim::joint_motion_frame_time(request.t0_s, request.t1_s, request.fps, i);
    scene.clock.seek(curve_frame_clip_time(clip, t));
    if (std::string e = scene.update(0.0f, view); !e.empty()) return e;
    anim::JointMotionFrame& frame = out.frames[i];
    frame.time_s = t;
    frame.local = scene.instance.local_pose()[request.joint];
    frame.model_translation = glm::vec3(scene.instance.model_pose()[request.joint][3]);
    points[i] = frame.model_translation;
  }
  scene.clock.seek(anim::wrap_clip_time(clip, request.t0_s));
  if (const anim::JobResult r = anim::derive_joint_motion(out.frames, request.order); !r) {
    return r.error;
  }
  out.pops = anim::find_pops(points, request.t0_s, 1.0f / request.fps);
  return {};
}

std::string filter_scene_clip(project::Project& project, ViewerScene& scene, int clip,
                              const anim::MotionFilter& filter) {
  if (clip < 0 || clip >= static_cast<int>(scene.clips().size())) return "no such clip";
  const std::string name = scene.clips()[clip].name;
  for (anim::Clip& source : scene.character.clips) {
    if (source.name != name) continue;
    std::string error;
    anim::Clip filtered = anim::filter_clip(source, filter, &error);
    if (!error.empty()) return error;
    anim::Clip original = std::move(source);
    source = std::move(filtered);
    // Only this clip is bound again; the character plays on (its state, its place).
    const int changed[] = {clip};
    if (std::string e = scene.rebind_clips(project, changed); !e.empty()) {
      source = std::move(original);
      return e;
    }
    return {};
  }
  std::string error = "'";
  error += name;
  error += "' is not among the character's clips";
  return error;
}

}  // namespace app
