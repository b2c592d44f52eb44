#pragma once
// JobResult: what every animation job returns, so a caller learns which argument was wrong
// without exceptions or allocation on the per-frame path.

namespace anim {

// Success, or a static message naming the argument that failed validation. A failed job has
// written nothing to its outputs. Converts to true on success, so `if (!job(...))` reads well.
// [[nodiscard]]: a result dropped on the floor is a compile error, so failures reach the caller
// (the frame passes them up to the error panel and the command line's exit code).
struct [[nodiscard]] JobResult {
  const char* error = nullptr;  // static storage; nullptr on success

  static JobResult ok() { return {}; }
  static JobResult fail(const char* message) { return {message}; }
  explicit operator bool() const { return error == nullptr; }
};

}  // namespace anim
