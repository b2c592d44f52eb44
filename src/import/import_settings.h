#pragma once
// ImportSettings: the knobs users need against assimp's FBX quirks (pivot helper nodes, wrong
// ticks per second, centimetre units, Z-up). The viewer shows them and re-imports on change.

#include "import/import_limits.h"

namespace importer {

// The up axis of the file's data. Auto trusts the file (FBX global settings, Collada's
// <up_axis>); the others override it when a file lies about its orientation.
enum class UpAxis { kAuto, kY, kZ };

// FBX pivot helper nodes (`<joint>_$AssimpFbx$_Translation`, ...) never become joints: with
// them kept, assimp also repeats the helpers' values in the joints' animated channels (the Hips
// translation is applied twice), so the importer always asks assimp to fold pivots into the
// joints (AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS off).
struct ImportSettings {
  // Metres per file unit, e.g. 0.01 for a centimetre scene. 0 means auto: FBX's
  // UnitScaleFactor, Collada's <unit>, and 1 for formats without units (glTF is in metres).
  float unit_scale = 0.0f;
  UpAxis up_axis = UpAxis::kAuto;
  // Animation ticks per second to use instead of the file's (0 = the file's value). Fixes FBX
  // files whose frame rate is wrong, which otherwise play too fast or too slow.
  float frame_rate_override = 0.0f;
  // Ticks per second assumed when a file says 0 (assimp's "unknown"); a warning is reported.
  float fallback_ticks_per_second = 30.0f;
  // Influences kept per vertex: 4 (one set) or 8 (two sets, for renderers that support it).
  int max_influences = 4;
  // Memory, CPU time and stack of the child process that reads the file.
  ImportLimits limits = default_import_limits();
};

}  // namespace importer
