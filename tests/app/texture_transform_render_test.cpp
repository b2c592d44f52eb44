// KHR_texture_transform drawn: `animview render` of the Khronos TextureTransformTest sample
// (Debian's assimp-testmodels) shows its three offset squares' check marks, green, blue and cyan,
// where a viewer that ignores the extension shows the yellow "not supported" sign (the same file
// with the extension taken out, drawn as the control).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "picture_diff.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

// The share of a picture's pixels of one saturated colour: each channel above 150 where on is
// set, below 80 where it is not (e.g. {true, true, false}: yellow).
float share_of(const pictures::Picture& p, bool r, bool g, bool b) {
  int n = 0;
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const unsigned char* c = p.at(x, y);
      const auto is = [](unsigned char v, bool on) { return on ? v > 150 : v < 80; };
      n += is(c[0], r) && is(c[1], g) && is(c[2], b);
    }
  }
  return static_cast<float>(n) / static_cast<float>(p.width * p.height);
}

pictures::Picture render(const fs::path& file, const fs::path& dir) {
  const fs::path png = dir / (file.stem().string() + ".png");
  const test::ProcessResult r = test::run_animview(
      "render '" + file.string() + "' --size 400x300 --no-ground --out '" + png.string() + "'",
      dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return pictures::load(png);
}

TEST(TextureTransformRender, TheOffsetSquaresShowTheirCheckMarks) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path folder = "/usr/share/assimp/models/glTF2/textureTransform";
  if (!fs::exists(folder)) GTEST_SKIP() << folder << " is absent (assimp-testmodels)";
  const fs::path dir = test::make_temp_dir();
  for (const auto& entry : fs::directory_iterator(folder)) {
    fs::copy_file(entry.path(), dir / entry.path().filename());
  }
  nlohmann::json gltf;
  std::ifstream(dir / "TextureTransformTest.gltf") >> gltf;
  for (nlohmann::json& m : gltf["materials"]) {
    m["pbrMetallicRoughness"]["baseColorTexture"].erase("extensions");
  }
  gltf.erase("extensionsUsed");
  std::ofstream(dir / "ignored.gltf") << gltf.dump();

  const pictures::Picture drawn = render(dir / "TextureTransformTest.gltf", dir);
  const pictures::Picture control = render(dir / "ignored.gltf", dir);
  ASSERT_EQ(drawn.width, 400);
  ASSERT_EQ(control.width, 400);
  // Each offset square covers about 5% of the picture; the small markers below far less.
  EXPECT_GT(share_of(drawn, false, true, false), 0.02f);  // Offset U: green
  EXPECT_GT(share_of(drawn, false, false, true), 0.02f);  // Offset V: blue
  EXPECT_GT(share_of(drawn, false, true, true), 0.02f);   // Offset UV: cyan
  EXPECT_LT(share_of(drawn, true, true, false), 0.01f);   // yellow: the two small markers only
  EXPECT_GT(share_of(control, true, true, false), 0.08f);
  EXPECT_LT(share_of(control, false, false, true), 0.001f);
}

}  // namespace
