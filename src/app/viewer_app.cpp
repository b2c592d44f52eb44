#include <glad/gl.h>
// glad first: GLFW and the ImGui backend must not pull in another GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <utility>

#include "anim/terrain.h"
#include "app/async_loader.h"
#include "app/autosave.h"
#include "app/character_framing.h"
#include "app/clip_file_adding.h"
#include "app/compare_view.h"
#include "app/curve_view_window.h"
#include "app/file_session.h"
#include "app/joint_picking.h"
#include "app/key_taps.h"
#include "app/motion_matching_mode.h"
#include "app/numbered_file.h"
#include "app/post_process_authoring.h"
#include "app/post_process_targets.h"
#include "app/project_session.h"
#include "app/recent_files.h"
#include "app/retarget_authoring.h"
#include "app/retarget_side_by_side.h"
#include "app/retarget_state_log.h"
#include "app/save_flow.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "app/state_log.h"
#include "app/unit_guessing.h"
#include "app/viewer.h"
#include "app/viewer_commands.h"
#include "app/viewer_frame_export.h"
#include "app/viewer_frame_outputs.h"
#include "app/viewer_loading.h"
#include "app/viewer_options.h"
#include "app/viewer_panels.h"
#include "app/viewer_recording.h"
#include "app/viewer_scene.h"
#include "app/viewer_video_export.h"
#include "demo/demo_character.h"
#include "import/atomic_write.h"
#include "project/transition_record_json.h"
#include "render/camera_controller.h"
#include "render/frame_capture.h"
#include "render/fxaa.h"
#include "render/gl_window.h"
#include "render/gpu_timer.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"
#include "render/skinned_mesh_renderer.h"
#include "ui/color_legend.h"
#include "ui/joint_inspector.h"
#include "ui/main_menu.h"
#include "ui/panel_layout.h"
#include "ui/shortcuts.h"
#include "ui/stats_overlay.h"
#include "ui/unsaved_changes_prompt.h"

