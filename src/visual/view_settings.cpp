#include "visual/view_settings.h"

namespace visual {

const char* to_string(SkinningChoice skinning) {
  return skinning == SkinningChoice::Lbs ? "lbs" : "dq";
}

std::optional<SkinningChoice> parse_skinning_choice(std::string_view text) {
  if (text == "lbs") return SkinningChoice::Lbs;
  if (text == "dq") return SkinningChoice::DualQuat;
  return std::nullopt;
}

const char* to_string(ShadingMode mode) {
  switch (mode) {
    case ShadingMode::Matcap:
      return "matcap";
    case ShadingMode::Clay:
      return "clay";
    case ShadingMode::Material:
      break;
  }
  return "material";
}

ShadingMode parse_shading_mode(std::string_view name) {
  if (name == "matcap") return ShadingMode::Matcap;
  if (name == "clay") return ShadingMode::Clay;
  return ShadingMode::Material;
}

}  // namespace visual
