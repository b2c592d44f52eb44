#pragma once
// CharacterInstance: one character's frame, in the order of DESIGN.md's data flow. The state
// machine (or a single previewed clip) gives weighted sources; each source is sampled (clips)
// or played (blend spaces, phase-synced); the sources are blended with their root motion; an
// inertialized switch decays its offset; layers (override or additive, masked) go on top; root
// motion is extracted and accumulated into the world transform or kept in the pose; the pose
// goes to model space; the post-process stack (foot IK correcting the legs on the terrain,
// look-at, twist, springs, multi-bone IK) runs in its order; and the skinning palettes are
// built as matrices and/or as dual quaternions. This is the one place a frame is composed: the
// viewer, the comparison, the crowd, the onion skin, frame export, the command-line tools and
// the benchmarks all run it.
//
// Three lifetimes: a BoundCharacter (skeleton, clips in their storage, legs) built once per
// load and shared; a GraphBinding (blend spaces, machine, layers) rebuilt on every edit; and
// this instance (clocks, machine state, sampling caches, inertialization, root and IK state,
// palettes), which survives a graph edit.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_player.h"
#include "anim/bound_character.h"
#include "anim/clip_sampling.h"
#include "anim/dual_quat.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/graph_binding.h"
#include "anim/inertialization.h"
#include "anim/job_result.h"
#include "anim/orientation_warping.h"
#include "anim/parameters.h"
#include "anim/post_process_stack.h"
#include "anim/prefetch.h"
#include "anim/root_motion.h"
#include "anim/state_machine.h"
#include "anim/stride_warping.h"
#include "anim/terrain.h"

namespace anim {

// Either way the extracted motion (the axes chosen in RootMotionSettings) leaves the pose;
// what it does then differs. Axes that are not extracted stay in the pose.
enum class RootMotionMode {
  InPlace,  // dropped: the character treads on the spot
  Applied,  // accumulated into the world transform: the character moves through the world
};

struct CharacterSettings {
  RootMotionMode root_motion_mode = RootMotionMode::InPlace;
  RootMotionSettings root_motion;
  // Whether the stack's foot-IK entry runs (it is skipped as if muted without it).
  bool foot_ik = false;
  FootIkSettings foot_ik_settings;
  // Locomotion warping, after the blend and before foot IK: stride warping scales the stride
  // (and the root motion) to the speed asked for, orientation warping turns the lower body (and
  // the root motion) to the direction asked for. What is asked is the heaviest blend space's
  // input point read as a ground velocity (x, z in m/s, as computed positions are; a 1D space's
  // as a speed), else the velocity an external source asks (ExternalPose::requested_velocity_mps),
  // else stride_warping_settings.requested_speed_mps.
  bool stride_warping = false;
  StrideWarpingSettings stride_warping_settings;
  bool orientation_warping = false;
  OrientationWarpingSettings orientation_warping_settings;
  // Whether the post-process stack's entries other than foot IK (set_post_process) run.
  bool post_process = true;
  // Half-life (seconds) of the smoothing of blend-space input points: 0 follows the parameters
  // at once; larger values ease the blend after a sudden change of input.
  float blend_input_half_life_s = 0.0f;
  // Which skinning palettes update() builds: the matrix palette (LBS), the dual quaternions
  // with their stretch (DQ); both for views that show the two.
  bool matrix_palette = true;
  bool dual_quat_palette = true;

