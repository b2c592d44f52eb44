#pragma once
// The timeline's marker edits: sync markers (foot_l_down, ...) and events added, moved and
// removed on one clip of a project. The first edit of a clip copies the markers it shows (from
// its file, or detected) into Project::clip_markers, which from then on replace them wherever
// the project is bound. Each returns "" or why it refused (the project is then unchanged).

#include <string>
#include <vector>

#include "anim/clip.h"
#include "project/project_file.h"

namespace project {

// The markers project gives the clip called clip_name, or null while the clip keeps its own.
const ProjectClipMarkers* find_clip_markers(const Project& project, const std::string& clip_name);

// clip is the clip as the project plays it (its markers are the ones the timeline shows, sorted
// by time; marker indices below are into them). Times are clamped to [0, duration].

// Adds a marker called name at time_s; index receives its place among the clip's markers.
// Refuses an empty name or a clip that is not in the project.
std::string add_clip_marker(Project& project, const anim::Clip& clip, const std::string& name,
                            float time_s, int& index);

// Moves marker `marker` to time_s; index receives its new place (markers stay in time order).
std::string move_clip_marker(Project& project, const anim::Clip& clip, int marker, float time_s,
                             int& index);

// Removes marker `marker`.
std::string remove_clip_marker(Project& project, const anim::Clip& clip, int marker);

// Whether two sets of edited markers are the same (an undo that changes them re-binds clips).
bool same_clip_markers(const std::vector<ProjectClipMarkers>& a,
                       const std::vector<ProjectClipMarkers>& b);

// The clips (indices into project.clips) whose markers project gives otherwise than before did
// (an edit, an undo): the only ones to bind again.
std::vector<int> clips_with_changed_markers(const Project& project,
                                            const std::vector<ProjectClipMarkers>& before);

}  // namespace project
