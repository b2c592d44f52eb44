#pragma once
// Recent files: the files the user opened last, most recent first, kept between sessions in
// the user's config directory (recent.json).

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace app {

// animview's config directory: $XDG_CONFIG_HOME/animview when XDG_CONFIG_HOME is set to an
// absolute path, else $HOME/.config/animview. Empty when neither variable helps (no HOME).
std::filesystem::path default_config_dir();

// The list itself. The config directory is passed in so tests use a temporary one.
class RecentFiles {
 public:
  static constexpr std::size_t kDefaultCapacity = 10;

  // The list stored as config_dir / "recent.json", holding at most capacity paths (at least 1).
  explicit RecentFiles(std::filesystem::path config_dir, std::size_t capacity = kDefaultCapacity);

  // Replaces the list with the file's contents. A missing file is an empty list, not an error.
  // Returns an empty string on success, otherwise a message naming the file and the cause (the
  // list is then left empty). Entries that are not strings or are empty are skipped; duplicates
  // and entries beyond the capacity are dropped.
  std::string load();

  // Writes the list, creating the config directory if needed. The previous file survives a
  // failed save: the list goes to a temporary file in the same directory that is then renamed
  // over it. Returns an empty string on success, otherwise a message naming the file and cause.
  std::string save() const;

  // Puts path first, as an absolute, lexically normal path. An existing entry for the same path
  // moves to the front instead of appearing twice; the oldest entry beyond the capacity drops.
  void add(const std::filesystem::path& path);

  // Removes path (e.g. a file that no longer opens). Returns whether it was listed.
  bool remove(const std::filesystem::path& path);

  void clear() { paths_.clear(); }

  // The paths, most recent first.
  const std::vector<std::string>& paths() const { return paths_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  std::size_t capacity_;
  std::vector<std::string> paths_;
};

}  // namespace app