  // Every field equal (views that cache composed frames sample again when a setting changes).
  bool operator==(const CharacterSettings&) const = default;
};

// What an instance plays, one at a time, set by its named functions (play_graph, set_preview,
// show_rest_pose, set_external_source).
// The graph: its machine, else its first blend space, else its first clip's first frame.
struct GraphSource {};
// One clip at a playhead the caller's clock drives (seconds); clip -1 is the rest pose.
struct PreviewClip {
  int clip = -1;
  float time_s = 0.0f;
};
// A source made outside the graph (a motion-matching controller): its local pose (root motion
// already removed; borrowed), the root step of the next update, the clip and time it shows,
// where its foot contacts are read when not from that clip (a mirrored copy; borrowed), and the
// ground velocity it asks the character to travel at (model space, x and z in m/s, as a blend
// space's input point; y ignored): a motion-matching trajectory's, which stride and orientation
// warping then follow, before the settings' requested_speed_mps. The request is the source's, so
// it goes with it when another source plays.
struct ExternalPose {
  std::span<const Transform> pose;
  RootMotionDelta step;
  int clip = -1;
  float clip_time_s = 0.0f;
  const Clip* contacts_clip = nullptr;
  std::optional<glm::vec3> requested_velocity_mps;
};
using InstanceSource = std::variant<GraphSource, PreviewClip, ExternalPose>;

// The local and model poses a frame is composed in when the instance does not keep them: the
// caller's, sized once for the skeleton and lent to every instance it updates, as ozz's
// SamplingJob::Context is. A crowd draws palettes alone: its instances compose in one scratch,
// which the next instance finds still in cache (1000 instances' own poses are 5.6 MB a frame
// from memory).
struct PoseScratch {
  PoseScratch() = default;
  explicit PoseScratch(std::size_t joints) : local(joints), model(joints, glm::mat4(1.0f)) {}
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

class CharacterInstance {
 public:
  CharacterInstance() = default;
  // Its parts point at each other (the blend-space players borrow the character's bindings).
  CharacterInstance(const CharacterInstance&) = delete;
  CharacterInstance& operator=(const CharacterInstance&) = delete;
  CharacterInstance(CharacterInstance&&) = default;
  CharacterInstance& operator=(CharacterInstance&&) = default;

  // Starts playing graph on character from the beginning: allocates everything the frames need,
  // the machine at its entry state, the world transform at the origin, the character's legs for
  // foot IK. Both are borrowed: they must outlive the instance and not change while it plays.
  // graph must have passed bind_graph for character. Returns "" or the cause.
  [[nodiscard]] std::string bind(const BoundCharacter& character, const GraphBinding& graph);

  // Switches to an edited graph of the same character and keeps playing: the world transform,
  // the clips' playheads, the foot IK state, the blend spaces' phases (by name) and the
  // machine's active state (by name, else the entry state) stay. On failure the instance keeps
  // the graph it had.
  [[nodiscard]] std::string set_graph(const GraphBinding& graph);

  // Switches to a character bound anew from the same skeleton (clips added, retargeted or their
  // markers edited) and its graph, and keeps playing as set_graph does: the world transform, the
  // foot IK state, the clips' playheads (by index: added clips come last), the blend spaces'
  // phases and the machine's state by name, and a clip preview while its clip exists. On
  // failure the instance keeps what it had.
  [[nodiscard]] std::string rebind(const BoundCharacter& character, const GraphBinding& graph);

  // Plays layer (an index into the graph's layers) at weight (clamped to [0, 1]) from the next
  // update, without a new binding: a slider being dragged. The next set_graph takes the
  // binding's weights again. Out-of-range layers and non-finite weights are ignored.
  void set_layer_weight(int layer, float weight);

  // The post-process stack, run in its order (copied; allocates: call it when the stack is
  // edited, not per frame). Foot IK is one of its entries: a stack without a foot-IK entry gets
  // one first (where foot IK always ran), so post_process() may hold one entry more than
  // entries. Its springs start afresh; its ghosts are sized for the entries' ghost flags.
  // Entries are checked when they run.
  void set_post_process(std::span<const PostProcessEntry> entries);
  std::span<const PostProcessEntry> post_process() const { return post_process_; }
  // The entries to edit in place without restarting the springs (a target dragged, a weight
  // slid): no allocation. Changing an entry's kind or joints wants set_post_process.
  std::span<PostProcessEntry> edit_post_process() { return post_process_; }
  // Starts the stack's springs afresh from the next pose (a scrub, a loop, a jump).
  void reset_post_process() { post_state_.reset(); }
  // The model pose before stack entry entry (an index into post_process()) in the last update,
  // kept where the entry's ghost flag was set when the stack was; empty otherwise.
  std::span<const glm::mat4> post_process_ghost(std::size_t entry) const {
    return post_state_.ghost(entry);
  }

