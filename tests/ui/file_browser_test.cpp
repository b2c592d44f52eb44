#include "ui/file_browser.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <unistd.h>

#include "headless_imgui.h"

namespace ui {
namespace {

namespace fs = std::filesystem;

TEST(OpenableFiles, KnownExtensionsInAnyCase) {
  for (const char* name : {"a.fbx", "b.GLTF", "c.glb", "d.Bvh", "e.dae", "f.x", "g.json"}) {
    EXPECT_TRUE(is_openable_file(name)) << name;
  }
  for (const char* name : {"a.png", "b", "fbx", "c.fbx.bak", ".fbx"}) {
    EXPECT_FALSE(is_openable_file(name)) << name;
  }
}

// A directory with folders, animation files, other files and hidden entries.
class FileBrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("animview_files_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "zoo");
    fs::create_directories(root_ / "Anims");
    fs::create_directories(root_ / ".cache");
    for (const char* name : {"walk.fbx", "Run.glb", "notes.txt", ".hidden.bvh", "b.BVH"}) {
      std::ofstream(root_ / name) << "12345";
    }
  }
  void TearDown() override { fs::remove_all(root_); }

  static std::vector<std::string> names(const std::vector<DirectoryEntry>& entries) {
    std::vector<std::string> out;
    for (const DirectoryEntry& e : entries) out.push_back(e.name);
    return out;
  }

