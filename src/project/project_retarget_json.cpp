#include "project/project_retarget_json.h"

#include <cmath>
#include <string>
#include <string_view>

#include "project/project_field_io.h"

namespace project {
namespace {

using namespace project_json;

// The value of Enum named text (anim::to_string's name) among values; false when none is.
template <typename Enum, typename... Values>
bool parse_named(std::string_view text, Enum& out, Values... values) {
  for (const Enum value : {values...}) {
    if (text == anim::to_string(value)) {
      out = value;
      return true;
    }
  }
  return false;
}

bool parse_chain_mode(std::string_view text, anim::ChainMode& out) {
  return parse_named(text, out, anim::ChainMode::Rotation, anim::ChainMode::KeepContacts,
                     anim::ChainMode::SourcePosition);
}
bool parse_limb_role(std::string_view text, anim::LimbRole& out) {
  return parse_named(text, out, anim::LimbRole::Arm, anim::LimbRole::Leg);
}
bool parse_limb_side(std::string_view text, anim::LimbSide& out) {
  return parse_named(text, out, anim::LimbSide::Left, anim::LimbSide::Right,
                     anim::LimbSide::Center);
}

template <typename Io, typename Offset>
void chain_offset_fields(Io& io, Offset& o) {
  io.required_enumeration("role", o.role, parse_limb_role, anim::to_string, "expected arm or leg");
  io.required_enumeration("side", o.side, parse_limb_side, anim::to_string,
                          "expected left, right or center");
  io.boolean("front", o.front);
  io.required_vec3("rotation_deg", o.rotation_deg);
  for (int i = 0; i < 3; ++i) {
    const std::string at = "rotation_deg[" + std::to_string(i) + "]";
    io.check(std::abs(o.rotation_deg[i]) <= 360.0f, at.c_str(),
             "expected degrees from -360 to 360");
  }
}

}  // namespace

template <typename Io, typename Entry>
void retarget_fields(Io& io, Entry& entry) {
  io.required_text("file", entry.file);
  io.check(!entry.file.empty(), "file", "must not be empty");
  io.text("clip", entry.clip);
  io.list("corrections", entry.corrections, [](auto& cio, auto& c) {
    cio.required_text("target", c.target_joint);
    cio.check(!c.target_joint.empty(), "target", "must not be empty");
    cio.text("source", c.source_joint);
  });
  const char* modes = "rotation, keep contacts, source position";
  io.enumeration("leg_mode", entry.leg_mode, parse_chain_mode, anim::to_string, modes);
  io.enumeration("arm_mode", entry.arm_mode, parse_chain_mode, anim::to_string, modes);
  io.list("chain_offsets", entry.chain_offsets,
          [](auto& oio, auto& o) { chain_offset_fields(oio, o); });
}

template void retarget_fields(FieldReader&, ProjectRetarget&);
template void retarget_fields(FieldWriter&, const ProjectRetarget&);

nlohmann::json retargets_to_json(const std::vector<ProjectRetarget>& entries) {
  json out = json::array();
  for (const ProjectRetarget& e : entries) {
    out.push_back(write_fields(e, [](auto& io, auto& entry) { retarget_fields(io, entry); }));
  }
  return out;
}

}  // namespace project
