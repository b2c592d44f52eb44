#include "support/rendered_picture.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <stb/stb_image.h>

#include "support/cli_runner.h"

namespace test {

std::vector<unsigned char> rendered_picture(const std::filesystem::path& file,
                                            const std::string& options,
                                            const std::filesystem::path& dir) {
  const std::filesystem::path png = dir / "picture.png";
  std::filesystem::remove(png);
  const ProcessResult run = run_animview(
      "render '" + file.string() + "' " + options + " --size " + std::to_string(kRenderedWidth) +
          "x" + std::to_string(kRenderedHeight) + " --out '" + png.string() + "'",
      dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  int width = 0, height = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &width, &height, &channels, 3);
  if (data == nullptr) return {};
  std::vector<unsigned char> rgb(data, data + static_cast<std::size_t>(width) * height * 3);
  stbi_image_free(data);
  EXPECT_EQ(width, kRenderedWidth);
  EXPECT_EQ(height, kRenderedHeight);
  return rgb;
}

bool can_render() {
  return std::filesystem::exists(ANIMVIEW_EXE) && std::getenv("DISPLAY") != nullptr;
}

}  // namespace test
