#include "app/viewer_commands.h"

#include <glad/gl.h>
// glad first: GLFW must not pull in another GL header.
#include <GLFW/glfw3.h>

#include "app/character_framing.h"
#include "app/viewer_frame_outputs.h"
#include "render/orbit_camera.h"

namespace app {

void apply_viewer_command(Viewer& v, ui::ViewerCommand command) {
  ViewerUi& ui = v.ui;
  ViewerScene& scene = v.scene;
  render::OrbitCamera& camera = v.camera;
  switch (command) {
    case ui::ViewerCommand::Open:
      open_file_browser(ui, scene, FileBrowserPurpose::Open);
      break;
    case ui::ViewerCommand::AddClipFile:
      open_file_browser(ui, scene, FileBrowserPurpose::AddClip);
      break;
    case ui::ViewerCommand::Save:
    case ui::ViewerCommand::SaveAs:
      if (scene.loaded)
        v.save_flow.save(v.document, ui, scene, camera, command == ui::ViewerCommand::SaveAs);
      break;
    case ui::ViewerCommand::Reload:
      v.reload_asked = true;  // run_load_queue reloads once the loader is free
      break;
    case ui::ViewerCommand::ExportPose:
      if (scene.loaded) export_pose(ui, scene);
      break;
    case ui::ViewerCommand::ExportFrames:
      v.frame_export.open(ui.frame_export, scene);
      break;
    case ui::ViewerCommand::ExportVideo:
      v.video_export.open(ui.video_export, v.document, scene, v.recording.last());
      break;
    case ui::ViewerCommand::ExportRecord:
      if (scene.loaded) write_transition_record(ui, v.document.project(), scene);
      break;
    case ui::ViewerCommand::Quit:
      // The frame's end asks the save flow before the window closes.
      glfwSetWindowShouldClose(v.window.handle(), GLFW_TRUE);
      break;
    case ui::ViewerCommand::FrameCharacter:
      frame_character(camera, scene, true, ui.framing_aspect);
      break;
    case ui::ViewerCommand::FrameAll:
      frame_all(camera, scene, ui.framing_aspect);
      break;
    case ui::ViewerCommand::LookFront:
      render::look_along(camera, render::AxisView::Front);
      break;
    case ui::ViewerCommand::LookRight:
      render::look_along(camera, render::AxisView::Right);
      break;
    case ui::ViewerCommand::LookTop:
      render::look_along(camera, render::AxisView::Top);
      break;
    case ui::ViewerCommand::ToggleOrthographic:
      camera.orthographic = !camera.orthographic;
      break;
  }
}

void apply_viewer_commands(Viewer& v, std::span<const ui::ViewerCommand> commands) {
  for (const ui::ViewerCommand command : commands) apply_viewer_command(v, command);
}

}  // namespace app
