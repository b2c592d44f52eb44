// The viewer's keyboard shortcuts: which press is which command, and that a text field keeps
// every key but Ctrl+Q.
#include "ui/shortcuts.h"

#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace ui {
namespace {

constexpr int kCtrl = GLFW_MOD_CONTROL;
constexpr int kShift = GLFW_MOD_SHIFT;

TEST(Shortcuts, CtrlKeysAskForTheFileCommands) {
  EXPECT_EQ(shortcut_command({GLFW_KEY_O, kCtrl}, false), ViewerCommand::Open);
  EXPECT_EQ(shortcut_command({GLFW_KEY_S, kCtrl}, false), ViewerCommand::Save);
  EXPECT_EQ(shortcut_command({GLFW_KEY_S, kCtrl | kShift}, false), ViewerCommand::SaveAs);
  EXPECT_EQ(shortcut_command({GLFW_KEY_R, kCtrl}, false), ViewerCommand::Reload);
  EXPECT_EQ(shortcut_command({GLFW_KEY_Q, kCtrl}, false), ViewerCommand::Quit);
  // Without Ctrl the same letters are no file command (S and R step nothing here either).
  EXPECT_EQ(shortcut_command({GLFW_KEY_O, 0}, false), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_Q, 0}, false), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_S, kShift}, false), std::nullopt);
}

TEST(Shortcuts, PlainKeysFrameAndTurnTheCamera) {
  EXPECT_EQ(shortcut_command({GLFW_KEY_F, 0}, false), ViewerCommand::FrameCharacter);
  EXPECT_EQ(shortcut_command({GLFW_KEY_F, kShift}, false), ViewerCommand::FrameCharacter);
  EXPECT_EQ(shortcut_command({GLFW_KEY_HOME, 0}, false), ViewerCommand::FrameAll);
  EXPECT_EQ(shortcut_command({GLFW_KEY_KP_1, 0}, false), ViewerCommand::LookFront);
  EXPECT_EQ(shortcut_command({GLFW_KEY_KP_3, 0}, false), ViewerCommand::LookRight);
  EXPECT_EQ(shortcut_command({GLFW_KEY_KP_7, 0}, false), ViewerCommand::LookTop);
  EXPECT_EQ(shortcut_command({GLFW_KEY_KP_5, 0}, false), ViewerCommand::ToggleOrthographic);
  // With Ctrl they are not shortcuts (Ctrl+F is nothing).
  EXPECT_EQ(shortcut_command({GLFW_KEY_F, kCtrl}, false), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_KP_1, kCtrl}, false), std::nullopt);
  // The timeline's keys are the timeline's, not commands.
  EXPECT_EQ(shortcut_command({GLFW_KEY_SPACE, 0}, false), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_LEFT, 0}, false), std::nullopt);
}

TEST(Shortcuts, WhileTypingOnlyQuitIsAShortcut) {
  EXPECT_EQ(shortcut_command({GLFW_KEY_Q, kCtrl}, true), ViewerCommand::Quit);
  EXPECT_EQ(shortcut_command({GLFW_KEY_S, kCtrl}, true), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_O, kCtrl}, true), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_F, 0}, true), std::nullopt);
  EXPECT_EQ(shortcut_command({GLFW_KEY_HOME, 0}, true), std::nullopt);
}

}  // namespace
}  // namespace ui
