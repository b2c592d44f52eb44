#pragma once
// A finding of the clip library audit (`animview audit`): one fault of one clip, at a frame and
// a joint where it has them, graded by the rules' thresholds so a CI job can fail on errors.

#include <string>

namespace anim {

enum class FindingKind {
  kPop,
  kSeam,
  kSlide,
  kNan,
  kSignFlip,
  kUnits,
  kNaming,
  kMarker,
  kMirror,
  kDuplicate,
  kCompression,
  kTransition,
};

enum class Severity { kInfo, kWarning, kError };

// "pop", "seam", ..., "transition": the names the report's JSON and CSV use.
const char* finding_kind_name(FindingKind kind);
// "info", "warning", "error".
const char* severity_name(Severity severity);
// The severity called name ("info", "warning", "error"); false when name is none of them.
bool parse_severity(const std::string& name, Severity& out);

struct Finding {
  FindingKind kind = FindingKind::kPop;
  Severity severity = Severity::kWarning;
  int frame = -1;  // the frame at the clip's source rate; -1 when the fault has none
  float time_s = 0.0f;
  std::string joint;   // empty when the fault is not a joint's
  float value = 0.0f;  // what was measured, in the unit the message gives
  std::string message;
};

// A measure's warning and error levels: a value at or above error is an error, at or above
// warning a warning, below both no finding.
struct Threshold {
  float warning = 0.0f;
  float error = 0.0f;
};

// Whether value reaches threshold, and how far: false below the warning level (no finding).
bool grade(const Threshold& threshold, float value, Severity& out);

}  // namespace anim
