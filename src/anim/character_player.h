#pragma once
// CharacterPlayer: one character's frame, in the order of DESIGN.md's data flow. The state
// machine (or a single previewed clip) gives weighted sources; each source is sampled (clips)
// or played (blend spaces, phase-synced); the sources are blended with their root motion; an
// inertialized switch decays its offset; layers (override or additive, masked) go on top; root
// motion is extracted and accumulated into the world transform or kept in the pose; the pose
// goes to model space; foot IK corrects the legs on the terrain; and the skinning palettes are
// built as matrices and as dual quaternions. The window, the command-line tools, the tests and
// the benchmarks all run this one path.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_2d.h"
#include "anim/blend_space_player.h"
#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/dual_quat.h"
#include "anim/foot_ik.h"
#include "anim/inertialization.h"
#include "anim/layer.h"
#include "anim/parameters.h"
#include "anim/pose_matching.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/terrain.h"

namespace anim {

// A blend space as a graph plays it: its clips (indices into the graph's clips), where each
// sits, and the parameters that move its input point (x_parameter alone for 1D).
struct BlendSpaceBinding {
  std::string name;
  bool one_dimensional = false;
  BlendMode2D mode = BlendMode2D::FreeformDirectional;
  std::vector<int> clips;
  std::vector<glm::vec2> positions;  // 1D: the threshold in x
  int x_parameter = -1;
  int y_parameter = -1;
};

// A layer over the base pose that plays one clip (looping on its own clock). For an additive
// layer the clip is turned into a delta against the skeleton's rest pose, so a clip that holds
// a lean adds that lean.
struct LayerBinding {
  Layer layer;
  int clip = -1;
};

// What a character plays. Borrowed by the player: it must outlive it and not change while it
// plays (call CharacterPlayer::init again after an edit). machine may be null: the graph then
// plays its first blend space, or previews a clip (see set_preview).
struct CharacterGraph {
  const Skeleton* skeleton = nullptr;
  std::span<const Clip> clips;
  std::span<const BlendSpaceBinding> blend_spaces;
  const StateMachine* machine = nullptr;
  std::span<const LayerBinding> layers;
};

// Either way the extracted motion (the axes chosen in RootMotionSettings) leaves the pose;
// what it does then differs. Axes that are not extracted stay in the pose.
enum class RootMotionMode {
  InPlace,  // dropped: the character treads on the spot
  Applied,  // accumulated into the world transform: the character moves through the world
};

struct CharacterSettings {
  RootMotionMode root_motion_mode = RootMotionMode::InPlace;
  RootMotionSettings root_motion;
  bool foot_ik = false;
  FootIkSettings foot_ik_settings;
  // Half-life (seconds) of the smoothing of blend-space input points: 0 follows the parameters
  // at once; larger values ease the blend after a sudden change of input.
  float blend_input_half_life_s = 0.0f;
};

class CharacterPlayer {
 public:
  CharacterPlayer() = default;
  // The player's parts point at each other (the machine borrows the pose-match tables).
  CharacterPlayer(const CharacterPlayer&) = delete;
  CharacterPlayer& operator=(const CharacterPlayer&) = delete;

  // Binds to graph and allocates everything the frames need. Returns "" or the cause (an
  // invalid skeleton, clip index, blend space or machine). parameters are the ones the machine
  // and the blend spaces index. clip_binding chooses how clips are stored and sampled: exactly
  // (the default) or compressed (BindOptions::compress: far less memory, within its error).
  std::string init(const CharacterGraph& graph, const Parameters& parameters,
                   const BindOptions& clip_binding = {});

  // Sets the foot IK legs (validated against the skeleton); an empty rig turns foot IK off.
  std::string set_foot_ik_rig(const FootIkRig& rig);

  bool has_foot_ik_rig() const { return !rig_.legs.empty(); }
  // The bytes of clip data the player samples from: compressed, baked or keys, per clip.
  std::size_t clip_memory_bytes() const;

  // Previews one clip at a playhead the caller's clock drives (seconds), instead of the graph.
  // Root motion between two calls follows the playhead's advance, wrapping at loop ends.
  void set_preview(int clip, float time_s);

  // A source made outside the graph (a motion-matching controller) played instead of the graph
  // and the preview on the next updates: its local pose (root motion already removed; borrowed,
  // it must stay valid while set), the root step of each update (set it before each update) and
  // the clip and time it shows (for foot contacts). An empty pose goes back to the graph.
  void set_external_source(std::span<const Transform> pose, const RootMotionDelta& step, int clip,
                           float clip_time_s);

