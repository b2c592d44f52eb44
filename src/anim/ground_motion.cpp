#include "anim/ground_motion.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"

namespace anim {

float GroundMotion::mean_speed() const {
  if (empty()) return 0.0f;
  return glm::length(displacement.back() - displacement.front()) / duration_s();
}

namespace {

// Per frame, whether the leg is planted, from its contact intervals (which may wrap in a loop).
std::vector<bool> planted_frames(std::span<const ContactInterval> contacts, std::size_t frames,
                                 float frame_s) {
  std::vector<bool> planted(frames, false);
  for (const ContactInterval& c : contacts) {
    const auto down = static_cast<std::size_t>(std::lround(c.down_s / frame_s)) % frames;
    const auto up = static_cast<std::size_t>(std::lround(c.up_s / frame_s));
    std::size_t length = up >= down ? up - down : up + frames - down;
    if (length == 0) length = frames;
    for (std::size_t k = 0; k < length; ++k) planted[(down + k) % frames] = true;
  }
  return planted;
}

// Fills the frames without a measured velocity by blending the nearest measured ones on either
// side (around the loop when the clip loops, held at the ends when it does not).
void fill_gaps(std::vector<glm::vec3>& velocity, const std::vector<bool>& known, bool loop) {
  const std::size_t n = velocity.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (known[i]) continue;
    std::size_t back = 0, ahead = 0;
    bool found_back = false, found_ahead = false;
    for (std::size_t d = 1; d < n && !found_back; ++d) {
      if (!loop && d > i) break;
      back = d;
      found_back = known[(i + n - d) % n];
    }
    for (std::size_t d = 1; d < n && !found_ahead; ++d) {
      if (!loop && i + d >= n) break;
      ahead = d;
      found_ahead = known[(i + d) % n];
    }
    const glm::vec3 before = found_back ? velocity[(i + n - back) % n] : glm::vec3(0.0f);
    const glm::vec3 after = found_ahead ? velocity[(i + ahead) % n] : glm::vec3(0.0f);
    if (found_back && found_ahead) {
      const float a = static_cast<float>(back) / static_cast<float>(back + ahead);
      velocity[i] = before + a * (after - before);
    } else {
      velocity[i] = found_back ? before : after;
    }
  }
}

// A centred moving average, around the loop or shortened at the ends.
std::vector<glm::vec3> smooth(const std::vector<glm::vec3>& v, int half_width, bool loop) {
  const auto n = static_cast<int>(v.size());
  std::vector<glm::vec3> out(v.size(), glm::vec3(0.0f));
  for (int i = 0; i < n; ++i) {
    int count = 0;
    for (int d = -half_width; d <= half_width; ++d) {
      int j = i + d;
      if (loop) {
        j = ((j % n) + n) % n;
      } else if (j < 0 || j >= n) {
        continue;
      }
      nth(out, i) += nth(v, j);
      ++count;
    }
    nth(out, i) /= static_cast<float>(count);
  }
  return out;
}

}  // namespace

