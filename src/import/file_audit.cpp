#include "import/file_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>

#include "anim/clip_pair_audit.h"
#include "anim/transition_audit.h"
#include "import/character_units.h"
#include "import/import_isolation.h"
#include "import/importer.h"
#include "import/rig_finder.h"

namespace importer {
namespace {

using nlohmann::json;

// NaN and infinity are not JSON: a broken measure is written as null.
json number(float value) {
  return std::isfinite(value) ? json(value) : json(nullptr);
}

json thinned(const std::vector<float>& series, int points) {
  json out = json::array();
  const std::size_t step = std::max<std::size_t>(1, (series.size() + points - 1) / points);
  for (std::size_t i = 0; i < series.size(); i += step) {
    float peak = 0.0f;  // the largest of the values thinned away, so a spike stays visible
    for (std::size_t k = i; k < std::min(series.size(), i + step); ++k) {
      peak = std::max(peak, series[k]);
    }
    out.push_back(number(peak));
  }
  return out;
}

}  // namespace

json transition_matrix_json(const anim::TransitionMatrix& matrix,
                            std::span<const anim::ClipAudit> audits) {
  json names = json::array();
  json cost = json::array();
  json exit = json::array();
  json entry = json::array();
  for (int s = 0; s < matrix.clips; ++s) {
    names.push_back(audits[s].name);
    json cost_row = json::array();
    json exit_row = json::array();
    json entry_row = json::array();
    for (int t = 0; t < matrix.clips; ++t) {
      const anim::TransitionCell& cell = matrix.at(s, t);
      cost_row.push_back(s == t ? json(nullptr) : number(cell.cost_m));
      exit_row.push_back(cell.exit_frame);
      entry_row.push_back(cell.entry_frame);
    }
    cost.push_back(std::move(cost_row));
    exit.push_back(std::move(exit_row));
    entry.push_back(std::move(entry_row));
  }
  return {{"clips", names},
          {"height_m", number(matrix.height_m)},
          {"cost_m", cost},
          {"exit_frame", exit},
          {"entry_frame", entry}};
}

json clip_audit_json(const anim::ClipAudit& a, int plot_points) {
  json findings = json::array();
  for (const anim::Finding& f : a.findings) {
    findings.push_back({{"kind", anim::finding_kind_name(f.kind)},
                        {"severity", anim::severity_name(f.severity)},
                        {"frame", f.frame},
                        {"time", number(f.time_s)},
                        {"joint", f.joint},
                        {"value", number(f.value)},
                        {"message", f.message}});
  }
  json slide = json::array();
  for (const std::vector<float>& leg : a.slide_series) slide.push_back(thinned(leg, plot_points));
  const std::size_t step =
      std::max<std::size_t>(1, (a.root_speed_series.size() + plot_points - 1) / plot_points);
  return {{"name", a.name},
          {"duration", number(a.duration_s)},
          {"fps", number(a.fps)},
          {"frames", a.frames},
          {"keys", a.keys},
          {"keys_per_second", number(a.keys_per_second)},
          {"channels", a.channels},
          {"animated_channels", a.animated_channels},
          {"constant_channels", a.channels - a.animated_channels},
          {"loop", a.loop},
          {"root_travel_m", number(a.root_travel_m)},
          {"root_turn_deg", number(a.root_turn_deg)},
          {"root_speed_m_s", number(a.root_speed_m_s)},
          {"root_turn_rate_deg_s", number(a.root_turn_rate_deg_s)},
          {"seam_m", number(a.seam_m)},
          {"seam_velocity_m_s", number(a.seam_velocity_m_s)},
          {"max_acceleration_m_s2", number(a.max_acceleration_m_s2)},
          {"worst_slide_leg_share", number(a.worst_slide_leg_share)},
          {"compression_error_m", number(a.compression_error_m)},
          {"key_bytes", a.key_bytes},
          {"compressed_bytes", a.compressed_bytes},
          {"scale_ratio", number(a.scale_ratio)},
          {"findings", findings},
          {"plots",
           {{"frames_per_point", step},
            {"root_speed", thinned(a.root_speed_series, plot_points)},
            {"acceleration", thinned(a.acceleration_series, plot_points)},
            {"slide", slide}}}};
}

json audit_character(const Character& character, const anim::AuditRules& rules) {
  std::string rig_error;
  const anim::Rig rig = find_character_rig(character, &rig_error);
  const anim::FootIkRig legs = rig_error.empty() ? foot_ik_rig(character, rig) : anim::FootIkRig{};
  const CharacterUnits units = guess_character_units(character, rig);
  anim::AuditCharacter audited;
  audited.skeleton = &character.skeleton;
  audited.legs = legs.legs;
  audited.root_joint = find_root_motion_joint(character.skeleton, legs);
  audited.metres_per_unit = units.guess.metres_per_unit;
  // The joints that move the mesh (IK targets and control joints animate freely), or without a
  // mesh those of the character's tree (not the cameras beside it).
  std::vector<bool> tree = character_tree(character.skeleton);
  if (!character.meshes.empty()) {
    const JointWeights weights = joint_skin_weights(character);
    for (std::size_t j = 0; j < tree.size(); ++j) {
      tree[j] = (j < weights.skin.size() && weights.skin[j] > 0.0f) ||
                (j < weights.rigid.size() && weights.rigid[j] > 0.0f);
    }
  }
  std::vector<int> body;
  for (int joint : {rig.pelvis, rig.neck, rig.head}) {
    if (joint >= 0) body.push_back(joint);
  }
  body.insert(body.end(), rig.spine.begin(), rig.spine.end());
  for (const anim::Limb& limb : rig.limbs)
    body.insert(body.end(), limb.joints.begin(), limb.joints.end());
  std::sort(body.begin(), body.end());
  body.erase(std::unique(body.begin(), body.end()), body.end());
  audited.body = body;
  const std::unique_ptr<bool[]> measured(new bool[tree.size()]);
  std::copy(tree.begin(), tree.end(), measured.get());
  audited.measured = std::span<const bool>(measured.get(), tree.size());
  std::vector<anim::ClipFrames> frames;
  std::vector<anim::ClipAudit> audits;
  for (const anim::Clip& clip : character.clips) {
    frames.push_back(anim::sample_clip_frames(clip, audited));
    audits.push_back(anim::audit_clip(clip, frames.back(), audited, rules));
  }
  json out{{"unit", units.description.empty() ? std::string("metres") : units.description},
           {"legs", legs.legs.size()}};
  if (!character.clips.empty()) {
    anim::audit_clip_pairs(character.clips, frames, audited, mirror_table(character, rig), rules,
                           audits);
  }
  if (character.clips.size() > 1) {
    out["transitions"] =
        transition_matrix_json(anim::audit_transitions(frames, audited, rules, audits), audits);
  }
  json clips = json::array();
  for (const anim::ClipAudit& audit : audits) clips.push_back(clip_audit_json(audit));
  out["clips"] = std::move(clips);
  return out;
}

json audit_file(const std::string& path, const anim::AuditRules& rules, const ImportLimits& limits,
                const std::string& character_path) {
  const ChildJob job = [&](const ChildProgress&) {
    ImportSettings settings;
    settings.limits = limits;
    if (character_path.empty()) {
      const ImportResult imported = import_file_in_process(path, settings);
      if (!imported.ok()) return json{{"error", imported.error}}.dump();
      return audit_character(imported.character, rules).dump();
    }
    ImportResult imported = import_file_in_process(character_path, settings);
    if (!imported.ok()) return json{{"error", imported.error}}.dump();
    ClipImportResult clips = import_clips_in_process(path, imported.character.skeleton, settings);
    if (!clips.ok()) return json{{"error", clips.error}}.dump();
    imported.character.clips.clear();
    for (ImportedClip& clip : clips.clips) imported.character.clips.push_back(std::move(clip.clip));
    return audit_character(imported.character, rules).dump();
  };
  const ChildOutcome outcome = run_in_child(limits, job, {});
  json entry{{"file", path}};
  if (!character_path.empty()) entry["character"] = character_path;
  if (outcome.end != ChildEnd::kFinished) {
    entry["error"] = path + ": the importer " + outcome.cause;
    entry["clips"] = json::array();
    return entry;
  }
  const json result = json::parse(outcome.payload, nullptr, false);
  if (result.is_discarded()) {
    entry["error"] = path + ": the audit's result came back malformed";
    entry["clips"] = json::array();
    return entry;
  }
  entry.update(result);
  if (!entry.contains("clips")) entry["clips"] = json::array();
  return entry;
}

}  // namespace importer
