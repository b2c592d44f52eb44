#include "app/document.h"

#include <utility>

#include "demo/demo_character.h"

namespace app {
namespace fs = std::filesystem;

std::vector<fs::file_time_type> modification_times(const std::vector<std::string>& files) {
  std::vector<fs::file_time_type> times;
  for (const std::string& f : files) {
    std::error_code ec;
    times.push_back(fs::last_write_time(f, ec));
  }
  return times;
}

void Document::open(const std::vector<std::string>& files, const std::string& project_path,
                    project::Project project) {
  files_ = files;
  file_times_ = modification_times(files);
  project_path_ = project_path;
  project_folder_ = project_path.empty() ? "." : fs::path(project_path).parent_path().string();
  project_ = std::move(project);
  history_.reset(project_);
  ++generation_;
  saved_.clear();
}

void Document::saved_to(const std::string& path, std::string authored) {
  project_path_ = path;
  project_folder_ = fs::path(path).parent_path().string();
  saved_ = std::move(authored);
  files_ = {path};
  file_times_ = modification_times(files_);
}

void Document::make_untitled() {
  project_path_.clear();
  saved_.clear();
  files_.clear();
  file_times_.clear();
}

void Document::add_file(const std::string& file) {
  files_.push_back(file);
  file_times_.push_back(modification_times({file}).front());
}

void Document::forget_last_file() {
  if (files_.empty()) return;
  files_.pop_back();
  file_times_.pop_back();
}

bool Document::changed_on_disk() const {
  return !files_.empty() && files_[0] != demo::kDemoSourcePath &&
         modification_times(files_) != file_times_;
}

std::string Document::window_title(bool unsaved) const {
  const std::string name =
      project_path_.empty() ? "untitled" : fs::path(project_path_).filename().string();
  return name + (unsaved ? "*" : "") + " - animview";
}

}  // namespace app
