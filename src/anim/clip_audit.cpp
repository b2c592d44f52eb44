#include "anim/clip_audit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>

#include "anim/clip_sampling.h"
#include "anim/compression_report.h"
#include "anim/foot_contact.h"
#include "anim/foot_slide.h"
#include "anim/ground_motion.h"
#include "anim/index.h"
#include "anim/loop_seam.h"
#include "anim/math.h"
#include "anim/motion_pops.h"
#include "anim/pose.h"
#include "anim/root_motion.h"

namespace anim {
namespace {

constexpr int kMaxFrames = 100000;      // a clip longer than this is sampled no further
constexpr int kMaxFindingsPerKind = 8;  // beyond this a clip's faults of a kind are summarised
constexpr float kRadToDeg = 57.2957795f;

std::string format(const char* fmt, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, fmt, args...);
  return buffer;
}

float clip_fps(const Clip& clip) {
  return clip.source_fps > 0.0f ? clip.source_fps : 30.0f;
}

int frame_at(const Clip& clip, float time_s) {
  return static_cast<int>(std::lround(time_s * clip_fps(clip)));
}

RootMotionSettings root_settings(const AuditCharacter& character) {
  RootMotionSettings settings;
  settings.root_joint = character.root_joint;
  return settings;
}

bool measured(const AuditCharacter& character, int joint) {
  return character.measured.empty() || character.measured[joint];
}

bool judged_by_body(const AuditCharacter& character, int joint) {
  if (character.body.empty()) return measured(character, joint);
  return std::find(character.body.begin(), character.body.end(), joint) != character.body.end();
}

void add(ClipAudit& audit, FindingKind kind, Severity severity, int frame, float time_s,
         std::string joint, float value, std::string message) {
  audit.findings.push_back(
      {kind, severity, frame, time_s, std::move(joint), value, std::move(message)});
}

// Key counts, animated channels, and broken keys (non-finite, denormal, sign flips).
template <typename T>
bool channel_changes(const Track<T>& track) {
  for (const T& v : track.values) {
    if (glm::any(glm::greaterThan(glm::abs(v - track.values.front()), T(1e-6f)))) return true;
  }
  return false;
}

bool quat_changes(const QuatTrack& track) {
  for (const glm::quat& q : track.values) {
    if (std::abs(glm::dot(q, track.values.front())) < 1.0f - 1e-6f) return true;
  }
  return false;
}

template <typename T>
int components(const T&) {
  return sizeof(T) / sizeof(float);
}

// The first bad component of a channel's values (-1 when none): non-finite when finite is false,
// denormal otherwise.
template <typename T>
int first_bad_value(const std::vector<T>& values, bool non_finite) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float* f = reinterpret_cast<const float*>(&values[i]);
    for (int c = 0; c < components(values[i]); ++c) {
      if (non_finite ? !std::isfinite(f[c]) : std::fpclassify(f[c]) == FP_SUBNORMAL) {
        return static_cast<int>(i);
      }
    }
  }
  return -1;
}

template <typename T>
void audit_channel(const Clip& clip, const JointTrack& joint, const Track<T>& track,
                   const char* channel, const AuditRules& rules, ClipAudit& audit) {
  if (track.empty()) return;
  audit.keys += static_cast<int>(track.times_s.size());
  ++audit.channels;
  const int per_key = track.interpolation == Interpolation::CubicSpline ? 3 : 1;
  for (bool non_finite : {true, false}) {
    const int bad = first_bad_value(track.values, non_finite);
    if (bad < 0) continue;
    const std::size_t key = std::min<std::size_t>(bad / per_key, track.times_s.size() - 1);
    const float t = track.times_s[key];
    add(audit, FindingKind::kNan, non_finite ? Severity::kError : rules.denormal, frame_at(clip, t),
        t, joint.joint_name, static_cast<float>(key),
        format("%s %s key %zu is %s", joint.joint_name.c_str(), channel, key,
               non_finite ? "not finite (NaN or infinite)" : "denormal"));
  }
}

