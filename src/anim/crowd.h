#pragma once
// Crowd: N instances of one bound character playing one graph, spread over a grid and staggered
// in time. Each instance owns all of its state (its CharacterInstance and its parameters), so
// instances could be updated on different threads (each thread then lending its own PoseScratch
// for the poses a frame composes on the way to its palettes); the character and the graph are
// shared.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/bound_character.h"
#include "anim/character_instance.h"
#include "anim/graph_binding.h"
#include "anim/index.h"
#include "anim/job_result.h"
#include "anim/parameters.h"
#include "anim/terrain.h"

namespace anim {

class Crowd {
 public:
  // Prepares count instances of graph on character (both borrowed: they must outlive the crowd),
  // spacing_m apart on a square grid centred on the origin. Instance i starts stagger_s times a
  // fraction that differs between neighbours (multiples of the golden ratio) into the graph, so
  // the crowd does not move in step. Every buffer is allocated here; the instances then play with
  // settings (set_settings). Returns "" or the cause.
  [[nodiscard]] std::string setup(const BoundCharacter& character, const GraphBinding& graph,
                                  const Parameters& parameters, int count, float spacing_m,
                                  float stagger_s, const CharacterSettings& settings);

  int count() const { return static_cast<int>(instances_.size()); }
  std::span<const CharacterInstance> instances() const { return instances_; }
  // Where instance i stands on the grid.
  const glm::mat4& placement(int i) const { return nth(placements_, i); }
  // Instance i's time offset, in seconds.
  float offset_s(int i) const { return nth(offsets_s_, i); }

  // Every instance previews clip at time_s plus its offset (the timeline's clip preview), or
  // plays the graph. Each instance's playhead runs at its own play rate (stride warping's, as the
  // graph's clock does): played_s is the caller's seconds played since the last call (negative
  // backwards; 0 paused or after a jump) over which time_s moved at clock_rate, and an instance
  // whose rate differs runs ahead (or behind) by played_s times the difference. The lead starts
  // at 0 with another clip and with the graph.
  void set_preview(int clip, float time_s, float played_s = 0.0f, float clock_rate = 1.0f);
  void play_graph();

  // Every instance's settings (CharacterInstance::set_settings): call it when they change. The
  // instances play one character: a refusal is the first's, and every instance keeps what it had.
  [[nodiscard]] std::string set_settings(const CharacterSettings& settings);
  // The settings the instances play (the defaults before setup).
  CharacterSettings settings() const {
    return instances_.empty() ? CharacterSettings{} : instances_.front().settings();
  }

  // One frame for every instance (CharacterInstance::update with parameters copied into each
  // instance's own set). The crowd is drawn by its palettes: the instances' local and model
  // poses are composed in the crowd's one scratch, not kept. No allocation. Fails with the first
  // failing instance's job.
  [[nodiscard]] JobResult update(float dt_s, const Parameters& parameters, const Terrain& terrain);

 private:
  std::vector<CharacterInstance> instances_;
  std::vector<Parameters> parameters_;
  std::vector<glm::mat4> placements_;
  std::vector<float> offsets_s_;
  std::vector<float> leads_s_;  // per instance: how far its play rate took it past the clock
  int lead_clip_ = -1;          // the clip the leads were gained on
  PoseScratch scratch_;
};

}  // namespace anim
