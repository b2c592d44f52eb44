#include "anim/transition_audit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "anim/pose.h"

namespace anim {
namespace {

constexpr int kMaxCandidates = 48;
constexpr int kMaxNamedTargets = 5;

// The frames of one clip a transition may leave or enter by, each as a flat vector of the
// measured joints' positions and horizon-scaled velocities (6 floats a joint).
struct Candidates {
  std::vector<int> frames;
  std::vector<float> features;
};

// Up to kMaxCandidates frames evenly spread over [first, last].
std::vector<int> spread(int first, int last) {
  std::vector<int> out;
  const int count = std::min(kMaxCandidates, last - first + 1);
  for (int i = 0; i < count; ++i) {
    out.push_back(count == 1 ? last : first + (last - first) * i / (count - 1));
  }
  return out;
}

Candidates candidates(const ClipFrames& frames, const std::vector<int>& joints,
                      const std::vector<int>& chosen) {
  Candidates out;
  out.frames = chosen;
  out.features.reserve(chosen.size() * joints.size() * 6);
  for (int f : chosen) {
    // The velocity leaving the frame (arriving, at the last frame).
    const int a = std::min(f, frames.frames - 1);
    for (int j : joints) {
      const glm::vec3 p = frames.at(f, j);
      const glm::vec3 v =
          (frames.at(a + 1, j) - frames.at(a, j)) * (kTransitionVelocityHorizon_s / frames.frame_s);
      out.features.insert(out.features.end(), {p.x, p.y, p.z, v.x, v.y, v.z});
    }
  }
  return out;
}

TransitionCell best_cell(const Candidates& exits, const Candidates& entries, std::size_t width) {
  TransitionCell best{std::numeric_limits<float>::infinity(), 0, 0};
  float best_sum = std::numeric_limits<float>::infinity();
  for (std::size_t e = 0; e < exits.frames.size(); ++e) {
    const float* x = &exits.features[e * width];
    for (std::size_t n = 0; n < entries.frames.size(); ++n) {
      const float* y = &entries.features[n * width];
      float sum = 0.0f;
      for (std::size_t k = 0; k < width; ++k) sum += (x[k] - y[k]) * (x[k] - y[k]);
      if (sum < best_sum) {
        best_sum = sum;
        best = {0.0f, exits.frames[e], entries.frames[n]};
      }
    }
  }
  best.cost_m = std::sqrt(best_sum / static_cast<float>(std::max<std::size_t>(1, width / 6)));
  return best;
}

// The character's height: its highest joint in the rest pose (of joints), above the ground.
float rest_height_m(const AuditCharacter& character, const std::vector<int>& joints) {
  const Skeleton& skeleton = *character.skeleton;
  std::vector<glm::mat4> rest(skeleton.rest_pose.size());
  float top = 0.0f;
  if (local_to_model(skeleton, skeleton.rest_pose, rest)) {
    for (int j : joints) top = std::max(top, rest[j][3].y * character.metres_per_unit);
  }
  return top;
}

// Whether a clip is a standing cycle: a loop whose highest joint (the head, mostly) stays, on
// average, within a quarter of its rest height (an idle, a walk, a run; not a sitting or lying
// idle, which a machine enters through a getting-down clip).
std::vector<bool> standing_cycles(std::span<const ClipFrames> frames, float rest_top,
                                  const std::vector<int>& joints,
                                  std::span<const ClipAudit> audits) {
  std::vector<bool> out(frames.size(), false);
  for (std::size_t c = 0; c < frames.size(); ++c) {
    if (!audits[c].loop || frames[c].frames < 1 || !(rest_top > 0.0f)) continue;
    float sum = 0.0f;
    for (int f = 0; f <= frames[c].frames; ++f) {
      float top = 0.0f;
      for (int j : joints) top = std::max(top, frames[c].at(f, j).y);
      sum += top;
    }
    const float mean = sum / static_cast<float>(frames[c].frames + 1);
    out[c] = std::abs(mean - rest_top) <= 0.25f * rest_top;
  }
  return out;
}

void add_findings(const TransitionMatrix& matrix, const std::vector<bool>& standing,
                  const AuditRules& rules, std::span<ClipAudit> audits) {
  for (int s = 0; s < matrix.clips; ++s) {
    std::vector<int> poor;
    float worst = 0.0f;
    int cycles = 0;  // of poor, the standing cycles: listed first
    for (int t = 0; t < matrix.clips; ++t) {
      const float share = matrix.at(s, t).cost_m / matrix.height_m;
      if (t == s || !std::isfinite(share) || share < rules.transition_height_share.warning)
        continue;
      poor.push_back(t);
      worst = std::max(worst, share);
      cycles += standing[t];
    }
    Severity severity;
    if (poor.empty() || !grade(rules.transition_height_share, worst, severity)) continue;
    // Standing cycles a machine blends between (idle, walk, run) must join; a one-shot ends where
    // it means to (a death lies down) and is entered by a blend that hides the jump.
    if (!standing[s] || cycles == 0) severity = Severity::kInfo;
    std::sort(poor.begin(), poor.end(), [&](int a, int b) {
      if (standing[a] != standing[b]) return standing[a] > standing[b];
      return matrix.at(s, a).cost_m > matrix.at(s, b).cost_m;
    });
    std::string message = "no good entry into " + std::to_string(poor.size()) + " of " +
                          std::to_string(matrix.clips - 1) + " clips (" + std::to_string(cycles) +
                          " standing cycles):";
    for (std::size_t i = 0; i < poor.size() && i < kMaxNamedTargets; ++i) {
      const TransitionCell& cell = matrix.at(s, poor[i]);
      char part[200];
      std::snprintf(part, sizeof part, "%s %s %.0f cm, %.0f%% of its height (frame %d into %d)",
                    i == 0 ? "" : ";", audits[poor[i]].name.c_str(), 100.0f * cell.cost_m,
                    100.0f * cell.cost_m / matrix.height_m, cell.exit_frame, cell.entry_frame);
      message += part;
    }
    if (poor.size() > kMaxNamedTargets) message += "; ...";
    audits[s].findings.push_back(
        {FindingKind::kTransition, severity, -1, 0.0f, "", worst, std::move(message)});
  }
}

}  // namespace

TransitionMatrix audit_transitions(std::span<const ClipFrames> frames,
                                   const AuditCharacter& character, const AuditRules& rules,
                                   std::span<ClipAudit> audits) {
  TransitionMatrix matrix;
  matrix.clips = static_cast<int>(frames.size());
  const float none = std::numeric_limits<float>::infinity();
  matrix.cells.assign(frames.size() * frames.size(), TransitionCell{none, 0, 0});
  std::vector<int> joints(character.body.begin(), character.body.end());
  if (joints.empty()) {
    for (int j = 0; j < character.skeleton->joint_count(); ++j) {
      if (character.measured.empty() || character.measured[j]) joints.push_back(j);
    }
  }
  const std::size_t width = joints.size() * 6;
  std::vector<Candidates> exits(frames.size());
  std::vector<Candidates> entries(frames.size());
  for (std::size_t c = 0; c < frames.size(); ++c) {
    const int last = frames[c].frames;
    if (last < 1 || frames[c].joints != character.skeleton->joint_count()) continue;
    const bool loop = audits[c].loop;
    exits[c] = candidates(frames[c], joints, loop ? spread(0, last) : std::vector<int>{last});
    entries[c] = candidates(frames[c], joints, spread(0, loop ? last : last / 4));
  }
  for (std::size_t s = 0; s < frames.size(); ++s) {
    for (std::size_t t = 0; t < frames.size(); ++t) {
      if (exits[s].frames.empty() || entries[t].frames.empty()) continue;
      matrix.cells[s * frames.size() + t] = best_cell(exits[s], entries[t], width);
    }
  }
  matrix.height_m = rest_height_m(character, joints);
  if (!(matrix.height_m > 0.0f)) matrix.height_m = 1.0f;  // a skeleton below its ground
  add_findings(matrix, standing_cycles(frames, matrix.height_m, joints, audits), rules, audits);
  return matrix;
}

}  // namespace anim
