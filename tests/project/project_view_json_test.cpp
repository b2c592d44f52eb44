#include "project/project_view_json.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace {

using project::project_json::json;

// Every field of the view away from its default, so a field the visitor skipped in either
// direction reads back as the default and fails below.
project::ProjectView changed_view() {
  project::ProjectView v;
  v.show_grid = false;
  v.show_mesh = false;
  v.show_skeleton = false;
  v.show_bone_axes = true;
  v.wireframe = true;
  v.skinning = visual::SkinningChoice::DualQuat;
  v.shading = visual::ShadingMode::Clay;
  v.show_ground = true;
  v.shadows = false;
  v.fxaa = false;
  v.layout.left_width = 321.0f;
  v.layout.right_width = 123.0f;
  v.layout.left_open = false;
  v.layout.right_open = false;
  v.layout.ui_scale = 2.5f;
  v.layout.ui_scale_automatic = false;
  v.foot_ik = true;
  v.stride_warping = true;
  v.stride_warping_settings.min_ratio = 0.6f;
  v.stride_warping_settings.max_ratio = 1.7f;
  v.orientation_warping = true;
  v.orientation_warping_settings.max_hip_angle_deg = 33.0f;
  v.orientation_warping_settings.max_torso_joint_angle_deg = 11.0f;
  v.apply_root_motion = true;
  v.camera = {12.0f, -40.0f, 7.5f, {0.5f, 1.25f, -2.0f}};
  return v;
}

TEST(ProjectViewJson, EveryFieldWrittenIsReadBack) {
  const project::ProjectView v = changed_view();
  const project::ProjectView r =
      project::project_json::read_view(project::project_json::view_to_json(v), "view");
  EXPECT_EQ(r.show_grid, v.show_grid);
  EXPECT_EQ(r.show_mesh, v.show_mesh);
  EXPECT_EQ(r.show_skeleton, v.show_skeleton);
  EXPECT_EQ(r.show_bone_axes, v.show_bone_axes);
  EXPECT_EQ(r.wireframe, v.wireframe);
  EXPECT_EQ(r.skinning, v.skinning);
  EXPECT_EQ(r.shading, v.shading);
  EXPECT_EQ(r.show_ground, v.show_ground);
  EXPECT_EQ(r.shadows, v.shadows);
  EXPECT_EQ(r.fxaa, v.fxaa);
  EXPECT_EQ(r.layout.left_width, v.layout.left_width);
  EXPECT_EQ(r.layout.right_width, v.layout.right_width);
  EXPECT_EQ(r.layout.left_open, v.layout.left_open);
  EXPECT_EQ(r.layout.right_open, v.layout.right_open);
  EXPECT_EQ(r.layout.ui_scale, v.layout.ui_scale);
  EXPECT_EQ(r.layout.ui_scale_automatic, v.layout.ui_scale_automatic);
  EXPECT_EQ(r.foot_ik, v.foot_ik);
  EXPECT_EQ(r.stride_warping, v.stride_warping);
  EXPECT_EQ(r.stride_warping_settings.min_ratio, v.stride_warping_settings.min_ratio);
  EXPECT_EQ(r.stride_warping_settings.max_ratio, v.stride_warping_settings.max_ratio);
  EXPECT_EQ(r.orientation_warping, v.orientation_warping);
  EXPECT_EQ(r.orientation_warping_settings.max_hip_angle_deg,
            v.orientation_warping_settings.max_hip_angle_deg);
  EXPECT_EQ(r.orientation_warping_settings.max_torso_joint_angle_deg,
            v.orientation_warping_settings.max_torso_joint_angle_deg);
  EXPECT_EQ(r.apply_root_motion, v.apply_root_motion);
  EXPECT_EQ(r.camera.yaw_deg, v.camera.yaw_deg);
  EXPECT_EQ(r.camera.pitch_deg, v.camera.pitch_deg);
  EXPECT_EQ(r.camera.distance_m, v.camera.distance_m);
  EXPECT_EQ(r.camera.target, v.camera.target);
}

// The file's names of the view's fields (project/project_file.h's ProjectView lists those that
// differ from the members').
TEST(ProjectViewJson, WritesTheDocumentedFieldNames) {
  const json j = project::project_json::view_to_json(changed_view());
  std::set<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
  const std::set<std::string> expected = {"show_grid",
                                          "show_mesh",
                                          "show_skeleton",
                                          "show_bone_axes",
                                          "wireframe",
                                          "dual_quaternion_skinning",
                                          "shading",
                                          "show_ground",
                                          "shadows",
                                          "fxaa",
                                          "left_panel_width_px",
                                          "right_panel_width_px",
                                          "left_panel_open",
                                          "right_panel_open",
                                          "ui_scale",
                                          "foot_ik",
                                          "stride_warping",
                                          "stride_warping_min_ratio",
                                          "stride_warping_max_ratio",
                                          "orientation_warping",
                                          "orientation_warping_max_hip_deg",
                                          "orientation_warping_max_torso_joint_deg",
                                          "apply_root_motion",
                                          "camera_yaw_deg",
                                          "camera_pitch_deg",
                                          "camera_distance_m",
                                          "camera_target"};
  EXPECT_EQ(keys, expected);
  EXPECT_EQ(j["shading"], "clay");
  EXPECT_EQ(j["dual_quaternion_skinning"], true);
  EXPECT_EQ(j["ui_scale"], 2.5f);
}

// An automatic UI scale is written as 0 and read back as automatic.
TEST(ProjectViewJson, AnAutomaticUiScaleIsZeroInTheFile) {
  project::ProjectView v;
  v.layout.ui_scale = 1.75f;  // what the screen gave; not saved
  v.layout.ui_scale_automatic = true;
  const json j = project::project_json::view_to_json(v);
  EXPECT_EQ(j["ui_scale"], 0.0f);
  EXPECT_TRUE(project::project_json::read_view(j, "view").layout.ui_scale_automatic);
}

}  // namespace
