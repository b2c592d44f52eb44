#pragma once
// Drives the real animview executable in a real window under Xvfb for end-to-end tests:
// starts it, finds its X window, sends real input with xdotool, and waits for it to exit.

#include <sys/types.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace e2e {

// Runs a shell command and returns its standard output (trailing newline removed).
std::string run_and_read(const std::string& command);

// The last complete line of a JSON-lines log (the viewer's --state-log), parsed; null when the
// file has none yet.
nlohmann::json last_json_line(const std::filesystem::path& log);

// The log's last line once the viewer has drawn `frames` more frames than it had when called
// (its "frame" count), so input sent before the call has been handled however slowly the machine
// draws; null when that does not happen within timeout.
nlohmann::json wait_for_frames(const std::filesystem::path& log, int frames,
                               std::chrono::seconds timeout);

// The weight the state log's blend space gives clip (a test failure, and -1, when it has none).
float blend_weight(const nlohmann::json& state, const std::string& clip);

// True when a display and xdotool are available (otherwise e2e tests skip).
bool can_drive_windows(std::string& why_not);

class ViewerProcess {
 public:
  // Starts ANIMVIEW_EXE with args in working folder `cwd`; stdout and stderr go to files there.
  ViewerProcess(const std::filesystem::path& cwd, const std::vector<std::string>& args);
  ~ViewerProcess();  // kills the process if it still runs

  // Waits until stdout contains text; false on timeout or if the process died.
  bool wait_for_output(const std::string& text, std::chrono::seconds timeout);

  // The X window id of the viewer (searched by its title), or "" after the timeout.
  std::string find_window(std::chrono::seconds timeout);

  // What every window test starts with: the viewer's first frame drawn (within first_frame) and
  // then its window found (within 20 s). The window's id, or "" when either did not come
  // (errors() says why).
  std::string wait_for_window(std::chrono::seconds first_frame = std::chrono::seconds(60));

  // Sends keys (xdotool key syntax, e.g. "ctrl+q"; several separated by spaces) to the viewer
  // window after focusing it, one tap each.
  void send_keys(const std::string& window, const std::string& keys);

  // Waits for exit; returns the exit code, or -1 on timeout / abnormal termination.
  int wait_for_exit(std::chrono::seconds timeout);

  std::string output() const;
  std::string errors() const;
  const std::filesystem::path& cwd() const { return cwd_; }

 private:
  std::filesystem::path cwd_;
  pid_t pid_ = -1;
};

}  // namespace e2e