  fs::path root_;
};

TEST_F(FileBrowserTest, FoldersFirstThenOpenableFilesSortedIgnoringCase) {
  std::vector<DirectoryEntry> entries;
  ASSERT_EQ(list_directory(root_, {}, entries), "");
  EXPECT_EQ(names(entries),
            (std::vector<std::string>{"Anims", "zoo", "b.BVH", "Run.glb", "walk.fbx"}));
  EXPECT_TRUE(entries[0].is_directory);
  EXPECT_FALSE(entries[2].is_directory);
  EXPECT_EQ(entries[4].size_bytes, 5u);
}

TEST_F(FileBrowserTest, OptionsShowAllFilesAndHiddenOnes) {
  std::vector<DirectoryEntry> entries;
  ASSERT_EQ(list_directory(root_, {.show_all_files = true, .show_hidden = true}, entries), "");
  EXPECT_EQ(names(entries),
            (std::vector<std::string>{".cache", "Anims", "zoo", ".hidden.bvh", "b.BVH", "notes.txt",
                                      "Run.glb", "walk.fbx"}));
}

TEST_F(FileBrowserTest, MissingDirectoryIsReportedByName) {
  std::vector<DirectoryEntry> entries{{"stale", false, 0}};
  const std::string error = list_directory(root_ / "nope", {}, entries);
  EXPECT_NE(error.find((root_ / "nope").string()), std::string::npos) << error;
  EXPECT_TRUE(entries.empty());
}

TEST_F(FileBrowserTest, TypedPathsResolveAgainstTheListedDirectory) {
  TypedPath typed = resolve_typed_path("zoo", root_);
  EXPECT_EQ(typed.kind, TypedPath::Kind::Directory);
  EXPECT_EQ(typed.path, root_ / "zoo");
  typed = resolve_typed_path("  zoo/../walk.fbx ", root_);
  EXPECT_EQ(typed.kind, TypedPath::Kind::File);
  EXPECT_EQ(typed.path, root_ / "walk.fbx");
  typed = resolve_typed_path((root_ / "Anims/").string(), "/somewhere/else");
  EXPECT_EQ(typed.kind, TypedPath::Kind::Directory);
  EXPECT_EQ(typed.path, root_ / "Anims");
  EXPECT_EQ(resolve_typed_path("missing.fbx", root_).kind, TypedPath::Kind::Missing);
}

TEST_F(FileBrowserTest, TildeStartsAtHome) {
  const char* old_home = std::getenv("HOME");
  const std::string saved = old_home ? old_home : "";
  ::setenv("HOME", root_.c_str(), 1);
  EXPECT_EQ(home_directory(), root_);
  const TypedPath typed = resolve_typed_path("~/walk.fbx", "/elsewhere");
  const TypedPath home = resolve_typed_path("~", "/elsewhere");
  if (old_home) {
    ::setenv("HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("HOME");
  }
  EXPECT_EQ(typed.kind, TypedPath::Kind::File);
  EXPECT_EQ(typed.path, root_ / "walk.fbx");
  EXPECT_EQ(home.kind, TypedPath::Kind::Directory);
}

TEST_F(FileBrowserTest, NavigationListsTheDirectoryAndAFailureStaysPut) {
  FileBrowserState state;
  open_file_browser(state, root_);
  EXPECT_TRUE(state.open);
  EXPECT_EQ(state.directory, root_);
  EXPECT_EQ(state.typed_path, root_.string());
  EXPECT_EQ(state.entries.size(), 5u);
  EXPECT_TRUE(state.error.empty());

  navigate_to(state, root_ / "zoo");
  EXPECT_EQ(state.directory, root_ / "zoo");
  EXPECT_TRUE(state.entries.empty());

  navigate_to(state, root_ / "gone");
  EXPECT_EQ(state.directory, root_ / "zoo");
  EXPECT_NE(state.error.find("gone"), std::string::npos);
}

TEST_F(FileBrowserTest, OpeningOnAMissingDirectoryShowsTheError) {
  FileBrowserState state;
  state.entries = {{"stale.fbx", false, 1}};
  open_file_browser(state, root_ / "gone");
  EXPECT_TRUE(state.open);
  EXPECT_EQ(state.directory, root_ / "gone");
  EXPECT_TRUE(state.entries.empty());
  EXPECT_NE(state.error.find("gone"), std::string::npos);
}

// Driven like a user: Enter opens the selected folder as a double-click does, and a click into
// the path field selects the whole path, so a typed path replaces it (it was appended to the
// listed folder's path, which named no file) and Enter goes there.
TEST_F(FileBrowserTest, EnterOpensTheSelectedFolderAndATypedPathReplacesTheField) {
  testing::HeadlessImGui imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;  // as the GLFW backend maps it
  FileBrowserState state;
  open_file_browser(state, root_);
  const auto draw = [&] { draw_file_browser(state); };
  imgui.frame(draw);
  imgui.frame(draw);
  state.selected = 0;  // Anims
  imgui.tap(GLFW_KEY_ENTER, draw);
  imgui.frame(draw);
  EXPECT_EQ(state.directory, root_ / "Anims");

  io.MousePos = ImVec2(state.path_field_at.x, state.path_field_at.y);
  imgui.frame(draw);
  io.MouseDown[0] = true;
  imgui.frame(draw);
  io.MouseDown[0] = false;
  imgui.frame(draw);
  const std::string typed = (root_ / "zoo").string();
  for (char c : typed) io.AddInputCharacter(static_cast<unsigned int>(c));
  imgui.frame(draw);
  EXPECT_EQ(state.typed_path, typed);
  imgui.tap(GLFW_KEY_ENTER, draw);
  imgui.frame(draw);
  EXPECT_EQ(state.directory, root_ / "zoo");
  EXPECT_TRUE(state.error.empty()) << state.error;
  EXPECT_TRUE(state.open);
}

// Escape cancels, as the Cancel button does: on the listing, and in the path field that has the
// keyboard focus when saving (the field takes the key to end its edit, the dialog still closes).
TEST_F(FileBrowserTest, EscapeClosesTheDialogWithNothingChosen) {
  testing::HeadlessImGui imgui;
  ImGui::GetIO().KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;  // as the GLFW backend maps it
  FileBrowserState state;
  std::optional<fs::path> chosen;
  const auto draw = [&] {
    if (std::optional<fs::path> c = draw_file_browser(state)) chosen = c;
  };
  open_file_browser(state, root_);
  imgui.frame(draw);
  imgui.frame(draw);
  state.selected = 0;
  ASSERT_TRUE(state.open);
  imgui.tap(GLFW_KEY_ESCAPE, draw);
  EXPECT_FALSE(state.open);

  open_save_browser(state, root_ / "zoo" / "new.json");
  imgui.frame(draw);
  imgui.frame(draw);
  ASSERT_TRUE(state.open);
  ASSERT_TRUE(ImGui::IsAnyItemActive()) << "the path field has the keyboard focus";
  imgui.tap(GLFW_KEY_ESCAPE, draw);
  EXPECT_FALSE(state.open);
  EXPECT_FALSE(chosen.has_value());
}

}  // namespace
}  // namespace ui