GroundMotion synthesize_ground_motion(const Skeleton& skeleton, const Clip& clip,
                                      std::span<const Leg> legs,
                                      const RootMotionSettings& root_motion,
                                      const GroundMotionSettings& settings) {
  if (legs.empty() || legs.size() > as_size(kMaxFootIkLegs) || root_motion.root_joint < 0 ||
      root_motion.root_joint >= skeleton.joint_count() || !(clip.duration_s > 0.0f) ||
      !std::isfinite(clip.duration_s)) {
    return {};
  }
  const float leg_length = rest_leg_length(skeleton, legs);
  if (!(leg_length > 0.0f)) return {};
  const float scale = leg_length / kReferenceLegLength;

  // A clip that travels on its own keeps its own root motion.
  const ClipBinding binding = bind_clip(clip, skeleton);
  const RootMotionDelta own =
      extract_root_motion(clip, binding, skeleton, root_motion, 0.0f, clip.duration_s);
  if (glm::length(glm::vec2(own.translation.x, own.translation.z)) >
          settings.own_travel_share * leg_length ||
      std::fabs(own.yaw_rad) > settings.own_turn_rad) {
    return {};
  }

  const SolePaths paths = sample_sole_paths(skeleton, clip, legs, &root_motion);
  const std::size_t frames = paths.frames();
  if (frames < 2) return {};
  ContactDetectionSettings contact_settings = settings.contacts;
  contact_settings.leg_length = leg_length;

  // Per frame: the mean horizontal slide of the planted legs' lower sole point (the point a
  // lock pivots on), reversed.
  std::vector<glm::vec3> velocity(frames, glm::vec3(0.0f));
  std::vector<int> planted_count(frames, 0);
  for (std::size_t leg = 0; leg < legs.size(); ++leg) {
    const auto& heel = paths.heels[leg];
    const auto& toe = paths.toes[leg];
    const std::vector<ContactInterval> contacts =
        detect_contacts(heel, toe, paths.frame_s, clip.loop, contact_settings);
    // A gait steps with every leg; a foot that never lifts (or never lands) belongs to an action
    // done on the spot (an attack with one step), whose slide is not travel.
    if (contacts.empty()) return {};
    const std::vector<bool> planted = planted_frames(contacts, frames, paths.frame_s);
    for (std::size_t i = 0; i < frames; ++i) {
      if (!planted[i]) continue;
      const auto& pivot = heel[i].y <= toe[i].y ? heel : toe;
      glm::vec3 slide = (pivot[i + 1] - pivot[i]) / paths.frame_s;
      slide.y = 0.0f;
      velocity[i] -= slide;
      ++planted_count[i];
    }
  }
  std::vector<bool> known(frames, false);
  bool any = false;
  for (std::size_t i = 0; i < frames; ++i) {
    if (planted_count[i] == 0) continue;
    velocity[i] /= static_cast<float>(planted_count[i]);
    known[i] = true;
    any = true;
  }
  if (!any) return {};
  fill_gaps(velocity, known, clip.loop);
  velocity = smooth(velocity, std::max(0, settings.smoothing_frames), clip.loop);

  GroundMotion ground;
  ground.frame_s = paths.frame_s;
  ground.loop = clip.loop;
  ground.displacement.assign(frames + 1, glm::vec3(0.0f));
  for (std::size_t i = 0; i < frames; ++i) {
    ground.displacement[i + 1] = ground.displacement[i] + velocity[i] * paths.frame_s;
  }
  if (ground.mean_speed() < settings.min_speed_m_s * scale ||
      glm::length(ground.displacement.back()) < settings.min_travel_legs * leg_length) {
    return {};
  }
  return ground;
}

std::vector<GroundMotion> synthesize_ground_motions(const Skeleton& skeleton,
                                                    std::span<const Clip> clips,
                                                    const FootIkRig& rig, int root_motion_joint,
                                                    const GroundMotionSettings& settings) {
  std::vector<GroundMotion> out(clips.size());
  if (rig.legs.empty()) return out;
  RootMotionSettings root_motion;
  root_motion.root_joint = root_motion_joint;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    out[i] = synthesize_ground_motion(skeleton, clips[i], rig.legs, root_motion, settings);
  }
  return out;
}

namespace {

// The displacement at an unwrapped time: whole cycles plus the part of the current one.
glm::vec3 displacement_at(const GroundMotion& ground, double time_s) {
  const double duration = ground.duration_s();
  double cycles = 0.0;
  if (ground.loop) {
    cycles = std::floor(time_s / duration);
    time_s -= cycles * duration;
  } else {
    time_s = std::clamp(time_s, 0.0, duration);
  }
  const std::size_t last = ground.displacement.size() - 1;
  const double frame = time_s / ground.frame_s;
  const auto i = std::min(static_cast<std::size_t>(frame), last - 1);
  const auto a = static_cast<float>(std::clamp(frame - static_cast<double>(i), 0.0, 1.0));
  const glm::vec3 within =
      ground.displacement[i] + a * (ground.displacement[i + 1] - ground.displacement[i]);
  return within + static_cast<float>(cycles) * ground.displacement[last];
}

}  // namespace

RootMotionDelta extract_ground_motion(const GroundMotion& ground,
                                      const RootMotionSettings& settings, float time_s,
                                      float delta_time_s) {
  if (ground.empty() || !(ground.frame_s > 0.0f) || !std::isfinite(time_s) ||
      !std::isfinite(delta_time_s)) {
    return {};
  }
  const double start = time_s;
  const glm::vec3 step =
      displacement_at(ground, start + delta_time_s) - displacement_at(ground, start);
  RootMotionDelta delta;
  delta.translation = {settings.extract_x ? step.x : 0.0f, 0.0f,
                       settings.extract_z ? step.z : 0.0f};
  return delta;
}

}  // namespace anim