  bool has_foot_ik_rig() const { return !rig_.legs.empty(); }
  // The legs foot IK and the foot-slide meter use (empty when the rig does not validate).
  const FootIkRig& foot_rig() const { return rig_; }
  const BoundCharacter* character() const { return character_; }

  // Previews one clip at a playhead the caller's clock drives (seconds), instead of the graph.
  // Root motion between two calls follows the playhead's advance, wrapping at loop ends.
  void set_preview(int clip, float time_s);

  // Shows the skeleton's rest pose (the file's own node pose) instead of the graph.
  void show_rest_pose() { source_ = PreviewClip{}; }

  // Plays source, made outside the graph, on the next updates: its pose must stay valid while set
  // and hold one transform per joint (update fails otherwise); its step and requested velocity
  // are the next update's (set it before each). An empty pose goes back to the graph.
  void set_external_source(const ExternalPose& source);

  // The velocity the external source asks (ExternalPose::requested_velocity_mps); none while
  // another source plays, whichever call switched to it.
  std::optional<glm::vec3> requested_velocity() const {
    const ExternalPose* external = std::get_if<ExternalPose>(&source_);
    return external != nullptr ? external->requested_velocity_mps : std::nullopt;
  }

  // Back from a preview or an external source to the graph.
  void play_graph() { source_ = GraphSource{}; }
  bool previewing() const { return std::holds_alternative<PreviewClip>(source_); }
  const InstanceSource& source() const { return source_; }

  // The settings the next updates run with. A change of the root motion's axes or of the blend
  // input's smoothing rebuilds the blend-space players (their phases kept) here, not in update:
  // call it when the settings change (an unchanged call costs a comparison). Fails when the
  // players do not build (a root joint outside the skeleton): returns "" or the cause, and the
  // instance then keeps the settings it had.
  [[nodiscard]] std::string set_settings(const CharacterSettings& settings);
  const CharacterSettings& settings() const { return settings_; }

  // One frame: runs the flow above for dt_s seconds (clamped to [0, 0.25]). No allocation.
  // Fails with the first failing job's message (the outputs then hold the last good frame).
  [[nodiscard]] JobResult update(float dt_s, Parameters& parameters, const Terrain& terrain);
  // The same frame composed in scratch (sized for the skeleton, else it fails): local_pose()
  // and model_pose() are then not updated (they keep their size); the palettes are.
  [[nodiscard]] JobResult update(float dt_s, Parameters& parameters, const Terrain& terrain,
                                 PoseScratch& scratch);

  // Asks the caches for the state the next update reads and writes: what the last update
  // touched (the playing blend spaces' sampling contexts, the poses, the palettes), noted by it
  // in the instance itself, so that asking costs no wait. A hint that changes nothing: a crowd
  // gives it for the next instance while it updates one (prefetch.h). Updates note what they
  // touch only after note_prefetch_ranges(true): a lone character, never asked, skips the cost.
  void prefetch() const { anim::prefetch(prefetch_ranges()); }
  // What prefetch() asks for: address-ordered ranges, none sharing or touching a cache line.
  std::span<const PrefetchRange> prefetch_ranges() const {
    return {touched_.data(), touched_count_};
  }
  void note_prefetch_ranges(bool note) {
    note_touched_ = note;
    touched_count_ = 0;
  }

  // Back to the start: machine at its entry state, world transform at the origin.
  void reset();
  // Puts the character at world (e.g. back where it stood after the character was re-bound).
  void set_world(const Transform& world) { world_ = world; }
  void reset_world() {
    world_ = Transform::identity();
    foot_ik_state_ = {};
  }

