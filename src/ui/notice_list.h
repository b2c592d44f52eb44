#pragma once
// Warnings, kept apart from errors: things worth knowing that do not stop the work (a clip that
// animates joints the character lacks, a material feature that is ignored). They never open a
// window on their own: the status bar shows their count, and a click lists them, one line per
// kind of warning, each line expandable to the warnings of that kind.

#include <cstddef>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ui {

// The warnings of one kind about one file, in the order they came.
struct NoticeGroup {
  std::string file;                // the file they name first (notice_file); empty for none
  std::string kind;                // the message with its names and numbers left out
  std::vector<std::string> texts;  // each warning in full
};

// The file a warning is about when it begins with one ("<path>: <message>", as loads word
// them): the text before its first ": " when that ends in a file extension; empty otherwise.
std::string_view notice_file(std::string_view text);

// The warning without the file it begins with: what the list shows first.
std::string_view notice_message(std::string_view text);

// What kind a warning is: its text with quoted names ('...'), parenthesised lists and numbers
// replaced by "...", so "clip 'walk' animates joints the character lacks (Rig_Medium)" and the
// same warning about 'run' are one kind.
std::string notice_kind(std::string_view text);

class NoticeList {
 public:
  // Adds a warning to the group of its file and kind; a warning already listed is not listed
  // twice (a reload repeats the same warnings).
  void add(std::string text);
  void clear() { groups_.clear(); }

  const std::vector<NoticeGroup>& groups() const { return groups_; }
  // Warnings listed, over every group.
  std::size_t count() const;
  bool empty() const { return groups_.empty(); }

 private:
  std::vector<NoticeGroup> groups_;
};

// Warnings for a terminal, grouped by kind as the window lists them, one line per kind:
// "<prefix>: warning: <the kind's first warning> (and N more like it)". For the command-line
// tools and the headless viewer, which would otherwise print a rig's dozen clips' identical
// warnings in full.
void print_notices(std::span<const std::string> warnings, const char* prefix, std::FILE* out);

// Whether the list is open; the user toggles it from the status bar.
struct NoticeListState {
  bool open = false;
};

// The status bar's notice count: a small button ("3 warnings") on the current line, drawn only
// while there are notices. Clicking it opens or closes the list.
void draw_notice_button(const NoticeList& notices, NoticeListState& state);

// The list, while open: a resizable window whose bottom-left corner is at (x, bottom_y) (just
// above the status bar), with a Clear button and a section per file (its name, the full path on
// hover), in which each kind of warning is a line, message first and wrapped, with its count and
// expandable to every warning of that kind. Returns whether it was drawn.
bool draw_notice_list(NoticeList& notices, NoticeListState& state, float x, float bottom_y);

}  // namespace ui
