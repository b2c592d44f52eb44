#pragma once
// Autosave: a recovery copy of the open project, written every minute to a per-user folder,
// and offered on the next start when the viewer did not quit cleanly (a crash, a kill). Each
// running viewer marks itself with a file named for its process id; a clean quit removes the
// mark and its recovery copy, so a mark whose process is gone means a crash, and its copy is
// what was lost.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace app {

// The folder for recovery copies: $ANIMVIEW_STATE_DIR (tests), else $XDG_STATE_HOME/animview,
// else ~/.local/state/animview.
std::filesystem::path autosave_folder();

// Seconds between recovery copies: $ANIMVIEW_AUTOSAVE_S when it is a number > 0 (tests), else
// Autosave::kIntervalS.
double autosave_interval_s();

class Autosave {
 public:
  // How often the copy is written, in seconds.
  static constexpr double kIntervalS = 60.0;

  explicit Autosave(std::filesystem::path folder) : folder_(std::move(folder)) {}

  // Marks this process as running (creating the folder). Returns the recovery copy a crashed
  // run left (the newest when several did), or nothing; its mark is removed, so it is offered
  // once. Returns "" in error when the folder cannot be written (autosave is then off).
  std::optional<std::filesystem::path> start(std::string& error);

  // Writes project_json() as this process's recovery copy when interval_s has passed since the
  // last write (or since the first tick). Returns "" or the cause naming the file.
  std::string tick(double now_s, const std::function<std::string()>& project_json,
                   double interval_s = kIntervalS);

  // The clean end: removes this process's mark and recovery copy.
  void finish();

  // This process's recovery copy and mark.
  std::filesystem::path recovery_path() const;
  std::filesystem::path mark_path() const;
  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path folder_;
  bool active_ = false;
  double last_s_ = -1.0;
};

}  // namespace app
