#include "app/joint_picking.h"

#include <imgui.h>

#include "app/compare_view.h"
#include "render/skeleton_overlay.h"
#include "ui/rig_panel.h"

namespace app {

void pick_and_mark_joints(ViewerScene& scene, ViewerUi& ui, const ViewportRect& rect,
                          const glm::mat4& view_projection) {
  const std::vector<int>& selection = ui.joints.inspector.selection;
  ui.joints.inspector.joint_pixels.clear();
  if (scene.loaded &&
      ui::joints_pickable(ui.view.show_skeleton || ui.joints.inspector.shown, ui.rig)) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    // In a comparison, the joints of the half under the pointer.
    const ViewUnderPointer under =
        view_under_pointer(scene, ui.view, rect, view_projection, mouse.x);
    const PixelRect& r = under.rect;
    const int joint =
        ImGui::GetIO().WantCaptureMouse
            ? -1
            : render::pick_joint(under.model_pose, scene.character.skeleton.parents,
                                 scene.instance.world_matrix(), under.view_projection,
                                 {r.x, r.y, r.width, r.height}, {mouse.x, mouse.y}, 8.0f);
    const glm::vec4 viewport(r.x, r.y, r.width, r.height);
    ui::draw_joint_markers(under.model_pose, scene.instance.world_matrix(), under.view_projection,
                           viewport, joint, selection, !ui.view.show_skeleton);
    if (ui.joints.inspector.shown) {
      ui.joints.inspector.joint_pixels.resize(under.model_pose.size(), glm::vec2(0.0f));
      for (std::size_t j = 0; j < under.model_pose.size(); ++j) {
        ui::joint_pixel(under.model_pose, scene.instance.world_matrix(), under.view_projection,
                        viewport, static_cast<int>(j), ui.joints.inspector.joint_pixels[j]);
      }
    }
    if (joint >= 0) ImGui::SetTooltip("%s", scene.character.skeleton.joint_names[joint].c_str());
    if (joint >= 0 && ImGui::IsMouseClicked(0)) {
      ui.rig.clicked_joint = joint;
      if (!(ui.rig.shown && ui.rig.state.picking)) {
        ui::select_joint(ui.joints.inspector.selection, joint, ImGui::GetIO().KeyShift);
      }
    }
  } else if (scene.loaded && !selection.empty()) {  // the selection stays highlighted
    const ViewUnderPointer p = view_under_pointer(scene, ui.view, rect, view_projection, 0.0f);
    ui::draw_joint_markers(p.model_pose, scene.instance.world_matrix(), p.view_projection,
                           {p.rect.x, p.rect.y, p.rect.width, p.rect.height}, -1, selection, false);
  }
}

}  // namespace app
