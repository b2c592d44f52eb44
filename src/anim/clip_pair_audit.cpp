#include "anim/clip_pair_audit.h"

#include "anim/clip_sampling.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <regex>
#include <utility>

namespace anim {
namespace {

// The pose difference of two sampled clips of equal frame count: the largest joint distance,
// and where.
struct PoseDifference {
  float distance_m = 0.0f;
  int frame = 0;
  int joint = 0;
};

// The largest joint distance between frame f + shift of a and frame f of b, the shift wrapping
// around a loop's cycle (whose last frame is its first pose again).
PoseDifference pose_difference(const ClipFrames& a, const ClipFrames& b,
                               const AuditCharacter& character, float stop_above, int shift = 0) {
  PoseDifference out;
  for (int f = 0; f <= a.frames; ++f) {
    const int fa = shift == 0 ? f : (f + shift) % a.frames;
    for (int j = 0; j < a.joints; ++j) {
      if (!character.measured.empty() && !character.measured[j]) continue;
      const float d = glm::distance(a.at(fa, j), b.at(f, j));
      if (d > out.distance_m) out = {d, f, j};
    }
    if (out.distance_m > stop_above) break;
  }
  return out;
}

// Whether two clips' local poses agree at evenly spaced times: positions alone miss a leaf
// joint's rotation or scale, and step and linear keys agree at every key.
bool same_local_poses(const Clip& a, const Clip& b, const Skeleton& skeleton) {
  constexpr int kTimes = 64;
  const ClipBinding binding_a = bind_clip(a, skeleton);
  const ClipBinding binding_b = bind_clip(b, skeleton);
  for (int i = 0; i <= kTimes; ++i) {
    for (int j = 0; j < skeleton.joint_count(); ++j) {
      const float t = a.duration_s * static_cast<float>(i) / kTimes;
      const Transform x = sample_joint(a, binding_a, skeleton, j, t);
      const Transform y = sample_joint(b, binding_b, skeleton, j, t);
      if (glm::distance(x.translation, y.translation) > 1e-4f ||
          glm::distance(x.scale, y.scale) > 1e-4f ||
          std::abs(glm::dot(x.rotation, y.rotation)) < 1.0f - 1e-6f) {
        return false;
      }
    }
  }
  return true;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string mirror_partner_name(const std::string& name) {
  bool left = false;
  return mirror_partner_name(name, left);
}

std::string mirror_partner_name(const std::string& name, bool& left) {
  static const std::array<std::pair<const char*, const char*>, 8> kSides = {{
      {"_left", "_right"},
      {"_Left", "_Right"},
      {"_LEFT", "_RIGHT"},
      {"Left", "Right"},
      {"left", "right"},
      {"_L", "_R"},
      {"_l", "_r"},
      {".L", ".R"},
  }};
  for (const auto& [l, r] : kSides) {
    for (const bool from_left : {true, false}) {
      const std::string from = from_left ? l : r;
      if (ends_with(name, from)) {
        left = from_left;
        return name.substr(0, name.size() - from.size()) + (from_left ? r : l);
      }
    }
  }
  return {};
}

void audit_clip_pairs(std::span<const Clip> clips, std::span<const ClipFrames> frames,
                      const AuditCharacter& character, const MirrorTable& table,
                      const AuditRules& rules, std::span<ClipAudit> audits) {
  const Skeleton& skeleton = *character.skeleton;
  char message[512];
  for (std::size_t i = 0; i < clips.size(); ++i) {
    // Duplicates: the later clip is reported, naming the first.
    for (std::size_t k = 0; k < i; ++k) {
      if (frames[i].frames == 0 || frames[i].frames != frames[k].frames) continue;
      const PoseDifference d = pose_difference(frames[i], frames[k], character, rules.duplicate_m);
      if (d.distance_m > rules.duplicate_m || !same_local_poses(clips[i], clips[k], skeleton)) {
        continue;
      }
      std::snprintf(message, sizeof message, "duplicate of '%s' (poses within %.2f mm everywhere)",
                    clips[k].name.c_str(), 1000.0f * d.distance_m);
      audits[i].findings.push_back(
          {FindingKind::kDuplicate, Severity::kWarning, -1, 0.0f, "", d.distance_m, message});
      break;
    }
    // Mirror pairs: from the left clip (whose name ends in a left side) to its right twin.
    bool left = false;
    const std::string partner = mirror_partner_name(clips[i].name, left);
    if (partner.empty() || !left) continue;
    std::size_t r = 0;
    while (r < clips.size() && clips[r].name != partner) ++r;
    if (r == clips.size()) continue;
    if (frames[i].frames == 0 || frames[r].frames != frames[i].frames) {
      std::snprintf(message, sizeof message,
                    "mirror of '%s' is %d frames long, it is %d: not its mirror",
                    clips[i].name.c_str(), frames[i].frames, frames[r].frames);
      audits[r].findings.push_back({FindingKind::kMirror, Severity::kError, -1, 0.0f, "",
                                    static_cast<float>(frames[r].frames), message});
      continue;
    }
    std::string error;
    const Clip mirrored = mirror_clip(clips[i], skeleton, table, &error);
    if (!error.empty()) continue;
    const ClipFrames mirrored_frames = sample_clip_frames(mirrored, character);
    if (mirrored_frames.frames != frames[r].frames) continue;
    // A loop's twin may start half a cycle later (on the other foot): every start is tried.
    PoseDifference d = pose_difference(mirrored_frames, frames[r], character, 1e30f);
    const bool loop = std::regex_search(clips[r].name, std::regex(rules.loop_names));
    for (int shift = 1; loop && shift < frames[r].frames; ++shift) {
      const PoseDifference shifted =
          pose_difference(mirrored_frames, frames[r], character, d.distance_m, shift);
      if (shifted.distance_m < d.distance_m) d = shifted;
    }
    Severity severity;
    if (!grade(rules.mirror_m, d.distance_m, severity)) continue;
    std::snprintf(message, sizeof message,
                  "not the mirror of '%s': %s is %.1f cm away from its mirrored pose at frame %d",
                  clips[i].name.c_str(), skeleton.joint_names[d.joint].c_str(),
                  100.0f * d.distance_m, d.frame);
    audits[r].findings.push_back({FindingKind::kMirror, severity, d.frame,
                                  static_cast<float>(d.frame) * frames[r].frame_s,
                                  skeleton.joint_names[d.joint], d.distance_m, message});
  }
}

}  // namespace anim
