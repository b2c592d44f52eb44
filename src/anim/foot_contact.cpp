#include "anim/foot_contact.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {

std::string_view contact_down_marker(FootSide side) {
  return side == FootSide::Left ? "foot_l_down" : "foot_r_down";
}

std::string_view contact_up_marker(FootSide side) {
  return side == FootSide::Left ? "foot_l_up" : "foot_r_up";
}

std::string_view contact_name(FootSide side) {
  return side == FootSide::Left ? "foot_l" : "foot_r";
}

std::string_view leg_contact_name(std::span<const Leg> legs, std::size_t index) {
  if (index >= legs.size()) return {};
  if (!legs[index].contact_name.empty()) return legs[index].contact_name;
  if (index < 2) return contact_name(index == 0 ? FootSide::Left : FootSide::Right);
  return {};
}

namespace {

// +1 for the foot's down marker (name + "_down"), -1 for its up marker (name + "_up"), 0 for any
// other marker. Compared in place, so the per-frame path does not allocate.
int contact_sign(const Marker& marker, std::string_view name) {
  const std::string_view m = marker.name;
  if (name.empty() || !m.starts_with(name)) return 0;
  const std::string_view rest = m.substr(name.size());
  if (rest == "_down") return 1;
  if (rest == "_up") return -1;
  return 0;
}

}  // namespace

bool has_contact_markers(const Clip& clip, FootSide side) {
  return has_contact_markers(clip, contact_name(side));
}

bool has_contact_markers(const Clip& clip, std::string_view name) {
  return std::any_of(clip.markers.begin(), clip.markers.end(),
                     [name](const Marker& m) { return contact_sign(m, name) != 0; });
}

bool foot_planted_at(const Clip& clip, FootSide side, float time_s) {
  return foot_planted_at(clip, contact_name(side), time_s);
}

bool foot_planted_at(const Clip& clip, std::string_view side, float time_s) {
  // The latest marker at or before time_s, the latest of all and the earliest of all (ties go
  // to the later entry, as if markers at one time were applied in order).
  const Marker* latest_before = nullptr;
  const Marker* latest = nullptr;
  const Marker* earliest = nullptr;
  for (const Marker& m : clip.markers) {
    if (contact_sign(m, side) == 0) continue;
    if (m.time_s <= time_s && (!latest_before || m.time_s >= latest_before->time_s)) {
      latest_before = &m;
    }
    if (!latest || m.time_s >= latest->time_s) latest = &m;
    if (!earliest || m.time_s < earliest->time_s) earliest = &m;
  }
  if (!latest) return false;
  if (latest_before) return contact_sign(*latest_before, side) > 0;
  if (clip.loop) return contact_sign(*latest, side) > 0;
  return contact_sign(*earliest, side) < 0;
}

ContactTimeline contact_timeline(const Clip& clip, std::string_view name) {
  std::vector<const Marker*> markers;
  for (const Marker& m : clip.markers) {
    if (contact_sign(m, name) != 0 && std::isfinite(m.time_s)) markers.push_back(&m);
  }
  // In time order, markers at one time in the clip's order: the later one decides there.
  std::stable_sort(markers.begin(), markers.end(),
                   [](const Marker* a, const Marker* b) { return a->time_s < b->time_s; });
  ContactTimeline timeline;
  for (const Marker* m : markers) {
    timeline.times_s.push_back(m->time_s);
    timeline.plants.push_back(contact_sign(*m, name) > 0 ? 1 : 0);
  }
  if (!markers.empty()) {
    timeline.planted_before_first =
        clip.loop ? timeline.plants.back() != 0 : timeline.plants.front() == 0;
  }
  return timeline;
}

bool ContactTimeline::planted_at(float time_s) const {
  if (times_s.empty()) return false;
  if (!(time_s >= times_s.front())) return planted_before_first;  // NaN too: no marker before it
  const auto after = std::upper_bound(times_s.begin(), times_s.end(), time_s);
  return plants[static_cast<std::size_t>(after - times_s.begin()) - 1] != 0;
}

