#include "ui/character_panel.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "ui/fitted_text.h"
#include "ui/item_center.h"
#include "ui/warning_text.h"

namespace ui {

SkinningHealth measure_skinning(const importer::Character& character) {
  SkinningHealth h;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
      int n = 0;
      for (int k = 0; k < 4; ++k) {
        if (v < mesh.weights0.size() && mesh.weights0[v][k] > 0.0f) ++n;
        if (v < mesh.weights1.size() && mesh.weights1[v][k] > 0.0f) ++n;
      }
      ++h.influence_histogram[n];
      h.max_influences = std::max(h.max_influences, n);
    }
  }
  return h;
}

namespace {

constexpr std::size_t kWarningsShownOpen = 3;

void draw_loaded(const importer::Character& c) {
  if (!ImGui::CollapsingHeader("Character", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::string name = std::filesystem::path(c.source_path).filename().string();
  ImGui::TextUnformatted(name.empty() ? c.source_path.c_str() : name.c_str());
  std::size_t vertices = 0, triangles = 0;
  for (const anim::SkinnedMesh& m : c.meshes) {
    vertices += m.vertex_count();
    triangles += m.indices.size() / 3;
  }
  // Wrapped: the side panel is narrower than this line.
  ImGui::TextWrapped("%d joints, %zu mesh%s, %zu vertices, %zu triangles", c.skeleton.joint_count(),
                     c.meshes.size(), c.meshes.size() == 1 ? "" : "es", vertices, triangles);
  ImGui::Text("%zu clips", c.clips.size());
  if (c.report.unit_scale_applied != 1.0f) {
    ImGui::Text("unit scale applied: %g", c.report.unit_scale_applied);
  }
  if (c.report.up_axis_converted) ImGui::TextUnformatted("converted from Z-up");
  for (const std::string& e : c.report.extensions_read) ImGui::Text("%s: read", e.c_str());
  for (const std::string& e : c.report.extensions_ignored) ImGui::Text("%s: ignored", e.c_str());
  // Under a node of their own, open when there are few: a file with many (one per clip, say)
  // would push the panel's controls out of sight.
  const std::size_t warnings = c.report.warnings.size();
  if (warnings == 0) return;
  ImGui::PushStyleColor(ImGuiCol_Text, kWarningColour);
  const bool open = ImGui::TreeNodeEx(
      "import_warnings",
      warnings <= kWarningsShownOpen ? ImGuiTreeNodeFlags_DefaultOpen : ImGuiTreeNodeFlags_None,
      "%zu import warning%s", warnings, warnings == 1 ? "" : "s");
  ImGui::PopStyleColor();
  if (!open) return;
  for (const std::string& w : c.report.warnings) warning_text(w);
  ImGui::TreePop();
}

void draw_skinning(const importer::Character& c, const SkinningHealth& h, ViewSettings& view,
                   CharacterControlCenters& at) {
  if (!ImGui::CollapsingHeader("Skinning", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int method = view.skinning == visual::SkinningChoice::Lbs ? 0 : 1;
  ImGui::RadioButton("Linear blend", &method, 0);
  at.lbs = last_item_center();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Linear blend skinning with a matrix palette");
  ImGui::RadioButton("Dual quaternion", &method, 1);
  at.dual_quaternion = last_item_center();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dual quaternion skinning: no candy-wrapper");
  view.skinning = method == 0 ? visual::SkinningChoice::Lbs : visual::SkinningChoice::DualQuat;
  int coloring = static_cast<int>(view.coloring);
  fit_next_item_to_label("Colour");
  ImGui::Combo("Colour", &coloring, "Material\0Influences per vertex\0LBS vs DQ difference\0");
  view.coloring = static_cast<visual::MeshColoring>(coloring);
  fit_next_item_to_label("Crowd");
  ImGui::SliderInt("Crowd", &view.crowd, 1, 400);
  if (view.crowd > 1) ImGui::TextDisabled("crowd plays the current clip on a grid");
  if (ImGui::TreeNode("Health")) {
    ImGui::Text("max influences per vertex: %d", h.max_influences);
    for (int n = 0; n <= 8; ++n) {
      if (h.influence_histogram[n] > 0) {
        ImGui::Text("  %d influences: %d vertices", n, h.influence_histogram[n]);
      }
    }
    ImGui::Text("cut to the supported count: %d vertices", c.report.vertices_with_cut_influences);
    ImGui::Text("weights renormalized: %d vertices", c.report.vertices_renormalized);
    ImGui::Text("joints with non-uniform scale: %d%s", h.stretched_joints,
                h.stretched_joints > 0 ? " (DQ applies their scale first)" : "");
    ImGui::TextWrapped("%s", h.palette_description.c_str());
    ImGui::TreePop();
  }
}

void draw_root_motion(ViewSettings& view, anim::CharacterSettings& s, CharacterPanelActions& a,
                      bool from_feet) {
  if (!ImGui::CollapsingHeader("Root motion", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (from_feet) {
    ImGui::TextColored(kWarningColour, "root motion synthesised from feet");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "This clip plays in place: applied, the character moves at the speed its planted "
          "feet slide, so foot locking can hold them");
    }
  }
  int mode = s.root_motion_mode == anim::RootMotionMode::InPlace ? 0 : 1;
  ImGui::RadioButton("In place", &mode, 0);
  a.controls.in_place = last_item_center();
  same_line_if_room("Applied");
  ImGui::RadioButton("Applied", &mode, 1);
  a.controls.applied = last_item_center();
  s.root_motion_mode = mode == 0 ? anim::RootMotionMode::InPlace : anim::RootMotionMode::Applied;
  ImGui::TextUnformatted("Extract:");
  same_line_if_room("X");
  ImGui::Checkbox("X", &s.root_motion.extract_x);
  same_line_if_room("Y");
  ImGui::Checkbox("Y", &s.root_motion.extract_y);
  same_line_if_room("Z");
  ImGui::Checkbox("Z", &s.root_motion.extract_z);
  same_line_if_room("Yaw");
  ImGui::Checkbox("Yaw", &s.root_motion.extract_yaw);
  ImGui::Checkbox("Camera follows", &view.follow_character);
  same_line_if_room("Trail");
  ImGui::Checkbox("Trail", &view.show_root_trail);
  if (ImGui::Button("Reset to origin")) a.reset_world = true;
}

// Stride and orientation warping (they solve the legs found for foot IK).
void draw_warping(anim::CharacterSettings& s) {
  ImGui::Checkbox("Stride warping", &s.stride_warping);
  if (s.stride_warping) {
    anim::StrideWarpingSettings& stride = s.stride_warping_settings;
    fit_next_item_to_label("Stride ratio");
    ImGui::DragFloatRange2("Stride ratio", &stride.min_ratio, &stride.max_ratio, 0.01f, 0.25f, 3.0f,
                           "%.2fx");
  }
  ImGui::Checkbox("Orientation warping", &s.orientation_warping);
  if (s.orientation_warping) {
    anim::OrientationWarpingSettings& turn = s.orientation_warping_settings;
    fit_next_item_to_label("Hip turn limit");
    ImGui::SliderFloat("Hip turn limit", &turn.max_hip_angle_deg, 0.0f, 90.0f, "%.0f deg");
    fit_next_item_to_label("Torso joint limit");
    ImGui::SliderFloat("Torso joint limit", &turn.max_torso_joint_angle_deg, 0.0f, 45.0f,
                       "%.0f deg");
  }
}

void draw_foot_ik(ViewSettings& view, anim::CharacterSettings& s, anim::Terrain& t, bool has_rig,
                  CharacterControlCenters& at) {
  if (!ImGui::CollapsingHeader("Foot IK and ground", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!has_rig) {
    ImGui::TextDisabled("no legs found in this skeleton");
  } else {
    ImGui::Checkbox("Foot IK", &s.foot_ik);
    at.foot_ik = last_item_center();
    same_line_if_room("Lock feet");
    ImGui::Checkbox("Lock feet", &s.foot_ik_settings.lock_feet);
    at.lock_feet = last_item_center();
    ImGui::Checkbox("Align to ground", &s.foot_ik_settings.align_to_ground);
    same_line_if_room("Debug draw");
    ImGui::Checkbox("Debug draw", &view.show_foot_ik_debug);
    fit_next_item_to_label("IK weight");
    ImGui::SliderFloat("IK weight", &s.foot_ik_settings.weight, 0.0f, 1.0f);
    draw_warping(s);
  }
  int shape = static_cast<int>(t.shape);
  fit_next_item_to_label("Ground");
  ImGui::Combo("Ground", &shape, "Flat\0Slope\0Stairs\0Rough\0");
  t.shape = static_cast<anim::TerrainShape>(shape);
  switch (t.shape) {
    case anim::TerrainShape::Slope:
      fit_next_item_to_label("Angle (deg)");
      ImGui::SliderFloat("Angle (deg)", &t.slope_deg, -30.0f, 30.0f);
      break;
    case anim::TerrainShape::Stairs:
      fit_next_item_to_label("Step height (m)");
      ImGui::SliderFloat("Step height (m)", &t.step_height_m, 0.0f, 0.3f);
      fit_next_item_to_label("Step depth (m)");
      ImGui::SliderFloat("Step depth (m)", &t.step_depth_m, 0.2f, 1.0f);
      break;
    case anim::TerrainShape::Rough:
      fit_next_item_to_label("Amplitude (m)");
      ImGui::SliderFloat("Amplitude (m)", &t.rough_amplitude_m, 0.0f, 0.2f);
      fit_next_item_to_label("Wavelength (m)");
      ImGui::SliderFloat("Wavelength (m)", &t.rough_wavelength_m, 0.3f, 5.0f);
      break;
    case anim::TerrainShape::Flat:
      break;
  }
}

void draw_clip_storage(ClipStorage& storage, CharacterPanelActions& actions) {
  if (!ImGui::CollapsingHeader("Clip storage")) return;
  if (ImGui::Checkbox("Compressed clips", &storage.compressed)) actions.clip_storage_changed = true;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Keyframe reduction and 16-bit keys, as a game runtime stores them: a tenth "
        "of the memory, each joint within %.1f mm (errors add up along a chain)",
        storage.tolerance_m * 1000.0f);
  }
  ImGui::Text("%s: %.1f KB of joint and shape tracks",
              storage.compressed ? "Compressed" : "Exact (keys or baked frames)",
              static_cast<double>(storage.bytes) / 1000.0);
}

}  // namespace

void draw_character_panel(const importer::Character& character, const SkinningHealth& health,
                          std::span<const MaterialRow> materials, ViewSettings& view,
                          anim::CharacterSettings& settings, anim::Terrain& terrain,
                          bool has_foot_rig, ClipStorage& clip_storage,
                          CharacterPanelActions& actions, bool root_motion_from_feet) {
  const anim::CharacterSettings before = settings;
  draw_loaded(character);
  draw_material_list(materials);
  draw_skinning(character, health, view, actions.controls);
  draw_root_motion(view, settings, actions, root_motion_from_feet);
  draw_foot_ik(view, settings, terrain, has_foot_rig, actions.controls);
  draw_clip_storage(clip_storage, actions);
  actions.settings_changed = settings != before;
}

void draw_nothing_loaded_hint() {
  ImGui::TextWrapped(
      "Nothing loaded. File > Open, drop a file on the window, or pick a recent file in the "
      "Import tab.");
}

}  // namespace ui