void audit_keys(const Clip& clip, const AuditRules& rules, ClipAudit& audit) {
  for (const JointTrack& joint : clip.tracks) {
    audit_channel(clip, joint, joint.translation, "translation", rules, audit);
    audit_channel(clip, joint, joint.rotation, "rotation", rules, audit);
    audit_channel(clip, joint, joint.scale, "scale", rules, audit);
    audit.animated_channels +=
        (joint.translation.values.size() > 1 && channel_changes(joint.translation)) +
        (joint.rotation.values.size() > 1 && quat_changes(joint.rotation)) +
        (joint.scale.values.size() > 1 && channel_changes(joint.scale));
    // Neighbouring keys in opposite hemispheres: the sampler takes the short way, but an engine
    // that lerps components (or a cubic spline) swings the long way round.
    const QuatTrack& r = joint.rotation;
    if (r.interpolation == Interpolation::CubicSpline) continue;
    int flips = 0;
    int first = -1;
    for (std::size_t k = 1; k < r.values.size(); ++k) {
      if (glm::dot(r.values[k - 1], r.values[k]) < 0.0f) {
        if (flips++ == 0) first = static_cast<int>(k);
      }
    }
    if (flips > 0) {
      const float t = r.times_s[std::min<std::size_t>(first, r.times_s.size() - 1)];
      add(audit, FindingKind::kSignFlip, rules.sign_flip, frame_at(clip, t), t, joint.joint_name,
          static_cast<float>(flips),
          format("%s rotation changes quaternion hemisphere %d times (first at key %d)",
                 joint.joint_name.c_str(), flips, first));
    }
  }
  audit.keys_per_second = audit.duration_s > 0.0f ? audit.keys / audit.duration_s : 0.0f;
}

void audit_root(const ClipFrames& frames, ClipAudit& audit) {
  audit.root_speed_series.assign(frames.frames + 1, 0.0f);
  float sum = 0.0f;
  for (int f = 1; f <= frames.frames; ++f) {
    const glm::vec3 d = frames.root[f] - frames.root[f - 1];
    audit.root_speed_series[f] = glm::length(glm::vec2(d.x, d.z)) / frames.frame_s;
    sum += audit.root_speed_series[f];
  }
  if (frames.frames > 0) {
    audit.root_speed_series[0] = audit.root_speed_series[std::min(1, frames.frames)];
    audit.root_speed_m_s = sum / static_cast<float>(frames.frames);
  }
}

void audit_seam(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                const AuditRules& rules, ClipAudit& audit) {
  const Skeleton& skeleton = *character.skeleton;
  LoopSeamSettings settings;
  settings.root_motion = root_settings(character);
  ClipLoopReport report;
  if (!measure_clip_loop(clip, bind_clip(clip, skeleton), skeleton, settings, report)) return;
  const float m = character.metres_per_unit;
  audit.root_travel_m = report.root_displacement_m * m;
  audit.root_turn_deg = report.root_yaw_rad * kRadToDeg;
  audit.root_turn_rate_deg_s =
      audit.duration_s > 0.0f ? std::abs(audit.root_turn_deg) / audit.duration_s : 0.0f;
  if (!audit.loop || frames.frames < 2) return;
  const int last = frames.frames;
  int seam_joint = 0;
  for (int j = 0; j < frames.joints; ++j) {
    const float d = glm::distance(frames.at(last, j), frames.at(0, j));
    if (judged_by_body(character, j) && d > audit.seam_m) {
      audit.seam_m = d;
      seam_joint = j;
    }
  }
  Severity severity;
  const float end_s = audit.duration_s;
  if (grade(rules.seam_m, audit.seam_m, severity)) {
    const std::string& joint = skeleton.joint_names[seam_joint];
    add(audit, FindingKind::kSeam, severity, last, end_s, joint, audit.seam_m,
        format("loop seam: %s is %.1f cm away from its first pose at the wrap", joint.c_str(),
               100.0f * audit.seam_m));
  }
  // Velocity across the wrap: the last frame's step against the first frame's.
  int worst = 0;
  for (int j = 0; j < frames.joints; ++j) {
    const glm::vec3 start = frames.at(1, j) - frames.at(0, j);
    const glm::vec3 end = frames.at(last, j) - frames.at(last - 1, j);
    const float difference = glm::length(start - end) / frames.frame_s;
    if (judged_by_body(character, j) && difference > audit.seam_velocity_m_s) {
      audit.seam_velocity_m_s = difference;
      worst = j;
    }
  }
  if (grade(rules.seam_velocity_m_s, audit.seam_velocity_m_s, severity)) {
    const std::string& joint = skeleton.joint_names[worst];
    add(audit, FindingKind::kSeam, severity, last, end_s, joint, audit.seam_velocity_m_s,
        format("loop seam: %s changes velocity by %.2f m/s across the wrap", joint.c_str(),
               audit.seam_velocity_m_s));
  }
}

