#include "anim/clip_pair_audit.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
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

PoseDifference pose_difference(const ClipFrames& a, const ClipFrames& b, float stop_above) {
  PoseDifference out;
  for (int f = 0; f <= a.frames; ++f) {
    for (int j = 0; j < a.joints; ++j) {
      const float d = glm::distance(a.at(f, j), b.at(f, j));
      if (d > out.distance_m) out = {d, f, j};
    }
    if (out.distance_m > stop_above) break;
  }
  return out;
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
      const PoseDifference d = pose_difference(frames[i], frames[k], rules.duplicate_m);
      if (d.distance_m > rules.duplicate_m) continue;
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
    const auto right =
        std::find_if(clips.begin(), clips.end(), [&](const Clip& c) { return c.name == partner; });
    if (right == clips.end()) continue;
    const std::size_t r = static_cast<std::size_t>(right - clips.begin());
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
    const PoseDifference d = pose_difference(mirrored_frames, frames[r], 1e30f);
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