float contact_time_left(const Clip& clip, std::string_view name, float time_s) {
  if (!foot_planted_at(clip, name, time_s)) return -1.0f;
  // The first up marker after time_s, else (a loop) the first of the cycle, one loop on.
  float after = -1.0f;
  float first = -1.0f;
  for (const Marker& m : clip.markers) {
    if (contact_sign(m, name) >= 0) continue;
    if (m.time_s > time_s && (after < 0.0f || m.time_s < after)) after = m.time_s;
    if (first < 0.0f || m.time_s < first) first = m.time_s;
  }
  if (after >= 0.0f) return after - time_s;
  if (clip.loop && first >= 0.0f) return first + clip.duration_s - time_s;
  return -1.0f;
}

namespace {

float median(std::vector<float> values) {
  if (values.empty()) return 0.0f;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace

float rest_leg_length(const Skeleton& skeleton, std::span<const Leg> legs) {
  std::vector<glm::mat4> rest(skeleton.rest_pose.size());
  if (!local_to_model(skeleton, skeleton.rest_pose, rest)) return 0.0f;
  auto at = [&](int joint) { return glm::vec3(nth(rest, joint)[3]); };
  const auto n = static_cast<int>(rest.size());
  float total = 0.0f;
  int measured = 0;
  for (const Leg& leg : legs) {
    if (leg.thigh < 0 || leg.thigh >= n || leg.calf < 0 || leg.calf >= n) continue;
    const glm::vec3 ankle = leg.foot_attached
                                ? at(leg.foot)
                                : glm::vec3(nth(rest, leg.calf) * glm::vec4(leg.ankle_in_calf, 1));
    total += glm::length(at(leg.calf) - at(leg.thigh)) + glm::length(ankle - at(leg.calf));
    ++measured;
  }
  return measured > 0 ? total / static_cast<float>(measured) : 0.0f;
}

namespace {

float leg_scale(const ContactDetectionSettings& settings) {
  return settings.leg_length > 0.0f && std::isfinite(settings.leg_length)
             ? settings.leg_length / kReferenceLegLength
             : 1.0f;
}

// Where a sole point counts as low: within tolerance of its lowest height in the clip.
struct LowBand {
  float lowest = 0.0f;
  float tolerance = 0.0f;
  bool contains(float y) const { return y - lowest <= tolerance; }
};

LowBand low_band(std::span<const glm::vec3> points, const ContactDetectionSettings& settings) {
  LowBand band{points[0].y, 0.0f};
  float highest = band.lowest;
  for (const glm::vec3& v : points) {
    band.lowest = std::min(band.lowest, v.y);
    highest = std::max(highest, v.y);
  }
  band.tolerance = std::max(settings.height_tolerance_m * leg_scale(settings),
                            settings.height_share * (highest - band.lowest));
  return band;
}

}  // namespace

glm::vec3 ground_velocity(std::span<const SolePoints> legs, float frame_s,
                          const ContactDetectionSettings& settings) {
  if (!(frame_s > 0.0f) || !std::isfinite(frame_s)) return glm::vec3(0.0f);
  std::vector<float> ground_x;
  std::vector<float> ground_z;
  for (const SolePoints& leg : legs) {
    if (leg.heel.size() < 3 || leg.toe.size() != leg.heel.size()) continue;
    for (const std::span<const glm::vec3> points : {leg.heel, leg.toe}) {
      const LowBand band = low_band(points, settings);
      for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        if (!band.contains(points[i].y) || !band.contains(points[i + 1].y)) continue;
        const glm::vec3 v = (points[i + 1] - points[i]) / frame_s;
        ground_x.push_back(v.x);
        ground_z.push_back(v.z);
      }
    }
  }
  return {median(ground_x), 0.0f, median(ground_z)};
}

glm::vec2 clip_ground_velocity(const Skeleton& skeleton, const Clip& clip,
                               std::span<const Leg> legs,
                               const ContactDetectionSettings& settings) {
  if (legs.size() > as_size(kMaxFootIkLegs)) return glm::vec2(0.0f);
  const SolePaths paths = sample_sole_paths(skeleton, clip, legs);
  if (paths.frames() == 0) return glm::vec2(0.0f);
  ContactDetectionSettings scaled = settings;
  if (!(scaled.leg_length > 0.0f)) scaled.leg_length = rest_leg_length(skeleton, legs);
  std::vector<SolePoints> soles;
  for (std::size_t leg = 0; leg < paths.heels.size(); ++leg) {
    soles.push_back({paths.heels[leg], paths.toes[leg]});
  }
  const glm::vec3 ground = ground_velocity(soles, paths.frame_s, scaled);
  return {ground.x, ground.z};
}

std::vector<ContactInterval> detect_contacts(std::span<const glm::vec3> heel,
                                             std::span<const glm::vec3> toe, float frame_s,
                                             bool loop, const ContactDetectionSettings& settings) {
  const std::size_t n = heel.size();
  if (n < 3 || toe.size() != n || !(frame_s > 0.0f) || !std::isfinite(frame_s)) return {};
  const std::size_t frames = n - 1;  // frame i runs from sample i to sample i + 1

  const float scale = leg_scale(settings);
  const std::span<const glm::vec3> points[2] = {heel, toe};
  const LowBand bands[2] = {low_band(heel, settings), low_band(toe, settings)};
  // A point is low over a frame when it is near its lowest height at both of the frame's ends.
  auto low_over = [&](int p, std::size_t i) {
    return bands[p].contains(points[p][i].y) && bands[p].contains(points[p][i + 1].y);
  };
  auto velocity_over = [&](int p, std::size_t i) {
    return (points[p][i + 1] - points[p][i]) / frame_s;
  };

  // The ground's speed under the clip: what low sole points typically do (zero when the clip
  // carries root motion, the walking speed backwards when it plays in place).
  const SolePoints soles{heel, toe};
  const glm::vec3 ground = ground_velocity({&soles, 1}, frame_s, settings);
  const float speed_tolerance =
      settings.speed_tolerance_m_s * scale + settings.ground_slip_share * glm::length(ground);

  // The foot is planted over a frame when its heel or its toe stays low and moves with the
  // ground (vertical speed included: a heel swinging down onto the ground is not planted yet). A
  // contact then runs from the start of its first planted frame to the end of its last, so each
  // event is found within one frame of where it happens.
  std::vector<bool> planted(frames, false);
  for (std::size_t i = 0; i < frames; ++i) {
    for (int p = 0; p < 2; ++p) {
      if (low_over(p, i) && glm::length(velocity_over(p, i) - ground) < speed_tolerance) {
        planted[i] = true;
      }
    }
  }
  std::size_t free_frame = 0;
  while (free_frame < frames && planted[free_frame]) ++free_frame;
  if (free_frame == frames) return {};

  // Walk the runs of planted frames, starting at a free one in a loop so that a contact across
  // the end of the clip is found whole.
  const std::size_t start = loop ? free_frame : 0;
  const auto min_frames = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::ceil(settings.min_contact_s / frame_s - 1e-3f)));
  const auto interval = [&](std::size_t k, std::size_t length) {
    const std::size_t down = (start + k) % frames;
    const std::size_t up = loop ? (start + k + length) % frames : k + length;
    return ContactInterval{frame_s * static_cast<float>(down), frame_s * static_cast<float>(up)};
  };
  std::vector<ContactInterval> intervals;
  ContactInterval longest;
  std::size_t longest_length = 0;
  std::size_t k = 0;
  while (k < frames) {
    if (!planted[(start + k) % frames]) {
      ++k;
      continue;
    }
    std::size_t length = 0;
    while (k + length < frames && planted[(start + k + length) % frames]) ++length;
    if (length >= min_frames) intervals.push_back(interval(k, length));
    if (length > longest_length) {
      longest = interval(k, length);
      longest_length = length;
    }
    k += length;
  }
  // A foot whose every contact is brief (a cartoon run's stance: the Knight's Running_A lands
  // for two frames at 30 fps) still lands: its longest contact is kept when it lasts at least
  // half the minimum. A brief touch beside a real stance is still dropped.
  if (intervals.empty() && 2 * longest_length >= min_frames && longest_length >= 2) {
    intervals.push_back(longest);
  }
  std::sort(intervals.begin(), intervals.end(),
            [](const ContactInterval& a, const ContactInterval& b) { return a.down_s < b.down_s; });
  return intervals;
}

