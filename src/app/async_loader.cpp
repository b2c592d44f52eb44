#include "app/async_loader.h"

#include <filesystem>

#include "asset/demo_character.h"
#include "asset/demo_project.h"
#include "asset/importer.h"
#include "asset/project_binding.h"

namespace app {
namespace {

bool is_project_file(const std::string& path) {
  return std::filesystem::path(path).extension() == ".json";
}

// Binds the clips of a clip file to the loaded character (by joint name) and adds them.
void add_clip_file(const std::string& path, const asset::ImportSettings& settings,
                   const std::function<bool(float)>& progress, LoadOutcome& out) {
  asset::ClipImportResult clips =
      asset::import_clips(path, out.character.skeleton, settings, progress);
  if (!clips.ok()) {
    out.errors.push_back(clips.error);
    out.cancelled = out.cancelled || clips.cancelled;
    return;
  }
  for (const std::string& w : clips.warnings) out.warnings.push_back(w);
  for (asset::ImportedClip& c : clips.clips) {
    out.character.clips.push_back(std::move(c.clip));
  }
}

}  // namespace

LoadOutcome load_now(const LoadRequest& request, const std::function<bool(float)>& progress) {
  LoadOutcome out;
  if (request.files.empty()) {
    out.errors.push_back("nothing to load");
    return out;
  }
  std::vector<std::string> files = request.files;
  bool from_project = false;
  if (is_project_file(files[0])) {
    out.project_path = files[0];
    if (std::string e = asset::load_project(files[0], out.project); !e.empty()) {
      out.errors.push_back(e);
      return out;
    }
    // Paths in a project are relative to its folder.
    const std::filesystem::path base = std::filesystem::path(files[0]).parent_path();
    auto resolve = [&base](const std::string& p) {
      if (p == asset::kDemoSourcePath || std::filesystem::path(p).is_absolute()) return p;
      return (base / p).string();
    };
    files = {resolve(out.project.character)};
    for (const std::string& clip_file : out.project.clip_files) files.push_back(resolve(clip_file));
    from_project = true;
  }
  if (files[0] == asset::kDemoSourcePath) {
    out.character = asset::make_demo_character();
  } else {
    asset::ImportResult imported = asset::import_file(files[0], request.settings, progress);
    if (!imported.ok()) {
      out.errors.push_back(imported.error);
      out.cancelled = imported.cancelled;
      return out;
    }
    out.character = std::move(imported.character);
  }
  for (std::size_t i = 1; i < files.size() && !out.cancelled; ++i) {
    add_clip_file(files[i], request.settings, progress, out);
  }
  if (!from_project) {
    // The demo opens in its default project (blend space, state machine, layers); a model file
    // in a project that previews its clips.
    out.project = files[0] == asset::kDemoSourcePath && files.size() == 1
                      ? asset::make_demo_project()
                      : asset::preview_project(out.character, files[0]);
  }
  out.ok = !out.cancelled;
  return out;
}

AsyncLoader::~AsyncLoader() {
  cancel();
  join();
}

void AsyncLoader::join() {
  if (worker_.joinable()) worker_.join();
}

void AsyncLoader::start(LoadRequest request) {
  cancel();
  join();
  cancel_.store(false);
  done_.store(false);
  progress_.store(0.0f);
  busy_.store(true);
  what_ = request.files.empty() ? std::string() : request.files.front();
  worker_ = std::thread([this, request = std::move(request)] {
    outcome_ = load_now(request, [this](float fraction) {
      progress_.store(fraction);
      return !cancel_.load();
    });
    done_.store(true);
    busy_.store(false);
  });
}

std::optional<LoadOutcome> AsyncLoader::poll() {
  if (!done_.load()) return std::nullopt;
  join();
  done_.store(false);
  return std::move(outcome_);
}

}  // namespace app
