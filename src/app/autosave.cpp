#include "app/autosave.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>

#include "import/atomic_write.h"

namespace app {
namespace fs = std::filesystem;

namespace {

constexpr const char* kMarkPrefix = "running.";

std::string recovery_name(const std::string& pid) {
  return "recovery." + pid + ".animview.json";
}

bool process_alive(const std::string& pid) {
  char* end = nullptr;
  const long value = std::strtol(pid.c_str(), &end, 10);
  if (end == pid.c_str() || *end != '\0' || value <= 0) return false;
  return ::kill(static_cast<pid_t>(value), 0) == 0 || errno == EPERM;
}

}  // namespace

fs::path autosave_folder() {
  if (const char* dir = std::getenv("ANIMVIEW_STATE_DIR"); dir && *dir) return dir;
  if (const char* dir = std::getenv("XDG_STATE_HOME"); dir && *dir)
    return fs::path(dir) / "animview";
  if (const char* home = std::getenv("HOME"); home && *home) {
    return fs::path(home) / ".local" / "state" / "animview";
  }
  return fs::path(".animview-state");
}

double autosave_interval_s() {
  if (const char* text = std::getenv("ANIMVIEW_AUTOSAVE_S"); text && *text) {
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    if (*end == '\0' && seconds > 0.0) return seconds;
  }
  return Autosave::kIntervalS;
}

fs::path Autosave::recovery_path() const {
  return folder_ / recovery_name(std::to_string(::getpid()));
}

fs::path Autosave::mark_path() const {
  return folder_ / (kMarkPrefix + std::to_string(::getpid()));
}

std::optional<fs::path> Autosave::start(std::string& error) {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec) {
    error = folder_.string() + ": cannot create the autosave folder (" + ec.message() + ")";
    return std::nullopt;
  }
  // A mark whose process is gone: that run crashed; its recovery copy (if any) is offered.
  std::optional<fs::path> found;
  fs::file_time_type newest{};
  for (const fs::directory_entry& entry : fs::directory_iterator(folder_, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kMarkPrefix, 0) != 0) continue;
    const std::string pid = name.substr(std::char_traits<char>::length(kMarkPrefix));
    if (process_alive(pid)) continue;
    const fs::path copy = folder_ / recovery_name(pid);
    std::error_code time_ec;
    const fs::file_time_type time = fs::last_write_time(copy, time_ec);
    if (!time_ec && (!found || time > newest)) {
      found = copy;
      newest = time;
    }
    fs::remove(entry.path(), time_ec);
  }
  if (std::string e = importer::write_file_atomically(mark_path().string(), "running\n");
      !e.empty()) {
    error = e;
    return found;
  }
  active_ = true;
  return found;
}

std::string Autosave::tick(double now_s, const std::function<std::string()>& project_json,
                           double interval_s) {
  if (!active_) return {};
  if (last_s_ < 0.0) last_s_ = now_s;  // the first copy a minute after start
  if (now_s - last_s_ < interval_s) return {};
  last_s_ = now_s;
  return importer::write_file_atomically(recovery_path().string(), project_json());
}

void Autosave::finish() {
  if (!active_) return;
  std::error_code ec;
  fs::remove(recovery_path(), ec);
  fs::remove(mark_path(), ec);
  active_ = false;
}

}  // namespace app
