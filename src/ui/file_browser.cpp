#include "ui/file_browser.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <system_error>
#include <utility>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/item_center.h"

namespace ui {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// Directories first, then names ignoring case; the exact name breaks ties so the order is total.
bool listed_before(const DirectoryEntry& a, const DirectoryEntry& b) {
  if (a.is_directory != b.is_directory) return a.is_directory;
  const std::string la = lower(a.name), lb = lower(b.name);
  return la != lb ? la < lb : a.name < b.name;
}

std::string_view trim(std::string_view text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::string human_size(std::uintmax_t bytes) {
  char text[32];
  if (bytes < 1024) {
    std::snprintf(text, sizeof text, "%ju B", bytes);
  } else if (bytes < 1024 * 1024) {
    std::snprintf(text, sizeof text, "%.1f KiB", static_cast<double>(bytes) / 1024.0);
  } else {
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  }
  return text;
}

// Acts on a typed path: enters a directory, returns a file, or reports a missing path.
std::optional<fs::path> follow_typed_path(FileBrowserState& state) {
  const TypedPath typed = resolve_typed_path(state.typed_path, state.directory);
  switch (typed.kind) {
    case TypedPath::Kind::Directory:
      navigate_to(state, typed.path);
      return std::nullopt;
    case TypedPath::Kind::File:
      return typed.path;
    case TypedPath::Kind::Missing:
      if (state.saving && typed.path.has_filename() && fs::is_directory(typed.path.parent_path())) {
        return typed.path;
      }
      state.error = typed.path.string() + ": no such file or directory";
      return std::nullopt;
  }
  return std::nullopt;
}

// Acts on an entry of the listing: enters a directory or returns a file.
std::optional<fs::path> activate(FileBrowserState& state, const DirectoryEntry& entry) {
  const fs::path path = state.directory / entry.name;
  if (entry.is_directory) {
    navigate_to(state, path);
    return std::nullopt;
  }
  return path;
}

}  // namespace

bool is_openable_file(const fs::path& path) {
  const std::string extension = lower(path.extension().string());
  return std::find(std::begin(kOpenableExtensions), std::end(kOpenableExtensions), extension) !=
         std::end(kOpenableExtensions);
}

std::string list_directory(const fs::path& directory, const ListingOptions& options,
                           std::vector<DirectoryEntry>& out) {
  out.clear();
  std::error_code ec;
  fs::directory_iterator it(directory, fs::directory_options::skip_permission_denied, ec);
  if (ec) return directory.string() + ": " + ec.message();
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) {
      out.clear();
      return directory.string() + ": " + ec.message();
    }
    DirectoryEntry entry;
    entry.name = it->path().filename().string();
    if (!options.show_hidden && entry.name.starts_with('.')) continue;
    std::error_code entry_ec;
    entry.is_directory = it->is_directory(entry_ec);  // follows links, so a linked folder opens
    if (entry_ec) continue;
    if (!entry.is_directory) {
      if (!options.show_all_files && !is_openable_file(it->path())) continue;
      entry.size_bytes = it->file_size(entry_ec);
      if (entry_ec) entry.size_bytes = 0;
    }
    out.push_back(std::move(entry));
  }
  std::sort(out.begin(), out.end(), listed_before);
  return {};
}

fs::path home_directory() {
  if (const char* home = std::getenv("HOME"); home && *home) return home;
  std::error_code ec;
  return fs::current_path(ec);
}

TypedPath resolve_typed_path(std::string_view typed, const fs::path& current_directory) {
  std::string_view text = trim(typed);
  fs::path path;
  if (text == "~" || text.starts_with("~/")) {
    text.remove_prefix(std::min<std::size_t>(2, text.size()));
    path = home_directory() / fs::path(text);
  } else {
    path = current_directory / fs::path(text);  // an absolute typed path replaces the base
  }
  TypedPath result;
  result.path = path.lexically_normal();
  // "dir/" normalizes to "dir/" with an empty file name; drop it so the path reads cleanly.
  if (!result.path.has_filename() && result.path.has_relative_path()) {
    result.path = result.path.parent_path();
  }
  std::error_code ec;
  const fs::file_status status = fs::status(result.path, ec);
  if (fs::is_directory(status)) {
    result.kind = TypedPath::Kind::Directory;
  } else if (fs::exists(status)) {
    result.kind = TypedPath::Kind::File;
  }
  return result;
}

void open_file_browser(FileBrowserState& state, const fs::path& directory) {
  state.open = true;
  state.saving = false;
  state.focus_path = false;
  std::error_code ec;
  const fs::path start = directory.empty() ? fs::current_path(ec) : directory;
  state.directory.clear();
  state.entries.clear();
  state.selected.reset();
  navigate_to(state, start);
  if (state.directory.empty()) {  // could not list it: show where it was, with the error
    state.directory = start;
    state.typed_path = start.string();
  }
}

void open_save_browser(FileBrowserState& state, const fs::path& suggested) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(suggested, ec).lexically_normal();
  open_file_browser(state, absolute.parent_path());
  state.saving = true;
  state.focus_path = true;
  state.typed_path = absolute.string();
}

