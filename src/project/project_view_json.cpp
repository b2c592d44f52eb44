#include "project/project_view_json.h"

#include <type_traits>

#include "project/project_field_io.h"

namespace project::project_json {

// Every field of the view, in the order the reader checks them. View is ProjectView (read) or
// const ProjectView (written); the fields stored otherwise than in memory (the skinning as a
// flag, the shading by name, an automatic UI scale as 0) go through a local copy.
template <typename Io, typename View>
void view_fields(Io& io, View& v) {
  io.boolean("show_grid", v.show_grid);
  io.boolean("show_mesh", v.show_mesh);
  io.boolean("show_skeleton", v.show_skeleton);
  io.boolean("show_bone_axes", v.show_bone_axes);
  io.boolean("wireframe", v.wireframe);
  bool dual_quat = v.skinning == visual::SkinningChoice::DualQuat;
  io.boolean("dual_quaternion_skinning", dual_quat);
  io.boolean("foot_ik", v.foot_ik);
  io.boolean("stride_warping", v.stride_warping);
  auto& stride = v.stride_warping_settings;
  io.number("stride_warping_min_ratio", stride.min_ratio);
  io.number("stride_warping_max_ratio", stride.max_ratio);
  io.check(stride.min_ratio > 0.0f && stride.max_ratio >= stride.min_ratio,
           "stride_warping_max_ratio", "must be >= stride_warping_min_ratio, both > 0");
  io.boolean("orientation_warping", v.orientation_warping);
  auto& turn = v.orientation_warping_settings;
  io.number("orientation_warping_max_hip_deg", turn.max_hip_angle_deg);
  io.number("orientation_warping_max_torso_joint_deg", turn.max_torso_joint_angle_deg);
  io.boolean("apply_root_motion", v.apply_root_motion);
  std::string shading = to_string(v.shading);
  io.text("shading", shading);
  io.check(shading == "material" || shading == "matcap" || shading == "clay", "shading",
           "must be \"material\", \"matcap\" or \"clay\"");
  io.boolean("show_ground", v.show_ground);
  io.boolean("shadows", v.shadows);
  io.boolean("fxaa", v.fxaa);
  auto& c = v.camera;
  io.number("camera_yaw_deg", c.yaw_deg);
  io.number("camera_pitch_deg", c.pitch_deg);
  io.number("camera_distance_m", c.distance_m);
  io.check(c.distance_m > 0.0f, "camera_distance_m", "must be > 0");
  io.vec3("camera_target", c.target);
  auto& l = v.layout;
  io.number("left_panel_width_px", l.left_width);
  io.number("right_panel_width_px", l.right_width);
  io.check(l.left_width >= 0.0f && l.left_width <= 10000.0f, "left_panel_width_px",
           "must be from 0 to 10000");
  io.check(l.right_width >= 0.0f && l.right_width <= 10000.0f, "right_panel_width_px",
           "must be from 0 to 10000");
  io.boolean("left_panel_open", l.left_open);
  io.boolean("right_panel_open", l.right_open);
  float ui_scale = l.ui_scale_automatic ? 0.0f : l.ui_scale;
  io.number("ui_scale", ui_scale);
  io.check(ui_scale == 0.0f || (ui_scale >= 0.5f && ui_scale <= 3.0f), "ui_scale",
           "must be 0 (from the screen) or from 0.5 to 3");
  if constexpr (Io::kReads) {
    v.skinning = dual_quat ? visual::SkinningChoice::DualQuat : visual::SkinningChoice::Lbs;
    v.shading = visual::parse_shading_mode(shading);
    l.ui_scale_automatic = ui_scale == 0.0f;
    if (!l.ui_scale_automatic) l.ui_scale = ui_scale;
  }
}

template void view_fields(FieldReader&, ProjectView&);
template void view_fields(FieldWriter&, const ProjectView&);

json view_to_json(const ProjectView& view) {
  return write_fields(view, [](auto& io, auto& v) { view_fields(io, v); });
}

ProjectView read_view(const json& j, const std::string& path) {
  return read_fields<ProjectView>(j, path, [](auto& io, auto& v) { view_fields(io, v); });
}

}  // namespace project::project_json
