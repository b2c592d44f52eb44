#include "app/audit_contact_sheets.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Runs program with args, its output to log; the exit code, or -1 when it could not start, was
// killed, or ran past timeout_s (then it is killed).
int run_program(const std::vector<std::string>& args, const fs::path& log, int timeout_s) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The last line the program wrote: its cause when it failed.
std::string last_line(const fs::path& log) {
  std::string text = read_bytes(log);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::size_t newline = text.find_last_of('\n');
  return newline == std::string::npos ? text : text.substr(newline + 1);
}

std::vector<std::string> sheet_args(const ContactSheetRequest& request, const json& file,
                                    const fs::path& out) {
  std::vector<std::string> args{request.program,
                                "contact-sheet",
                                file.value("file", std::string()),
                                "--out",
                                out.string(),
                                "--frames",
                                std::to_string(request.frames),
                                "--width",
                                std::to_string(request.width),
                                "--height",
                                std::to_string(request.height),
                                "--jpeg",
                                std::to_string(request.jpeg_quality)};
  int clip = 0;
  for (const json& c : file.value("clips", json::array())) {
    int drawn = 0;
    for (const json& f : c.value("findings", json::array())) {
      const int frame = f.is_object() ? f.value("frame", -1) : -1;
      if (frame < 0 || drawn++ >= request.max_finding_frames) continue;
      args.push_back("--at");
      args.push_back(std::to_string(clip) + ":" + std::to_string(frame));
    }
    ++clip;
  }
  return args;
}

// The pictures in folder, by clip and frame (c<CLIP>_f<FRAME>.jpg).
std::map<int, std::map<int, std::string>> read_pictures(const fs::path& folder) {
  std::map<int, std::map<int, std::string>> out;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    int clip = 0, frame = 0;
    char rest = 0;
    const std::string name = entry.path().filename().string();
    if (std::sscanf(name.c_str(), "c%d_f%d.jp%c", &clip, &frame, &rest) == 3) {
      out[clip][frame] = data_uri("image/jpeg", read_bytes(entry.path()));
    }
  }
  return out;
}

}  // namespace

std::string data_uri(const std::string& type, const std::string& bytes) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out = "data:" + type + ";base64,";
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    }
    for (std::size_t k = 0; k < 4; ++k) {
      out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 63] : '=';
    }
  }
  return out;
}

ContactSheetPictures render_contact_sheets(const json& report, const ContactSheetRequest& request,
                                           std::string& warning) {
  const json listed = report.value("files", json::array());  // files points into it
  std::vector<const json*> files;
  for (const json& file : listed) {
    if (file.is_object() && !file.contains("error") &&
        !file.value("clips", json::array()).empty()) {
      files.push_back(&file);
    }
  }
  ContactSheetPictures sheets;
  std::error_code ec;  // only the main thread's
  const fs::path scratch =
      fs::temp_directory_path(ec) / ("animview-sheets-" + std::to_string(getpid()));
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  int failed = 0;
  const auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) {
      const fs::path out = scratch / std::to_string(i);
      std::error_code created;
      fs::create_directories(out, created);
      const fs::path log = scratch / (std::to_string(i) + ".log");
      const int code = run_program(sheet_args(request, *files[i], out), log, request.timeout_s);
      std::map<int, std::map<int, std::string>> pictures = read_pictures(out);
      const std::lock_guard<std::mutex> lock(mutex);
      if (code != 0) {
        if (failed++ == 0) {
          warning =
              files[i]->value("file", std::string()) + ": " +
              (code < 0 ? std::string("the renderer crashed or took too long") : last_line(log));
        }
      }
      if (!pictures.empty()) sheets[files[i]->value("file", std::string())] = std::move(pictures);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < request.jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  fs::remove_all(scratch, ec);
  if (failed > 1) warning += " (and " + std::to_string(failed - 1) + " more files)";
  return sheets;
}

}  // namespace app