SolePaths sample_sole_paths(const Skeleton& skeleton, const Clip& clip, std::span<const Leg> legs,
                            const RootMotionSettings* remove_root_motion) {
  if (legs.empty() || !(clip.duration_s > 0.0f) || !(clip.source_fps > 0.0f)) return {};
  const int n = skeleton.joint_count();
  for (const Leg& leg : legs) {
    if (leg.foot < 0 || leg.foot >= n || leg.toes < 0 || leg.toes >= n) return {};
  }
  // Samples evenly spaced at about the source frame rate from the start to the very end (for a
  // looping clip the end is the first pose again, moved on by the clip's root motion).
  const auto frames =
      static_cast<std::size_t>(std::max(2L, std::lround(clip.duration_s * clip.source_fps)));
  SolePaths paths;
  paths.frame_s = clip.duration_s / static_cast<float>(frames);
  // Sampled as a clip that does not loop, so its end is not wrapped back to its start.
  Clip once = clip;
  once.loop = false;
  const ClipBinding binding = bind_clip(once, skeleton);
  SamplingCache cache(once);
  std::vector<Transform> local(as_size(n));
  std::vector<glm::mat4> model(local.size());
  paths.heels.resize(legs.size());
  paths.toes.resize(legs.size());
  for (std::size_t i = 0; i <= frames; ++i) {
    const float t = i == frames ? clip.duration_s : paths.frame_s * static_cast<float>(i);
    if (!sample_clip(once, binding, skeleton, t, cache, local) ||
        (remove_root_motion && !anim::remove_root_motion(skeleton, *remove_root_motion, local)) ||
        !local_to_model(skeleton, local, model)) {
      return {};
    }
    for (std::size_t leg = 0; leg < legs.size(); ++leg) {
      paths.heels[leg].push_back(heel_point(legs[leg], model));
      paths.toes[leg].push_back(toe_point(legs[leg], model));
    }
  }
  return paths;
}