void audit_pops(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                const AuditRules& rules, ClipAudit& audit) {
  audit.acceleration_series.assign(frames.frames + 1, 0.0f);
  if (frames.frames < 2) return;
  // Per frame, the pop of the joint highest in the hierarchy (parents come first): a kink at the
  // hips shows on every joint below them.
  std::vector<Pop> by_frame(frames.frames + 1);
  std::vector<int> joint_by_frame(frames.frames + 1, -1);
  std::vector<glm::vec3> path(frames.frames + 1);
  // The pop detector's floor: the acceleration of a kink of the warning's size at this rate.
  const float to_kink_m = 0.5f * frames.frame_s * frames.frame_s;
  const PopSettings settings{rules.pop_median_factor, rules.pop_m.warning / to_kink_m};
  for (int j = 0; j < frames.joints; ++j) {
    if (!measured(character, j)) continue;
    for (int f = 0; f <= frames.frames; ++f) path[f] = frames.at(f, j);
    const std::vector<float> a = acceleration_magnitudes(path, frames.frame_s);
    for (std::size_t f = 0; f < a.size(); ++f) {
      audit.acceleration_series[f] = std::max(audit.acceleration_series[f], a[f]);
    }
    for (const Pop& pop : find_pops(path, 0.0f, frames.frame_s, settings)) {
      if (joint_by_frame[pop.frame] < 0) {
        joint_by_frame[pop.frame] = j;
        by_frame[pop.frame] = pop;
      }
    }
  }
  audit.max_acceleration_m_s2 =
      *std::max_element(audit.acceleration_series.begin(), audit.acceleration_series.end());
  int reported = 0;
  int beyond = 0;
  for (int f = 0; f <= frames.frames; ++f) {
    const int j = joint_by_frame[f];
    Severity severity;
    const float kink_m = by_frame[f].acceleration * to_kink_m;
    if (j < 0 || !grade(rules.pop_m, kink_m, severity)) continue;
    // A kink shows on neighbouring frames of different joints: one finding for it.
    if (f > 0 && joint_by_frame[f - 1] >= 0) continue;
    if (reported++ >= kMaxFindingsPerKind) {
      ++beyond;
      continue;
    }
    const std::string& joint = character.skeleton->joint_names[j];
    add(audit, FindingKind::kPop, severity, f, by_frame[f].time_s, joint, kink_m,
        format("pop at frame %d: %s accelerates at %.0f m/s^2 (a %.1f cm kink)", f, joint.c_str(),
               by_frame[f].acceleration, 100.0f * kink_m));
  }
  if (beyond > 0) {
    add(audit, FindingKind::kPop, Severity::kInfo, -1, 0.0f, "", static_cast<float>(beyond),
        format("%d more pops not listed", beyond));
  }
  (void)clip;
}

