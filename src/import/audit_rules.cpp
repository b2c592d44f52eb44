#include "import/audit_rules.h"

#include <fstream>
#include <regex>
#include <utility>

namespace importer {
namespace {

using nlohmann::json;

std::string check_pattern(const std::string& key, const std::string& pattern) {
  try {
    std::regex check(pattern);
  } catch (const std::regex_error& e) {
    return key + ": '" + pattern + "' is not a regular expression (" + e.what() + ")";
  }
  return {};
}

std::string read_severity(const json& j, const std::string& key, anim::Severity& out) {
  if (!j.contains(key)) return {};
  if (!j[key].is_string() || !anim::parse_severity(j[key].get<std::string>(), out)) {
    return key + ": must be \"info\", \"warning\" or \"error\"";
  }
  return {};
}

}  // namespace

std::string read_audit_rules(const json& j, anim::AuditRules& out) {
  if (!j.is_object()) return "the rules must be a JSON object";
  try {
    const std::pair<const char*, anim::Threshold*> thresholds[] = {
        {"pop_m", &out.pop_m},
        {"seam_m", &out.seam_m},
        {"seam_velocity_m_s", &out.seam_velocity_m_s},
        {"slide_leg_share", &out.slide_leg_share},
        {"compression_m", &out.compression_m},
        {"mirror_m", &out.mirror_m},
        {"scale_ratio", &out.scale_ratio},
        {"transition_height_share", &out.transition_height_share},
    };
    if (j.contains("thresholds")) {
      const json& t = j["thresholds"];
      if (!t.is_object()) return "thresholds: must be an object";
      for (const auto& [key, value] : t.items()) {
        anim::Threshold* threshold = nullptr;
        for (const auto& [name, target] : thresholds) {
          if (key == name) threshold = target;
        }
        if (threshold == nullptr) return "thresholds: unknown measure '" + key + "'";
        threshold->warning = value.value("warning", threshold->warning);
        threshold->error = value.value("error", threshold->error);
      }
    }
    out.duplicate_m = j.value("duplicate_m", out.duplicate_m);
    out.pop_median_factor = j.value("pop_median_factor", out.pop_median_factor);
    out.loop_names = j.value("loop_names", out.loop_names);
    if (std::string e = check_pattern("loop_names", out.loop_names); !e.empty()) return e;
    out.one_shot_names = j.value("one_shot_names", out.one_shot_names);
    if (std::string e = check_pattern("one_shot_names", out.one_shot_names); !e.empty()) return e;
    if (std::string e = read_severity(j, "sign_flip", out.sign_flip); !e.empty()) return e;
    if (std::string e = read_severity(j, "denormal", out.denormal); !e.empty()) return e;
    for (const json& rule : j.value("naming", json::array())) {
      anim::NamingRule naming{rule.at("pattern").get<std::string>(), rule.value("message", ""),
                              anim::Severity::kWarning};
      if (std::string e = check_pattern("naming", naming.pattern); !e.empty()) return e;
      if (std::string e = read_severity(rule, "severity", naming.severity); !e.empty()) {
        return "naming: " + e;
      }
      out.naming.push_back(std::move(naming));
    }
    for (const json& rule : j.value("markers", json::array())) {
      anim::MarkerRule markers{rule.value("clips", std::string(".*")),
                               rule.at("markers").get<std::vector<std::string>>(),
                               anim::Severity::kWarning};
      if (std::string e = check_pattern("markers", markers.clips); !e.empty()) return e;
      if (std::string e = read_severity(rule, "severity", markers.severity); !e.empty()) {
        return "markers: " + e;
      }
      out.markers.push_back(std::move(markers));
    }
  } catch (const json::exception& e) {
    return std::string("a value has the wrong type (") + e.what() + ")";
  }
  return {};
}

std::string load_audit_rules(const std::string& path, anim::AuditRules& out) {
  std::ifstream in(path);
  if (!in) return path + ": cannot be read";
  const json j = json::parse(in, nullptr, false);
  if (j.is_discarded()) return path + ": not valid JSON";
  if (std::string e = read_audit_rules(j, out); !e.empty()) return path + ": " + e;
  return {};
}

}  // namespace importer
