#include "import/import_isolation.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>

namespace importer {
namespace {

// RLIMIT_DATA cannot bound a sanitized child: ASan's shadow memory is a writable private
// mapping of terabytes, which Linux counts as data. The parent's watch on the resident size
// bounds it instead.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// The child's exit code when operator new fails (RLIMIT_DATA reached).
constexpr int kOutOfMemoryExit = 86;

// Messages on the pipe: a tag byte, then a float for progress or a 64-bit length and the bytes
// for the result.
constexpr char kProgressTag = 'P';
constexpr char kResultTag = 'R';

bool write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// Pages of the process's data segment and stack (field 6 of /proc/PID/statm) or its resident
// set (field 2); -1 when unreadable.
long statm_pages(pid_t pid, int field) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/statm", static_cast<int>(pid));
  std::FILE* file = std::fopen(path, "r");
  if (file == nullptr) return -1;
  long values[7] = {-1, -1, -1, -1, -1, -1, -1};
  const int read = std::fscanf(file, "%ld %ld %ld %ld %ld %ld %ld", &values[0], &values[1],
                               &values[2], &values[3], &values[4], &values[5], &values[6]);
  std::fclose(file);
  return read == 7 ? values[field - 1] : -1;
}

// The CPU time a process has used (user + system), in clock ticks; -1 when it cannot be read.
long cpu_ticks(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  std::FILE* file = std::fopen(path, "r");
  if (file == nullptr) return -1;
  char line[1024];
  const bool read = std::fgets(line, sizeof line, file) != nullptr;
  std::fclose(file);
  // The name in parentheses may hold spaces: the fields are counted after its closing one, where
  // utime and stime are the 12th and 13th (fields 14 and 15 of proc(5)).
  const char* after_name = read ? std::strrchr(line, ')') : nullptr;
  unsigned long user = 0, system = 0;
  if (after_name == nullptr ||
      std::sscanf(after_name + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user,
                  &system) != 2) {
    return -1;
  }
  return static_cast<long>(user + system);
}

struct ChildThread {
  const ChildJob* job;
  int fd;
  std::string result;
};

void* run_job(void* arg) {
  ChildThread& thread = *static_cast<ChildThread*>(arg);
  float sent = -1.0f;
  const ChildProgress progress = [&](float fraction) {
    // A few hundred messages at most: the parent redraws a progress bar, not a plot.
    if (fraction >= sent + 0.005f || (fraction >= 1.0f && sent < 1.0f)) {
      sent = fraction;
      char message[1 + sizeof(float)];
      message[0] = kProgressTag;
      std::memcpy(message + 1, &fraction, sizeof(float));
      write_all(thread.fd, message, sizeof message);
    }
    return true;
  };
  thread.result = (*thread.job)(progress);
  return nullptr;
}

[[noreturn]] void child_main(int fd, const ImportLimits& limits, const ChildJob& job) {
  // Other descriptors (the viewer's X connection, other imports' pipes) are not the child's.
  if (fd > 3) close_range(3, static_cast<unsigned>(fd) - 1, 0);
  close_range(static_cast<unsigned>(fd) + 1, ~0u, 0);
  // Default actions, so a crash ends the child with its signal for the parent to name (a
  // sanitizer's handler would exit with a code instead).
  for (const int sig : {SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) signal(sig, SIG_DFL);
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  const rlim_t cpu = static_cast<rlim_t>(limits.cpu_seconds < 1 ? 1 : limits.cpu_seconds);
  const rlimit cpu_limit{cpu, cpu + 1};  // SIGXCPU, then SIGKILL a second later
  setrlimit(RLIMIT_CPU, &cpu_limit);
  if (!kAddressSanitizer) {
    // The limit counts what the import adds to what the fork inherited.
    const long pages = statm_pages(getpid(), 6);
    if (pages > 0) {
      const rlim_t data = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) +
                          static_cast<rlim_t>(effective_memory_limit(limits));
      const rlimit data_limit{data, data};
      setrlimit(RLIMIT_DATA, &data_limit);
    }
  }
  std::set_new_handler([] { _exit(kOutOfMemoryExit); });

  ChildThread thread{&job, fd, {}};
  pthread_attr_t attributes;
  pthread_t id;
  bool started = pthread_attr_init(&attributes) == 0 &&
                 pthread_attr_setstacksize(&attributes, limits.stack_bytes) == 0 &&
                 pthread_create(&id, &attributes, run_job, &thread) == 0;
  if (started) {
    pthread_join(id, nullptr);
  } else {
    run_job(&thread);  // with the caller's stack rather than not at all
  }
  const std::uint64_t size = thread.result.size();
  const bool sent = write_all(fd, &kResultTag, 1) && write_all(fd, &size, sizeof size) &&
                    write_all(fd, thread.result.data(), thread.result.size());
  _exit(sent ? 0 : 1);
}

std::string signal_name(int sig) {
  const char* abbreviation = sigabbrev_np(sig);
  return abbreviation != nullptr ? std::string("SIG") + abbreviation
                                 : "signal " + std::to_string(sig);
}

std::string mib(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

// Reads what the child wrote: progress messages and, once complete, the result.
class MessageReader {
 public:
  // Appends bytes and reports each whole progress message; true once the result is complete.
  template <typename OnProgress>
  bool add(const char* data, std::size_t size, OnProgress&& on_progress) {
    buffer_.append(data, size);
    while (!buffer_.empty() && !complete_) {
      if (buffer_[0] == kProgressTag) {
        if (buffer_.size() < 1 + sizeof(float)) break;
        float fraction;
        std::memcpy(&fraction, buffer_.data() + 1, sizeof fraction);
        buffer_.erase(0, 1 + sizeof(float));
        on_progress(fraction);
      } else if (buffer_[0] == kResultTag) {
        std::uint64_t length;
        if (buffer_.size() < 1 + sizeof length) break;
        std::memcpy(&length, buffer_.data() + 1, sizeof length);
        if (buffer_.size() - 1 - sizeof length < length) break;
        result_ = buffer_.substr(1 + sizeof length, length);
        complete_ = true;
      } else {
        broken_ = true;
        break;
      }
    }
    return complete_;
  }
  bool complete() const { return complete_; }
  bool broken() const { return broken_; }
  std::string& result() { return result_; }

 private:
  std::string buffer_;
  std::string result_;
  bool complete_ = false;
  bool broken_ = false;
};

// The child started on a pipe it writes its messages to (non-blocking on this side); the cause
// when it could not start.
struct StartedChild {
  pid_t pid = -1;
  int fd = -1;
  std::string cause;
};

StartedChild start_child(const ImportLimits& limits, const ChildJob& job) {
  StartedChild started;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    started.cause = std::string("could not start (pipe: ") + std::strerror(errno) + ")";
    return started;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    started.cause = std::string("could not start (fork: ") + std::strerror(errno) + ")";
    close(fds[0]);
    close(fds[1]);
    return started;
  }
  if (pid == 0) {
    close(fds[0]);
    child_main(fds[1], limits, job);
  }
  close(fds[1]);
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  started.pid = pid;
  started.fd = fds[0];
  return started;
}

// What watching the child saw: its exit status and usage once reaped, or why the parent ended it.
struct ChildWatch {
  int status = 0;
  rusage usage{};
  bool reaped = false;
  std::string killed_because;  // set when the parent ends the child itself
  ChildEnd killed_end = ChildEnd::kCrashed;
};

// Reads the child's messages into reader until its result, the pipe's end or its exit, reporting
// progress (at least every 100 ms) and killing it on cancel, the waiting limit or the memory
// limit. Reaps it. The waiting limit counts wall time only while the child uses no CPU: on a
// busy machine a working child gets a fraction of a core, and the CPU limit is the one that
// should speak; this one only catches a child that waits forever.
ChildWatch watch_child(const StartedChild& child, const ImportLimits& limits,
                       const ChildProgress& progress, MessageReader& reader) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const int cpu_seconds = limits.cpu_seconds < 1 ? 1 : limits.cpu_seconds;
  const auto wait_limit = std::chrono::seconds(2 * cpu_seconds + 10);
  long last_cpu_ticks = cpu_ticks(child.pid);
  auto last_cpu_use = start;
  const std::uint64_t memory_limit = effective_memory_limit(limits);
  const long page_size = sysconf(_SC_PAGESIZE);
  const long baseline_pages = statm_pages(child.pid, 2);
  auto last_progress_call = start;
  float last_fraction = 0.0f;
  bool cancelled = false;
  const auto report = [&](float fraction) {
    last_fraction = fraction;
    last_progress_call = Clock::now();
    if (progress && !progress(fraction)) cancelled = true;
  };
  // Everything the pipe holds now; true at its end.
  char chunk[1 << 16];
  const auto drain = [&] {
    ssize_t n;
    while ((n = read(child.fd, chunk, sizeof chunk)) > 0) {
      reader.add(chunk, static_cast<std::size_t>(n), report);
    }
    return n == 0;
  };
  ChildWatch watch;
  while (true) {
    pollfd p{child.fd, POLLIN, 0};
    poll(&p, 1, 10);
    const bool eof = drain();
    if (reader.complete() || eof || reader.broken()) break;
    if (wait4(child.pid, &watch.status, WNOHANG, &watch.usage) == child.pid) {
      watch.reaped = true;
      drain();  // whatever it wrote before it ended is still in the pipe
      break;
    }
    const auto now = Clock::now();
    if (!cancelled && now - last_progress_call > std::chrono::milliseconds(100)) {
      report(last_fraction);
    }
    if (const long ticks = cpu_ticks(child.pid); ticks != last_cpu_ticks) {
      last_cpu_ticks = ticks;
      last_cpu_use = now;
    }
    if (cancelled) {
      watch.killed_end = ChildEnd::kCancelled;
      watch.killed_because = "was cancelled";
    } else if (now - last_cpu_use > wait_limit) {
      watch.killed_end = ChildEnd::kTimedOut;
      watch.killed_because =
          "waited more than " + std::to_string(wait_limit.count()) + " s without using the CPU";
    } else if (const long pages = statm_pages(child.pid, 2);
               baseline_pages > 0 && pages > baseline_pages &&
               static_cast<std::uint64_t>(pages - baseline_pages) *
                       static_cast<std::uint64_t>(page_size) >
                   memory_limit) {
      watch.killed_end = ChildEnd::kOutOfMemory;
      watch.killed_because = "ran out of memory (limit " + mib(memory_limit) + ")";
    }
    if (!watch.killed_because.empty()) {
      kill(child.pid, SIGKILL);
      break;
    }
  }
  // The child's last progress messages and its result can arrive in one read: a cancel answered
  // to those messages still counts, since the caller asked to stop.
  if (cancelled && watch.killed_because.empty()) {
    watch.killed_end = ChildEnd::kCancelled;
    watch.killed_because = "was cancelled";
  }
  if (!watch.reaped) {
    while (wait4(child.pid, &watch.status, 0, &watch.usage) < 0 && errno == EINTR) {
    }
  }
  return watch;
}