  // Results of the last update (the poses only when it composed them in the instance's own).
  std::span<const Transform> local_pose() const { return local_; }
  std::span<const glm::mat4> model_pose() const { return model_; }
  std::span<const glm::mat4> skinning_matrices() const { return palette_; }
  std::span<const DualQuat> skinning_dual_quats() const { return dual_quats_; }
  std::span<const glm::mat3> skinning_stretch() const { return stretch_; }
  std::span<const std::uint8_t> skinning_has_stretch() const { return has_stretch_; }
  // One weight per morph channel of the character (BoundCharacter::morph_channels): the sources'
  // sampled weights blended with the same weights as their poses, then the clip layers', then
  // the pinned ones.
  std::span<const float> morph_weights() const { return morph_weights_; }
  // Holds channel at weight in every update until unpinned, whatever plays (a shape slider
  // held in the panel, as Blender's shape keys). Out-of-range channels and non-finite weights
  // are ignored.
  void pin_morph_weight(int channel, float weight);
  void unpin_morph_weight(int channel);
  bool morph_weight_pinned(int channel) const;
  const Transform& world() const { return world_; }
  glm::mat4 world_matrix() const { return to_matrix(world_); }
  const RootMotionDelta& last_root_motion() const { return root_step_; }
  // Whether the last frame's heaviest clip moved by ground motion synthesised from its feet.
  bool root_motion_from_feet() const { return root_motion_from_feet_; }
  const FootIkDebug& foot_ik_debug() const { return foot_debug_; }
  // What the last frame's warping did: the stride ratio (1: none) and the pelvis's turn (rad).
  float stride_warp_ratio() const { return stride_warp_ratio_; }
  // The rate stride warping plays the sources at (1: as authored; above 1 where the legs could
  // not reach a longer stride): the graph's clock runs at it; a caller that drives a previewed
  // clip's playhead advances it by dt times this rate.
  float warp_play_rate() const { return stride_state_.play_rate; }
  float hip_warp_angle_rad() const { return hip_warp_angle_rad_; }
  const StateMachinePlayer& machine() const { return machine_; }
  bool has_machine() const { return graph_ != nullptr && graph_->has_machine; }
  // The blend-space players (weights, phase) for the editor and the state log.
  std::span<const BlendSpacePlayer> blend_space_players() const { return blend_players_; }
  // The input point each blend space played last (from its parameters).
  glm::vec2 blend_space_input(int blend_space) const { return inputs_[blend_space]; }
  // The clip whose weight was largest in the last frame (for the timeline and foot contacts).
  int dominant_clip() const { return dominant_clip_; }
  float dominant_clip_time() const { return dominant_time_; }

 private:
  // What the sources left: their total weight, and the heaviest one's blend space (-1: none).
  struct SourceMix {
    float total = 0.0f;
    int heaviest_blend_space = -1;
  };
  // update's steps, in order. poses_kept: whether local_ and model_ are the instance's own.
  JobResult compose_frame(float dt_s, Parameters& parameters, const Terrain& terrain,
                          bool poses_kept);
  // The graph's or the preview's weighted sources (single holds a lone one); dt_s: the caller's
  // seconds, which the graph's clock runs through at stride warping's play rate.
  JobResult pick_sources(float dt_s, Parameters& parameters, WeightedSource& single,
                         std::span<const WeightedSource>& sources);
  JobResult time_blend_space_states(const Parameters& parameters);
  JobResult mix_sources(std::span<const WeightedSource> sources, float dt_s,
                        const Parameters& parameters, SourceMix& mix);
  // The external source's pose and step as the frame's base pose.
  JobResult take_external_pose(const ExternalPose& external);
  void note_dominant(const WeightedSource& source);
  JobResult inertialize(float dt_s);
  void keep_outputs(float dt_s);
  void place_in_world(const CharacterSettings& settings);
  JobResult finish_pose(float dt_s, bool poses_kept);

