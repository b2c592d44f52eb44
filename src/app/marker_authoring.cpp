#include "app/marker_authoring.h"

#include "project/clip_marker_edits.h"

namespace app {

std::string rebind_clip_markers(Document& doc, ViewerUi& ui, ViewerScene& scene,
                                const std::vector<project::ProjectClipMarkers>& before) {
  const std::vector<int> changed = project::clips_with_changed_markers(doc.project(), before);
  if (std::string e = scene.rebind_clips(doc.project(), changed); !e.empty()) return e;
  if (scene.preview_clip >= 0 && scene.preview_clip < static_cast<int>(scene.clips().size())) {
    ui.timeline.times = ui::timeline_times(scene.clips()[scene.preview_clip]);
  }
  return {};
}

void apply_timeline_marker_edit(Document& doc, ViewerUi& ui, ViewerScene& scene,
                                const ui::TimelineMarkerEdit& edit) {
  if (!edit || scene.preview_clip < 0 ||
      scene.preview_clip >= static_cast<int>(scene.clips().size())) {
    return;
  }
  const anim::Clip& clip = scene.clips()[scene.preview_clip];
  const std::vector<project::ProjectClipMarkers> before = doc.project().clip_markers;
  int index = -1;
  std::string error;
  switch (edit.kind) {
    case ui::TimelineMarkerEdit::Kind::Add:
      error = project::add_clip_marker(doc.project(), clip, edit.name, edit.time_s, index);
      break;
    case ui::TimelineMarkerEdit::Kind::Move:
      error = project::move_clip_marker(doc.project(), clip, edit.marker, edit.time_s, index);
      break;
    case ui::TimelineMarkerEdit::Kind::Remove:
      error = project::remove_clip_marker(doc.project(), clip, edit.marker);
      break;
    case ui::TimelineMarkerEdit::Kind::None:
      return;
  }
  if (error.empty()) error = rebind_clip_markers(doc, ui, scene, before);
  if (!error.empty()) {
    doc.project().clip_markers = before;
    ui.status = "marker not changed: " + error;
    return;
  }
  doc.record_edit();
  ui.status = "markers of " + scene.clips()[scene.preview_clip].name + " changed";
}

}  // namespace app
