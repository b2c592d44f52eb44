#include "app/clip_comparison.h"

#include <algorithm>
#include <cmath>

#include "app/viewer_scene.h"

namespace app {

void ClipComparison::unbind() {
  clip_ = -1;
  active_ = false;
}

void ClipComparison::update(const ViewerScene& scene, const visual::SceneView& view, float dt_s) {
  active_ = false;
  if (view.compare != visual::CompareMode::Clips || !scene.loaded) {
    error_.clear();
    return;
  }
  const int b = scene.find_clip(view.compare_clip);
  if (b < 0) {
    error_ = view.compare_clip.empty() ? "no clip B chosen" : "no clip '" + view.compare_clip + "'";
    return;
  }
  error_.clear();
  if (b != clip_ || player_.character() != scene.bound.character.get()) {
    // B shares the scene's bound clips: binding an instance binds no clip again.
    if (std::string e = player_.bind(*scene.bound.character, no_graph_); !e.empty()) {
      error_ = scene.clips()[b].name + ": " + e;
      clip_ = -1;
      return;
    }
    clip_ = b;
  }
  // Clip A's playhead: the timeline's in clip preview, the heaviest clip's under the graph.
  double a_time_s = 0.0, a_duration_s = 0.0;
  anim::PlaybackMode mode = anim::PlaybackMode::Loop;
  if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
    a_time_s = scene.clock.time_s();
    a_duration_s = scene.clock.timeline().duration_s;
    mode = scene.clock.mode();
  } else if (const int a = scene.instance.dominant_clip(); a >= 0) {
    a_time_s = scene.instance.dominant_clip_time();
    a_duration_s = scene.clips()[a].duration_s;
  }
  const double b_duration_s = scene.clips()[b].duration_s;
  time_s_ = anim::synced_clip_time(view.compare_sync, mode, a_time_s, a_duration_s, b_duration_s);
  anim::CharacterSettings settings = scene.settings;
  settings.root_motion_mode = anim::RootMotionMode::InPlace;
  player_.set_preview(b, static_cast<float>(time_s_));
  if (std::string e = player_.set_settings(settings); !e.empty()) {
    error_ = scene.clips()[b].name + ": " + e;
    return;
  }
  if (anim::JobResult r = player_.update(dt_s, parameters_, scene.terrain); !r) {
    error_ = scene.clips()[b].name + ": " + r.error;
    return;
  }
  active_ = true;
}

}  // namespace app