void audit_slide(const Clip& clip, const AuditCharacter& character, const AuditRules& rules,
                 ClipAudit& audit) {
  const Skeleton& skeleton = *character.skeleton;
  if (character.legs.empty()) return;
  // The feet where the viewer shows them: a clip that plays in place moves on by the ground
  // motion its planted feet give it (anim/ground_motion.h, as `animview slide` measures), one
  // with root motion of its own keeps it in the pose.
  const RootMotionSettings root = root_settings(character);
  const GroundMotion ground = synthesize_ground_motion(skeleton, clip, character.legs, root);
  const SolePaths paths =
      sample_sole_paths(skeleton, clip, character.legs, ground.empty() ? nullptr : &root);
  if (paths.frame_s <= 0.0f) return;
  const auto travel = [&](float t) {
    if (ground.empty()) return glm::vec3(0.0f);
    const float at =
        std::clamp(t / ground.frame_s, 0.0f, static_cast<float>(ground.displacement.size() - 1));
    const std::size_t i = std::min(static_cast<std::size_t>(at), ground.displacement.size() - 2);
    return glm::mix(ground.displacement[i], ground.displacement[i + 1], at - static_cast<float>(i));
  };
  const float m = character.metres_per_unit;
  const float leg_m = rest_leg_length(skeleton, character.legs) * m;
  // Contacts from the clip's markers, or detected where it has none.
  Clip contacts;
  contacts.duration_s = clip.duration_s;
  contacts.loop = clip.loop;
  contacts.markers = clip.markers;
  const std::vector<Marker> detected = detect_foot_contact_markers(skeleton, clip, character.legs);
  audit.slide_series.assign(character.legs.size(), std::vector<float>(paths.frames() + 1, 0.0f));
  for (std::size_t leg = 0; leg < character.legs.size(); ++leg) {
    const std::string name(leg_contact_name(character.legs, leg));
    if (!has_contact_markers(clip, name)) {
      for (const Marker& marker : detected) {
        if (marker.name.starts_with(name + "_")) contacts.markers.push_back(marker);
      }
    }
    FootSlide foot;
    float step_slide = 0.0f;
    float worst_step = 0.0f;
    int step_frame = 0;
    int worst_frame = 0;
    for (std::size_t f = 0; f <= paths.frames(); ++f) {
      const float t = static_cast<float>(f) * paths.frame_s;
      const glm::vec3 back = travel(t);
      const int steps = foot.steps;
      const float before = foot.slide_m;
      add_slide_frame(foot, (paths.heels[leg][f] + back) * m, (paths.toes[leg][f] + back) * m,
                      foot_planted_at(contacts, name, std::min(t, clip.duration_s)));
      if (foot.steps != steps) {
        step_slide = 0.0f;
        step_frame = static_cast<int>(f);
      }
      audit.slide_series[leg][f] = foot.slide_m - before;
      step_slide += foot.slide_m - before;
      if (step_slide > worst_step) {
        worst_step = step_slide;
        worst_frame = step_frame;
      }
    }
    const float share = slide_per_step_share(foot, leg_m);
    audit.worst_slide_leg_share = std::max(audit.worst_slide_leg_share, share);
    Severity severity;
    if (!grade(rules.slide_leg_share, share, severity)) continue;
    // A one-shot's feet often slide on purpose (a dodge, a fall, a turn on the spot): only a
    // cycle's slide, which repeats for as long as it plays, is an error.
    if (!audit.loop) severity = std::min(severity, Severity::kWarning);
    const std::string& joint = skeleton.joint_names[character.legs[leg].foot];
    add(audit, FindingKind::kSlide, severity, worst_frame,
        static_cast<float>(worst_frame) * paths.frame_s, joint, share,
        format("%s slides %.1f cm per planted step (%.1f%% of the leg) over %d steps; worst step "
               "%.1f cm from frame %d",
               joint.c_str(), 100.0f * foot.slide_m / std::max(foot.steps, 1), 100.0f * share,
               foot.steps, 100.0f * worst_step, worst_frame));
  }
}

