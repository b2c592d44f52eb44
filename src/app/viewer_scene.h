#pragma once
// What the viewer plays: the character, its project bound to it (shared, see DESIGN.md's
// lifetimes), and the instances that play it: the character's own, the onion skin's, the
// crowd's and the comparison's clip B. The project itself (blend spaces, state machine, layers)
// is the document's (app/document.h), or the command's that composes frames: the scene binds
// the project it is handed and keeps none. The frame loop updates it; panels edit it.

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anim/character_instance.h"
#include "anim/crowd.h"
#include "anim/playback.h"
#include "anim/terrain.h"
#include "app/clip_comparison.h"
#include "import/character.h"
#include "project/project_binding.h"
#include "project/project_file.h"
#include "render/motion_trail.h"
#include "visual/view_settings.h"

namespace app {

enum class PlayMode {
  Graph,        // the project's state machine (or its first blend space) drives the character
  ClipPreview,  // one clip on the timeline's clock
  RestPose,     // the file's own node pose (the skeleton's rest pose)
};

// A look-at entry of the bound post-process stack whose aim angles drive parameters (the
// project entry's aim_yaw_parameter and aim_pitch_parameter, by name; empty: none).
struct AimDriver {
  int entry = -1;  // in the bound stack (anim::CharacterInstance::post_process())
  std::string yaw_parameter, pitch_parameter;
};

struct ViewerScene {
  importer::Character character;
  project::BoundProject bound;
  anim::Parameters parameters;  // live values; the project's parameters keep the saved ones
  anim::CharacterInstance instance;
  // How the character plays (foot IK, root motion, warping...): edited here, handed to the
  // instance by apply_settings.
  anim::CharacterSettings settings;
  // The root motion the user chose, while a mode overrides settings.root_motion_mode (motion
  // matching moves the character by its root): what the project saves, and what settings get
  // back when the mode ends. Empty while nothing overrides it.
  std::optional<anim::RootMotionMode> chosen_root_motion;
  // The root motion mode as the user chose it (the override aside).
  anim::RootMotionMode user_root_motion() const {
    return chosen_root_motion.value_or(settings.root_motion_mode);
  }
  // A mode forces mode on the character until end_root_motion_override gives the user's back.
  // Both hand the settings to the instance (the mode alone changes: nothing can fail).
  void override_root_motion(anim::RootMotionMode mode);
  void end_root_motion_override();
  // Hands settings to the instance, which plays them from its next update (its blend-space
  // players are rebuilt when the root-motion axes or the input smoothing changed), and to the
  // onion skin's and the crowd's instances once set up (in place; the onion skin without foot
  // IK). Whoever changes settings calls it: a panel, a load after restoring the view, a mode
  // taking over the root; update() does not (an onion skin it sets up plays what the character
  // plays, a crowd the settings). Returns "" or "who: setting refused, kept as it was: cause";
  // a setting the character refused goes back, in settings, to the one it plays.
  [[nodiscard]] std::string apply_settings();
  // How the player stores its clips: exact by default, or compressed (the runtime's compact form).
  anim::BindOptions clip_binding;
  anim::Terrain terrain;
  anim::PlaybackClock clock;
  // The play rate the last update advanced the clock at (stride warping's, from the frame
  // before): the clock ran dt times the clock's speed times it.
  float clock_play_rate = 1.0f;
  PlayMode mode = PlayMode::ClipPreview;
  int preview_clip = -1;  // index into clips()
  // Clip B of a side-by-side comparison; the frame loop updates it after update().
  ClipComparison comparison;
  // N copies of the character playing the same graph, staggered (View > crowd size > 1).
  anim::Crowd crowd;
  bool loaded = false;

  // The bound clips (the project's, in its order; none before a load) and the bound graph
  // (only while loaded).
  const std::vector<anim::Clip>& clips() const;
  // The clip on the timeline (previewed while loaded), or -1 when the timeline shows none.
  int timeline_clip() const;
  const anim::GraphBinding& graph() const { return *bound.graph; }

  // Takes a freshly loaded character and binds project to it (the GPU side is the renderer's:
  // SceneRenderer::set_character); the live parameters start from the project's, and the
  // instance plays settings (the user's root motion, the character's root joint).
  // Returns "" or the cause; on failure the scene keeps what it had.
  std::string open(importer::Character character, const project::Project& project);

