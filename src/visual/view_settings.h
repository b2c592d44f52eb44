#pragma once
// What the user chooses about the view and keeps with a project: the one type that the project
// file saves (project::ProjectView) and the viewer's panels edit (ui::ViewSettings, which adds
// what is not saved), assigned whole between them instead of copied field by field.

#include <string_view>

namespace visual {

enum class SkinningChoice { Lbs, DualQuat };

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

}  // namespace visual