void audit_compression(const Clip& clip, const AuditCharacter& character, const AuditRules& rules,
                       ClipAudit& audit) {
  const CompressionReport report = measure_compression(clip, *character.skeleton);
  if (!report.compressed) return;
  audit.key_bytes = report.key_bytes;
  audit.compressed_bytes = report.compressed_bytes;
  audit.compression_error_m = report.max_error_m * character.metres_per_unit;
  Severity severity;
  if (!grade(rules.compression_m, audit.compression_error_m, severity)) return;
  const std::string joint =
      report.worst_joint >= 0 ? character.skeleton->joint_names[report.worst_joint] : "";
  add(audit, FindingKind::kCompression, severity, -1, 0.0f, joint, audit.compression_error_m,
      format("compressed clip is off by up to %.1f mm at %s", 1000.0f * audit.compression_error_m,
             joint.c_str()));
}

// A clip keyed at another scale than its character (centimetres on a metre rig). Where the clip
// keys its joints' translations, its bone lengths against the rest pose's say so, whatever the
// pose (a sitting or lying clip, a spawn that lifts the root far up, keeps its bones). A clip
// that keys only its root's translation says so by the root's height, which a pose also changes:
// that is believed only past the error level.
float keyed_bone_scale(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                       const std::vector<glm::mat4>& rest) {
  const Skeleton& skeleton = *character.skeleton;
  std::vector<float> ratios;
  for (const JointTrack& track : clip.tracks) {
    const int j = skeleton.find_joint(track.joint_name);
    if (j < 0 || j == character.root_joint || track.translation.values.empty()) continue;
    const int parent = skeleton.parents[j];
    if (parent < 0 || !measured(character, j)) continue;
    const float rest_m =
        glm::distance(position(rest[j]), position(rest[parent])) * character.metres_per_unit;
    if (!(rest_m > 1e-3f)) continue;
    ratios.push_back(glm::distance(frames.at(0, j), frames.at(0, parent)) / rest_m);
  }
  if (ratios.empty()) return 0.0f;
  std::nth_element(ratios.begin(), ratios.begin() + ratios.size() / 2, ratios.end());
  return ratios[ratios.size() / 2];
}

void audit_units(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                 const AuditRules& rules, ClipAudit& audit) {
  const Skeleton& skeleton = *character.skeleton;
  std::vector<glm::mat4> rest(skeleton.rest_pose.size());
  if (!local_to_model(skeleton, skeleton.rest_pose, rest) || frames.root.empty()) return;
  Severity severity;
  if (const float bones = keyed_bone_scale(clip, frames, character, rest); bones > 0.0f) {
    audit.scale_ratio = bones;
    if (!grade(rules.scale_ratio, std::max(bones, 1.0f / bones), severity)) return;
    add(audit, FindingKind::kUnits, severity, 0, 0.0f, "", bones,
        format("bones are %.3g times their rest length (median of the keyed joints): keyed in "
               "other units?",
               bones));
    return;
  }
  const float rest_height = rest[character.root_joint][3].y * character.metres_per_unit;
  if (!(rest_height > 0.05f)) return;
  float highest = -1e30f;
  float lowest = 1e30f;
  for (const glm::vec3& p : frames.root) {
    highest = std::max(highest, p.y);
    lowest = std::min(lowest, p.y);
  }
  if (!(highest > 0.0f)) return;  // a clip lying below the floor says nothing of its scale
  // Other units move every height: too large when even the lowest root stands above the rest
  // height, too small when even the highest stays below it. A jump, a spawn from the air, a
  // crouch or a fall keeps the other end near the rest height.
  audit.scale_ratio = lowest > rest_height    ? lowest / rest_height
                      : highest < rest_height ? highest / rest_height
                                              : 1.0f;
  const float off = std::max(audit.scale_ratio, 1.0f / audit.scale_ratio);
  if (!grade(rules.scale_ratio, off, severity) || severity != Severity::kError) return;
  const std::string& joint = skeleton.joint_names[character.root_joint];
  add(audit, FindingKind::kUnits, severity, -1, 0.0f, joint, audit.scale_ratio,
      format("%s stands between %.3f and %.3f m high, %.3g times its rest height (%.2f m): keyed "
             "in other units?",
             joint.c_str(), lowest, highest, audit.scale_ratio, rest_height));
}

