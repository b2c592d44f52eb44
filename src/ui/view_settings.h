#pragma once
// What the user toggles about the view; panels edit it, the frame loop reads it. What is saved
// with a project is its base, visual::ViewSettings (the project's view is that same type).

#include <string>

#include "anim/sync.h"
#include "visual/view_settings.h"

#include "render/camera_controller.h"
#include "render/surface_material.h"
#include "ui/panel_layout.h"

namespace ui {

using visual::SkinningChoice;

// What colours the mesh: its material, the influences per vertex, or where LBS and DQ disagree.
enum class MeshColoring { Material, InfluenceCount, SkinningDifference };

// Side by side in the viewport: off, the same pose skinned by LBS (left) and dual quaternions
// (right), or the timeline's clip A (left) and a second clip B (right) in sync with it.
enum class CompareMode { Off, Skinning, Clips };

// How clip B follows clip A (anim::synced_clip_time).
using CompareSync = anim::TimeSync;

struct ViewSettings : visual::ViewSettings {
  bool skeleton_octahedra = false;    // bones as octahedra instead of lines
  bool show_foot_ik_debug = true;     // probes, targets and contacts while foot IK is on
  bool show_root_trail = true;        // the root's path and foot plants while root motion moves
  bool follow_character = true;       // the camera target follows the character's root
  bool camera_above_ground = true;    // orbiting stops at the ground instead of going under it
  bool show_motion_matching = false;  // the Motion matching window (View menu)
  bool onion_skin = false;            // ghosts of past and future frames of the previewed clip
  bool motion_trails = true;          // the selected joints' paths around the playhead
  // How far the trails reach either side of the playhead (s); the whole clip instead when set.
  float motion_trail_window_s = 0.5f;
  bool motion_trail_whole_clip = false;
  // The foot-slide meter's plot along the timeline and its lines in the stats overlay (the
  // meter runs either way; off by default, as they cover part of the view).
  bool show_foot_slide = false;
  int onion_frames = 3;  // ghosts on each side
  int onion_step = 4;    // frames between ghosts
  MeshColoring coloring = MeshColoring::Material;
  int crowd = 1;  // copies of the character drawn with staggered clip times (crowd mode)
  CompareMode compare = CompareMode::Off;
  CompareSync compare_sync = CompareSync::Phase;
  std::string compare_clip;  // clip B in CompareMode::Clips: a clip name (or index)
  render::NavigationPreset navigation = render::NavigationPreset::Maya;
  bool show_side_panel = true;
  bool show_help = false;
  bool request_quit = false;
  bool request_frame_character = false;
  bool request_frame_all = false;
  bool request_open_file = false;
  bool request_reload = false;
  bool request_save_project = false;
  bool request_save_as = false;        // File > Save As... (Ctrl+Shift+S)
  bool request_export_record = false;  // File > Export transition record...
  // Slow motion of everything that plays (the toolbar's control): frame time is scaled by it.
  float time_scale = 1.0f;
  bool reload_on_change = true;
  bool request_export_pose = false;
  bool request_export_frames = false;  // File > Export frames...: open the export dialog
  bool request_export_video = false;   // File > Export video...: open its dialog
  // File > Record inputs: the viewer records what the user drives while it is on
  // (app/viewer_recording.h).
  bool record_inputs = false;
  bool request_add_clip_file = false;  // File > Add clip file...: pick a clip file to bind
};

// Timings for the overlay, in milliseconds.
struct FrameStats {
  float frame_ms = 0.0f;
  float cpu_update_ms = 0.0f;
  float gpu_ms = 0.0f;
};

}  // namespace ui
