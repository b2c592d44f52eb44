#include "anim/index.h"
#include "anim/retarget.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/ground_motion.h"
#include "anim/root_motion.h"

// retarget_clip: a whole clip retargeted key by key, its planted feet pinned.
namespace anim {

namespace {

// retarget_clip's steps. The clip is sampled at its frames, both ends included.
struct ClipFrames {
  std::size_t frames = 0;
  float frame_s = 0.0f;
  float duration_s = 0.0f;
  std::size_t samples() const { return frames + 1; }
  float time_of(std::size_t f) const {
    return f == frames ? duration_s : frame_s * static_cast<float>(f);
  }
};

// Per target leg and frame: 1 while the source's matching foot is planted, else 0.
std::vector<std::vector<float>> planted_frames(const RetargetMap& map, const Clip& contacts,
                                               const ClipFrames& at) {
  std::vector<std::vector<float>> planted(map.target_legs.legs.size(),
                                          std::vector<float>(at.samples(), 0.0f));
  for (const RetargetChain& chain : map.chains) {
    if (chain.target_leg < 0 || chain.source_leg < 0) continue;
    const std::string_view name = leg_contact_name(map.source_legs.legs, as_size(chain.source_leg));
    auto& out = nth(planted, chain.target_leg);
    for (std::size_t f = 0; f < at.samples(); ++f) {
      const float t = std::min(at.frame_s * static_cast<float>(f), at.duration_s);
      out[f] = foot_planted_at(contacts, name, t) ? 1.0f : 0.0f;
    }
  }
  return planted;
}

// How many frames apart a and b are.
std::size_t frames_apart(std::size_t a, std::size_t b) {
  return a > b ? a - b : b - a;
}

// Each contact's IK weight, faded in and out over ramp frames.
std::vector<std::vector<float>> contact_weights(const std::vector<std::vector<float>>& planted,
                                                std::size_t ramp) {
  std::vector<std::vector<float>> weights = planted;
  for (std::size_t leg = 0; leg < planted.size(); ++leg) {
    const std::size_t samples = planted[leg].size();
    for (std::size_t f = 0; f < samples; ++f) {
      float w = 0.0f;
      for (std::size_t g = f > ramp ? f - ramp : 0; g < samples && g <= f + ramp; ++g) {
        if (planted[leg][g] > 0.0f) {
          const float away = static_cast<float>(frames_apart(f, g)) / static_cast<float>(ramp + 1);
          w = std::max(w, 1.0f - away);
        }
      }
      weights[leg][f] = w;
    }
  }
  return weights;
}

// Per target leg and frame, measured on the plain retarget (no contacts): where the target's FK
// puts its planted point relative to the source's scaled one, which point that is (toe or heel),
// the source's heel and toe scaled onto the target, and the target's toe from its heel, across
// the ground.
struct FootFrames {
  std::vector<std::vector<glm::vec3>> fk_offset;
  std::vector<std::vector<int>> fk_on_toe;
  std::vector<std::vector<std::pair<glm::vec3, glm::vec3>>> source_sole;
  std::vector<std::vector<glm::vec3>> heel_to_toe;
};

std::string measure_feet(const RetargetMap& map, const Clip& once, const ClipBinding& binding,
                         const ClipFrames& at, FootFrames& feet) {
  const std::size_t legs = map.target_legs.legs.size();
  feet.fk_offset.assign(legs, std::vector<glm::vec3>(at.samples()));
  feet.fk_on_toe.assign(legs, std::vector<int>(at.samples(), 0));
  feet.source_sole.assign(legs, std::vector<std::pair<glm::vec3, glm::vec3>>(at.samples()));
  feet.heel_to_toe.assign(legs, std::vector<glm::vec3>(at.samples()));
  const glm::quat to_target = glm::inverse(map.target_to_source);
  auto across = [&](const glm::vec3& p) {
    const glm::vec3 q = map.scale * (to_target * p);
    return glm::vec3(q.x, 0.0f, q.z);
  };
  SamplingCache cache(once, binding);
  std::vector<Transform> source_local(as_size(map.source.joint_count()));
  std::vector<glm::mat4> source_model(source_local.size());
  std::vector<Transform> target_local(as_size(map.target.joint_count()));
  std::vector<glm::mat4> target_model(target_local.size());
  for (std::size_t f = 0; f < at.samples(); ++f) {
    if (const JobResult r =
            sample_clip(once, binding, map.source, at.time_of(f), cache, source_local);
        !r || !retarget_pose(map, source_local, {}, source_model, target_local, target_model)) {
      return "clip '" + once.name + "' cannot be sampled on its skeleton";
    }
    for (const RetargetChain& chain : map.chains) {
      if (chain.target_leg < 0 || chain.source_leg < 0) continue;
      const auto leg = as_size(chain.target_leg);
      const Leg& sleg = nth(map.source_legs.legs, chain.source_leg);
      const Leg& tleg = map.target_legs.legs[leg];
      const glm::vec3 sh = heel_point(sleg, source_model);
      const glm::vec3 st = toe_point(sleg, source_model);
      const bool on_toe = st.y < sh.y;
      const glm::vec3 th = heel_point(tleg, target_model);
      const glm::vec3 tt = toe_point(tleg, target_model);
      const glm::vec3 fk = on_toe ? tt : th;
      glm::vec3 d = fk - map.scale * (to_target * (on_toe ? st : sh));
      d.y = 0.0f;
      feet.fk_offset[leg][f] = d;
      feet.fk_on_toe[leg][f] = on_toe ? 1 : 0;
      feet.source_sole[leg][f] = {across(sh), across(st)};
      feet.heel_to_toe[leg][f] = glm::vec3(tt.x - th.x, 0.0f, tt.z - th.z);
    }
  }
  return {};
}

// The ground under an in-place clip moves (its planted feet slide back under a body that stays
// put): a pinned foot moves with it. Zero for a clip that travels itself.
std::vector<glm::vec3> moving_ground(const RetargetMap& map, const Clip& once,
                                     const ClipFrames& at) {
  std::vector<glm::vec3> ground(at.samples(), glm::vec3(0.0f));
  RootMotionSettings root_motion;
  root_motion.root_joint = map.source_rig.pelvis;
  const GroundMotion ground_motion =
      synthesize_ground_motion(map.source, once, map.source_legs.legs, root_motion);
  if (ground_motion.empty()) return ground;
  const glm::quat to_target = glm::inverse(map.target_to_source);
  for (std::size_t f = 0; f < at.samples(); ++f) {
    const glm::vec3 travel =
        extract_ground_motion(ground_motion, root_motion, 0.0f, at.time_of(f)).translation;
    ground[f] = -map.scale * (to_target * glm::vec3(travel.x, 0.0f, travel.z));
  }
  return ground;
}

// One contact of one leg, frames [start, end): where the target's FK stands on average relative
// to the source (heel and toe apart: a target without toes has them at one point, the source's
// are a foot apart), then the pivot pinned where it lands, so a planted foot stays put even where
// the source's slides (a capture's pivot while it turns). Writes the heel and toe offsets.
void pin_contact(const RetargetMap& map, const FootFrames& feet, std::span<const glm::vec3> ground,
                 std::size_t leg, std::size_t start, std::size_t end,
                 std::vector<glm::vec3>& heel_offset, std::vector<glm::vec3>& toe_offset) {
  const auto& on_toe_at = feet.fk_on_toe[leg];
  const auto& sole = feet.source_sole[leg];
  glm::vec3 sum[2] = {glm::vec3(0.0f), glm::vec3(0.0f)};
  int count[2] = {0, 0};
  for (std::size_t f = start; f < end; ++f) {
    nth(sum, on_toe_at[f]) += feet.fk_offset[leg][f];
    ++nth(count, on_toe_at[f]);
  }
  // A contact that never pivots on one point takes the other's offset for it (the fades).
  const glm::vec3 heel =
      count[0] > 0 ? sum[0] / static_cast<float>(count[0]) : sum[1] / static_cast<float>(count[1]);
  const glm::vec3 toe = count[1] > 0 ? sum[1] / static_cast<float>(count[1]) : heel;
  // The pinned point, relative to the ground: it follows the source's point from where it
  // landed (anchor) until the contact has followed planted_slide_m. Where the pivot changes, the
  // other point takes over where the foot puts it (the two points' average offsets can differ by
  // centimetres where a short contact pivots once: a foot that jumped there slid 6 cm).
  glm::vec3 pin{0.0f};
  glm::vec3 anchor{0.0f};
  glm::vec3 moved{0.0f};
  bool held = false;
  // Once it has gone that far it stays, rather than circling the anchor with the source.
  const auto follow = [&](const glm::vec3& free) {
    if (held) return;
    moved = free - anchor;
    const float distance = glm::length(moved);
    held = distance > map.planted_slide_m;
    if (held) moved *= map.planted_slide_m / distance;
  };
  const auto free_at = [&](std::size_t g, int on_toe) {
    return (on_toe ? sole[g].second + toe : sole[g].first + heel) - ground[g];
  };
  for (std::size_t g = start; g < end; ++g) {
    const int on_toe = on_toe_at[g];
    const glm::vec3 free = free_at(g, on_toe);
    if (g == start) {
      pin = free;
      anchor = free;
    } else if (on_toe != on_toe_at[g - 1]) {
      // The pivot changes: the new point starts where the foot, held on the point it leaves,
      // puts it, with the slide the contact has followed so far (one allowance per contact).
      follow(free_at(g, on_toe_at[g - 1]));
      const glm::vec3 across_foot = feet.heel_to_toe[leg][g];
      pin += on_toe ? across_foot : -across_foot;
      anchor = free - moved;
    }
    follow(free);
    const glm::vec3 correction = pin + moved - free;
    // The point the foot does not stand on goes where the foot puts it: frames after the contact
    // keep these offsets, and may pivot on it.
    const glm::vec3 across_foot = feet.heel_to_toe[leg][g];
    const glm::vec3 held_at = pin + moved + ground[g];
    heel_offset[g] = on_toe ? held_at - across_foot - sole[g].first : heel + correction;
    toe_offset[g] = on_toe ? toe + correction : held_at + across_foot - sole[g].second;
  }
}

// Every frame's contact for every target leg: its IK weight, and the offsets of the nearest
// contact (at its edge for frames between contacts, so the IK's fade in and out is smooth).
std::vector<std::vector<RetargetContact>> frame_contacts(
    const RetargetMap& map, const std::vector<std::vector<float>>& planted,
    const std::vector<std::vector<float>>& weights, const FootFrames& feet,
    std::span<const glm::vec3> ground) {
  const std::size_t legs = planted.size();
  const std::size_t samples = ground.size();
  std::vector<std::vector<RetargetContact>> contacts(samples, std::vector<RetargetContact>(legs));
  for (std::size_t leg = 0; leg < legs; ++leg) {
    std::vector<std::pair<std::size_t, std::size_t>> runs;  // first and last planted frames
    std::vector<glm::vec3> heel_offset(samples, glm::vec3(0.0f));
    std::vector<glm::vec3> toe_offset(samples, glm::vec3(0.0f));
    for (std::size_t f = 0; f < samples;) {
      if (planted[leg][f] <= 0.0f) {
        ++f;
        continue;
      }
      const std::size_t start = f;
      while (f < samples && planted[leg][f] > 0.0f) ++f;
      runs.emplace_back(start, f - 1);
      pin_contact(map, feet, ground, leg, start, f, heel_offset, toe_offset);
    }
    for (std::size_t f = 0; f < samples; ++f) {
      RetargetContact& c = contacts[f][leg];
      c.weight = weights[leg][f];
      // The planted frame nearest f, in the nearest run (the first of two as near).
      std::optional<std::size_t> nearest;
      for (const auto& [first, last] : runs) {
        const std::size_t edge = std::clamp(f, first, last);
        if (!nearest || frames_apart(f, edge) < frames_apart(f, *nearest)) nearest = edge;
      }
      if (nearest) {
        c.heel_offset = heel_offset[*nearest];
        c.toe_offset = toe_offset[*nearest];
      }
    }
  }
  return contacts;
}

// The target's keys, a key per frame on every joint, from the source retargeted with contacts.
std::string write_target_keys(const RetargetMap& map, const Clip& once, const ClipBinding& binding,
                              const ClipFrames& at,
                              const std::vector<std::vector<RetargetContact>>& contacts,
                              Clip& out) {
  const std::size_t tn = as_size(map.target.joint_count());
  out.tracks.resize(tn);
  for (std::size_t t = 0; t < tn; ++t) {
    JointTrack& track = out.tracks[t];
    track.joint_name = map.target.joint_names[t];
    for (auto* times :
         {&track.translation.times_s, &track.rotation.times_s, &track.scale.times_s}) {
      times->reserve(at.samples());
    }
  }
  SamplingCache cache(once, binding);
  std::vector<Transform> source_local(as_size(map.source.joint_count()));
  std::vector<glm::mat4> source_model(source_local.size());
  std::vector<Transform> target_local(tn);
  std::vector<glm::mat4> target_model(tn);
  for (std::size_t f = 0; f < at.samples(); ++f) {
    const float t = at.time_of(f);
    if (const JobResult r = sample_clip(once, binding, map.source, t, cache, source_local); !r) {
      return "clip '" + once.name + "': " + r.error;
    }
    if (const JobResult r =
            retarget_pose(map, source_local, contacts[f], source_model, target_local, target_model);
        !r) {
      return "clip '" + once.name + "': " + r.error;
    }
    for (std::size_t j = 0; j < tn; ++j) {
      JointTrack& track = out.tracks[j];
      glm::quat q = target_local[j].rotation;
      // Keep each key in the previous one's hemisphere, so linear keys take the short way.
      if (!track.rotation.values.empty() && glm::dot(track.rotation.values.back(), q) < 0.0f)
        q = -q;
      track.translation.times_s.push_back(t);
      track.translation.values.push_back(target_local[j].translation);
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(q);
      track.scale.times_s.push_back(t);
      track.scale.values.push_back(target_local[j].scale);
    }
  }
  return {};
}

// Markers: the source's contacts named for the target's legs, the rest as they are.
std::vector<Marker> renamed_markers(const RetargetMap& map, const Clip& contacts) {
  std::vector<Marker> markers;
  for (const Marker& m : contacts.markers) {
    Marker renamed = m;
    for (const RetargetChain& chain : map.chains) {
      if (chain.target_leg < 0 || chain.source_leg < 0) continue;
      const std::string from(leg_contact_name(map.source_legs.legs, as_size(chain.source_leg)));
      const std::string to(leg_contact_name(map.target_legs.legs, as_size(chain.target_leg)));
      if (m.name == from + "_down" || m.name == from + "_up") {
        renamed.name = to + m.name.substr(from.size());
        break;
      }
    }
    markers.push_back(std::move(renamed));
  }
  return markers;
}

}  // namespace

Clip retarget_clip(const RetargetMap& map, const Clip& clip, std::string* error) {
  auto fail = [&](const std::string& cause) {
    if (error) *error = cause;
    return Clip{};
  };
  if (map.joints.empty()) return fail("the retarget map is empty");
  if (!(clip.duration_s > 0.0f) || !(clip.source_fps > 0.0f)) {
    return fail("clip '" + clip.name + "' has no duration");
  }
  // Sampled as a clip that does not loop, so its end is not wrapped back to its start.
  Clip once = clip;
  once.loop = false;
  ClipFrames at;
  at.frames =
      static_cast<std::size_t>(std::max(1L, std::lround(clip.duration_s * clip.source_fps)));
  at.frame_s = clip.duration_s / static_cast<float>(at.frames);
  at.duration_s = clip.duration_s;
  const Clip contacts = with_source_contacts(map, clip);
  const std::vector<std::vector<float>> planted = planted_frames(map, contacts, at);
  // No ramp for a blend time that is not positive (or not a number).
  const auto ramp =
      static_cast<std::size_t>(std::max(0.0f, std::ceil(map.contact_blend_s / at.frame_s)));
  const ClipBinding binding = bind_clip(once, map.source);
  FootFrames feet;
  if (std::string e = measure_feet(map, once, binding, at, feet); !e.empty()) return fail(e);
  const std::vector<glm::vec3> ground = moving_ground(map, once, at);

  Clip out;
  out.name = clip.name;
  out.duration_s = clip.duration_s;
  out.source_fps = clip.source_fps;
  out.loop = clip.loop;
  // Shapes carry over by name: they bind to the target's meshes of the same node and target.
  out.morph_tracks = clip.morph_tracks;
  if (std::string e = write_target_keys(
          map, once, binding, at,
          frame_contacts(map, planted, contact_weights(planted, ramp), feet, ground), out);
      !e.empty()) {
    return fail(e);
  }
  out.markers = renamed_markers(map, contacts);
  return out;
}

}  // namespace anim
