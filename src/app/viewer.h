#pragma once
// The interactive viewer's state, kept from one frame to the next (app/viewer_app.cpp runs its
// frame loop; app/viewer_loading.h and app/viewer_frame_outputs.h act on it).

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "anim/terrain.h"
#include "app/async_loader.h"
#include "app/autosave.h"
#include "app/document.h"
#include "app/motion_matching_mode.h"
#include "app/recent_files.h"
#include "app/retarget_authoring.h"
#include "app/retarget_side_by_side.h"
#include "app/save_flow.h"
#include "app/viewer_frame_export.h"
#include "app/viewer_options.h"
#include "app/viewer_panels.h"
#include "app/viewer_recording.h"
#include "app/viewer_scene.h"
#include "app/viewer_video_export.h"
#include "render/fxaa.h"
#include "render/gl_window.h"
#include "render/gpu_timer.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"
#include "ui/imgui_renderer.h"
#include "ui/stats_overlay.h"

namespace app {

// What a reload must give back: the clip on the timeline and where its playhead was.
struct Playhead {
  std::string clip;
  double time_s = 0.0;
  bool playing = true;
};

// Everything the viewer keeps from one frame to the next.
struct Viewer {
  Viewer(const ViewerOptions& viewer_options, render::GlWindow& viewer_window)
      : options(viewer_options), window(viewer_window) {}

  const ViewerOptions& options;
  render::GlWindow& window;
  render::SceneRenderer renderer;
  // Without multisampling (a software renderer) edges are smoothed by a post pass instead.
  render::Fxaa fxaa;
  bool view_left_by_fxaa = false;  // the window's view is what fxaa.end_kept left there last frame
  render::GpuTimer gpu_timer;
  // ImGui's frame, its large solid fills without the font atlas read llvmpipe pays for.
  ui::ImGuiRenderer imgui_renderer;
  render::OrbitCamera camera;
  // The user's work (files, project file, saved state, undo history) beside the scene that
  // plays it and the panels that show it.
  Document document;
  ViewerScene scene;
  ViewerUi ui;
  RecentFiles recent{default_config_dir()};
  AsyncLoader loader;
  std::vector<std::string> loading_files;
  std::string adding_clip_file;    // the clip file the loader is adding, while it does
  bool adding_retargeted = false;  // ... retargeted onto the character (app/retarget_authoring.h)
  RetargetAuthoring retargeting;
  SourceSkeletonView source_view;
  ViewerFrameExport frame_export;
  ViewerVideoExport video_export;
  ViewerRecording recording;
  bool record_option_started = false;
  bool export_option_started = false;
  std::vector<std::vector<std::string>> open_requests;
  std::string pending_clip;
  std::vector<std::string> pending_parameters;
  bool pending_ground = false;
  // File > Reload (or the files changed on disk): done once the loader is free.
  bool reload_asked = false;
  Playhead reload_playhead;
  double last_watch_s = 0.0;
  SaveFlow save_flow;
  // Autosave's recovery copy: written while there are unsaved changes; a crashed run's is
  // offered (scripted headless runs neither write nor offer one).
  Autosave autosave{autosave_folder()};
  std::optional<std::filesystem::path> recovery;
  bool recovery_prompt = false;
  std::string recovering;  // the recovery copy being opened
  double autosave_s = 0.0;
  std::string window_title_shown;
  std::ofstream state_log;
  double last_x = 0.0, last_y = 0.0;
  std::chrono::steady_clock::time_point last_time;
  MotionMatchingMode motion_matching;
  ui::MotionMatchingPanelState motion_matching_panel;
  ui::FrameStats stats;
  int frame = 0;
  int framed_loads = 0;                // loads whose posed character the camera has framed
  bool frame_posed_character = false;  // asked for by update_scene, done once the view is laid out
  anim::TerrainShape framed_ground = anim::TerrainShape::Flat;
};

// What a frame starts from: its time step and clock, whether there are unsaved changes, and
// the window's framebuffer size in pixels.
struct FrameStart {
  float dt = 0.0f;
  std::chrono::steady_clock::time_point now;
  double now_s = 0.0;
  bool unsaved = false;
  int width = 0, height = 0;
};

}  // namespace app
