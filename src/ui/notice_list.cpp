#include "ui/notice_list.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

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

void NoticeList::add(std::string text) {
  std::string kind = notice_kind(text);
  auto group = std::find_if(groups_.begin(), groups_.end(),
                            [&](const NoticeGroup& g) { return g.kind == kind; });
  if (group == groups_.end()) {
    groups_.push_back({std::move(kind), {std::move(text)}});
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

bool draw_notice_list(NoticeList& notices, NoticeListState& state, float x, float bottom_y) {
  if (!state.open) return false;
  if (notices.empty()) {
    state.open = false;
    return false;
  }
  const float width = ImGui::GetFontSize() * 40.0f;
  ImGui::SetNextWindowPos(ImVec2(x, bottom_y), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f),
                                      ImVec2(width, ImGui::GetIO().DisplaySize.y * 0.5f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoCollapse;
  if (ImGui::Begin("Warnings", &state.open, flags)) {
    bool clear = false;
    if (ImGui::SmallButton("Clear")) clear = true;
    ImGui::Separator();
    for (std::size_t g = 0; g < notices.groups().size(); ++g) {
      const NoticeGroup& group = notices.groups()[g];
      ImGui::PushID(static_cast<int>(g));
      // One line per kind: the first warning stands for the group, the count says how many.
      const std::string& first = group.texts.front();
      char count[32];
      std::snprintf(count, sizeof(count), "  (%zu)", group.texts.size());
      const std::string line = group.texts.size() == 1 ? first : first + count;
      if (ImGui::TreeNodeEx("##group", ImGuiTreeNodeFlags_SpanAvailWidth, "%s", line.c_str())) {
        ImGui::PushTextWrapPos(0.0f);
        for (const std::string& t : group.texts) ImGui::BulletText("%s", t.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TreePop();
      }
      ImGui::PopID();
    }
    if (clear) notices.clear();
  }
  ImGui::End();
  return state.open;
}

}  // namespace ui
