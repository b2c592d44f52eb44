#pragma once
// The file-open dialog: an ImGui window listing a directory (folders first, then the files
// animview opens), with Up and Home buttons, a typed path, and double-click to open. The
// listing and path rules are plain functions, so they are tested without a window.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

namespace ui {

// The extensions animview opens, lower case with the dot.
inline constexpr std::string_view kOpenableExtensions[] = {".fbx", ".gltf", ".glb", ".bvh",
                                                           ".dae", ".x",    ".json"};

// Whether path has one of kOpenableExtensions, ignoring case ("Walk.FBX" opens).
bool is_openable_file(const std::filesystem::path& path);

struct DirectoryEntry {
  std::string name;  // the file name only
  bool is_directory = false;
  std::uintmax_t size_bytes = 0;  // 0 for directories
};

struct ListingOptions {
  bool show_all_files = false;  // otherwise only openable files (directories always show)
  bool show_hidden = false;     // names starting with '.'
};

// Lists directory into out: directories first, then files, each group sorted by name ignoring
// case; files filtered by options. Entries that vanish or cannot be inspected while listing are
// skipped. Returns an empty string on success, otherwise a message naming the directory and the
// cause (out is then empty).
std::string list_directory(const std::filesystem::path& directory, const ListingOptions& options,
                           std::vector<DirectoryEntry>& out);

// The user's home directory ($HOME), or the current directory when HOME is unset.
std::filesystem::path home_directory();

// What a path typed into the dialog names, resolved against the listed directory: "~" and
// "~/..." start at home_directory(); relative paths start at current_directory; the result is
// lexically normal.
struct TypedPath {
  enum class Kind { Directory, File, Missing } kind = Kind::Missing;
  std::filesystem::path path;
};
TypedPath resolve_typed_path(std::string_view typed,
                             const std::filesystem::path& current_directory);

// The dialog's state between frames.
struct FileBrowserState {
  bool open = false;
  std::string title = "Open file";  // the dialog's title: what the chosen file is for
  std::filesystem::path directory;  // the directory listed
  std::string typed_path;           // the path field
  ListingOptions options;
  std::vector<DirectoryEntry> entries;
  std::optional<std::size_t> selected;  // index into entries
  std::string error;                    // shown in red until the next navigation
  // Save As: a file that does not exist yet may be chosen (typed into the path field, which has
  // the keyboard focus when the dialog opens), and the button says Save.
  bool saving = false;
  bool focus_path = false;        // give the path field the keyboard focus on the next frame
  glm::vec2 path_field_at{0.0f};  // the path field's centre while open (for the state log)
};

// Opens the dialog on directory (the current directory when empty) and lists it. The viewer
// passes the directory listed last, so the dialog opens where the user left it.
void open_file_browser(FileBrowserState& state, const std::filesystem::path& directory = {});

// Opens the dialog to save a file: lists suggested's folder (the current directory when it has
// none), with suggested (made absolute) in the path field and the keyboard focus on it, so Enter
// saves there.
void open_save_browser(FileBrowserState& state, const std::filesystem::path& suggested);

// Lists another directory; on failure the dialog stays where it was and shows the error.
void navigate_to(FileBrowserState& state, const std::filesystem::path& directory);

// Draws the dialog while state.open. Returns the file to open when the user chooses one
// (double-click, Open with a file selected, or Enter on a typed file path) and closes the
// dialog; Cancel, Escape or the close button close it with nothing chosen. Arrow keys are left
// alone: they belong to the timeline.
std::optional<std::filesystem::path> draw_file_browser(FileBrowserState& state);

}  // namespace ui
