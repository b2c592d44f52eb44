#pragma once
// The viewport's side-by-side comparison: how the view splits into two halves that share one
// camera, the --compare option, and what the overlay says (ui/compare_overlay.h draws it).
// SceneRenderer draws the halves; ClipComparison plays clip B.

#include <array>
#include <span>
#include <string>

#include <glm/glm.hpp>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "render/viewport_split.h"
#include "ui/view_settings.h"

namespace CLI {
class Validator;
}

namespace app {

// The halves of a split view (render/viewport_split.h), which SceneRenderer draws.
using render::half_view_projection;
using render::PixelRect;
using render::split_side_by_side;

// The viewport in whole pixels, as the frame loop hands it to glViewport.
PixelRect to_pixels(const ViewportRect& viewport);

// What the viewport shows under a pointer at pointer_x (window pixels): the viewport itself and
// the scene's pose, or in a comparison the half under the pointer, its view-projection
// (half_view_projection) and the pose drawn there (clip B's on the right of a clip comparison).
// For joint picking, which must test the joints that are drawn where the pointer is.
struct ViewUnderPointer {
  PixelRect rect;
  glm::mat4 view_projection{1.0f};
  std::span<const glm::mat4> model_pose;
};
ViewUnderPointer view_under_pointer(const ViewerScene& scene, const visual::SceneView& view,
                                    const ViewportRect& viewport, const glm::mat4& view_projection,
                                    float pointer_x);

// Sets view's comparison from the --compare text: "off", "skinning", or "clip:NAME" (clip B by
// name or index). Returns "" or the cause; view is left as it was then.
std::string parse_compare_option(const std::string& text, visual::SceneView& view);

// A command-line check of the --compare text with parse_compare_option, so a typo fails before
// a window opens or a file loads.
CLI::Validator compare_option_validator();

// The mode as the command line and the state log spell it: "off", "skinning" or "clips".
const char* compare_mode_name(visual::CompareMode mode);

// The label of each half, for the overlay: "LBS" / "DQ", or each clip's name with its frame
// and time; clip B's label gives the reason when B cannot be played.
std::array<std::string, 2> compare_labels(const ViewerScene& scene, const visual::SceneView& view);

// While a comparison is on: its toolbar at the top-left of the viewport (ui/compare_overlay.h),
// choosing clip B when clip mode has none yet (the first clip that is not A), and each half's
// label. viewport is in window pixels from the top-left.
void draw_compare_overlay(ui::ViewSettings& view, const ViewerScene& scene,
                          const ViewportRect& viewport);

}  // namespace app
