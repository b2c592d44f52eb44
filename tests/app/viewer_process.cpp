#include "viewer_process.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "support/temp_files.h"

namespace e2e {

std::string run_and_read(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[256];
  while (std::fgets(buffer, sizeof(buffer), pipe)) out += buffer;
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

nlohmann::json last_json_line(const std::filesystem::path& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '}') last = line;
  }
  if (last.empty()) return nullptr;
  return nlohmann::json::parse(last, nullptr, false);
}

nlohmann::json wait_for_frames(const std::filesystem::path& log, int frames,
                               std::chrono::seconds timeout) {
  auto frame_of = [](const nlohmann::json& state) {
    return state.is_object() && state.contains("frame") && state["frame"].is_number_integer()
               ? state["frame"].get<long long>()
               : -1LL;
  };
  const long long start = frame_of(last_json_line(log));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    nlohmann::json state = last_json_line(log);
    if (start >= 0 && frame_of(state) >= start + frames) return state;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return nullptr;
}

float blend_weight(const nlohmann::json& state, const std::string& clip) {
  const auto& clips = state["blend_space"]["clips"];
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i] == clip) return state["blend_space"]["weights"][i].get<float>();
  }
  ADD_FAILURE() << "no clip " << clip << " in the blend space";
  return -1.0f;
}

bool can_drive_windows(std::string& why_not) {
  if (!std::getenv("DISPLAY")) {
    why_not = "no DISPLAY: run end-to-end tests under Xvfb (scripts/test.sh)";
    return false;
  }
  if (std::system("command -v xdotool >/dev/null 2>&1") != 0) {
    why_not = "xdotool is not installed (scripts/install_deps.sh installs it)";
    return false;
  }
  if (!std::filesystem::exists(ANIMVIEW_EXE)) {
    why_not = std::string("the animview executable is not built: ") + ANIMVIEW_EXE;
    return false;
  }
  return true;
}

ViewerProcess::ViewerProcess(const std::filesystem::path& cwd, const std::vector<std::string>& args)
    : cwd_(cwd) {
  std::filesystem::create_directories(cwd_);
  // A viewer run before in the same folder left its output: until the child reopens these files,
  // wait_for_output would read that run's "first frame".
  std::filesystem::remove(cwd_ / "stdout.txt");
  std::filesystem::remove(cwd_ / "stderr.txt");
  pid_ = fork();
  if (pid_ == 0) {
    if (chdir(cwd_.c_str()) != 0) _exit(127);
    // Autosaves and crash-recovery copies stay in the test's folder (unless the test chose a
    // folder): a viewer another test killed must not greet this one with its recovery offer.
    setenv("ANIMVIEW_STATE_DIR", (cwd_ / "state").c_str(), 0);
    std::freopen("stdout.txt", "w", stdout);
    std::freopen("stderr.txt", "w", stderr);
    std::vector<char*> argv;
    std::string exe = ANIMVIEW_EXE;
    argv.push_back(exe.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(exe.c_str(), argv.data());
    _exit(127);
  }
}

ViewerProcess::~ViewerProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

bool ViewerProcess::wait_for_output(const std::string& text, std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (output().find(text) != std::string::npos) return true;
    int status = 0;
    if (pid_ > 0 && waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return output().find(text) != std::string::npos;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::string ViewerProcess::wait_for_window(std::chrono::seconds first_frame) {
  if (!wait_for_output("animview: first frame", first_frame)) return {};
  return find_window(std::chrono::seconds(20));
}

std::string ViewerProcess::find_window(std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    // The viewer may replace its first window (a software renderer gets one without MSAA), so a
    // listed window counts only while it still answers with a title ("animview", or
    // "project - animview" once a project is open).
    std::istringstream ids(
        run_and_read("xdotool search --pid " + std::to_string(pid_) + " 2>/dev/null"));
    std::string id;
    while (std::getline(ids, id)) {
      const std::string name = run_and_read("xdotool getwindowname " + id + " 2>/dev/null");
      if (name.ends_with("animview")) return id;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return {};
}

void ViewerProcess::send_keys(const std::string& window, const std::string& keys) {
  // Each key is held briefly, as a person taps it (shorter than X's auto-repeat delay).
  std::string command = "xdotool windowfocus --sync " + window + " 2>/dev/null; xdotool";
  std::istringstream combos(keys);
  std::string combo;
  while (combos >> combo) {
    command += " keydown " + combo + " sleep 0.15 keyup " + combo + " sleep 0.2";
  }
  run_and_read(command);
}

int ViewerProcess::wait_for_exit(std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end && pid_ > 0) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return -1;
}

std::string ViewerProcess::output() const {
  std::string text;
  test::read_file(cwd_ / "stdout.txt", text);
  return text;
}
std::string ViewerProcess::errors() const {
  std::string text;
  test::read_file(cwd_ / "stderr.txt", text);
  return text;
}

}  // namespace e2e
