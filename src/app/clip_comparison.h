#pragma once
// Clip B of a side-by-side comparison: a second player that is slaved to the playhead of clip A
// (the timeline's clip), so scrubbing, pausing, frame steps and reverse play on A move B too.

#include <span>
#include <string>

#include "anim/character_instance.h"
#include "anim/playback.h"
#include "visual/view_settings.h"

namespace app {

struct ViewerScene;

class ClipComparison {
 public:
  ClipComparison() = default;
  // It holds a player, whose parts point at each other.
  ClipComparison(const ClipComparison&) = delete;
  ClipComparison& operator=(const ClipComparison&) = delete;

  // Forgets the bound clip; call it whenever the scene's clips are replaced (open, rebind), so
  // the next update binds the player to the new ones.
  void unbind();

  // One frame of clip B, after the scene's own update: when view asks for CompareMode::Clips,
  // finds clip B (view.compare_clip, a name or index), binds the player to it when it changed,
  // and plays it at anim::synced_clip_time of clip A's playhead (the timeline in clip preview, the
  // heaviest clip of the graph otherwise) with the scene's settings, root motion kept in place
  // (B is drawn where A stands). Otherwise does nothing and is inactive. Allocates only when it
  // binds a clip (or names a missing one).
  void update(const ViewerScene& scene, const visual::SceneView& view, float dt_s);

  // Whether the last update played clip B; its pose and palettes are then in player().
  bool active() const { return active_; }
  // Clip B, an index into the scene's bound clips, or -1.
  int clip() const { return clip_; }
  // Clip B's playhead, in seconds, of the last update.
  double time_s() const { return time_s_; }
  // Why clip B is not played ("" when it is, or when the mode is not Clips).
  const std::string& error() const { return error_; }
  const anim::CharacterInstance& player() const { return player_; }

 private:
  anim::CharacterInstance player_;
  anim::GraphBinding no_graph_;  // B previews one clip and plays no graph
  anim::Parameters parameters_;  // none: B plays a single clip
  int clip_ = -1;
  double time_s_ = 0.0;
  bool active_ = false;
  std::string error_;
};

}  // namespace app
