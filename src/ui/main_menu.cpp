#include "ui/main_menu.h"

#include <imgui.h>

namespace ui {
namespace {

void draw_file_menu(ViewSettings& s, ViewerCommands& commands) {
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) commands.push_back(ViewerCommand::Open);
    if (ImGui::MenuItem("Save", "Ctrl+S")) commands.push_back(ViewerCommand::Save);
    if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) commands.push_back(ViewerCommand::SaveAs);
    if (ImGui::MenuItem("Reload", "Ctrl+R")) commands.push_back(ViewerCommand::Reload);
    if (ImGui::MenuItem("Add clip file...")) commands.push_back(ViewerCommand::AddClipFile);
    if (ImGui::MenuItem("Export pose as JSON")) commands.push_back(ViewerCommand::ExportPose);
    if (ImGui::MenuItem("Export frames...")) commands.push_back(ViewerCommand::ExportFrames);
    if (ImGui::MenuItem("Export video...")) commands.push_back(ViewerCommand::ExportVideo);
    ImGui::MenuItem("Record inputs", nullptr, &s.record_inputs);
    if (ImGui::MenuItem("Export transition record"))
      commands.push_back(ViewerCommand::ExportRecord);
    ImGui::MenuItem("Reload when the file changes", nullptr, &s.reload_on_change);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) commands.push_back(ViewerCommand::Quit);
    ImGui::EndMenu();
  }
}

void draw_shading_and_compare_menus(ViewSettings& s) {
  if (ImGui::BeginMenu("Shading")) {
    for (const render::ShadingMode mode :
         {render::ShadingMode::Material, render::ShadingMode::Matcap, render::ShadingMode::Clay}) {
      if (ImGui::MenuItem(render::to_string(mode), nullptr, s.shading == mode)) s.shading = mode;
    }
    ImGui::EndMenu();
  }
  ImGui::MenuItem("Ground, sky and shadows", nullptr, &s.show_ground);
  ImGui::MenuItem("Shadows", nullptr, &s.shadows, s.show_ground);
  if (ImGui::BeginMenu("Compare side by side")) {
    if (ImGui::MenuItem("Off", nullptr, s.compare == visual::CompareMode::Off)) {
      s.compare = visual::CompareMode::Off;
    }
    if (ImGui::MenuItem("Skinning: LBS | DQ", nullptr,
                        s.compare == visual::CompareMode::Skinning)) {
      s.compare = visual::CompareMode::Skinning;
    }
    if (ImGui::MenuItem("Clips: A | B", nullptr, s.compare == visual::CompareMode::Clips)) {
      s.compare = visual::CompareMode::Clips;
    }
    ImGui::EndMenu();
  }
}

void draw_view_menu(ViewSettings& s, bool& curves_window, ViewerCommands& commands) {
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Side panel", nullptr, &s.show_side_panel);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    if (ImGui::SliderFloat("UI scale", &s.layout.ui_scale, 0.75f, 2.5f, "%.2f")) {
      s.layout.ui_scale_automatic = false;
    }
    ImGui::MenuItem("Grid", nullptr, &s.show_grid);
    ImGui::MenuItem("Mesh", nullptr, &s.show_mesh);
    ImGui::MenuItem("Skeleton", nullptr, &s.show_skeleton);
    ImGui::MenuItem("Bones as octahedra", nullptr, &s.skeleton_octahedra);
    ImGui::MenuItem("Bone axes", nullptr, &s.show_bone_axes);
    ImGui::MenuItem("Wireframe", nullptr, &s.wireframe);
    ImGui::MenuItem("Onion skin (clip preview)", nullptr, &s.onion_skin);
    ImGui::MenuItem("Motion trails (selected joints)", nullptr, &s.motion_trails);
    ImGui::MenuItem("Motion trails over the whole clip", nullptr, &s.motion_trail_whole_clip,
                    s.motion_trails);
    ImGui::MenuItem("Curves (selected joints)", nullptr, &curves_window);
    ImGui::MenuItem("Foot slide in the stats", nullptr, &s.show_foot_slide_lines);
    ImGui::MenuItem("Foot-slide plot", nullptr, &s.show_foot_slide_plot);
    ImGui::MenuItem("Motion matching", nullptr, &s.show_motion_matching);
    draw_shading_and_compare_menus(s);
    if (ImGui::MenuItem("Frame character", "F")) commands.push_back(ViewerCommand::FrameCharacter);
    if (ImGui::MenuItem("Frame all", "Home")) commands.push_back(ViewerCommand::FrameAll);
    ImGui::MenuItem("Keep the camera above the ground", nullptr, &s.camera_above_ground);
    // Below the items the end-to-end tests click by position.
    ImGui::MenuItem("UI scale from the screen", nullptr, &s.layout.ui_scale_automatic);
    ImGui::MenuItem("FXAA (without multisampling)", nullptr, &s.fxaa);
    ImGui::Separator();
    if (ImGui::MenuItem("Navigation: Maya", nullptr,
                        s.navigation == render::NavigationPreset::Maya)) {
      s.navigation = render::NavigationPreset::Maya;
    }
    if (ImGui::MenuItem("Navigation: Blender", nullptr,
                        s.navigation == render::NavigationPreset::Blender)) {
      s.navigation = render::NavigationPreset::Blender;
    }
    ImGui::EndMenu();
  }
}

}  // namespace

ViewerCommands draw_main_menu(ViewSettings& s, bool& curves_window) {
  ViewerCommands commands;
  if (!ImGui::BeginMainMenuBar()) return commands;
  draw_file_menu(s, commands);
  draw_view_menu(s, curves_window, commands);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Controls", "H", &s.show_help);
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
  return commands;
}

}  // namespace ui
