// End to end: the real viewer in a real window under Xvfb, driven with real key presses.

#include <gtest/gtest.h>

#include <stb_image.h>

#include <filesystem>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

struct Rgb {
  int r, g, b;
};

struct Png {
  int width = 0, height = 0;
  std::vector<unsigned char> pixels;
  Rgb at(int x, int y) const {
    const unsigned char* p = &pixels[(static_cast<std::size_t>(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
  }
};

Png load_png(const std::filesystem::path& path) {
  Png png;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &png.width, &png.height, &channels, 3);
  if (data) {
    png.pixels.assign(data, data + static_cast<std::size_t>(png.width) * png.height * 3);
    stbi_image_free(data);
  }
  return png;
}

// Counts pixels in a rectangle that satisfy a predicate.
template <typename Pred>
int count(const Png& png, int x0, int y0, int x1, int y1, Pred pred) {
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) n += pred(png.at(x, y)) ? 1 : 0;
  return n;
}

}  // namespace

TEST(ViewerWindow, OpensShowsGridAndUiTakesScreenshotAndQuitsCleanly) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  e2e::ViewerProcess viewer(dir, {"--size", "960x600", "--empty"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();

  viewer.send_keys(window, "F12");
  ASSERT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)))
      << viewer.output() << viewer.errors();
  const Png shot = load_png(dir / "animview_screenshot_001.png");
  ASSERT_EQ(shot.width, 960);
  ASSERT_EQ(shot.height, 600);

  // The viewport (right of the side panel) shows the clear colour and light grid lines.
  const auto is_background = [](Rgb c) {
    return std::abs(c.r - 46) <= 2 && std::abs(c.g - 48) <= 2 && std::abs(c.b - 56) <= 2;
  };
  const auto is_grid_line = [](Rgb c) { return c.r > 80 && c.g > 80 && c.b > 80; };
  const int viewport_pixels = (960 - 360) * (600 - 300);
  const int background = count(shot, 360, 300, 960, 600, is_background);
  const int grid = count(shot, 360, 300, 960, 600, is_grid_line);
  EXPECT_GT(background, viewport_pixels / 4);
  EXPECT_GT(grid, viewport_pixels / 100) << "grid lines not visible";
  // The side panel is an ImGui window: its body is darker than the viewport background.
  const int panel_dark = count(shot, 5, 100, 300, 500, [](Rgb c) { return c.r < 30 && c.g < 30; });
  EXPECT_GT(panel_dark, 295 * 400 / 2) << "side panel not visible";
  // The menu bar's text ("File") is bright on the dark bar in the top-left corner.
  const int menu_text = count(shot, 0, 0, 60, 18, [](Rgb c) { return c.r > 200; });
  EXPECT_GT(menu_text, 10) << "menu bar not visible";

  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
