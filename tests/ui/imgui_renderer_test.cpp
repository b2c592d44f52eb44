#include "ui/imgui_renderer.h"

#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

namespace ui {
namespace {

const ImVec2 kWhite(0.5f / 512.0f, 0.5f / 64.0f);
const ImVec2 kGlyph(0.25f, 0.5f);

// Appends the two triangles of the square [x, x + side] x [0, side] with every UV at uv.
void add_square(ImDrawList& list, float x, float side, ImVec2 uv) {
  const auto first = static_cast<ImDrawIdx>(list.VtxBuffer.Size);
  for (const ImVec2 p :
       {ImVec2(x, 0), ImVec2(x + side, 0), ImVec2(x + side, side), ImVec2(x, side)}) {
    list.VtxBuffer.push_back({p, uv, 0xffffffffu});
  }
  for (const int i : {0, 1, 2, 0, 2, 3})
    list.IdxBuffer.push_back(static_cast<ImDrawIdx>(first + i));
}

ImDrawCmd whole(const ImDrawList& list) {
  ImDrawCmd cmd;
  cmd.IdxOffset = 0;
  cmd.VtxOffset = 0;
  cmd.ElemCount = static_cast<unsigned>(list.IdxBuffer.Size);
  return cmd;
}

TEST(ImGuiRenderer, LargeWhiteFillsBecomeSolidRunsInTheirPlace) {
  ImDrawList list(nullptr);
  add_square(list, 0, 100, kWhite);   // 10000 px: solid, indices 0-5
  add_square(list, 100, 8, kGlyph);   // a glyph: textured, 6-11
  add_square(list, 108, 10, kWhite);  // 100 px of white: too small, stays textured, 12-17
  add_square(list, 118, 8, kGlyph);   // textured, 18-23
  add_square(list, 200, 60, kWhite);  // 3600 px ...
  add_square(list, 260, 30, kWhite);  // ... + 900 px: one solid run of 4500 px, 24-35
  add_square(list, 300, 8, kGlyph);   // textured again, 36-41
  std::vector<ImGuiDrawRun> runs;
  split_solid_runs(list, whole(list), kWhite, 4096.0f, runs);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_TRUE(runs[0].solid);
  EXPECT_EQ(runs[0].first_index, 0u);
  EXPECT_EQ(runs[0].index_count, 6u);
  EXPECT_FALSE(runs[1].solid);
  EXPECT_EQ(runs[1].first_index, 6u);
  EXPECT_EQ(runs[1].index_count, 18u) << "two glyphs and the small white square between";
  EXPECT_TRUE(runs[2].solid);
  EXPECT_EQ(runs[2].first_index, 24u);
  EXPECT_EQ(runs[2].index_count, 12u);
  EXPECT_FALSE(runs[3].solid);
  EXPECT_EQ(runs[3].first_index, 36u);
  EXPECT_EQ(runs[3].index_count, 6u);
}

TEST(ImGuiRenderer, ARunStopsAtATriangleWithOneVertexOffWhite) {
  ImDrawList list(nullptr);
  add_square(list, 0, 100, kWhite);
  list.VtxBuffer[2].uv = kGlyph;  // the corner both triangles share
  add_square(list, 100, 100, kWhite);
  std::vector<ImGuiDrawRun> runs;
  split_solid_runs(list, whole(list), kWhite, 4096.0f, runs);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_FALSE(runs[0].solid);
  EXPECT_EQ(runs[0].index_count, 6u);
  EXPECT_TRUE(runs[1].solid);
  EXPECT_EQ(runs[1].first_index, 6u);
}

TEST(ImGuiRenderer, ACommandIsSplitWithinItsOwnIndicesAndVertices) {
  ImDrawList list(nullptr);
  add_square(list, 0, 8, kGlyph);  // another command's
  add_square(list, 0, 100, kWhite);
  ImDrawCmd cmd;
  cmd.IdxOffset = 6;
  cmd.ElemCount = 6;
  cmd.VtxOffset = 0;
  std::vector<ImGuiDrawRun> runs;
  split_solid_runs(list, cmd, kWhite, 4096.0f, runs);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(runs[0].solid);
  EXPECT_EQ(runs[0].first_index, 6u);
  EXPECT_EQ(runs[0].index_count, 6u);
}

}  // namespace
}  // namespace ui
