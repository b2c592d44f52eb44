#include "ui/notice_list.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

namespace ui {
namespace {

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

std::string notice_kind(std::string_view text) {
  std::string kind;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const char close = c == '\'' ? '\'' : c == '(' ? ')' : '\0';
    if (close != '\0') {
      const std::size_t end = text.find(close, i + 1);
      if (end != std::string_view::npos) {
        kind += c;
        kind += "...";
        kind += close;
        i = end + 1;
        continue;
      }
    }
    // A number (not a digit inside a word such as "mp3") becomes "N".
    if (is_digit(c) && (i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1])))) {
      while (i < text.size() && (is_digit(text[i]) || text[i] == '.')) ++i;
      kind += 'N';
      continue;
    }
    kind += c;
    ++i;
  }
  return kind;
}

std::string_view notice_file(std::string_view text) {
  const std::size_t end = text.find(": ");
  if (end == std::string_view::npos) return {};
  const std::string_view prefix = text.substr(0, end);
  const std::size_t dot = prefix.rfind('.');
  if (dot == std::string_view::npos || dot + 1 == prefix.size() || prefix.size() - dot > 6)
    return {};
  // An extension is letters and digits with at least one letter ("glb", "mp4"; not "2.0").
  const std::string_view extension = prefix.substr(dot + 1);
  const auto is = [](int (*test)(int)) {
    return [test](char c) { return test(static_cast<unsigned char>(c)) != 0; };
  };
  if (!std::all_of(extension.begin(), extension.end(), is(std::isalnum)) ||
      std::none_of(extension.begin(), extension.end(), is(std::isalpha))) {
    return {};
  }
  return prefix;
}

std::string_view notice_message(std::string_view text) {
  const std::string_view file = notice_file(text);
  return file.empty() ? text : text.substr(file.size() + 2);
}

void NoticeList::add(std::string text) {
  std::string file(notice_file(text));
  std::string kind = notice_kind(notice_message(text));
  auto group = std::find_if(groups_.begin(), groups_.end(),
                            [&](const NoticeGroup& g) { return g.file == file && g.kind == kind; });
  if (group == groups_.end()) {
    groups_.push_back({std::move(file), std::move(kind), {std::move(text)}});
    return;
  }
  if (std::find(group->texts.begin(), group->texts.end(), text) == group->texts.end())
    group->texts.push_back(std::move(text));
}

void print_notices(std::span<const std::string> warnings, const char* prefix, std::FILE* out) {
  NoticeList notices;
  for (const std::string& w : warnings) notices.add(w);
  for (const NoticeGroup& group : notices.groups()) {
    std::fprintf(out, "%s: warning: %s", prefix, group.texts.front().c_str());
    if (group.texts.size() > 1)
      std::fprintf(out, " (and %zu more like it)", group.texts.size() - 1);
    std::fputc('\n', out);
  }
}

std::size_t NoticeList::count() const {
  std::size_t n = 0;
  for (const NoticeGroup& g : groups_) n += g.texts.size();
  return n;
}

void draw_notice_button(const NoticeList& notices, NoticeListState& state) {
  if (notices.empty()) return;
  const std::size_t n = notices.count();
  char label[48];
  std::snprintf(label, sizeof(label), "%zu warning%s##notices", n, n == 1 ? "" : "s");
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.78f, 0.35f, 1.0f));
  if (ImGui::SmallButton(label)) state.open = !state.open;
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip(state.open ? "Hide warnings" : "Show warnings");
  ImGui::SameLine();
}

namespace {

// One kind of warning: its first message, wrapped, with the count; expandable to every one.
void draw_notice_group(const NoticeGroup& group) {
  const std::string_view first = notice_message(group.texts.front());
  std::string line(first);
  if (group.texts.size() > 1) line += "  (" + std::to_string(group.texts.size()) + ")";
  bool open = false;
  if (group.texts.size() > 1) {
    open = ImGui::TreeNodeEx("##group", ImGuiTreeNodeFlags_None);
  } else {
    ImGui::Bullet();
  }
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(line.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", group.texts.front().c_str());
  if (!open) return;
  ImGui::PushTextWrapPos(0.0f);
  for (const std::string& t : group.texts) {
    const std::string message(notice_message(t));
    ImGui::BulletText("%s", message.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::TreePop();
}

}  // namespace

bool draw_notice_list(NoticeList& notices, NoticeListState& state, float x, float bottom_y) {
  if (!state.open) return false;
  if (notices.empty()) {
    state.open = false;
    return false;
  }
  const float em = ImGui::GetFontSize();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(x, bottom_y), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(em * 40.0f, em * 16.0f), ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(
      ImVec2(em * 16.0f, em * 6.0f),
      ImVec2(std::max(em * 16.0f, display.x - x), std::max(em * 6.0f, bottom_y)));
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse;
  if (ImGui::Begin("Warnings", &state.open, flags)) {
    bool clear = false;
    if (ImGui::SmallButton("Clear")) clear = true;
    const std::vector<NoticeGroup>& groups = notices.groups();
    // Sections in the order their files first came; each lists its groups in their order.
    std::vector<const std::string*> files;
    for (const NoticeGroup& g : groups) {
      if (std::none_of(files.begin(), files.end(),
                       [&](const std::string* f) { return *f == g.file; }))
        files.push_back(&g.file);
    }
    for (const std::string* file : files) {
      ImGui::PushID(file->c_str());
      std::size_t count = 0;
      for (const NoticeGroup& g : groups) count += g.file == *file ? g.texts.size() : 0;
      const std::string name =
          file->empty() ? std::string("other") : std::filesystem::path(*file).filename().string();
      const std::string header = name + " (" + std::to_string(count) + ")###file";
      const bool open = ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
      if (!file->empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", file->c_str());
      if (open) {
        for (std::size_t g = 0; g < groups.size(); ++g) {
          if (groups[g].file != *file) continue;
          ImGui::PushID(static_cast<int>(g));
          draw_notice_group(groups[g]);
          ImGui::PopID();
        }
      }
      ImGui::PopID();
    }
    if (clear) notices.clear();
  }
  ImGui::End();
  return state.open;
}

}  // namespace ui
