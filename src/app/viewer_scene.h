#pragma once
// What the viewer has open: the character, its project (blend spaces, state machine, layers),
// and the character's player. The frame loop updates it; panels edit it.

#include <string>
#include <vector>

#include "anim/character_player.h"
#include "anim/playback.h"
#include "anim/terrain.h"
#include "app/clip_comparison.h"
#include "asset/character.h"
#include "asset/project_binding.h"
#include "asset/project_file.h"
#include "ui/view_settings.h"

namespace app {

enum class PlayMode {
  Graph,        // the project's state machine (or its first blend space) drives the character
  ClipPreview,  // one clip on the timeline's clock
};

struct ViewerScene {
  asset::Character character;
  asset::Project project;
  asset::BoundProject bound;
  anim::Parameters parameters;  // live values; project.parameters keeps the saved ones
  anim::CharacterPlayer player;
  anim::CharacterSettings settings;
  // How the player stores its clips: exact by default, or compressed (the runtime's compact form).
  anim::BindOptions clip_binding;
  anim::Terrain terrain;
  anim::PlaybackClock clock;
  PlayMode mode = PlayMode::ClipPreview;
  int preview_clip = -1;  // index into bound.clips
  // Clip B of a side-by-side comparison; the frame loop updates it after update().
  ClipComparison comparison;
  bool loaded = false;

  // Takes a freshly loaded character and its project and binds the graph (the GPU side is the
  // renderer's: SceneRenderer::set_character).
  // Returns "" or the cause; on failure the scene keeps what it had.
  std::string open(asset::Character character, asset::Project project);

  // Re-binds after an edit of project (blend spaces, machine, layers), keeping the character.
  std::string rebind();

  // Adds clips imported from clip_file for this character (File > Add clip file...): they get
  // foot-contact markers as open() gives them, join the project's clips (and clip_file its clip
  // files, so Save keeps them) and are bound after the clips already there, so the previewed
  // clip, the playhead and the parameters stay. Names must be new (load_clips_now sees to it).
  // Returns "" or the cause; on failure the scene keeps what it had.
  std::string add_clips(std::vector<anim::Clip> clips, const std::string& clip_file);

  // Changes a layer's weight live (no re-init: the player reads the bound layer each frame).
  void set_layer_weight(int layer, float weight);

  // Model-space poses of the previewed clip at the playhead plus offsets_s (onion skin), into
  // out (resized to offsets_s). Empty when no clip is previewed.
  void sample_preview_poses(std::span<const float> offsets_s,
                            std::vector<std::vector<glm::mat4>>& out) const;

  // Sets a parameter from "NAME=VALUE"; returns "" or why not (unknown name, not a number).
  std::string set_parameter(const std::string& assignment);

  // The index in bound.clips of the clip named text, or with that index; -1 when none.
  int find_clip(const std::string& text) const;

  // Previews clip (index into bound.clips) on the timeline clock.
  void preview(int clip);

  // Advances the clock (in preview mode) and the character by dt_s, then clip B of view's
  // comparison (ClipComparison::update), which follows the clock.
  void update(float dt_s, const ui::ViewSettings& view);
};

}  // namespace app