namespace app {
namespace {

// Input the GLFW callbacks collect between frames.
struct WindowEvents {
  float scroll = 0.0f;
  std::vector<std::string> dropped;
  // Presses since the last frame. ImGui 1.86 only sees keys held at a frame's start, so a tap
  // between two slow (software-rendered) frames would be lost without this queue.
  std::vector<ui::KeyPress> presses;
};
WindowEvents g_events;
KeyTapHolder g_key_taps;

void on_scroll(GLFWwindow* window, double dx, double dy) {
  ImGui_ImplGlfw_ScrollCallback(window, dx, dy);
  if (!ImGui::GetIO().WantCaptureMouse) g_events.scroll += static_cast<float>(dy);
}

void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (g_key_taps.forward_now(key, action)) {
    ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
  }
  if (action == GLFW_PRESS || action == GLFW_REPEAT) g_events.presses.push_back({key, mods});
}

void on_drop(GLFWwindow*, int count, const char** paths) {
  for (int i = 0; i < count; ++i) g_events.dropped.push_back(paths[i]);
}

render::PointerInput read_pointer(GLFWwindow* window, double& last_x, double& last_y) {
  render::PointerInput in;
  double x = 0.0, y = 0.0;
  glfwGetCursorPos(window, &x, &y);
  in.dx = static_cast<float>(x - last_x);
  in.dy = static_cast<float>(y - last_y);
  last_x = x;
  last_y = y;
  in.wheel = g_events.scroll;
  g_events.scroll = 0.0f;
  auto pressed = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
  in.left = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  in.middle = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
  in.right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  in.alt = pressed(GLFW_KEY_LEFT_ALT) || pressed(GLFW_KEY_RIGHT_ALT);
  in.shift = pressed(GLFW_KEY_LEFT_SHIFT) || pressed(GLFW_KEY_RIGHT_SHIFT);
  in.ctrl = pressed(GLFW_KEY_LEFT_CONTROL) || pressed(GLFW_KEY_RIGHT_CONTROL);
  return in;
}

// Takes the key presses queued since the last frame: appends the shortcuts' commands to
// commands, steps the timeline (or toggles the cheat sheet). Returns whether F12 (screenshot)
// was among them.
bool handle_keys(ViewerUi& ui, ViewerScene& scene, ui::ViewerCommands& commands) {
  const bool typing = ImGui::GetIO().WantCaptureKeyboard;
  bool screenshot = false;
  for (const ui::KeyPress& press : g_events.presses) {
    // F12 works even while a text field has focus: it edits nothing.
    if (press.key == GLFW_KEY_F12) screenshot = true;
    if (auto command = ui::shortcut_command(press, typing)) commands.push_back(*command);
    if (typing || (press.mods & GLFW_MOD_CONTROL) != 0) continue;
    // Arrow keys over the blend-space editor move its point, not the playhead.
    if (scene.mode == PlayMode::ClipPreview && !ImGui::IsAnyItemHovered()) {
      const bool shift = (press.mods & GLFW_MOD_SHIFT) != 0;
      ui::apply_timeline_key(scene.clock, ui.timeline.times.jumps, press.key, shift,
                             ui.show_cheat_sheet);
    } else if (press.key == GLFW_KEY_H) {
      ui.show_cheat_sheet = !ui.show_cheat_sheet;
    }
  }
  g_events.presses.clear();
  return screenshot;
}

// Sets up ImGui, the renderers and the viewer's state from the command line. Returns "" or why
// the viewer cannot start.
std::string start_viewer(Viewer& v) {
  const ViewerOptions& options = v.options;
  render::GlWindow& window = v.window;
  glfwSwapInterval(options.headless ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is code's, not a file's
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
  ImGui_ImplOpenGL3_Init("#version 450");
  glfwSetScrollCallback(window.handle(), on_scroll);
  glfwSetDropCallback(window.handle(), on_drop);
  glfwSetKeyCallback(window.handle(), on_key);

  if (std::string e = v.renderer.init(); !e.empty()) return e;
  v.renderer.keep_background(true);  // the same view, frame after frame
  if (std::string e = v.fxaa.init(); !e.empty()) return e;
  if (std::string e = v.imgui_renderer.init(); !e.empty()) return e;
  if (std::string e = v.source_view.init(); !e.empty()) return e;
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  scene.clip_binding.compress = options.compressed_clips;
  const render::ScreenDensity density = window.screen_density();
  ui.screen_ui_scale = ui::screen_ui_scale(density.content_scale, density.monitor_width_px,
                                           density.monitor_width_mm);
  ui.import_tab.settings.unit_scale = options.unit_scale;
  ui.view.skinning =
      options.skinning == "dq" ? visual::SkinningChoice::DualQuat : visual::SkinningChoice::Lbs;
  ui.view.crowd = options.crowd;
  ui.view.time_scale = options.time_scale;
  parse_compare_option(options.compare, ui.view);  // the command line has checked the text
  ui.view.compare_sync =
      options.compare_sync == "seconds" ? visual::CompareSync::Seconds : visual::CompareSync::Phase;
  v.recent.load();
  v.pending_clip = options.clip;
  v.pending_parameters = options.parameters;
  v.pending_ground = options.ground;
  if (!options.headless) {
    std::string e;
    v.recovery = v.autosave.start(e);
    if (!e.empty()) ui.errors.add("", e);
    v.recovery_prompt = v.recovery.has_value();
  }
  v.autosave_s = autosave_interval_s();
  return {};
}

// Polls the window's events and starts the frame: its time step, the unsaved-changes marker in
// the title.
FrameStart begin_frame(Viewer& v) {
  GLFWwindow* window = v.window.handle();
  g_key_taps.release_held(
      [window](int key) { ImGui_ImplGlfw_KeyCallback(window, key, 0, GLFW_RELEASE, 0); });
  glfwPollEvents();
  FrameStart f;
  f.now = std::chrono::steady_clock::now();
  v.stats.frame_ms = std::chrono::duration<float, std::milli>(f.now - v.last_time).count();
  v.last_time = f.now;
  // Headless frames step at 30 fps whatever the machine's speed, so their output is stable.
  f.dt = (v.options.headless ? 1.0f / 30.0f : std::min(v.stats.frame_ms / 1000.0f, 0.1f)) *
         v.ui.view.time_scale;
  f.unsaved = has_unsaved_changes(v.document, v.ui, v.scene, v.camera);
  if (const std::string title = v.document.window_title(f.unsaved); title != v.window_title_shown) {
    glfwSetWindowTitle(v.window.handle(), title.c_str());
    v.window_title_shown = title;
  }
  f.now_s = std::chrono::duration<double>(f.now.time_since_epoch()).count();
  glfwGetFramebufferSize(v.window.handle(), &f.width, &f.height);
  return f;
}

// Advances the character (and motion matching) by dt, records it for the transition timeline,
// uploads what the renderer draws, and keeps the camera on the character.
void update_scene(Viewer& v, float dt) {
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  render::OrbitCamera& camera = v.camera;
  const auto update_start = std::chrono::steady_clock::now();
  // A recording exported as video replays on the scene frame by frame: it alone moves it.
  const bool replaying = v.video_export.replaying();
  const std::string steering_error =
      replaying ? std::string()
                : v.motion_matching.update(dt, v.window.handle(), camera.yaw,
                                           !ImGui::GetIO().WantCaptureKeyboard,
                                           !ImGui::GetIO().WantCaptureMouse, scene);
  scene.trail_joints =
      ui.joints.inspector.selection;  // composed with the frame, drawn by the renderer
  // A failing frame is reported when it starts failing, not on every frame after.
  // Paused on the transition timeline: the character stands still on the recorded frame.
  const bool history_paused = ui.transition_timeline.paused;
  const bool still = history_paused || replaying;
  const std::string scene_error = still ? std::string() : v.recording.update(scene, dt, ui.view);
  const std::string& frame_error = steering_error.empty() ? scene_error : steering_error;
  if (!still && scene.loaded) ui.history.record(dt, scene.instance, scene.parameters);
  if (!still) meter_foot_slide(ui.slide, scene, v.document.generation(), dt);
  if (!frame_error.empty() && frame_error != ui.last_frame_error) {
    ui.errors.add(scene.character.source_path, frame_error);
  }
  ui.last_frame_error = frame_error;
  v.stats.cpu_update_ms =
      std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - update_start)
          .count();
  v.renderer.upload(scene_frame_view(scene, ui.view), dt);
  if (history_paused) v.renderer.show_recorded(ui.history, ui.transition_timeline.shown);
  // The first frame after a load frames the character as posed by its clip (the load framed
  // its bind pose, which a clip may leave far behind).
  if (ui.load_count != v.framed_loads && scene.loaded) {
    v.framed_loads = ui.load_count;
    if (ui.camera_restored_load != ui.load_count) v.frame_posed_character = true;
  }
  // Another ground puts the character at another height (a slope far from the origin): the
  // camera goes with it.
  if (scene.terrain.shape != v.framed_ground && scene.loaded) {
    v.framed_ground = scene.terrain.shape;
    v.frame_posed_character = true;
  }
  if (ui.view.follow_character && scene.loaded &&
      scene.settings.root_motion_mode == anim::RootMotionMode::Applied) {
    const glm::vec3 root = scene.instance.world().translation;
    camera.target.x = root.x;
    camera.target.z = root.z;
  }
}

// The 3D view's size is known once the panels are laid out: the camera frames for its aspect,
// and frames the posed character when update_scene asked for it (a load, another ground).
void frame_for_viewport(Viewer& v, const ViewportRect& rect) {
  v.ui.framing_aspect = framing_aspect(rect.width, rect.height, v.ui.view.compare);
  if (v.frame_posed_character) {
    frame_character(v.camera, v.scene, true, v.ui.framing_aspect);
    v.frame_posed_character = false;
  }
}

// Starts the ImGui frame and draws the menu, the panels, the overlays and the dialogs (save,
// recovery), and autosaves. The menu's and the keys' commands are applied before the panels are
// drawn, so a dialog they open (the file browser, Save As) shows in this same frame;
// take_screenshot says whether F12 was pressed. Appends a quit the unsaved-changes prompt let
// go ahead to commands. Returns the viewport rectangle the panels leave for the 3D view.
ViewportRect draw_interface(Viewer& v, const FrameStart& f, ui::ViewerCommands& commands,
                            bool& take_screenshot) {
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  render::OrbitCamera& camera = v.camera;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  ui::ViewerCommands asked = ui::draw_main_menu(ui.view, ui.curve_view.open);
  take_screenshot = handle_keys(ui, scene, asked);
  apply_viewer_commands(v, asked);
  const ViewportRect rect = draw_panels(v.document, ui, scene, v.loader, v.recent, v.open_requests);
  run_retarget_panel(v.retargeting, v.document, scene, ui);
  run_curve_view(ui, v.document, scene);
  // The window covers part of the viewport: only when asked for (View menu, or the mode on),
  // and once a character is loaded, whose layout (with the graph panel) places it.
  if (scene.loaded && (ui.view.show_motion_matching || v.motion_matching_panel.active)) {
    run_motion_matching_window(v.motion_matching, v.motion_matching_panel, v.document.project(),
                               scene, ui.view.follow_character,
                               ui::motion_matching_panel_placement(rect.x, rect.y, rect.width));
  }
  ui::draw_stats_overlay(v.options.headless ? std::nullopt : std::optional(v.stats),
                         rect.x + rect.width, rect.y,
                         foot_slide_overlay_lines(ui.slide, scene, ui.view));
  // Above the foot-slide plot, which runs along the viewport's bottom edge.
  ui::draw_color_legend(ui.view.coloring, render::MeshDrawOptions{}.difference_full_scale_m, rect.x,
                        rect.y + rect.height - foot_slide_plot_height(ui.slide, scene, ui.view));
  draw_compare_overlay(ui.view, scene, rect);
  ui::draw_help_window(ui.view);
  if (v.save_flow.frame(v.document, ui, scene, camera)) {
    v.open_requests.clear();
    v.reload_playhead = {};
    // A reload of changed files that was cancelled is not asked again for the same change.
    v.document.accept_disk_state();
  }
  if (v.save_flow.quit_approved()) commands.push_back(ui::ViewerCommand::Quit);
  if (v.recovery) {
    const ui::RecoveryChoice choice =
        ui::draw_recovery_prompt(v.recovery_prompt, v.recovery->string());
    if (choice == ui::RecoveryChoice::Open) {
      v.recovering = v.recovery->string();
      v.open_requests.push_back({v.recovering});
    }
    if (choice != ui::RecoveryChoice::None) v.recovery.reset();
  }
  if (f.unsaved) {
    const std::string e = v.autosave.tick(
        f.now_s,
        [&] {
          return project_json_in(v.autosave.folder().string(), v.document, ui, scene, camera);
        },
        v.autosave_s);
    if (!e.empty()) ui.errors.add("", "autosave: " + e);
  }
  return rect;
}

// File > Record inputs; --record FILE turns it on once the first load is in.
void follow_recording(Viewer& v) {
  if (!v.options.record.empty() && !v.record_option_started && v.ui.load_count > 0 &&
      !v.loader.busy() && v.open_requests.empty()) {
    v.record_option_started = true;
    v.recording.path = v.options.record;
    v.ui.view.record_inputs = true;
  }
  v.recording.follow_menu(v.ui, v.document.project(), v.scene, v.motion_matching);
}

// The frame and video exports' dialogs and their next frames; --export-frames and
// --export-video start one once the first load is in.
void run_frame_export(Viewer& v, const ViewportRect& rect, const FrameStart& f) {
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  const ViewerOptions& options = v.options;
  const ExportSizes export_sizes{static_cast<int>(rect.width), static_cast<int>(rect.height),
                                 f.width, f.height};
  if ((!options.export_dir.empty() || !options.export_video.empty()) && !v.export_option_started &&
      ui.load_count > 0 && !v.loader.busy() && v.open_requests.empty()) {
    v.export_option_started = true;
    if (!options.export_dir.empty()) {
      v.frame_export.open(ui.frame_export, scene);
      ui.frame_export.form.directory = options.export_dir;
      ui.frame_export.form.from_s = options.export_from_s;
      if (options.export_to_s >= 0.0) ui.frame_export.form.to_s = options.export_to_s;
      v.frame_export.start(v.document, ui, scene, export_sizes);
    } else {
      v.video_export.open(ui.video_export, v.document, scene, v.recording.last());
      ui.video_export.form.path = options.export_video;
      ui.video_export.form.from_s = options.export_from_s;
      if (options.export_to_s >= 0.0) ui.video_export.form.to_s = options.export_to_s;
      v.video_export.start(v.document, ui, scene, export_sizes.viewport_width,
                           export_sizes.viewport_height, v.recording.last());
    }
  }
  v.frame_export.draw(v.document, ui, scene, export_sizes);
  v.frame_export.step(v.document, ui, scene, v.renderer, v.camera);
  v.video_export.draw(v.document, ui, scene, export_sizes.viewport_width,
                      export_sizes.viewport_height, v.recording.last());
  v.video_export.step(v.document, ui, scene, v.renderer, v.camera);
}

// The pointer orbits, pans and zooms the camera (outside the panels), which stays above the
// ground when asked to.
void navigate_camera(Viewer& v, const ViewportRect& rect) {
  render::OrbitCamera& camera = v.camera;
  const render::PointerInput pointer = read_pointer(v.window.handle(), v.last_x, v.last_y);
  // A post-process target's handle under the pointer takes the drag from the camera.
  const bool dragging_target = drag_post_process_targets(
      v.document.project(), v.scene, v.ui.view, v.ui.targets,
      {rect.x, rect.y, rect.width, rect.height},
      camera.projection(rect.width / rect.height) * camera.view(), camera.eye());
  if (dragging_target) record_target_drag(v.document);
  v.ui.targets.camera = {camera.eye(), camera.target, camera.fov_y, rect.height};
  if (!ImGui::GetIO().WantCaptureMouse && !dragging_target) {
    render::navigate(camera, v.ui.view.navigation, pointer, rect.height);
  }
  if (v.ui.view.camera_above_ground) {
    const glm::vec3 eye = camera.eye();
    render::keep_above_ground(camera, anim::probe(v.scene.terrain, eye.x, eye.z).height_m);
  }
}

// Draws the 3D view into rect (with FXAA where the window has no multisampling), the joint
// picking and rig overlays over it, then the ImGui frame over everything.
void draw_viewport(Viewer& v, const ViewportRect& rect, const FrameStart& f) {
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  const int width = f.width, height = f.height;
  const auto clear_window = [] {
    glClearColor(kBackgroundColor.x, kBackgroundColor.y, kBackgroundColor.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  };
  const bool fxaa_wanted = ui.view.fxaa && v.window.samples() == 0;
  // Over a back buffer that kept last frame's picture (GlWindow::present) the window is not
  // cleared: FXAA copies where the view changed, and the ImGui frame clears where it changed.
  bool kept = fxaa_wanted && v.window.back_buffer_kept();
  glViewport(0, 0, width, height);
  if (!kept) clear_window();
  // The 3D view fills the rectangle the panels leave (GL counts rows from the bottom).
  const int view_x = static_cast<int>(rect.x);
  const int view_y = static_cast<int>(height - rect.y - rect.height);
  const int view_width = static_cast<int>(rect.width), view_height = static_cast<int>(rect.height);
  glViewport(view_x, view_y, view_width, view_height);
  const glm::mat4 view_projection = v.camera.projection(rect.width / rect.height) * v.camera.view();
  v.motion_matching.set_view(view_projection, {rect.x, rect.y, rect.width, rect.height});
  v.motion_matching.draw_overlay();
  v.gpu_timer.begin();
  const bool antialias = fxaa_wanted && v.fxaa.begin(view_width, view_height).empty();
  if (kept && !antialias) {  // drawn straight into the window, over the clear colour
    clear_window();
    kept = false;
  }
  // The depth the scene is drawn with: offscreen, or the window's when drawn straight there
  // (FXAA's passes set the window's depth under the view themselves).
  glClear(antialias ? GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT : GL_DEPTH_BUFFER_BIT);
  if (std::string e = v.renderer.draw(scene_frame_view(scene, ui.view, view_projection));
      !e.empty()) {
    ui.errors.add(scene.character.source_path, e);
  }
  const bool source_drawn =
      v.source_view.draw(v.retargeting, scene, ui.retarget_panel.side_by_side, view_projection);
  const render::PixelRect view{view_x, view_y, view_width, view_height};
  render::PixelRect rewritten = view;
  if (antialias) {
    // Over a kept background only what moved is antialiased again (nothing is known of the
    // source skeleton's pixels), and into a kept window only that is copied.
    rewritten =
        v.fxaa.end_kept(0, view_x, view_y, source_drawn ? std::nullopt : v.renderer.kept_frame(),
                        kept && v.view_left_by_fxaa);
  }
  v.view_left_by_fxaa = antialias;
  v.gpu_timer.end();
  v.stats.gpu_ms = static_cast<float>(v.gpu_timer.latest_ms());

  pick_and_mark_joints(scene, ui, rect, view_projection);
  if (scene.loaded && ui.rig.shown) {  // the rig panel's limbs over the skeleton
    const ViewUnderPointer p = view_under_pointer(scene, ui.view, rect, view_projection, 0.0f);
    ui::draw_rig_overlay(ui.rig.rig, p.model_pose, scene.instance.world_matrix(), p.view_projection,
                         {p.rect.x, p.rect.y, p.rect.width, p.rect.height});
  }

  glViewport(0, 0, width, height);
  ImGui::Render();
  // Under the panels only the clear colour: the 3D view above stays within its viewport. Where
  // FXAA left the window's view as it was, the view is copied back from its picture under the
  // lists drawn there.
  const ui::ImGuiBackdrop backdrop{
      view,
      {kBackgroundColor.x, kBackgroundColor.y, kBackgroundColor.z, 1.0f},
      kept,
      rewritten == view ? 0u : v.fxaa.picture()};
  v.imgui_renderer.draw(*ImGui::GetDrawData(), &backdrop);
}

// Shows the frame and counts it. Returns whether the viewer stops: the frames asked for are
// done, or the user quits (and the save flow lets them).
bool end_frame(Viewer& v, const FrameStart& f) {
  const ViewerOptions& options = v.options;
  v.window.present();
  ++v.frame;
  if (v.frame == 1) {
    std::printf("animview: first frame\n");
    std::fflush(stdout);
  }
  if (options.headless && v.frame >= options.frames) return true;
  if (options.max_frames > 0 && v.frame >= options.max_frames) return true;
  if (glfwWindowShouldClose(v.window.handle()) &&
      !v.save_flow.allow(GuardedAction::Quit, f.unsaved)) {
    glfwSetWindowShouldClose(v.window.handle(), GLFW_FALSE);
  }
  return false;
}

}  // namespace

int run_viewer(const ViewerOptions& options) {
  render::GlWindow window;
  const std::string error =
      window.open({options.width, options.height, !options.headless, "animview"});
  if (!error.empty()) {
    std::fprintf(stderr, "animview: %s\n", error.c_str());
    if (!std::getenv("DISPLAY")) {
      std::fprintf(stderr,
                   "animview: no display; use scripts/run.sh, which renders headless through "
                   "Xvfb, or xvfb-run animview --headless --out DIR\n");
    }
    return 1;
  }
  Viewer v(options, window);
  if (std::string e = start_viewer(v); !e.empty()) {
    std::fprintf(stderr, "animview: %s\n", e.c_str());
    return 1;
  }
  const bool initial_load_failed = load_initial_files(v);
  if (!options.state_log.empty()) v.state_log.open(options.state_log, std::ios::app);
  if (options.headless) std::filesystem::create_directories(options.out_dir);
  glfwGetCursorPos(window.handle(), &v.last_x, &v.last_y);
  v.last_time = std::chrono::steady_clock::now();
  v.motion_matching_panel.active = options.motion_matching || options.motion_matching_mirrored;
  v.motion_matching_panel.mirrored = options.motion_matching_mirrored;
  v.framed_ground = v.scene.terrain.shape;

  while (!glfwWindowShouldClose(window.handle())) {
    const FrameStart f = begin_frame(v);
    run_load_queue(v, f, g_events.dropped);
    update_scene(v, f.dt);
    ui::ViewerCommands commands;
    bool take_screenshot = false;
    const ViewportRect rect = draw_interface(v, f, commands, take_screenshot);
    frame_for_viewport(v, rect);
    apply_viewer_commands(v, commands);
    follow_recording(v);
    v.recording.draw_indicator(rect);
    run_frame_export(v, rect, f);
    navigate_camera(v, rect);
    draw_viewport(v, rect, f);
    if (std::string e = capture_frame(v, take_screenshot, f); !e.empty()) {
      std::fprintf(stderr, "animview: %s\n", e.c_str());
      return 1;
    }
    if (end_frame(v, f)) break;
  }

  v.loader.cancel();
  v.autosave.finish();
  if (std::string e = v.recording.finish(v.ui); !e.empty()) {
    std::fprintf(stderr, "animview: %s\n", e.c_str());
  }
  if (!options.transition_record.empty()) {
    const std::string e = importer::write_file_atomically(
        options.transition_record, transition_record(v.ui, v.document.project(), v.scene));
    if (!e.empty()) std::fprintf(stderr, "animview: %s\n", e.c_str());
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return initial_load_failed ? 1 : 0;
}

}  // namespace app