void audit_names(const Clip& clip, const AuditRules& rules, ClipAudit& audit) {
  for (const NamingRule& rule : rules.naming) {
    if (std::regex_match(clip.name, std::regex(rule.pattern))) continue;
    add(audit, FindingKind::kNaming, rule.severity, -1, 0.0f, "", 0.0f,
        format("name '%s' breaks the rule /%s/%s%s", clip.name.c_str(), rule.pattern.c_str(),
               rule.message.empty() ? "" : ": ", rule.message.c_str()));
  }
  for (const MarkerRule& rule : rules.markers) {
    if (!std::regex_search(clip.name, std::regex(rule.clips))) continue;
    for (const std::string& marker : rule.markers) {
      const bool present = std::any_of(clip.markers.begin(), clip.markers.end(),
                                       [&](const Marker& m) { return m.name == marker; });
      if (present) continue;
      add(audit, FindingKind::kMarker, rule.severity, -1, 0.0f, "", 0.0f,
          format("marker '%s' is missing (rule for /%s/)", marker.c_str(), rule.clips.c_str()));
    }
  }
}

}  // namespace

ClipFrames sample_clip_frames(const Clip& clip, const AuditCharacter& character) {
  ClipFrames out;
  const Skeleton& skeleton = *character.skeleton;
  if (!(clip.duration_s > 0.0f) || !std::isfinite(clip.duration_s) || character.root_joint < 0 ||
      character.root_joint >= skeleton.joint_count()) {
    return out;
  }
  const float fps = clip_fps(clip);
  const int frames =
      std::clamp(static_cast<int>(std::lround(clip.duration_s * fps)), 1, kMaxFrames);
  const ClipBinding binding = bind_clip(clip, skeleton);
  SamplingCache cache(clip, binding);
  const RootMotionSettings settings = root_settings(character);
  std::vector<Transform> local(skeleton.joint_count());
  std::vector<glm::mat4> model(skeleton.joint_count());
  out.frame_s = clip.duration_s / static_cast<float>(frames);
  out.frames = frames;
  out.joints = skeleton.joint_count();
  out.in_place.resize(as_size(frames + 1) * out.joints);
  out.root.resize(frames + 1);
  const float m = character.metres_per_unit;
  for (int f = 0; f <= frames; ++f) {
    // The end itself, not wrapped back to the start for a looping clip.
    const float t = f == frames ? std::nextafter(clip.duration_s, 0.0f) : f * out.frame_s;
    if (!sample_clip(clip, binding, skeleton, t, cache, local) ||
        !local_to_model(skeleton, local, model) || !remove_root_motion(skeleton, settings, local)) {
      return {};
    }
    out.root[f] = glm::vec3(model[character.root_joint][3]) * m;
    if (!local_to_model(skeleton, local, model)) return {};
    for (int j = 0; j < out.joints; ++j)
      out.in_place[f * out.joints + j] = glm::vec3(model[j][3]) * m;
  }
  return out;
}

ClipAudit audit_clip(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                     const AuditRules& rules) {
  ClipAudit audit;
  audit.name = clip.name;
  audit.duration_s = clip.duration_s;
  audit.fps = clip_fps(clip);
  audit.frames = frames.frames;
  audit.loop = std::regex_search(clip.name, std::regex(rules.loop_names)) &&
               !std::regex_search(clip.name, std::regex(rules.one_shot_names));
  audit_keys(clip, rules, audit);
  audit_names(clip, rules, audit);
  // A clip with broken keys samples to garbage: its motion is not measured.
  const bool broken =
      std::any_of(audit.findings.begin(), audit.findings.end(), [](const Finding& f) {
        return f.kind == FindingKind::kNan && f.severity == Severity::kError;
      });
  if (broken || frames.frames == 0) return audit;
  audit_root(frames, audit);
  audit_seam(clip, frames, character, rules, audit);
  audit_pops(clip, frames, character, rules, audit);
  audit_slide(clip, character, rules, audit);
  audit_compression(clip, character, rules, audit);
  audit_units(clip, frames, character, rules, audit);
  return audit;
}

}  // namespace anim
