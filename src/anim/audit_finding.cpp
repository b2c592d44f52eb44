#include "anim/audit_finding.h"

#include <array>

namespace anim {

const char* finding_kind_name(FindingKind kind) {
  static constexpr std::array<const char*, 12> kNames = {
      "pop",    "seam",   "slide",  "nan",       "sign_flip",   "units",
      "naming", "marker", "mirror", "duplicate", "compression", "transition"};
  return kNames[static_cast<std::size_t>(kind)];
}

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "info";
}

bool parse_severity(const std::string& name, Severity& out) {
  for (Severity s : {Severity::kInfo, Severity::kWarning, Severity::kError}) {
    if (name == severity_name(s)) {
      out = s;
      return true;
    }
  }
  return false;
}

bool grade(const Threshold& threshold, float value, Severity& out) {
  if (value >= threshold.error) {
    out = Severity::kError;
    return true;
  }
  if (value >= threshold.warning) {
    out = Severity::kWarning;
    return true;
  }
  return false;
}

}  // namespace anim
