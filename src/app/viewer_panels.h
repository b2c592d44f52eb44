#pragma once
// The viewer's window layout: which panel goes where, and how each panel's edits reach the
// scene. The panels themselves live in src/ui; this file wires them to the scene.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/state_history.h"
#include "app/async_loader.h"
#include "app/document.h"
#include "app/joint_curve_view.h"
#include "app/joints_tab_state.h"
#include "app/post_process_targets.h"
#include "app/recent_files.h"
#include "app/slide_metering.h"
#include "app/viewer_scene.h"
#include "ui/character_tab_state.h"
#include "ui/clip_file_requests.h"
#include "ui/clip_list_state.h"
#include "ui/curve_view.h"
#include "ui/error_panel.h"
#include "ui/file_browser.h"
#include "ui/frame_export_dialog.h"
#include "ui/graph_panel_state.h"
#include "ui/import_tab_state.h"
#include "ui/notice_list.h"
#include "ui/retarget_panel.h"
#include "ui/rig_panel.h"
#include "ui/shape_panel.h"
#include "ui/timeline_panel_state.h"
#include "ui/transition_timeline.h"
#include "ui/video_export_dialog.h"
#include "ui/view_settings.h"

namespace app {

// Where the 3D viewport is, in window pixels from the top-left corner.
struct ViewportRect {
  float x = 0.0f, y = 0.0f, width = 1.0f, height = 1.0f;
};

// The panels' state from one frame to the next: what each shows, has selected and caches about
// the scene. The user's work (its files, saved state and undo history) is the Document's.
struct ViewerUi {
  ui::ViewSettings view;
  ui::ErrorLog errors;
  ui::NoticeList notices;  // warnings: counted in the status bar, listed on demand
  ui::NoticeListState notice_list;
  std::string last_frame_error;  // the frame's last failure, reported once
  std::string status;            // the last action's outcome, shown under the timeline
  // The left panel's tabs.
  ui::CharacterTabState character;
  ui::ShapePanelState shape_panel;
  ui::ClipListState clips;
  JointsTabState joints;
  ui::ImportTabState import_tab;
  ui::RigPanelModel rig;
  // The bottom panel: the timeline and what it plots under the ruler.
  ui::TimelinePanelState timeline;
  ui::ShapeCurve shape_curve;  // the selected shape over the previewed clip, resampled per frame
  SlideMetering slide;         // the live foot-slide meter
  // The graph panel's tabs (blend spaces, parameters, layers, state machine).
  ui::GraphPanelState graph;
  // The last frames of the character (the transition timeline), allocated once per load.
  anim::StateHistory history;
  ui::TransitionTimelineState transition_timeline;
  // The Curves window (app/curve_view_window.h) and the curves it shows, sampled through
  // joints.probe when the clip, joint, order or binding changes.
  ui::CurveViewState curve_view;
  JointCurveData joint_curves;
  // The file browser, and the clip files asked for through it or by a drop.
  ui::FileBrowserState file_browser;
  ui::ClipFileRequests clip_files;
  ui::RetargetPanelState retarget_panel;  // app/retarget_authoring.h draws it
  ui::FrameExportDialogState frame_export;
  ui::VideoExportDialogState video_export;
  TargetDragState targets;                      // the post-process targets' handles in the viewport
  std::vector<glm::vec2> post_process_mute_at;  // the Post-process panel's mute boxes
  bool show_cheat_sheet = false;
  // The picture the camera frames the character for: the 3D view's aspect as last drawn (the
  // window's before the first frame), half of it side by side.
  float framing_aspect = 16.0f / 9.0f;
  int load_count = 0;             // successful loads so far (reloads included)
  int camera_restored_load = -1;  // the load whose saved session set the camera
  float applied_ui_scale = 1.0f;  // the scale ImGui's style was last built for
  float screen_ui_scale = 1.0f;   // the window's screen's (ui::screen_ui_scale)
};

// Frames the transition record keeps: 20 s at 60 frames a second.
inline constexpr int kHistoryFrames = 1200;

// The names the transition record's indices stand for: the machine's states, the parameters.
struct RecordNames {
  std::vector<std::string> states, parameters;
};
RecordNames record_names(const project::Project& project, const ViewerScene& scene);

// Finds the rig again (with project's corrections) for the rig panel.
void refresh_rig(ViewerUi& ui, const project::Project& project, const ViewerScene& scene);

// Rebuilds what the panels cache about the scene and its project (clip rows, health) after a
// load.
void refresh_panels(ViewerUi& ui, const project::Project& project, const ViewerScene& scene);

// Selects clip for preview and caches its timeline times.
void preview_clip(ViewerUi& ui, ViewerScene& scene, int clip);

// Writes the current model-space pose as JSON (the `animview pose --json` format) to
// "<clip>_<time>.pose.json" in the working folder; reports the outcome like save_project.
void export_pose(ViewerUi& ui, const ViewerScene& scene);

// What the file browser picks: a file to open (a character, a project), or a clip file to bind
// to the loaded character.
enum class FileBrowserPurpose { Open, AddClip };

// Opens the file browser for purpose (drawn by draw_panels). Adding a clip file needs a
// character: without one the error panel says so instead.
void open_file_browser(ViewerUi& ui, const ViewerScene& scene, FileBrowserPurpose purpose);

// Draws every panel for this frame and applies their edits (recorded in doc's history). Returns
// the viewport rectangle left for the 3D view. Files the user asked to open are appended to
// open_requests.
ViewportRect draw_panels(Document& doc, ViewerUi& ui, ViewerScene& scene, AsyncLoader& loader,
                         RecentFiles& recent, std::vector<std::vector<std::string>>& open_requests);

}  // namespace app
