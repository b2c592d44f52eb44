#include "ui/fitted_text.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include "headless_imgui.h"

namespace ui {
namespace {

TEST(FittedText, ShortTextIsKeptAndLongTextEndsInAnEllipsisThatFits) {
  testing::HeadlessImGui imgui;
  imgui.frame([] {
    const float char_w = ImGui::CalcTextSize("a").x;  // the default font is monospaced
    EXPECT_EQ(ellipsise("Knight.glb", 10.0f * char_w), "Knight.glb");
    EXPECT_EQ(ellipsise("Rig_Medium_MovementBasic.glb", 10.0f * char_w), "Rig_Med...");
    EXPECT_EQ(ellipsise("Rig_Medium", 2.0f * char_w), "...");
    const std::string cut = ellipsise("walk_forward_loop", 12.5f * char_w);
    EXPECT_LE(ImGui::CalcTextSize(cut.c_str()).x, 12.5f * char_w);
    EXPECT_EQ(cut, "walk_forw...");  // room for 9.5 characters before the dots
  });
}

TEST(FittedText, InitialsNameEachWordOfAClip) {
  EXPECT_EQ(initials("jog_backward_left"), "jbl");
  EXPECT_EQ(initials("WalkForward"), "WF");
  EXPECT_EQ(initials("Walking_A"), "WA");
  EXPECT_EQ(initials("mixamo.com"), "mc");
  EXPECT_EQ(initials("idle"), "idle");
  EXPECT_EQ(initials("locomotion"), "locom...");
  EXPECT_EQ(initials("__"), "__");
}

TEST(FittedText, AnEllipsisNeverSplitsAUtf8Character) {
  testing::HeadlessImGui imgui;
  imgui.frame([] {
    const float char_w = ImGui::CalcTextSize("a").x;
    // "\xc3\xa9" is one character (e acute): a cut inside it would leave a broken byte.
    const std::string cut = ellipsise("ab\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9xyz", 5.0f * char_w);
    ASSERT_GE(cut.size(), 3u);
    const std::string kept = cut.substr(0, cut.size() - 3);
    EXPECT_NE(static_cast<unsigned char>(kept.back()) & 0xC0, 0xC0) << "a lead byte left alone";
    EXPECT_EQ(kept.substr(0, 2), "ab");
  });
}

}  // namespace
}  // namespace ui
