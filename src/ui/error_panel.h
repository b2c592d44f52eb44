#pragma once
// Errors the user must see: each names the file and the cause, and stays listed until the user
// dismisses it (a load error must not flash by in one frame).

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace ui {

struct ErrorReport {
  std::string file;   // the file (or argument) the error is about; may be empty
  std::string cause;  // what went wrong, in words
  int count = 1;      // how many times this same error happened while listed
};

// The errors not yet dismissed, oldest first.
class ErrorLog {
 public:
  // Lists an error. A cause that begins with its file ("<file>: ...", as the importer's messages
  // do) loses that prefix, so the file is not named twice. The same file and cause as an entry
  // still listed raise that entry's count instead, so a file that fails on every reload does not
  // flood the panel.
  void add(std::string file, std::string cause);

  // Removes the entry at index; an index past the end is ignored.
  void dismiss(std::size_t index);
  void clear() { entries_.clear(); }

  const std::vector<ErrorReport>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }

 private:
  std::vector<ErrorReport> entries_;
};

// The errors for a terminal, one line each: "<prefix>: <file>: <cause>".
void print_errors(const ErrorLog& log, const char* prefix, std::FILE* out);

// Draws the error panel while log has entries: each error with its file, its cause and a
// Dismiss button, and Dismiss all. It first appears centred on top_centre_x with its top at
// top_y (below the viewport's stats overlay, which would otherwise cover its right side).
void draw_error_panel(ErrorLog& log, float top_centre_x, float top_y);

}  // namespace ui
