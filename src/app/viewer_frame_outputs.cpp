#include <glad/gl.h>
// glad first: the frame capture reads the framebuffer.

#include "app/viewer_frame_outputs.h"

#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/numbered_file.h"
#include "app/retarget_state_log.h"
#include "app/state_log.h"
#include "import/atomic_write.h"
#include "project/transition_record_json.h"
#include "render/frame_capture.h"

namespace app {
namespace {

// animview_screenshot_NNN.png in the working folder, the first number not taken.
std::string next_screenshot_path() {
  for (int i = 1;; ++i) {
    char name[64];
    std::snprintf(name, sizeof(name), "animview_screenshot_%03d.png", i);
    if (!std::filesystem::exists(name)) return name;
  }
}

}  // namespace

// The transition record as JSON (asset/transition_record_json.h), names from project's machine and
// the scene's parameters.
std::string transition_record(const ViewerUi& ui, const project::Project& project,
                              const ViewerScene& scene) {
  const RecordNames names = record_names(project, scene);
  return project::history_to_json(ui.history, names.states, names.parameters);
}

// File > Export transition record: writes the record beside the working folder's others.
void write_transition_record(ViewerUi& ui, const project::Project& project,
                             const ViewerScene& scene) {
  const std::string path = next_numbered_path("animview_transition_record");
  const std::string e =
      importer::write_file_atomically(path, transition_record(ui, project, scene));
  if (e.empty()) {
    ui.status = "wrote " + path;
  } else {
    ui.errors.add(path, e);
  }
}

// Writes what this frame leaves behind: the F12 screenshot, the state log's line, and a
// headless run's picture. Returns "" or why the headless picture could not be written.
std::string capture_frame(Viewer& v, bool take_screenshot, const FrameStart& f) {
  const int width = f.width, height = f.height;
  if (take_screenshot) {
    const std::string path = next_screenshot_path();
    glFinish();
    const std::string e = render::write_png(render::read_framebuffer(width, height), path);
    std::printf("%s\n", e.empty() ? ("animview: screenshot " + path).c_str() : e.c_str());
    std::fflush(stdout);
  }
  if (v.state_log.is_open()) {
    v.state_log << with_retargeting(
                       with_motion_matching(state_line(v.frame, v.document, v.scene, v.ui),
                                            v.motion_matching, v.scene),
                       v.retargeting, v.document.project(), v.ui)
                << "\n";
    v.state_log.flush();
  }
  if (v.options.headless) {
    char name[64];
    std::snprintf(name, sizeof(name), "frame_%04d.png", v.frame);
    const std::string path = (std::filesystem::path(v.options.out_dir) / name).string();
    glFinish();
    if (std::string e = render::write_png(render::read_framebuffer(width, height), path);
        !e.empty()) {
      return e;
    }
    std::printf("%s\n", path.c_str());
  }
  return {};
}

}  // namespace app