  // Re-binds the graph after an edit of project (blend spaces, machine, layers): cheap, and the
  // character keeps playing (its position, time and active state stay). The live parameters
  // (added, removed, renamed in the state machine view) become project's first. On failure the
  // last good binding keeps playing. Returns "" or the cause.
  std::string rebind_graph(project::Project& project);

  // Re-binds the clips too (their storage changed, or clips were added), then the graph; the
  // character keeps playing where it was (anim::CharacterInstance::rebind). The live parameters
  // become project's first. Returns "" or the cause; on failure the scene keeps what it had.
  std::string rebind_character(project::Project& project);
  // Re-binds only those clips (indices into project.clips; their markers changed), as
  // rebind_character does: the other clips' bound data stays as it was.
  std::string rebind_clips(project::Project& project, std::span<const int> clips);

  // Binds project's post-process stack again after an edit (the Post-process panel) and hands it
  // to the instance; its springs restart. On failure the last good stack keeps running. Returns
  // "" or the cause naming the entry.
  std::string rebind_post_process(const project::Project& project);
  // The look-at entries of the stack last bound that drive parameters (update() sets them).
  std::vector<AimDriver> aim_drivers;
  // Counts the stacks handed to the instance (a load, an edit, a dragged target, a target that
  // follows the camera moved with it): probes that compose frames apart from the scene
  // (app/probe_frames.h) take the stack again when it moved on.
  int post_process_revision = 0;

  // Adds clips imported from clip_file for this character (File > Add clip file...): they get
  // foot-contact markers as open() gives them, join project's clips (and clip_file its clip
  // files, so Save keeps them) and are bound after the clips already there, so the previewed
  // clip, the playhead and the parameters stay. Names must be new (load_clips_now sees to it).
  // Returns "" or the cause; on failure the scene and project keep what they had.
  std::string add_clips(std::vector<anim::Clip> clips, const std::string& clip_file,
                        project::Project& project);

  // Plays a layer's weight (edited in the project) on the instance at once, without a new
  // binding (a slider drag calls it every frame); rebind_graph afterwards hands it to the rest.
  void set_layer_weight(int layer, float weight);

  // The onion skin of the last update (view.onion_skin): the previewed clip's model-space poses
  // at the playhead plus each offset, computed by update() through the onion skin's own
  // instance (the same frame as the character's, root motion in place, no foot IK). Empty when
  // no clip is previewed.
  std::vector<float> onion_offsets_s;
  std::vector<std::vector<glm::mat4>> onion_poses;
  // The instance that composes them (unbound until the first onion skin).
  const anim::CharacterInstance& onion_instance() const { return onion_; }

  // The joints whose motion trails update() composes while view.motion_trails is on (the
  // viewer's joint selection, `render --trail`), and those trails (app::joint_trails over
  // view.motion_trail_window_s or the whole clip), through the trails' own probe. Empty when
  // no clip is previewed.
  std::vector<int> trail_joints;
  std::vector<render::MotionTrail> joint_trails;

  // Sets a parameter from "NAME=VALUE"; returns "" or why not (unknown name, not a finite
  // number: NaN or infinity would poison every weight that reads it).
  std::string set_parameter(const std::string& assignment);

  // The index in clips() of the clip named text, or with that index; -1 when none.
  int find_clip(const std::string& text) const;

  // Previews clip (index into clips()) on the timeline clock.
  void preview(int clip);

  // Advances the clock (in preview mode) and the character by dt_s, then clip B of view's
  // comparison (ClipComparison::update), which follows the clock, and the crowd when view asks
  // for one. Returns "" or the failing job's message; the motion trails' failure only once per
  // probe key (app/probe_frames.h), as it fails again on every frame.
  std::string update(float dt_s, const visual::SceneView& view);

 private:
  // Returns "" or why the onion skin could not be composed (it is then not drawn).
  std::string update_onion_skin(const visual::SceneView& view);
  // Plays new_bound from where the instance was (rebind_character, rebind_clips).
  std::string carry_on_with(project::BoundProject new_bound);
  // Returns "" or the trails' failure, when it is the first for its key: the binding, the clip
  // and the last trail joint (the one the joint inspector reads).
  std::string update_joint_trails(const visual::SceneView& view);
  std::string update_crowd(const visual::SceneView& view, float dt_s, bool previewing);

  anim::CharacterInstance onion_;
  // The trails' probe and the key its failure was last reported for. Made at the first trail;
  // shared only to keep its definition out of this header.
  struct TrailProbe;
  std::shared_ptr<TrailProbe> trail_probe_;
};

}  // namespace app
