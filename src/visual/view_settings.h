#pragma once
// What the user chooses about the view. ViewSettings is what a project keeps: the one type that
// the project file saves (project::ProjectView) and the viewer's panels edit, assigned whole
// between them instead of copied field by field. SceneView adds what the session keeps but the
// project does not (bones as octahedra, colouring, onion skin, trails, crowd, comparison): what
// the renderer (render::FrameView holds one) and the headless commands read. ui::ViewSettings
// adds the panels' own toggles to it.

#include <optional>
#include <string>
#include <string_view>

#include "anim/sync.h"

namespace visual {

// How a vertex shader blends its joints (see shaders/skin_lbs.vert and shaders/skin_dq.vert).
enum class SkinningChoice { Lbs, DualQuat };

// "lbs" or "dq", as the command line spells them.
const char* to_string(SkinningChoice skinning);
// The choice named "lbs" or "dq" (as to_string spells them), or nullopt for any other text.
std::optional<SkinningChoice> parse_skinning_choice(std::string_view text);

// What colours the mesh. Values match shaders/mesh.frag.
enum class MeshColoring {
  Material = 0,            // the material, lit as the shading mode says
  InfluenceCount = 1,      // heatmap of influences per vertex: 1 blue ... 4 yellow ... 8 red
  SkinningDifference = 2,  // distance between the LBS and DQ positions of each vertex
};

// Side by side in the viewport: off, the same pose skinned by LBS (left) and dual quaternions
// (right), or the timeline's clip A (left) and a second clip B (right) in sync with it.
enum class CompareMode { Off, Skinning, Clips };

// How clip B follows clip A (anim::synced_clip_time).
using CompareSync = anim::TimeSync;

// How a base-coloured surface is lit. Values match shaders/mesh.frag (the renderer's
// render::ShadingMode is this type).
enum class ShadingMode {
  Material = 0,  // the material as its file defines it, under the key light and the sky
  Matcap = 1,    // a studio matcap on the normals: shapes and folds, no material
  Clay = 2,      // one grey clay material under the same light: silhouettes and contacts
};

// "material", "matcap", "clay" (the project file's and the command line's names).
const char* to_string(ShadingMode mode);
// The mode of such a name; Material for any other text.
ShadingMode parse_shading_mode(std::string_view name);

// What the user chose about the viewer's layout (ui/panel_layout.h lays it out).
struct PanelLayout {
  // Widths in pixels at UI scale 1 (so a layout carries between screens); 0 = automatic, a share
  // of the window width, so the panels grow with the window until the user drags a splitter.
  float left_width = 0.0f;
  float right_width = 0.0f;
  bool left_open = true;
  bool right_open = true;
  // Multiplies the font and every widget size, for high-DPI screens. 0.5 to 3.
  float ui_scale = 1.0f;
  // ui_scale follows the screen (screen_ui_scale) until the user sets one.
  bool ui_scale_automatic = true;
};

struct ViewSettings {
  bool show_grid = true;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool show_bone_axes = false;  // each joint's frame as RGB axes, scaled to the character
  bool wireframe = false;
  SkinningChoice skinning = SkinningChoice::Lbs;
  // How the mesh is lit: its materials, a matcap, or clay (View > Shading).
  ShadingMode shading = ShadingMode::Material;
  // The ground, its shadows and the sky; off: a plain background. Off by default in the viewer
  // for now: its picture tests tell the mesh from the background by the dark background.
  bool show_ground = false;
  bool shadows = true;  // the key light's shadows (with show_ground)
  // Smooths edges with a post pass where the window has no multisampling (software renderers).
  bool fxaa = true;
  PanelLayout layout;  // side panel widths, collapsed panels, UI scale
};

struct SceneView : ViewSettings {
  bool skeleton_octahedra = false;  // bones as octahedra instead of lines
  bool show_foot_ik_debug = true;   // probes, targets and contacts while foot IK is on
  bool show_root_trail = true;      // the root's path and foot plants while root motion moves
  bool follow_character = true;     // the camera target follows the character's root
  bool camera_above_ground = true;  // orbiting stops at the ground instead of going under it
  bool onion_skin = false;          // ghosts of past and future frames of the previewed clip
  int onion_frames = 3;             // ghosts on each side
  int onion_step = 4;               // frames between ghosts
  bool motion_trails = true;        // the selected joints' paths around the playhead
  // How far the trails reach either side of the playhead (s); the whole clip instead when set.
  float motion_trail_window_s = 0.5f;
  bool motion_trail_whole_clip = false;
  MeshColoring coloring = MeshColoring::Material;
  int crowd = 1;  // copies of the character drawn with staggered clip times (crowd mode)
  CompareMode compare = CompareMode::Off;
  CompareSync compare_sync = CompareSync::Phase;
  std::string compare_clip;  // clip B in CompareMode::Clips: a clip name (or index)
};

}  // namespace visual
