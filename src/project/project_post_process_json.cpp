#include "project/project_post_process_json.h"

#include <initializer_list>
#include <string>

#include "project/project_field_io.h"

namespace project {
namespace {

using namespace project_json;
using anim::PostProcessKind;

// A number field that must lie in [low, high].
template <typename Io, typename Number>
void number_in(Io& io, const char* key, Number& x, float low, float high,
               Written when = Written::Always) {
  io.number(key, x, when);
  io.check(x >= low && x <= high, key,
           "expected a number from " + std::to_string(low) + " to " + std::to_string(high));
}

// Written when the entry's kind is one of kinds.
Written for_kinds(PostProcessKind kind, std::initializer_list<PostProcessKind> kinds,
                  Written when = Written::Always) {
  for (const PostProcessKind k : kinds) {
    if (k == kind) return when;
  }
  return Written::Never;
}

}  // namespace

template <typename Io, typename Entry>
void post_process_fields(Io& io, Entry& e) {
  io.required_enumeration(
      "kind", e.kind, parse_post_process_kind, anim::to_string,
      "expected \"look_at\", \"twist\", \"spring\", \"multi_bone_ik\" or \"foot_ik\"");
  number_in(io, "weight", e.weight, 0.0f, 1.0f);
  io.boolean("solo", e.solo);
  io.boolean("mute", e.mute);
  io.boolean("ghost", e.ghost);
  io.texts("joints", e.joints);
  bool named = true;
  for (const std::string& joint : e.joints) named = named && !joint.empty();
  io.check(named, "joints", "expected joint names");
  const PostProcessKind k = e.kind;
  const Written look_at = for_kinds(k, {PostProcessKind::LookAt});
  const Written spring = for_kinds(k, {PostProcessKind::Spring});
  const Written aims = for_kinds(k, {PostProcessKind::LookAt, PostProcessKind::MultiBoneIk});
  io.numbers("joint_weights", e.joint_weights,
             k == PostProcessKind::Twist ? Written::WhenNotEmpty : look_at);
  bool at_least_zero = true;
  for (const float w : e.joint_weights) at_least_zero = at_least_zero && w >= 0.0f;
  io.check(at_least_zero, "joint_weights", "expected numbers >= 0");
  io.vec3("target", e.target, aims);
  number_in(io, "limit_deg", e.limit_deg, 0.1f, 180.0f, look_at);
  number_in(io, "frequency_hz", e.frequency_hz, 0.01f, 100.0f, spring);
  number_in(io, "damping_ratio", e.damping_ratio, 0.0f, 100.0f, spring);
  io.vec3("gravity", e.gravity, spring);
  io.vec3("sphere_center", e.sphere_center, spring);
  number_in(io, "sphere_radius_m", e.sphere_radius_m, 0.0f, 1e4f, spring);
  number_in(io, "cone_deg", e.cone_deg, 0.0f, 180.0f, for_kinds(k, {PostProcessKind::MultiBoneIk}));
  io.boolean("follow_camera", e.follow_camera,
             aims == Written::Never ? Written::Never : Written::WhenTrue);
  const Written aim_parameters = for_kinds(k, {PostProcessKind::LookAt}, Written::WhenNotEmpty);
  io.text("aim_yaw_parameter", e.aim_yaw_parameter, aim_parameters);
  io.text("aim_pitch_parameter", e.aim_pitch_parameter, aim_parameters);
}

template void post_process_fields(FieldReader&, ProjectPostProcess&);
template void post_process_fields(FieldWriter&, const ProjectPostProcess&);

nlohmann::json post_process_to_json(const std::vector<ProjectPostProcess>& entries) {
  json out = json::array();
  for (const ProjectPostProcess& e : entries) {
    out.push_back(write_fields(e, [](auto& io, auto& entry) { post_process_fields(io, entry); }));
  }
  return out;
}

bool same_post_process(const std::vector<ProjectPostProcess>& a,
                       const std::vector<ProjectPostProcess>& b) {
  return post_process_to_json(a) == post_process_to_json(b);
}

}  // namespace project
