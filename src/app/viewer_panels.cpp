#include "app/viewer_panels.h"

#include <utility>

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "anim/blend_space_positions.h"
#include "anim/loop_seam.h"
#include "anim/playback.h"
#include "app/graph_authoring.h"
#include "asset/atomic_write.h"
#include "asset/pose_json.h"
#include "asset/rig_corrections.h"
#include "asset/rig_finder.h"

namespace app {
namespace {

constexpr float kLeftWidth = 340.0f;
constexpr float kRightWidth = 430.0f;
constexpr float kBottomHeight = 118.0f;
constexpr ImGuiWindowFlags kDockedFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

void begin_docked(const char* name, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::Begin(name, nullptr, kDockedFlags | ImGuiWindowFlags_NoResize);
}

void draw_import_tab(ViewerUi& ui, RecentFiles& recent,
                     std::vector<std::vector<std::string>>& open_requests) {
  asset::ImportSettings& s = ui.import_settings;
  ImGui::TextDisabled("FBX pivots are folded into the joints by assimp");
  ImGui::InputFloat("Unit scale (0 = auto)", &s.unit_scale, 0.0f, 0.0f, "%.4f");
  int up = static_cast<int>(s.up_axis);
  ImGui::Combo("Up axis", &up, "auto\0Y\0Z\0");
  s.up_axis = static_cast<asset::UpAxis>(up);
  ImGui::InputFloat("Frame rate (0 = file's)", &s.frame_rate_override, 0.0f, 0.0f, "%.2f");
  int eight = s.max_influences == 8 ? 1 : 0;
  ImGui::Combo("Influences", &eight,
               "4 per vertex\0"
               "8 per vertex\0");
  s.max_influences = eight ? 8 : 4;
  const bool can_reimport = !ui.loaded_files.empty();
  if (!can_reimport) ImGui::BeginDisabled();
  if (ImGui::Button("Re-import with these settings")) open_requests.push_back(ui.loaded_files);
  if (!can_reimport) ImGui::EndDisabled();
  ImGui::Separator();
  ImGui::TextUnformatted("Recent files");
  for (const std::string& path : recent.paths()) {
    if (ImGui::Selectable(path.c_str())) open_requests.push_back({path});
  }
}

void draw_left_panel(ViewerUi& ui, ViewerScene& scene, RecentFiles& recent, float top, float height,
                     std::vector<std::vector<std::string>>& open_requests) {
  begin_docked("animview", ImVec2(0.0f, top), ImVec2(kLeftWidth, height));
  if (ImGui::BeginTabBar("left tabs")) {
    if (ImGui::BeginTabItem("Character")) {
      if (scene.loaded) {
        ui::CharacterPanelActions actions;
        ui.health.stretched_joints = 0;
        for (std::uint8_t s : scene.instance.skinning_has_stretch())
          ui.health.stretched_joints += s;
        ui::ClipStorage storage{scene.clip_binding.compress,
                                scene.clip_binding.compression.position_m,
                                scene.bound.character->clip_memory_bytes()};
        ui::draw_character_panel(scene.character, ui.health, ui.view, scene.settings, scene.terrain,
                                 scene.instance.has_foot_ik_rig(), storage, actions);
        if (actions.reset_world) scene.instance.reset_world();
        if (actions.clip_storage_changed) {
          scene.clip_binding.compress = storage.compressed;
          if (std::string e = scene.rebind_character(); !e.empty())
            ui.errors.add(scene.character.source_path, e);
        }
      } else {
        ImGui::TextWrapped(
            "Nothing loaded. File > Open, drop a file on the window, or pick a "
            "recent file in the Import tab.");
      }
      ImGui::EndTabItem();
    }
    const bool clips_tab = ImGui::BeginTabItem("Clips");
    ui.clips_tab_center = {(ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                           (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f};
    if (clips_tab) {
      ImGui::BeginDisabled(!scene.loaded);
      if (ImGui::Button("Add clip file...")) ui.view.request_add_clip_file = true;
      ImGui::EndDisabled();
      if (auto chosen = ui::draw_clip_browser(ui.clip_rows, ui.clip_browser)) {
        preview_clip(ui, scene, static_cast<int>(*chosen));
      }
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Import")) {
      draw_import_tab(ui, recent, open_requests);
      ImGui::EndTabItem();
    }
    ui.rig.shown = false;
    if (ImGui::BeginTabItem("Rig")) {
      ui.rig.shown = scene.loaded;
      if (scene.loaded &&
          ui::draw_rig_panel(scene.character.skeleton, ui.rig.rig, ui.rig.reason, ui.rig.table,
                             scene.project.rig, ui.rig.state,
                             std::exchange(ui.rig.clicked_joint, -1), scene.project.clips)
              .corrections_changed) {
        if (std::string e = scene.rebind_character(); !e.empty())
          ui.errors.add(scene.project.character, e);
        refresh_rig(ui, scene);
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

void draw_bottom_panel(ViewerUi& ui, ViewerScene& scene, float x, float y, float width) {
  begin_docked("Timeline", ImVec2(x, y), ImVec2(width, kBottomHeight));
  if (!ui.status.empty()) {
    ImGui::TextDisabled("%s", ui.status.c_str());
    ImGui::SameLine();
  }
  if (!scene.loaded || scene.clips().empty()) {
    ImGui::TextDisabled("no clips");
  } else if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
    const bool has_graph = scene.graph().has_machine || !scene.graph().blend_spaces.empty();
    if (has_graph && ImGui::SmallButton("Back to the graph")) scene.mode = PlayMode::Graph;
    if (has_graph) ImGui::SameLine();
    ImGui::Text("%s", scene.clips()[scene.preview_clip].name.c_str());
    ui::draw_timeline(scene.clock, scene.clips()[scene.preview_clip], ui.timeline_times,
                      ui.timeline);
  } else {
    const anim::CharacterInstance& p = scene.instance;
    if (p.has_machine()) {
      const int state = p.machine().active_state();
      ImGui::Text("State: %s", scene.graph().machine.states[state].name.c_str());
    }
    if (p.dominant_clip() >= 0) {
      ImGui::Text("Heaviest clip: %s at %.2f s", scene.clips()[p.dominant_clip()].name.c_str(),
                  p.dominant_clip_time());
    }
    if (ImGui::Button("Preview this clip on the timeline") && p.dominant_clip() >= 0) {
      preview_clip(ui, scene, p.dominant_clip());
    }
  }
  ImGui::End();
}

void draw_right_panel(ViewerUi& ui, ViewerScene& scene, float top, float height) {
  begin_docked("Animation graph", ImVec2(ImGui::GetMainViewport()->Size.x - kRightWidth, top),
               ImVec2(kRightWidth, height));
  std::vector<std::string> errors;
  handle_graph_undo_keys(ui, scene);
  draw_graph_error(ui);
  if (ImGui::BeginTabBar("graph tabs")) {
    if (ImGui::BeginTabItem("Blend space")) {
      draw_blend_space_tab(ui, scene);
      ImGui::EndTabItem();
    }
    const bool machine_tab = ImGui::BeginTabItem("State machine");
    ui.machine_tab_center = {(ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                             (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f};
    if (machine_tab) {
      std::vector<std::string> blend_names;
      for (const asset::ProjectBlendSpace& b : scene.project.blend_spaces)
        blend_names.push_back(b.name);
      const bool edited = ui::draw_state_machine_view(ui.machine_view, scene.project.state_machine,
                                                      scene.parameters, scene.instance.machine(),
                                                      {scene.project.clips, blend_names});
      if (edited) commit_graph_edit(ui, scene);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Parameters")) {
      draw_parameters_tab(ui, scene);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Layers")) {
      for (std::size_t i = 0; i < scene.project.layers.size(); ++i) {
        asset::ProjectLayer& layer = scene.project.layers[i];
        const bool additive = layer.mode == anim::LayerMode::Additive;
        std::string label = layer.name + (additive ? " (additive)" : " (override)");
        if (ImGui::SliderFloat(label.c_str(), &layer.weight, 0.0f, 1.0f)) {
          scene.set_layer_weight(static_cast<int>(i), layer.weight);
        }
      }
      if (scene.project.layers.empty()) ImGui::TextDisabled("This project has no layers.");
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
  for (const std::string& e : errors) ui.errors.add(scene.project.character, e);
}

void draw_progress(AsyncLoader& loader) {
  if (!loader.busy()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Size.x * 0.5f, vp->Size.y * 0.4f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(420.0f, 0.0f));
  ImGui::Begin("Loading", nullptr, kDockedFlags | ImGuiWindowFlags_NoResize);
  ImGui::TextWrapped("%s", loader.what().c_str());
  ImGui::ProgressBar(loader.progress());
  if (ImGui::Button("Cancel")) loader.cancel();
  ImGui::End();
}

}  // namespace

void save_project(ViewerUi& ui, ViewerScene& scene) {
  asset::Project& p = scene.project;
  p.parameters = scene.parameters;
  p.view.show_grid = ui.view.show_grid;
  p.view.show_mesh = ui.view.show_mesh;
  p.view.show_skeleton = ui.view.show_skeleton;
  p.view.wireframe = ui.view.wireframe;
  p.view.shading = render::to_string(ui.view.shading);
  p.view.show_ground = ui.view.show_ground;
  p.view.shadows = ui.view.shadows;
  p.view.dual_quaternion_skinning = ui.view.skinning == ui::SkinningChoice::DualQuat;
  p.view.foot_ik = scene.settings.foot_ik;
  p.view.apply_root_motion = scene.settings.root_motion_mode == anim::RootMotionMode::Applied;
  if (const std::string e = asset::save_project(p, ui.project_path); !e.empty()) {
    ui.errors.add(ui.project_path, e);
    return;
  }
  ui.status = "saved " + ui.project_path;
}

void export_pose(ViewerUi& ui, const ViewerScene& scene) {
  const anim::CharacterInstance& p = scene.instance;
  const std::string clip = p.dominant_clip() >= 0 ? scene.clips()[p.dominant_clip()].name : "";
  char name[256];
  std::snprintf(name, sizeof(name), "%s_%.3f.pose.json", clip.empty() ? "bind" : clip.c_str(),
                p.dominant_clip_time());
  const float duration = clip.empty() ? 0.0f : scene.clips()[p.dominant_clip()].duration_s;
  const nlohmann::json json =
      asset::pose_to_json(scene.character.source_path, clip, p.dominant_clip_time(), duration,
                          scene.character.skeleton, p.model_pose());
  if (std::string e = asset::write_file_atomically(name, json.dump(2) + '\n'); !e.empty()) {
    ui.errors.add(name, e);
    return;
  }
  ui.status = std::string("wrote ") + name;
}

void refresh_rig(ViewerUi& ui, const ViewerScene& scene) {
  ui.rig.reason.clear();
  ui.rig.rig = asset::project_rig(scene.character, scene.project.rig, &ui.rig.reason);
  ui.rig.table = asset::project_mirror_table(scene.character, ui.rig.rig, scene.project.rig);
}

void refresh_panels(ViewerUi& ui, const ViewerScene& scene) {
  refresh_rig(ui, scene);
  ui.clip_rows.clear();
  const std::string character_file = scene.character.source_path;
  for (std::size_t i = 0; i < scene.clips().size(); ++i) {
    const anim::Clip& clip = scene.clips()[i];
    const auto source = ui.clip_sources.find(clip.name);
    const std::string file =
        std::filesystem::path(source != ui.clip_sources.end() ? source->second : character_file)
            .filename()
            .string();
    anim::ClipLoopReport report;
    anim::LoopSeamSettings seam;
    seam.root_motion = scene.settings.root_motion;
    const anim::ClipBinding& binding = scene.bound.character->bindings[i];
    if (!anim::measure_clip_loop(clip, binding, scene.character.skeleton, seam, report)) {
      report = {};
    }
    ui.clip_rows.push_back(ui::make_clip_row(file, 0, clip, static_cast<int>(i), report));
  }
  ui.health = ui::measure_skinning(scene.character);
  // Where each clip belongs in a locomotion space, for the editors' "Compute positions".
  const anim::FootIkRig legs =
      asset::foot_ik_rig(scene.character, asset::project_rig(scene.character, scene.project.rig));
  std::vector<int> feet;
  for (const anim::Leg& leg : legs.legs) feet.push_back(leg.foot);
  ui.clip_velocities.clear();
  ui.clip_speeds.clear();
  for (std::size_t i = 0; i < scene.clips().size(); ++i) {
    const anim::ClipVelocity v = anim::compute_clip_velocity(
        scene.clips()[i], scene.bound.character->bindings[i], scene.character.skeleton,
        scene.settings.root_motion.root_joint, feet);
    ui.clip_velocities.push_back(v);
    ui.clip_speeds.push_back(glm::length(v.velocity));
  }
  ui.blend_space = 0;
  ui.machine_view = {};
  ui.history.reset(scene.project);
  ui.graph_error.clear();
}

void preview_clip(ViewerUi& ui, ViewerScene& scene, int clip) {
  if (clip < 0 || clip >= static_cast<int>(scene.clips().size())) return;
  scene.mode = PlayMode::ClipPreview;
  scene.preview(clip);
  scene.clock.set_playing(true);
  ui.timeline_times = ui::timeline_times(scene.clips()[clip]);
  ui.jump_times = anim::event_times(scene.clips()[clip], anim::TimelineEvents::MarkersAndKeys);
}

ViewportRect draw_panels(ViewerUi& ui, ViewerScene& scene, AsyncLoader& loader, RecentFiles& recent,
                         std::vector<std::vector<std::string>>& open_requests) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float top = ImGui::GetFrameHeight();  // the menu bar
  const float width = vp->Size.x, height = vp->Size.y;
  ViewportRect rect;
  rect.x = ui.view.show_side_panel ? kLeftWidth : 0.0f;
  rect.y = top;
  const bool graph = scene.loaded;  // a character without a graph yet can get one
  const float right = graph && ui.view.show_side_panel ? kRightWidth : 0.0f;
  rect.width = std::max(width - rect.x - right, 1.0f);
  rect.height = std::max(height - top - kBottomHeight, 1.0f);
  if (ui.view.show_side_panel) {
    draw_left_panel(ui, scene, recent, top, height - top, open_requests);
  }
  if (right > 0.0f) draw_right_panel(ui, scene, top, height - top);
  draw_bottom_panel(ui, scene, rect.x, top + rect.height, rect.width);
  ui::draw_error_panel(ui.errors);
  draw_progress(loader);
  if (ui.view.request_save_project && scene.loaded) save_project(ui, scene);
  if (ui.view.request_export_pose && scene.loaded) export_pose(ui, scene);
  ui.view.request_export_pose = false;
  ui.view.request_save_project = false;
  if (ui.view.request_open_file || (ui.view.request_add_clip_file && scene.loaded)) {
    ui.file_browser_adds_clips = !ui.view.request_open_file;
    ui.file_browser.title = ui.file_browser_adds_clips ? "Add clip file" : "Open file";
    ui::open_file_browser(ui.file_browser);
  }
  if (ui.view.request_add_clip_file && !scene.loaded) {
    ui.errors.add("", "Add clip file: open a character first (clips bind to its joints)");
  }
  ui.view.request_open_file = false;
  ui.view.request_add_clip_file = false;
  if (auto chosen = ui::draw_file_browser(ui.file_browser)) {
    if (ui.file_browser_adds_clips) {
      ui.add_clip_requests.push_back(chosen->string());
    } else {
      open_requests.push_back({chosen->string()});
    }
  }
  ui::draw_timeline_cheat_sheet(ui.show_cheat_sheet);
  return rect;
}

}  // namespace app