  JobResult evaluate_source(const WeightedSource& source, float dt_s, const Parameters& parameters,
                            std::span<Transform> out, RootMotionDelta& step);
  JobResult sample_clip_source(int clip, float time_s, std::span<Transform> out,
                               RootMotionDelta& step);
  JobResult apply_layers(float dt_s, const Parameters& parameters);
  // Adds weight times clip's morph weights at time_s to morph_weights_ (and weight to
  // morph_total_); a source's share of the blend, as its pose has.
  JobResult accumulate_clip_morph(int clip, float time_s, float weight);
  JobResult accumulate_source_morph(const WeightedSource& source);
  // Layer layer's shapes over morph_weights_ by weight (its clip's, or its blend space's clips'
  // weights blended), through its shape mask.
  JobResult apply_layer_morph(std::size_t layer, float weight);
  void update_contacts();
  // Stride and orientation warping of local_ and root_step_ toward what the heaviest source
  // asks (blend_space: its index, or -1 when it is not a blend space). model_current says
  // whether it left model_ holding the model pose of local_ (so the frame need not build it).
  JobResult warp_locomotion(const CharacterSettings& settings, int blend_space, float dt_s,
                            bool& model_current);
  // The frame's warp from its root motion and what is asked: stride_warp_ratio_,
  // hip_warp_angle_rad_ and warp_direction_. False when nothing is asked.
  bool aim_warp(const CharacterSettings& settings, int blend_space, float dt_s);
  // Caps stride_warp_ratio_ at what the planted legs reach (model_: the animated pose, turned),
  // the rest of the speed asked made up by the sources' play rate.
  void limit_stride_to_reach(const CharacterSettings& settings, float dt_s);
  // dominant_clip_rate_ from the dominant clip's playhead against source_advance_s_.
  void track_dominant_clip_rate();
  // Whether the stack's foot-IK entry runs with settings (stride warping then leaves the feet's
  // shifts to it).
  bool foot_ik_on(const CharacterSettings& settings) const;
  // What the stack's foot-IK entry reads and writes this frame (pointing into the instance).
  FootIkContext foot_ik_context(const CharacterSettings& settings);
  // Measures root_frame_ for settings_'s root joint and forgets the clips' cursors.
  void measure_root_frame();
  void note_touched(bool poses_kept);
  std::string build_graph_players(const GraphBinding& graph, const RootMotionSettings& root_motion,
                                  float input_half_life_s,
                                  std::vector<BlendSpacePlayer>& blend_players,
                                  std::vector<SamplingCache>& layer_caches,
                                  std::vector<BlendSpacePlayer>& layer_players) const;
  // Makes graph the one played, with the players built for it; the per-blend-space and per-layer
  // state is sized for it (bind starts it afresh, set_graph keeps what the names keep).
  void adopt_graph(const GraphBinding& graph, std::vector<BlendSpacePlayer>&& blend_players,
                   std::vector<SamplingCache>&& layer_caches,
                   std::vector<BlendSpacePlayer>&& layer_players);
  // After adopt_graph (and the machine's init): the blend spaces' phases and the machine's state
  // carried over by name from the graph played before.
  void continue_graph(const GraphBinding* previous_graph,
                      std::span<const BlendSpacePlayer> previous_players,
                      const StateMachinePlayer& previous_machine);

