// Burnt-in text on a narrow picture: a long line (a blend space's weights) wraps at spaces so every
// word stays in the picture; on a wide one nothing changes.
#include "ui/burn_in_text.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

std::vector<std::string> words(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    std::istringstream in(line);
    for (std::string w; in >> w;) out.push_back(w);
  }
  return out;
}

const std::vector<std::string> kLines{
    "demo  recording drag.json",
    "blend locomotion (1.20, 0.80): walk_left 0.46, walk_forward 0.31, run_left 0.23"};

TEST(BurnInText, LongLinesWrapAtSpacesOnANarrowPicture) {
  // 160 x 120: the font at scale 1, 4 px margins, 152 px for text.
  const float full = ui::burn_in_text_width(kLines[1], 120);
  ASSERT_GT(full, 152.0f) << "the test needs a line wider than the picture";
  const std::vector<std::string> fitted = ui::fit_burn_in_lines(kLines, 160, 120);
  EXPECT_GE(fitted.size(), 4u);
  for (const std::string& line : fitted) {
    EXPECT_LE(ui::burn_in_text_width(line, 120), 152.0f) << line;
    EXPECT_FALSE(line.empty());
    EXPECT_NE(line.front(), ' ') << line;
    EXPECT_NE(line.back(), ' ') << line;
  }
  EXPECT_EQ(words(fitted), words(kLines)) << "every word kept, in order";
}

TEST(BurnInText, LinesThatFitAreKeptAsTheyAre) {
  EXPECT_EQ(ui::fit_burn_in_lines(kLines, 1280, 720), kLines);
  // A word wider than the picture alone stays whole (it is cut at the edge when drawn).
  const std::vector<std::string> one_word{"a_very_long_joint_name_without_any_spaces_at_all"};
  EXPECT_EQ(ui::fit_burn_in_lines(one_word, 60, 120), one_word);
}

}  // namespace
