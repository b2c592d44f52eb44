#pragma once
// Runs a job in a child process under ImportLimits and brings its result back over a pipe, so a
// reader that crashes, aborts, runs out of memory or never ends costs an error message instead
// of the program (and the user's unsaved project).
//
// The child is a fork of the caller without exec: it starts with the caller's memory (the job's
// inputs need no serializing) and only the calling thread. It closes every inherited file
// descriptor but its pipe, runs the job on a thread with the limit's stack, and leaves with
// _exit, so none of the parent's exit handlers or buffered output run twice.

#include <functional>
#include <string>

#include "import/import_limits.h"

namespace importer {

// Fraction done in [0, 1]; returning false cancels. Same contract as importer::ProgressCallback.
using ChildProgress = std::function<bool(float fraction)>;

// What the job runs in the child: it reports progress through the callback it gets (which
// returns true: a cancel reaches the child as SIGKILL) and returns its result as bytes.
using ChildJob = std::function<std::string(const ChildProgress& progress)>;

enum class ChildEnd {
  kFinished,     // the job returned; payload holds its bytes
  kCancelled,    // progress returned false; the child was killed
  kCrashed,      // killed by a signal (SIGSEGV, SIGABRT, ...) or exited without a result
  kOutOfMemory,  // grew past the memory limit
  kTimedOut,     // used up its CPU time, or twice that in wall time
  kNotStarted,   // fork or pipe failed
};

struct ChildOutcome {
  ChildEnd end = ChildEnd::kNotStarted;
  std::string payload;
  // What happened, to follow "the FBX importer ": "crashed (SIGSEGV)", "ran out of memory
  // (limit 4096 MiB)", "took more than 60 s of CPU time", ... Empty when finished.
  std::string cause;
};

// Runs job in a child process within limits; progress (may be empty) is called on this thread
// with the child's progress, and now and then while the child is quiet, so a cancel is seen
// within about 0.1 s. Blocks until the child has ended and been reaped. Thread-safe.
ChildOutcome run_in_child(const ImportLimits& limits, const ChildJob& job,
                          const ChildProgress& progress);

}  // namespace importer
