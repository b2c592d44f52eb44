#include "anim/crowd.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"

namespace anim {

std::string Crowd::setup(const BoundCharacter& character, const GraphBinding& graph,
                         const Parameters& parameters, int count, float spacing_m, float stagger_s,
                         const CharacterSettings& settings) {
  if (count < 1) return "crowd: the count must be at least 1, got " + std::to_string(count);
  if (!(spacing_m >= 0.0f) || !(stagger_s >= 0.0f)) {
    return "crowd: spacing and stagger must be finite and not negative";
  }
  std::vector<CharacterInstance> instances(as_size(count));
  for (CharacterInstance& instance : instances) {
    if (std::string e = instance.bind(character, graph); !e.empty()) return "crowd: " + e;
    instance.note_prefetch_ranges(true);
  }
  instances_ = std::move(instances);
  parameters_.assign(as_size(count), parameters);
  leads_s_.assign(as_size(count), 0.0f);
  lead_clip_ = -1;
  scratch_ = PoseScratch(character.skeleton.parents.size());
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<float>(count))));
  const int rows = (count + columns - 1) / columns;
  placements_.clear();
  offsets_s_.clear();
  constexpr float kGoldenRatioFraction = 0.618034f;
  const Terrain flat;
  for (std::size_t i = 0; i < instances_.size(); ++i) {
    const int cell = static_cast<int>(i);
    const float x = (static_cast<float>(cell % columns) - 0.5f * (columns - 1)) * spacing_m;
    const float z = (static_cast<float>(cell / columns) - 0.5f * (rows - 1)) * spacing_m;
    glm::mat4 placement(1.0f);
    placement[3] = glm::vec4(x, 0.0f, z, 1.0f);
    placements_.push_back(placement);
    const float fraction = static_cast<float>(cell) * kGoldenRatioFraction;
    offsets_s_.push_back((fraction - std::floor(fraction)) * stagger_s);
    // Play the graph forward to the offset, in steps the frame accepts, then start from there.
    // Without warping: the gait speed its stride is scaled against would be the warm-up's (the
    // graph's idle, in steps of 0.25 s) and would take seconds to ease to the previewed walk's;
    // a copy that starts with none measured takes its first frame's.
    CharacterSettings warm_up = settings;
    warm_up.root_motion_mode = RootMotionMode::InPlace;
    warm_up.foot_ik = warm_up.stride_warping = warm_up.orientation_warping = false;
    warm_up.matrix_palette = warm_up.dual_quat_palette = false;
    if (std::string e = instances_[i].set_settings(warm_up); !e.empty()) return "crowd: " + e;
    for (float left = offsets_s_.back(); left > 0.0f; left -= 0.25f) {
      if (JobResult r = instances_[i].update(std::min(left, 0.25f), parameters_[i], flat, scratch_);
          !r) {
        return std::string("crowd: ") + r.error;
      }
    }
    instances_[i].reset_world();
  }
  if (std::string e = set_settings(settings); !e.empty()) return "crowd: " + e;
  return {};
}

void Crowd::set_preview(int clip, float time_s, float played_s, float clock_rate) {
  if (clip != lead_clip_) std::fill(leads_s_.begin(), leads_s_.end(), 0.0f);
  lead_clip_ = clip;
  const bool rated = std::isfinite(played_s) && std::isfinite(clock_rate);
  for (std::size_t i = 0; i < instances_.size(); ++i) {
    // The rate of the instance's last frame, as the caller's clock ran at its own one's.
    if (rated) leads_s_[i] += played_s * (instances_[i].warp_play_rate() - clock_rate);
    instances_[i].set_preview(clip, time_s + offsets_s_[i] + leads_s_[i]);
  }
}

void Crowd::play_graph() {
  std::fill(leads_s_.begin(), leads_s_.end(), 0.0f);
  lead_clip_ = -1;
  for (CharacterInstance& instance : instances_) instance.play_graph();
}

std::string Crowd::set_settings(const CharacterSettings& settings) {
  for (CharacterInstance& instance : instances_) {
    if (std::string e = instance.set_settings(settings); !e.empty()) return e;
  }
  return {};
}

JobResult Crowd::update(float dt_s, const Parameters& parameters, const Terrain& terrain) {
  for (std::size_t i = 0; i < instances_.size(); ++i) {
    // The next instance's state comes from memory while this one is updated; the one after's
    // object itself too, so that asking for its state next time costs no wait.
    if (i + 2 < instances_.size()) prefetch_bytes(&instances_[i + 2], sizeof(CharacterInstance));
    if (i + 1 < instances_.size()) {
      instances_[i + 1].prefetch();
      const auto& next_values = parameters_[i + 1].all();
      prefetch_bytes(next_values.data(), next_values.size() * sizeof(Parameter));
    }
    parameters_[i].copy_values_from(parameters);
    if (JobResult r = instances_[i].update(dt_s, parameters_[i], terrain, scratch_); !r) return r;
  }
  return JobResult::ok();
}

}  // namespace anim