  // Back from a preview to the graph: the machine, or without one the first blend space.
  void play_graph() { previewing_ = false; }
  bool previewing() const { return previewing_; }

  // One frame: runs the flow above for dt_s seconds. No allocation.
  void update(float dt_s, Parameters& parameters, const CharacterSettings& settings,
              const Terrain& terrain);

  // Back to the start: machine at its entry state, world transform at the origin.
  void reset();
  void reset_world() {
    world_ = Transform::identity();
    foot_ik_state_ = {};
  }

  // Results of the last update.
  std::span<const Transform> local_pose() const { return local_; }
  std::span<const glm::mat4> model_pose() const { return model_; }
  std::span<const glm::mat4> skinning_matrices() const { return palette_; }
  std::span<const DualQuat> skinning_dual_quats() const { return dual_quats_; }
  std::span<const glm::mat3> skinning_stretch() const { return stretch_; }
  std::span<const std::uint8_t> skinning_has_stretch() const { return has_stretch_; }
  const Transform& world() const { return world_; }
  glm::mat4 world_matrix() const { return to_matrix(world_); }
  const RootMotionDelta& last_root_motion() const { return root_step_; }
  const FootIkDebug& foot_ik_debug() const { return foot_debug_; }
  const StateMachinePlayer& machine() const { return machine_; }
  bool has_machine() const { return graph_.machine != nullptr; }
  // The blend-space players (weights, phase) for the editor and the state log.
  std::span<const BlendSpacePlayer> blend_space_players() const { return blend_players_; }
  // The input point each blend space played last (from its parameters).
  glm::vec2 blend_space_input(int blend_space) const { return inputs_[blend_space]; }
  // The clip whose weight was largest in the last frame (for the timeline and foot contacts).
  int dominant_clip() const { return dominant_clip_; }
  float dominant_clip_time() const { return dominant_time_; }

 private:
  void evaluate_source(const WeightedSource& source, float dt_s, const Parameters& parameters,
                       std::span<Transform> out, RootMotionDelta& step);
  void sample_clip_source(int clip, float time_s, std::span<Transform> out, RootMotionDelta& step);
  void apply_layers(float dt_s);
  void update_contacts();
  std::string build_blend_players(const RootMotionSettings& root_motion, float input_half_life_s);
  std::string build_pose_matches();

  CharacterGraph graph_;
  std::span<const Transform> external_pose_;
  RootMotionDelta external_step_;
  int external_clip_ = -1;
  float external_time_s_ = 0.0f;
  std::vector<ClipBinding> bindings_;
  BindOptions clip_binding_;
  std::vector<SamplingCache> caches_;
  std::vector<float> clip_last_time_;  // per clip: where root motion was last measured
  std::vector<float> clip_lengths_;    // per clip, for the machine's normalized times
  std::vector<float> blend_lengths_;   // per blend space: its weight-averaged cycle
  std::vector<BlendSpacePlayer> blend_players_;
  std::vector<glm::vec2> inputs_;
  StateMachinePlayer machine_;
  PoseMatchLibrary pose_matches_;  // borrowed by machine_: rebuilt before it on init
  Inertializer inertializer_;
  std::vector<std::vector<Transform>> source_poses_;  // one per possible source
  std::vector<BlendLayer> blend_layers_;
  std::vector<Transform> local_, previous_output_, before_previous_output_;
  std::vector<Transform> layer_pose_;
  std::vector<SamplingCache> layer_caches_;
  std::vector<float> layer_time_;
  std::vector<glm::mat4> model_, palette_;
  std::vector<DualQuat> dual_quats_;
  std::vector<glm::mat3> stretch_;
  std::vector<std::uint8_t> has_stretch_;
  RootMotionSettings built_root_motion_;  // what the blend-space players extract
  float built_input_half_life_s_ = 0.0f;  // and how they smooth their input
  FootIkRig rig_;
  FootIkState foot_ik_state_;
  FootIkDebug foot_debug_;
  std::array<bool, kMaxFootIkLegs> contacts_{};
  Transform world_;
  RootMotionDelta root_step_;
  bool previewing_ = false;
  int preview_clip_ = -1;
  float preview_time_ = 0.0f;
  int dominant_clip_ = -1;
  float dominant_time_ = 0.0f;
  float last_dt_ = 1.0f / 60.0f;
};

}  // namespace anim