  const BoundCharacter* character_ = nullptr;
  const GraphBinding* graph_ = nullptr;
  InstanceSource source_;
  CharacterSettings settings_;
  // Where the last frame's foot contacts are read: the dominant clip, or the external source's
  // own contacts clip; null for none.
  const Clip* contacts_clip_ = nullptr;
  std::vector<SamplingCache> caches_;
  std::vector<float> clip_last_time_;  // per clip: where root motion was last measured
  std::vector<float> clip_lengths_;    // per clip, for the machine's normalized times
  std::vector<float> blend_lengths_;   // per blend space: its weight-averaged cycle
  std::vector<BlendSpacePlayer> blend_players_;
  std::vector<glm::vec2> inputs_;
  StateMachinePlayer machine_;
  Inertializer inertializer_;
  WeightInertializer weight_inertializer_;            // the morph weights' share of inertialization
  std::vector<std::vector<Transform>> source_poses_;  // one per possible source
  std::vector<BlendLayer> blend_layers_;
  std::vector<Transform> local_, previous_output_, before_previous_output_;
  std::vector<Transform> layer_pose_;
  std::vector<SamplingCache> layer_caches_;
  std::vector<BlendSpacePlayer> layer_players_;  // per layer; built for blend-space layers
  std::vector<float> layer_time_;
  std::vector<float> layer_weights_;  // per layer: the binding's, or set_layer_weight's
  std::vector<glm::mat4> model_, palette_;
  std::vector<DualQuat> dual_quats_;
  std::vector<glm::mat3> stretch_;
  std::vector<std::uint8_t> has_stretch_;
  std::vector<float> morph_weights_, morph_scratch_;  // one per morph channel
  // A layer's blended weights and which channels its clips animate, per channel.
  std::vector<float> morph_layer_sum_, morph_layer_animated_;
  // The machine's last two morph weight outputs, for inertialized switches (as the poses').
  std::vector<float> previous_morph_output_, before_previous_morph_output_;
  std::vector<float> morph_pins_;  // per morph channel: its pinned weight, NaN when free
  float morph_total_ = 0.0f;
  RootRestFrame root_frame_;  // of settings_'s root joint, for the clip sources' extraction
  std::vector<RootMotionCursor> clip_cursors_;  // per clip: where its last root step ended
  FootIkRig rig_;  // the character's rig where it validates, else empty (no foot IK)
  // Per character clip and leg of rig_ (clip c, leg i at c * legs + i): the leg's contact
  // markers, measured when bound, for the frame's contacts.
  std::vector<ContactTimeline> contact_timelines_;
  FootIkState foot_ik_state_;
  FootIkDebug foot_debug_;
  // The ground of the last frame's terrain, kept while the terrain stays the same: what depends
  // on the terrain alone (a slope's tangent, its normal) is not worked out again every frame.
  GroundProber ground_{Terrain{}};
  std::vector<PostProcessEntry> post_process_;
  PostProcessState post_state_;
  std::array<bool, kMaxFootIkLegs> contacts_{};
  Transform world_;
  RootMotionDelta root_step_;
  bool root_motion_from_feet_ = false;
  float stride_warp_ratio_ = 1.0f;
  float requested_speed_mps_ = 0.0f;  // the last warp's (limit_stride_to_reach)
  float hip_warp_angle_rad_ = 0.0f;
  glm::vec3 warp_direction_{0.0f};  // the animated travel the last warp went by (model space)
  StrideWarpState stride_state_;
  // Seconds the sources' clock advanced this frame (the graph's: dt times the play rate; a
  // previewed clip's: its playhead's move), the dominant clip's seconds per such second (a blend
  // plays its clips at its own cycle's pace), and where that clip's playhead was measured last.
  float source_advance_s_ = 0.0f;
  float dominant_clip_rate_ = 1.0f;
  int rate_clip_ = -1;
  float rate_clip_time_s_ = 0.0f;
  int dominant_clip_ = -1;
  float dominant_time_ = 0.0f;
  float last_dt_ = 1.0f / 60.0f;
  // What the last update touched, for prefetch(), in address order, ranges that share or touch
  // a cache line merged; noted again when touched_stamp_ changes (note_touched) or after
  // touched_count_ was set to 0 (the instance's buffers moved).
  std::array<PrefetchRange, 96> touched_{};
  std::size_t touched_count_ = 0;
  std::uint64_t touched_stamp_ = 0;
  bool note_touched_ = false;
};

}  // namespace anim