// How the child ended, from what the watch saw and the result it sent.
ChildOutcome judge_child(const ChildWatch& watch, const ImportLimits& limits,
                         MessageReader& reader) {
  const int status = watch.status;
  const int cpu_seconds = limits.cpu_seconds < 1 ? 1 : limits.cpu_seconds;
  const rusage& usage = watch.usage;
  const double cpu_used =
      static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
      1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  ChildOutcome outcome;
  if (!watch.killed_because.empty()) {
    outcome.end = watch.killed_end;
    outcome.cause = watch.killed_because;
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && reader.complete()) {
    outcome.end = ChildEnd::kFinished;
    outcome.payload = std::move(reader.result());
  } else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU ||
                                     (WTERMSIG(status) == SIGKILL && cpu_used >= cpu_seconds))) {
    outcome.end = ChildEnd::kTimedOut;
    outcome.cause = "took more than " + std::to_string(cpu_seconds) + " s of CPU time";
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemoryExit) {
    outcome.end = ChildEnd::kOutOfMemory;
    outcome.cause = "ran out of memory (limit " + mib(effective_memory_limit(limits)) + ")";
  } else if (WIFSIGNALED(status)) {
    outcome.end = ChildEnd::kCrashed;
    outcome.cause = "crashed (" + signal_name(WTERMSIG(status)) + ")";
  } else {
    outcome.end = ChildEnd::kCrashed;
    outcome.cause = "stopped without a result (exit code " +
                    std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  }
  return outcome;
}

}  // namespace

ChildOutcome run_in_child(const ImportLimits& limits, const ChildJob& job,
                          const ChildProgress& progress) {
  const StartedChild child = start_child(limits, job);
  if (child.pid < 0) {
    ChildOutcome outcome;
    outcome.cause = child.cause;
    return outcome;
  }
  MessageReader reader;
  const ChildWatch watch = watch_child(child, limits, progress, reader);
  close(child.fd);
  return judge_child(watch, limits, reader);
}

}  // namespace importer