std::vector<Marker> detect_foot_contact_markers(const Skeleton& skeleton, const Clip& clip,
                                                std::span<const Leg> legs,
                                                const ContactDetectionSettings& settings) {
  if (legs.size() > as_size(kMaxFootIkLegs)) return {};
  const SolePaths paths = sample_sole_paths(skeleton, clip, legs);
  if (paths.frames() == 0) return {};
  const float frame_s = paths.frame_s;
  auto name_of = [&](std::size_t i) { return std::string(leg_contact_name(legs, i)); };
  ContactDetectionSettings scaled = settings;
  if (!(scaled.leg_length > 0.0f)) scaled.leg_length = rest_leg_length(skeleton, legs);
  const std::size_t leg_count = legs.size();
  const auto& heels = paths.heels;
  const auto& toes = paths.toes;

  std::vector<Marker> markers;
  for (std::size_t leg = 0; leg < leg_count; ++leg) {
    const std::string name = name_of(leg);
    for (const ContactInterval& c :
         detect_contacts(heels[leg], toes[leg], frame_s, clip.loop, scaled)) {
      // In a clip that does not loop, a contact at the first or after the last frame has no
      // heel strike or toe-off inside the clip; foot_planted_at infers it from the other marker.
      const bool down_inside = clip.loop || c.down_s > 0.5f * frame_s;
      const bool up_inside = clip.loop || c.up_s < clip.duration_s - 0.5f * frame_s;
      if (down_inside) markers.push_back({name + "_down", c.down_s});
      if (up_inside) markers.push_back({name + "_up", c.up_s});
    }
  }
  std::stable_sort(markers.begin(), markers.end(),
                   [](const Marker& a, const Marker& b) { return a.time_s < b.time_s; });
  return markers;
}

}  // namespace anim
