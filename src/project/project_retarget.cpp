#include "project/project_retarget.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include <nlohmann/json.hpp>

#include "project/project_retarget_json.h"

namespace project {
namespace {

using json = nlohmann::json;

// A wrong field of the section, thrown by the readers below and caught by read_retargets.
struct Wrong {
  std::string path;
  std::string why;
};

const json& field(const json& object, const std::string& path, const char* key, bool required) {
  static const json absent;
  const auto it = object.find(key);
  if (it != object.end()) return *it;
  if (required) throw Wrong{path + "." + key, "missing"};
  return absent;
}

std::string string_at(const json& object, const std::string& path, const char* key, bool required) {
  const json& v = field(object, path, key, required);
  if (v.is_null()) return {};
  if (!v.is_string()) throw Wrong{path + "." + key, "expected a string"};
  return v.get<std::string>();
}

anim::ChainMode chain_mode(const json& object, const std::string& path, const char* key,
                           anim::ChainMode fallback) {
  const json& v = field(object, path, key, false);
  if (v.is_null()) return fallback;
  for (const anim::ChainMode mode : {anim::ChainMode::Rotation, anim::ChainMode::KeepContacts,
                                     anim::ChainMode::SourcePosition}) {
    if (v.is_string() && v.get<std::string>() == anim::to_string(mode)) return mode;
  }
  throw Wrong{path + "." + key, "expected \"rotation\", \"keep contacts\" or \"source position\""};
}

anim::RetargetChainOffset read_offset(const json& j, const std::string& path) {
  if (!j.is_object()) throw Wrong{path, "expected an object"};
  anim::RetargetChainOffset offset;
  const std::string role = string_at(j, path, "role", true);
  if (role != "arm" && role != "leg") throw Wrong{path + ".role", "expected arm or leg"};
  offset.role = role == "arm" ? anim::LimbRole::Arm : anim::LimbRole::Leg;
  const std::string side = string_at(j, path, "side", true);
  if (side == "left") {
    offset.side = anim::LimbSide::Left;
  } else if (side == "right") {
    offset.side = anim::LimbSide::Right;
  } else if (side == "center") {
    offset.side = anim::LimbSide::Center;
  } else {
    throw Wrong{path + ".side", "expected left, right or center"};
  }
  const json& front = field(j, path, "front", false);
  if (!front.is_null() && !front.is_boolean())
    throw Wrong{path + ".front", "expected true or false"};
  offset.front = front.is_boolean() && front.get<bool>();
  const json& r = field(j, path, "rotation_deg", true);
  if (!r.is_array() || r.size() != 3) {
    throw Wrong{path + ".rotation_deg", "expected an array of 3 numbers"};
  }
  for (int i = 0; i < 3; ++i) {
    const json& v = r[static_cast<std::size_t>(i)];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::abs(v.get<double>()) > 360.0) {
      throw Wrong{path + ".rotation_deg[" + std::to_string(i) + "]",
                  "expected degrees from -360 to 360"};
    }
    offset.rotation_deg[i] = v.get<float>();
  }
  return offset;
}

ProjectRetarget read_entry(const json& j, const std::string& path) {
  if (!j.is_object()) throw Wrong{path, "expected an object"};
  ProjectRetarget entry;
  entry.file = string_at(j, path, "file", true);
  if (entry.file.empty()) throw Wrong{path + ".file", "must not be empty"};
  entry.clip = string_at(j, path, "clip", false);
  const json& corrections = field(j, path, "corrections", false);
  if (!corrections.is_null() && !corrections.is_array()) {
    throw Wrong{path + ".corrections", "expected an array"};
  }
  for (std::size_t i = 0; corrections.is_array() && i < corrections.size(); ++i) {
    const std::string at = path + ".corrections[" + std::to_string(i) + "]";
    if (!corrections[i].is_object()) throw Wrong{at, "expected an object"};
    anim::RetargetCorrection c;
    c.target_joint = string_at(corrections[i], at, "target", true);
    c.source_joint = string_at(corrections[i], at, "source", false);
    if (c.target_joint.empty()) throw Wrong{at + ".target", "must not be empty"};
    entry.corrections.push_back(std::move(c));
  }
  entry.leg_mode = chain_mode(j, path, "leg_mode", entry.leg_mode);
  entry.arm_mode = chain_mode(j, path, "arm_mode", entry.arm_mode);
  const json& offsets = field(j, path, "chain_offsets", false);
  if (!offsets.is_null() && !offsets.is_array()) {
    throw Wrong{path + ".chain_offsets", "expected an array"};
  }
  for (std::size_t i = 0; offsets.is_array() && i < offsets.size(); ++i) {
    entry.chain_offsets.push_back(
        read_offset(offsets[i], path + ".chain_offsets[" + std::to_string(i) + "]"));
  }
  return entry;
}

}  // namespace

anim::RetargetOptions retarget_options(const ProjectRetarget& entry) {
  anim::RetargetOptions options;
  options.leg_mode = entry.leg_mode;
  options.arm_mode = entry.arm_mode;
  options.corrections = entry.corrections;
  options.chain_offsets = entry.chain_offsets;
  return options;
}

void set_retarget_correction(ProjectRetarget& entry, const std::string& target_joint,
                             const std::string& source_joint) {
  std::erase_if(entry.corrections,
                [&](const anim::RetargetCorrection& c) { return c.target_joint == target_joint; });
  entry.corrections.push_back({target_joint, source_joint});
}

anim::RetargetChainOffset& chain_offset(ProjectRetarget& entry, anim::LimbRole role,
                                        anim::LimbSide side, bool front) {
  for (anim::RetargetChainOffset& o : entry.chain_offsets) {
    if (o.role == role && o.side == side && o.front == front) return o;
  }
  entry.chain_offsets.push_back({role, side, front, glm::vec3(0.0f)});
  return entry.chain_offsets.back();
}

json retargets_to_json(const std::vector<ProjectRetarget>& entries) {
  json out = json::array();
  for (const ProjectRetarget& e : entries) {
    json corrections = json::array();
    for (const anim::RetargetCorrection& c : e.corrections) {
      corrections.push_back({{"target", c.target_joint}, {"source", c.source_joint}});
    }
    json offsets = json::array();
    for (const anim::RetargetChainOffset& o : e.chain_offsets) {
      offsets.push_back({{"role", anim::to_string(o.role)},
                         {"side", anim::to_string(o.side)},
                         {"front", o.front},
                         {"rotation_deg", {o.rotation_deg.x, o.rotation_deg.y, o.rotation_deg.z}}});
    }
    out.push_back({{"file", e.file},
                   {"clip", e.clip},
                   {"corrections", corrections},
                   {"leg_mode", anim::to_string(e.leg_mode)},
                   {"arm_mode", anim::to_string(e.arm_mode)},
                   {"chain_offsets", offsets}});
  }
  return out;
}

std::pair<std::string, std::string> read_retargets(const json& j, const std::string& path,
                                                   std::vector<ProjectRetarget>& out) {
  try {
    if (!j.is_array()) throw Wrong{path, "expected an array of retargeted clip files"};
    std::vector<ProjectRetarget> entries;
    for (std::size_t i = 0; i < j.size(); ++i) {
      entries.push_back(read_entry(j[i], path + "[" + std::to_string(i) + "]"));
    }
    out = std::move(entries);
    return {};
  } catch (const Wrong& wrong) {
    return {wrong.path, wrong.why};
  }
}

}  // namespace project
