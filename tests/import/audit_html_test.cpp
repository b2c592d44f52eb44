// The audit's HTML report, written by `animview audit --merge REPORT.json --html` and rendered
// by headless Chromium (Debian's `chromium`): the page loads with no script error, its summary
// table holds one row per finding and unreadable file, and its screenshot is not blank.
// Skipped where chromium is not installed (scripts/install_deps.sh).
#include <gtest/gtest.h>
#include <stb/stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

nlohmann::json sample_report() {
  json acceleration = json::array();
  json speed = json::array();
  for (int f = 0; f <= 30; ++f) {
    acceleration.push_back(f == 12 ? 90.0 : 1.0);
    speed.push_back(1.2 + 0.1 * (f % 3));
  }
  const json findings = {{{"kind", "pop"},
                          {"severity", "warning"},
                          {"frame", 12},
                          {"time", 0.4},
                          {"joint", "hips"},
                          {"value", 90.0},
                          {"message", "pop at frame 12 <hips>"}},
                         {{"kind", "seam"},
                          {"severity", "error"},
                          {"frame", 30},
                          {"time", 1.0},
                          {"joint", "hips"},
                          {"value", 0.06},
                          {"message", "loop seam: 6 cm"}}};
  return {{"files",
           {{{"file", "lib/broken.fbx"},
             {"error", "lib/broken.fbx: not an FBX"},
             {"clips", json::array()}},
            {{"file", "lib/walk.fbx"},
             {"clips",
              {{{"name", "walk_loop"},
                {"duration", 1.0},
                {"fps", 30.0},
                {"frames", 30},
                {"keys_per_second", 62.0},
                {"channels", 2},
                {"animated_channels", 2},
                {"root_travel_m", 1.3},
                {"root_speed_m_s", 1.3},
                {"root_turn_deg", 0.0},
                {"loop", true},
                {"findings", findings},
                {"plots",
                 {{"frames_per_point", 1},
                  {"root_speed", speed},
                  {"acceleration", acceleration},
                  {"slide", {acceleration, speed}}}}}}}}}}};
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(AuditHtml, ChromiumRendersTheReportWithoutScriptErrors) {
  SKIP_UNLESS_ANIMVIEW_BUILT();
  if (std::system("command -v chromium >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "chromium is not installed (scripts/install_deps.sh installs it)";
  }
  const fs::path dir = test::make_temp_dir();
  std::ofstream(dir / "report.json") << sample_report().dump();
  const test::ProcessResult run =
      test::run_animview(std::string("audit --merge '") + (dir / "report.json").string() +
                             "' --html '" + (dir / "report.html").string() + "'",
                         dir);
  EXPECT_EQ(run.exit_code, 1) << run.err;  // the report holds errors
  std::string html;
  ASSERT_TRUE(test::read_file(dir / "report.html", html));
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no network
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_NE(html.find("pop at frame 12 &lt;hips&gt;"), std::string::npos);  // escaped
  EXPECT_NE(html.find("id=\"c0f12\""), std::string::npos);  // the pop's frame, linked to
  const std::string chromium =
      std::string(
          "chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
          "--no-first-run --user-data-dir='") +
      (dir / "profile").string() + "' ";
  const std::string url = std::string("'file://") + (dir / "report.html").string() + "'";
  const int dumped =
      std::system((chromium + "--enable-logging=stderr --v=0 --dump-dom " + url + " >'" +
                   (dir / "dom.html").string() + "' 2>'" + (dir / "log.txt").string() + "'")
                      .c_str());
  std::string dom;
  std::string log;
  test::read_file(dir / "dom.html", dom);
  test::read_file(dir / "log.txt", log);
  ASSERT_EQ(dumped, 0) << log;
  EXPECT_EQ(log.find("Uncaught"), std::string::npos) << log;
  // The unreadable file and the two findings, as rows of the summary.
  EXPECT_EQ(count(dom, "<tr class=\"error\">"), 2) << dom.substr(0, 2000);
  EXPECT_EQ(count(dom, "<tr class=\"warning\">"), 1);
  ASSERT_EQ(std::system((chromium + "--window-size=1000,700 --screenshot='" +
                         (dir / "shot.png").string() + "' " + url + " >/dev/null 2>&1")
                            .c_str()),
            0);
  int width = 0;
  int height = 0;
  int channels = 0;
  unsigned char* shot = stbi_load((dir / "shot.png").c_str(), &width, &height, &channels, 3);
  ASSERT_NE(shot, nullptr) << "no screenshot";
  EXPECT_EQ(width, 1000);
  // Not blank: the table's shaded cells, text and plots give many colours.
  std::set<int> colours;
  for (int i = 0; i < width * height; i += 7) {
    colours.insert(shot[3 * i] << 16 | shot[3 * i + 1] << 8 | shot[3 * i + 2]);
  }
  stbi_image_free(shot);
  EXPECT_GT(colours.size(), 20u);
}

}  // namespace
