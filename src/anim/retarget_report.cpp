#include "anim/retarget_report.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/foot_slide.h"
#include "anim/index.h"
#include "anim/pose.h"

namespace anim {
namespace {

glm::vec3 position(std::span<const glm::mat4> model, int joint) {
  return glm::vec3(nth(model, joint)[3]);
}

std::string chain_name(const Limb& limb) {
  std::string name = limb.front ? "front " : "";
  if (limb.side != LimbSide::Center) name += std::string(to_string(limb.side)) + " ";
  return name + to_string(limb.role);
}

// One clip's model pose at a time, through its own sampling cache.
class ModelSampler {
 public:
  ModelSampler(const Clip& clip, const Skeleton& skeleton)
      : clip_(clip),
        skeleton_(skeleton),
        binding_(bind_clip(clip, skeleton)),
        cache_(clip, binding_),
        local_(as_size(skeleton.joint_count())),
        model_(local_.size()) {}
  bool at(float time_s) {
    return sample_clip(clip_, binding_, skeleton_, time_s, cache_, local_) &&
           local_to_model(skeleton_, local_, model_);
  }
  std::span<const glm::mat4> model() const { return model_; }

 private:
  const Clip& clip_;
  const Skeleton& skeleton_;
  ClipBinding binding_;
  SamplingCache cache_;
  std::vector<Transform> local_;
  std::vector<glm::mat4> model_;
};

}  // namespace

RetargetReport report_retarget(const RetargetMap& map, const Clip& source_clip,
                               const Clip& target_clip) {
  RetargetReport report;
  if (map.joints.empty()) {
    report.error = "the retarget map is empty";
    return report;
  }
  if (!(source_clip.duration_s > 0.0f) || !(source_clip.source_fps > 0.0f)) {
    report.error = "clip '" + source_clip.name + "' has no duration";
    return report;
  }
  // Sampled without wrapping, so the last frame is the clip's end.
  Clip source_once = with_source_contacts(map, source_clip);
  source_once.loop = false;
  Clip target_once = target_clip;
  target_once.loop = false;
  ModelSampler source(source_once, map.source);
  ModelSampler target(target_once, map.target);
  const glm::quat to_target = glm::inverse(map.target_to_source);
  const auto frames = std::max(1L, std::lround(source_clip.duration_s * source_clip.source_fps));
  std::vector<FootSlide> target_feet(map.chains.size()), source_feet(map.chains.size());
  for (const RetargetChain& chain : map.chains) {
    RetargetChainReport r;
    const Limb& limb = nth(map.target_rig.limbs, chain.target_limb);
    r.name = chain_name(limb);
    r.role = limb.role;
    report.chains.push_back(r);
  }
  for (long f = 0; f <= frames; ++f) {
    const float t = source_clip.duration_s * static_cast<float>(f) / static_cast<float>(frames);
    if (!source.at(t) || !target.at(t)) {
      report.error = "clip '" + source_clip.name + "' cannot be sampled";
      return report;
    }
    for (std::size_t c = 0; c < map.chains.size(); ++c) {
      const RetargetChain& chain = map.chains[c];
      RetargetChainReport& r = report.chains[c];
      const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
      const Limb& sl = nth(map.source_rig.limbs, chain.source_limb);
      const std::size_t end =
          std::min<std::size_t>(2, std::min(tl.joints.size(), sl.joints.size()) - 1);
      const glm::vec3 reach =
          position(target.model(), tl.joints[end]) - position(target.model(), tl.joints[0]);
      const glm::vec3 source_reach =
          position(source.model(), sl.joints[end]) - position(source.model(), sl.joints[0]);
      const float end_error = glm::length(reach - chain.length_ratio * (to_target * source_reach));
      if (end_error > r.end_error_m) {
        r.end_error_m = end_error;
        r.end_error_time_s = t;
      }
      if (chain.target_leg < 0 || chain.source_leg < 0) continue;
      const Leg& tleg = nth(map.target_legs.legs, chain.target_leg);
      const Leg& sleg = nth(map.source_legs.legs, chain.source_leg);
      const bool planted = foot_planted_at(
          source_once, leg_contact_name(map.source_legs.legs, as_size(chain.source_leg)), t);
      const glm::vec3 th = heel_point(tleg, target.model()), tt = toe_point(tleg, target.model());
      const glm::vec3 sh = heel_point(sleg, source.model()), st = toe_point(sleg, source.model());
      if (planted) {
        const float error = std::fabs(std::min(th.y, tt.y) - map.scale * std::min(sh.y, st.y));
        r.planted_height_error_m = std::max(r.planted_height_error_m, error);
      }
      add_slide_frame(target_feet[c], th, tt, planted);
      add_slide_frame(source_feet[c], sh, st, planted);
    }
  }
  for (std::size_t c = 0; c < map.chains.size(); ++c) {
    RetargetChainReport& r = report.chains[c];
    r.end_error_leg =
        map.target_leg_length_m > 0.0f ? r.end_error_m / map.target_leg_length_m : 0.0f;
    if (map.chains[c].target_leg < 0) continue;
    r.planted_height_error_leg = r.planted_height_error_m / map.target_leg_length_m;
    r.slide_per_step_leg = slide_per_step_share(target_feet[c], map.target_leg_length_m);
    r.source_slide_per_step_leg = slide_per_step_share(source_feet[c], map.source_leg_length_m);
    r.steps = target_feet[c].steps;
  }
  return report;
}

}  // namespace anim
