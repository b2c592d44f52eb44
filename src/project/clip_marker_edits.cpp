#include "project/clip_marker_edits.h"

#include <algorithm>
#include <cmath>

namespace project {
namespace {

// The project's marker list for clip, created from the markers it shows on the first edit;
// null when the clip is not one of the project's.
std::vector<anim::Marker>* edited_markers(Project& project, const anim::Clip& clip) {
  if (std::find(project.clips.begin(), project.clips.end(), clip.name) == project.clips.end()) {
    return nullptr;
  }
  for (ProjectClipMarkers& c : project.clip_markers) {
    if (c.clip == clip.name) return &c.markers;
  }
  project.clip_markers.push_back({clip.name, clip.markers});
  return &project.clip_markers.back().markers;
}

float clamped_time(const anim::Clip& clip, float time_s) {
  return std::isfinite(time_s) ? std::clamp(time_s, 0.0f, clip.duration_s) : 0.0f;
}

// Puts marker `moved` of markers in time order; returns its new index.
int sort_keeping(std::vector<anim::Marker>& markers, int moved) {
  const anim::Marker m = markers[moved];
  markers.erase(markers.begin() + moved);
  const auto at =
      std::upper_bound(markers.begin(), markers.end(), m.time_s,
                       [](float t, const anim::Marker& other) { return t < other.time_s; });
  const int index = static_cast<int>(at - markers.begin());
  markers.insert(at, m);
  return index;
}

bool same_markers(const std::vector<anim::Marker>& a, const std::vector<anim::Marker>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const anim::Marker& x, const anim::Marker& y) {
                      return x.name == y.name && x.time_s == y.time_s;
                    });
}

std::string clip_error(const anim::Clip& clip) {
  return "clip '" + clip.name + "' is not one of the project's clips";
}

}  // namespace

const ProjectClipMarkers* find_clip_markers(const Project& project, const std::string& clip_name) {
  for (const ProjectClipMarkers& c : project.clip_markers) {
    if (c.clip == clip_name) return &c;
  }
  return nullptr;
}

std::string add_clip_marker(Project& project, const anim::Clip& clip, const std::string& name,
                            float time_s, int& index) {
  if (name.empty()) return "a marker needs a name";
  std::vector<anim::Marker>* markers = edited_markers(project, clip);
  if (markers == nullptr) return clip_error(clip);
  markers->push_back({name, clamped_time(clip, time_s)});
  index = sort_keeping(*markers, static_cast<int>(markers->size()) - 1);
  return {};
}

std::string move_clip_marker(Project& project, const anim::Clip& clip, int marker, float time_s,
                             int& index) {
  if (marker < 0 || marker >= static_cast<int>(clip.markers.size())) return "no such marker";
  std::vector<anim::Marker>* markers = edited_markers(project, clip);
  if (markers == nullptr) return clip_error(clip);
  (*markers)[marker].time_s = clamped_time(clip, time_s);
  index = sort_keeping(*markers, marker);
  return {};
}

std::string remove_clip_marker(Project& project, const anim::Clip& clip, int marker) {
  if (marker < 0 || marker >= static_cast<int>(clip.markers.size())) return "no such marker";
  std::vector<anim::Marker>* markers = edited_markers(project, clip);
  if (markers == nullptr) return clip_error(clip);
  markers->erase(markers->begin() + marker);
  return {};
}

bool same_clip_markers(const std::vector<ProjectClipMarkers>& a,
                       const std::vector<ProjectClipMarkers>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [&](const ProjectClipMarkers& x, const ProjectClipMarkers& y) {
                      return x.clip == y.clip && same_markers(x.markers, y.markers);
                    });
}

std::vector<int> clips_with_changed_markers(const Project& project,
                                            const std::vector<ProjectClipMarkers>& before) {
  const auto markers_in = [](const std::vector<ProjectClipMarkers>& list, const std::string& clip) {
    const auto it = std::find_if(list.begin(), list.end(),
                                 [&](const ProjectClipMarkers& c) { return c.clip == clip; });
    return it == list.end() ? nullptr : &it->markers;
  };
  std::vector<int> changed;
  for (std::size_t i = 0; i < project.clips.size(); ++i) {
    const std::vector<anim::Marker>* now = markers_in(project.clip_markers, project.clips[i]);
    const std::vector<anim::Marker>* then = markers_in(before, project.clips[i]);
    const bool same = now == nullptr || then == nullptr ? now == then : same_markers(*now, *then);
    if (!same) changed.push_back(static_cast<int>(i));
  }
  return changed;
}

}  // namespace project
