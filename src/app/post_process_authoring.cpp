#include "app/post_process_authoring.h"

namespace app {

void commit_post_process_edit(Document& doc, ViewerUi& ui, ViewerScene& scene,
                              bool continues_gesture) {
  if (std::string e = scene.rebind_post_process(doc.project()); !e.empty()) {
    ui.errors.add(scene.character.source_path, e);
  }
  doc.record_edit(continues_gesture);
}

void record_target_drag(Document& doc) {
  doc.record_edit(true);
}

}  // namespace app