void navigate_to(FileBrowserState& state, const fs::path& directory) {
  std::vector<DirectoryEntry> entries;
  const fs::path target = directory.lexically_normal();
  if (std::string error = list_directory(target, state.options, entries); !error.empty()) {
    state.error = std::move(error);
    return;
  }
  // Saving keeps the file name typed while the user walks to another folder.
  const fs::path file_name = state.saving ? fs::path(state.typed_path).filename() : fs::path();
  state.directory = target;
  state.typed_path = file_name.empty() ? target.string() : (target / file_name).string();
  state.entries = std::move(entries);
  state.selected.reset();
  state.error.clear();
}

namespace {

// The listing's entries: a click selects one (and, when saving, types its name), a double-click
// or Enter (enter_on_entry) opens a folder or chooses a file (into chosen).
void draw_entries(FileBrowserState& state, bool enter_on_entry, std::optional<fs::path>& chosen) {
  // A double-click may change the listing: act on it after the loop.
  std::optional<std::size_t> activated;
  for (std::size_t i = 0; i < state.entries.size(); ++i) {
    const DirectoryEntry& entry = state.entries[i];
    ImGui::PushID(static_cast<int>(i));
    const std::string label = entry.is_directory ? entry.name + "/" : entry.name;
    if (ImGui::Selectable(label.c_str(), state.selected == i,
                          ImGuiSelectableFlags_AllowDoubleClick)) {
      state.selected = i;
      if (state.saving && !entry.is_directory) {
        state.typed_path = (state.directory / entry.name).string();
      }
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = i;
    }
    if (!entry.is_directory) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - 90.0f);
      ImGui::TextDisabled("%s", human_size(entry.size_bytes).c_str());
    }
    ImGui::PopID();
  }
  if (state.entries.empty()) ImGui::TextDisabled("(no folders or animation files here)");
  if (!activated && enter_on_entry && state.selected && *state.selected < state.entries.size())
    activated = state.selected;
  if (activated) chosen = activate(state, state.entries[*activated]);
}

// Below the listing: the options row, the error row when there is one, and Open (or Save), which
// chooses the typed path or the selected entry (into chosen).
void draw_footer(FileBrowserState& state, std::optional<fs::path>& chosen) {
  bool refresh = ImGui::Checkbox("All files", &state.options.show_all_files);
  ImGui::SameLine();
  refresh |= ImGui::Checkbox("Hidden", &state.options.show_hidden);
  if (refresh) navigate_to(state, state.directory);
  ImGui::SameLine();
  ImGui::TextDisabled(
      "%s", state.options.show_all_files ? "*" : "*.fbx *.gltf *.glb *.bvh *.dae *.x *.json");
  if (!state.error.empty())
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", state.error.c_str());

  if (ImGui::Button(state.saving ? "Save" : "Open")) {
    if (state.saving) {
      chosen = follow_typed_path(state);
    } else if (state.selected && *state.selected < state.entries.size()) {
      chosen = activate(state, state.entries[*state.selected]);
    } else {
      chosen = follow_typed_path(state);
    }
  }
}

}  // namespace

std::optional<fs::path> draw_file_browser(FileBrowserState& state) {
  state.path_field_at = glm::vec2(0.0f);
  if (!state.open) return std::nullopt;
  std::optional<fs::path> chosen;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(640.0f, 440.0f), ImGuiCond_Appearing);
  // One window whatever its title ("###"), so it keeps its place when the title changes.
  const std::string window = state.title + "###file browser";
  if (!ImGui::Begin(window.c_str(), &state.open, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return std::nullopt;
  }

  if (ImGui::Button("Up")) navigate_to(state, state.directory.parent_path());
  ImGui::SameLine();
  if (ImGui::Button("Home")) navigate_to(state, home_directory());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (std::exchange(state.focus_path, false)) ImGui::SetKeyboardFocusHere();
  // A click into the field selects the whole path, so what is typed replaces it (typing after
  // the listed folder's path made "/home/me/animswalk.fbx").
  const bool path_entered =
      ImGui::InputText("##path", &state.typed_path,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (path_entered) chosen = follow_typed_path(state);
  state.path_field_at = last_item_center();
  // Enter outside the field acts on the selected entry, as a double-click does; Escape, in the
  // field or not, cancels.
  const bool focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
  const bool enter_on_entry = !path_entered && focused && !ImGui::IsAnyItemActive() &&
                              ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  const bool escape = focused && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);

  // Below the listing: the options row, the error row when there is one, and the buttons.
  const float footer = ImGui::GetFrameHeightWithSpacing() * (state.error.empty() ? 2.0f : 3.0f);
  if (ImGui::BeginChild("##entries", ImVec2(0.0f, -footer), true)) {
    draw_entries(state, enter_on_entry, chosen);
  }
  ImGui::EndChild();

  draw_footer(state, chosen);
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || escape) state.open = false;
  ImGui::End();

  if (chosen) state.open = false;
  return chosen;
}

}  // namespace ui
