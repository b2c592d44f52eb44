#include "project/project_post_process_json.h"

#include <cmath>

#include <nlohmann/json.hpp>

namespace project {
namespace {

using json = nlohmann::json;
using anim::PostProcessKind;

// A wrong field of the section, thrown by the readers below and caught by read_post_process.
struct Wrong {
  std::string path;
  std::string why;
};

float number_at(const json& o, const std::string& path, const char* key, float fallback, float low,
                float high) {
  const auto it = o.find(key);
  if (it == o.end()) return fallback;
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < low ||
      it->get<double>() > high) {
    std::string why = "expected a number from ";
    why += std::to_string(low);
    why += " to ";
    why += std::to_string(high);
    throw Wrong{path + "." + key, why};
  }
  return it->get<float>();
}

std::string string_at(const json& o, const std::string& path, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) return {};
  if (!it->is_string()) throw Wrong{path + "." + key, "expected a parameter's name"};
  return it->get<std::string>();
}

bool bool_at(const json& o, const std::string& path, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) return false;
  if (!it->is_boolean()) throw Wrong{path + "." + key, "expected true or false"};
  return it->get<bool>();
}

glm::vec3 vec3_at(const json& o, const std::string& path, const char* key, glm::vec3 fallback) {
  const auto it = o.find(key);
  if (it == o.end()) return fallback;
  if (!it->is_array() || it->size() != 3) throw Wrong{path + "." + key, "expected 3 numbers"};
  for (int i = 0; i < 3; ++i) {
    const json& v = (*it)[static_cast<std::size_t>(i)];
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
      throw Wrong{path + "." + key, "expected 3 finite numbers"};
    }
    fallback[i] = v.get<float>();
  }
  return fallback;
}

ProjectPostProcess read_entry(const json& j, const std::string& path) {
  if (!j.is_object()) throw Wrong{path, "expected an object"};
  ProjectPostProcess e;
  const auto kind = j.find("kind");
  if (kind == j.end() || !kind->is_string() ||
      !parse_post_process_kind(kind->get<std::string>(), e.kind)) {
    throw Wrong{path + ".kind",
                "expected \"look_at\", \"twist\", \"spring\", \"multi_bone_ik\" or \"foot_ik\""};
  }
  e.weight = number_at(j, path, "weight", 1.0f, 0.0f, 1.0f);
  e.solo = bool_at(j, path, "solo");
  e.mute = bool_at(j, path, "mute");
  e.ghost = bool_at(j, path, "ghost");
  if (const auto joints = j.find("joints"); joints != j.end()) {
    if (!joints->is_array()) throw Wrong{path + ".joints", "expected an array of joint names"};
    for (const json& name : *joints) {
      if (!name.is_string() || name.get<std::string>().empty()) {
        throw Wrong{path + ".joints", "expected joint names"};
      }
      e.joints.push_back(name.get<std::string>());
    }
  }
  if (const auto weights = j.find("joint_weights"); weights != j.end()) {
    if (!weights->is_array()) throw Wrong{path + ".joint_weights", "expected an array"};
    for (const json& w : *weights) {
      if (!w.is_number() || !(w.get<double>() >= 0.0)) {
        throw Wrong{path + ".joint_weights", "expected numbers >= 0"};
      }
      e.joint_weights.push_back(w.get<float>());
    }
  }
  e.target = vec3_at(j, path, "target", e.target);
  e.limit_deg = number_at(j, path, "limit_deg", e.limit_deg, 0.1f, 180.0f);
  e.frequency_hz = number_at(j, path, "frequency_hz", e.frequency_hz, 0.01f, 100.0f);
  e.damping_ratio = number_at(j, path, "damping_ratio", e.damping_ratio, 0.0f, 100.0f);
  e.gravity = vec3_at(j, path, "gravity", e.gravity);
  e.sphere_center = vec3_at(j, path, "sphere_center", e.sphere_center);
  e.sphere_radius_m = number_at(j, path, "sphere_radius_m", e.sphere_radius_m, 0.0f, 1e4f);
  e.cone_deg = number_at(j, path, "cone_deg", e.cone_deg, 0.0f, 180.0f);
  e.follow_camera = bool_at(j, path, "follow_camera");
  e.aim_yaw_parameter = string_at(j, path, "aim_yaw_parameter");
  e.aim_pitch_parameter = string_at(j, path, "aim_pitch_parameter");
  return e;
}

json vec3_json(const glm::vec3& v) {
  return json::array({v.x, v.y, v.z});
}

}  // namespace

json post_process_to_json(const std::vector<ProjectPostProcess>& entries) {
  json out = json::array();
  for (const ProjectPostProcess& e : entries) {
    json j = {{"kind", anim::to_string(e.kind)},
              {"weight", e.weight},
              {"solo", e.solo},
              {"mute", e.mute},
              {"ghost", e.ghost},
              {"joints", e.joints}};
    switch (e.kind) {
      case PostProcessKind::LookAt:
        j["joint_weights"] = e.joint_weights;
        j["target"] = vec3_json(e.target);
        j["limit_deg"] = e.limit_deg;
        if (e.follow_camera) j["follow_camera"] = true;
        if (!e.aim_yaw_parameter.empty()) j["aim_yaw_parameter"] = e.aim_yaw_parameter;
        if (!e.aim_pitch_parameter.empty()) j["aim_pitch_parameter"] = e.aim_pitch_parameter;
        break;
      case PostProcessKind::Twist:
        if (!e.joint_weights.empty()) j["joint_weights"] = e.joint_weights;
        break;
      case PostProcessKind::FootIk:
        break;
      case PostProcessKind::Spring:
        j["frequency_hz"] = e.frequency_hz;
        j["damping_ratio"] = e.damping_ratio;
        j["gravity"] = vec3_json(e.gravity);
        j["sphere_center"] = vec3_json(e.sphere_center);
        j["sphere_radius_m"] = e.sphere_radius_m;
        break;
      case PostProcessKind::MultiBoneIk:
        j["target"] = vec3_json(e.target);
        j["cone_deg"] = e.cone_deg;
        if (e.follow_camera) j["follow_camera"] = true;
        break;
    }
    out.push_back(std::move(j));
  }
  return out;
}

bool same_post_process(const std::vector<ProjectPostProcess>& a,
                       const std::vector<ProjectPostProcess>& b) {
  return post_process_to_json(a) == post_process_to_json(b);
}

std::pair<std::string, std::string> read_post_process(const json& j, const std::string& path,
                                                      std::vector<ProjectPostProcess>& out) {
  try {
    if (!j.is_array()) throw Wrong{path, "expected an array of post-process entries"};
    std::vector<ProjectPostProcess> entries;
    for (std::size_t i = 0; i < j.size(); ++i) {
      std::string at = path;
      at += "[";
      at += std::to_string(i);
      at += "]";
      entries.push_back(read_entry(j[i], at));
    }
    out = std::move(entries);
    return {};
  } catch (const Wrong& wrong) {
    return {wrong.path, wrong.why};
  }
}

}  // namespace project
