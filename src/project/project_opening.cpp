#include "project/project_opening.h"

#include <algorithm>
#include <filesystem>

#include "anim/foot_contact.h"
#include "demo/demo_character.h"
#include "import/clip_retargeting.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/demo_project.h"
#include "project/project_binding.h"
#include "project/project_paths.h"
#include "project/project_retarget_clips.h"
#include "project/rig_corrections.h"

namespace project {
namespace {

bool is_project_file(const std::string& path) {
  return std::filesystem::path(path).extension() == ".json";
}

// name, or "<name> (<file name>)" (then " 2", " 3", ...) when an earlier clip took name.
std::string unique_clip_name(const std::string& name, const std::string& path,
                             const std::vector<std::string>& taken) {
  auto is_taken = [&taken](const std::string& n) {
    return std::find(taken.begin(), taken.end(), n) != taken.end();
  };
  if (!is_taken(name)) return name;
  const std::string base = name + " (" + std::filesystem::path(path).filename().string() + ")";
  std::string candidate = base;
  for (int i = 2; is_taken(candidate); ++i) candidate = base + " " + std::to_string(i);
  return candidate;
}

// Imports the clips of a clip file bound to skeleton (by joint name) into clips, each with a name
// not in taken (which grows with them).
void import_clip_file(const std::string& path, const anim::Skeleton& skeleton,
                      const importer::ImportSettings& settings,
                      const std::function<bool(float)>& progress, std::vector<std::string>& taken,
                      std::vector<anim::Clip>& clips, LoadOutcome& out) {
  importer::ClipImportResult imported = importer::import_clips(path, skeleton, settings, progress);
  if (!imported.ok()) {
    out.errors.push_back({path, imported.error});
    out.cancelled = out.cancelled || imported.cancelled;
    return;
  }
  for (const std::string& w : imported.warnings) out.warnings.push_back(path + ": " + w);
  for (importer::ImportedClip& c : imported.clips) {
    c.clip.name = unique_clip_name(c.clip.name, path, taken);
    taken.push_back(c.clip.name);
    clips.push_back(std::move(c.clip));
  }
}

// The clips of request.file retargeted onto request's character (import/clip_retargeting.h).
void retarget_clip_file(const AddClipsRequest& request, const std::function<bool(float)>& progress,
                        std::vector<std::string>& taken, LoadOutcome& out) {
  importer::ImportResult imported = importer::import_file(request.file, request.settings, progress);
  if (!imported.ok()) {
    out.errors.push_back({request.file, imported.error});
    out.cancelled = imported.cancelled;
    return;
  }
  importer::ClipRetargeting retargeted = importer::retarget_clips(
      imported.character, request.skeleton, request.rig, request.legs, "the open character");
  if (!retargeted.ok()) {
    out.errors.push_back({request.file, retargeted.error});
    return;
  }
  for (anim::Clip& clip : retargeted.clips) {
    clip.name = unique_clip_name(clip.name, request.file, taken);
    taken.push_back(clip.name);
    out.character.clips.push_back(std::move(clip));
  }
}

// The clips of a project's retargeted clip file (project/project_retarget.h) onto out.character
// with the project's rig, named as when they were added; a file that fails is reported (naming
// it) and left out.
bool retarget_project_file(const ProjectRetarget& entry, const std::string& path,
                           const importer::ImportSettings& settings,
                           const std::function<bool(float)>& progress,
                           std::vector<std::string>& taken, LoadOutcome& out) {
  importer::Character source;
  importer::ClipRetargeting retargeted =
      retarget_project_file(entry, path, out.character, project_rig(out.character, out.project.rig),
                            settings, source, progress);
  if (!retargeted.ok()) {
    out.errors.push_back({path, retargeted.error});
    return false;
  }
  for (anim::Clip& clip : retargeted.clips) {
    clip.name = unique_clip_name(clip.name, path, taken);
    taken.push_back(clip.name);
    out.character.clips.push_back(std::move(clip));
  }
  out.clip_sources.resize(out.character.clips.size(), path);
  return true;
}

// The project's clips that a failed retargeting left out stand in as the rest pose (a clip
// without tracks), so the graph that names them still binds and the project opens; the last
// error (naming the file) says which.
void stand_in_missing_clips(LoadOutcome& out) {
  std::string names;
  for (const std::string& name : out.project.clips) {
    const auto named = [&name](const anim::Clip& c) { return c.name == name; };
    if (std::any_of(out.character.clips.begin(), out.character.clips.end(), named)) continue;
    anim::Clip stand_in;
    stand_in.name = name;
    stand_in.duration_s = 1.0f;
    stand_in.source_fps = 30.0f;
    out.character.clips.push_back(std::move(stand_in));
    names += (names.empty() ? "'" : ", '") + name + "'";
  }
  out.clip_sources.resize(out.character.clips.size());
  if (!names.empty()) out.errors.back().message += " (" + names + " hold the rest pose meanwhile)";
}

// The files to load for request: a project's character and clip files (read into out, its
// paths taken from its folder) and the files after it that it does not list yet; the request's
// own files otherwise. first_unlisted: the first of those files the project does not list.
bool files_to_load(const LoadRequest& request, LoadOutcome& out, std::vector<std::string>& files,
                   std::size_t& first_unlisted) {
  files = request.files;
  first_unlisted = 1;
  if (!is_project_file(files[0])) return true;
  out.project_path = files[0];
  if (std::string e = project::load_project(files[0], out.project); !e.empty()) {
    out.errors.push_back({files[0], std::move(e)});
    return false;
  }
  for (std::string& notice : project::unknown_field_notices(out.project, files[0])) {
    out.warnings.push_back(std::move(notice));
  }
  const std::filesystem::path base = std::filesystem::path(files[0]).parent_path();
  files = {resolve_project_path(out.project.character, base)};
  for (const std::string& clip_file : out.project.clip_files) {
    files.push_back(resolve_project_path(clip_file, base));
  }
  first_unlisted = files.size();
  // A file the project lists already (saved after it was added in the viewer) loads once.
  for (std::size_t i = 1; i < request.files.size(); ++i) {
    const auto same = [&](const std::string& listed) {
      std::error_code ec;
      return listed == request.files[i] ||
             std::filesystem::equivalent(listed, request.files[i], ec);
    };
    if (std::none_of(files.begin() + 1, files.end(), same)) files.push_back(request.files[i]);
  }
  return true;
}

// The character of files[0] (the demo's, or imported) and the clips of the other files and of
// the project's retargets, each clip's source file listed beside it. False when the character
// cannot be imported.
bool load_character_and_clips(const LoadRequest& request, const std::vector<std::string>& files,
                              const std::function<bool(float)>& progress, LoadOutcome& out) {
  if (files[0] == demo::kDemoSourcePath) {
    out.character = demo::make_demo_character();
  } else {
    importer::ImportResult imported = importer::import_file(files[0], request.settings, progress);
    if (!imported.ok()) {
      out.errors.push_back({files[0], imported.error});
      out.cancelled = imported.cancelled;
      return false;
    }
    out.character = std::move(imported.character);
  }
  std::vector<std::string> taken;
  for (const anim::Clip& clip : out.character.clips) taken.push_back(clip.name);
  out.clip_sources.assign(out.character.clips.size(), files[0]);
  for (std::size_t i = 1; i < files.size() && !out.cancelled; ++i) {
    import_clip_file(files[i], out.character.skeleton, request.settings, progress, taken,
                     out.character.clips, out);
    out.clip_sources.resize(out.character.clips.size(), files[i]);
  }
  const std::filesystem::path project_folder =
      std::filesystem::path(request.files[0]).parent_path();
  for (const ProjectRetarget& entry : out.project.retargets) {
    if (out.cancelled) break;
    if (!retarget_project_file(entry, resolve_project_path(entry.file, project_folder),
                               request.settings, progress, taken, out)) {
      stand_in_missing_clips(out);
    }
  }
  return true;
}

// Clip files the project does not list become its own, with their clips, so they are bound,
// listed in the clip browser and saved with it.
void adopt_unlisted_files(const std::vector<std::string>& files, std::size_t first_unlisted,
                          LoadOutcome& out) {
  project::Project& project = out.project;
  for (std::size_t i = first_unlisted; i < files.size(); ++i) {
    if (std::find(project.clip_files.begin(), project.clip_files.end(), files[i]) ==
        project.clip_files.end()) {
      project.clip_files.push_back(files[i]);
    }
  }
  for (std::size_t c = 0; c < out.character.clips.size(); ++c) {
    const bool unlisted =
        std::find(files.begin() + first_unlisted, files.end(), out.clip_sources[c]) != files.end();
    const std::string& name = out.character.clips[c].name;
    if (unlisted &&
        std::find(project.clips.begin(), project.clips.end(), name) == project.clips.end()) {
      project.clips.push_back(name);
    }
  }
}

}  // namespace

LoadOutcome load_now(const LoadRequest& request, const std::function<bool(float)>& progress) {
  LoadOutcome out;
  if (request.files.empty()) {
    out.errors.push_back({"", "nothing to load"});
    return out;
  }
  std::vector<std::string> files;
  std::size_t first_unlisted = 1;
  if (!files_to_load(request, out, files, first_unlisted)) return out;
  const bool from_project = !out.project_path.empty();
  if (!load_character_and_clips(request, files, progress, out)) return out;
  if (!from_project) {
    // The demo opens in its default project (blend space, state machine, layers); a model file
    // in a project that previews its clips.
    out.project = files[0] == demo::kDemoSourcePath
                      ? project::make_demo_project()
                      : project::preview_project(out.character, files[0]);
  }
  adopt_unlisted_files(files, first_unlisted, out);
  out.ok = !out.cancelled;
  return out;
}

LoadOutcome load_clips_now(const AddClipsRequest& request,
                           const std::function<bool(float)>& progress) {
  LoadOutcome out;
  std::vector<std::string> taken = request.taken_names;
  if (request.retarget) {
    retarget_clip_file(request, progress, taken, out);
  } else {
    import_clip_file(request.file, request.skeleton, request.settings, progress, taken,
                     out.character.clips, out);
  }
  out.clip_sources.assign(out.character.clips.size(), request.file);
  out.ok = out.errors.empty() && !out.cancelled;
  return out;
}

void add_foot_contact_markers(const importer::Character& character, const ProjectRig& rig,
                              std::span<anim::Clip> clips) {
  const anim::Skeleton& skeleton = character.skeleton;
  const anim::FootIkRig legs =
      importer::foot_ik_rig(character, project::project_rig(character, rig));
  if (legs.legs.empty()) return;
  for (anim::Clip& clip : clips) {
    bool marked = false;
    for (std::size_t i = 0; i < legs.legs.size(); ++i) {
      marked = marked || anim::has_contact_markers(clip, anim::leg_contact_name(legs.legs, i));
    }
    if (marked) continue;
    for (anim::Marker& m : anim::detect_foot_contact_markers(skeleton, clip, legs.legs)) {
      clip.markers.push_back(std::move(m));
    }
  }
}

}  // namespace project
