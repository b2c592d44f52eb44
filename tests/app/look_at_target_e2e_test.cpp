// End to end, in a real window with the real mouse (xdotool), through the viewer's state log:
// KayKit's Knight in a project with a look-at entry. With Debug draw on (the default) the target
// is a handle; dragging it 150 px across and 60 px up or down moves the target on the plane
// through it that faces the camera (the same depth, as far as those pixels reach there), the
// camera stays where it was, the head's aim follows the target, and Ctrl+S saves the new target in
// the project. The screenshot after the drag is kept in $ANIMVIEW_E2E_SHOTS when it is set, for a
// person to look at.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <glm/glm.hpp>

#include "graph_authoring_steps.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

#ifdef ANIMVIEW_SHARED_ASSETS
const std::string kShared = ANIMVIEW_SHARED_ASSETS;
#else
const std::string kShared;
#endif

glm::vec3 vec3_of(const nlohmann::json& j) {
  return {j[0].get<float>(), j[1].get<float>(), j[2].get<float>()};
}

glm::vec2 vec2_of(const nlohmann::json& j) {
  return {j[0].get<float>(), j[1].get<float>()};
}

// The angle (degrees) between the head's aim and the direction from the head to the target.
double aim_error_deg(const nlohmann::json& entry) {
  const glm::vec3 to = glm::normalize(vec3_of(entry["target_world"]) - vec3_of(entry["eye"]));
  const double c = std::clamp(glm::dot(vec3_of(entry["aim"]), to), -1.0f, 1.0f);
  return std::acos(c) * 180.0 / 3.14159265358979;
}

// The look-at entry of a state line with its handle drawn, or null.
nlohmann::json look_at_entry(const nlohmann::json& s) {
  const nlohmann::json entries = e2e::field(s, "/post_process/entries");
  if (!entries.is_array() || entries.empty() || !entries[0].contains("handle")) return nullptr;
  return entries[0];
}

}  // namespace

TEST(LookAtTargetWindow, DraggingTheKnightsTargetMovesItAtItsDepthAndTheHeadFollows) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const std::string knight = kShared + "/kaykit/Knight.glb";
  if (kShared.empty() || !fs::exists(knight)) {
    GTEST_SKIP() << "KayKit's Knight is absent (ANIMVIEW_SHARED_ASSETS)";
  }
  const fs::path dir = test::make_temp_dir();
  const fs::path project = dir / "knight.animview.json";
  // The target ahead of the Knight and to its left, a little above the head (model space; the
  // Knight faces +Z).
  const nlohmann::json look = {
      {"kind", "look_at"}, {"target", {0.5, 2.4, 1.5}}, {"limit_deg", 90.0}};
  std::ofstream(project) << nlohmann::json{
      {"version", 1},
      {"character", knight},
      {"clips", {"Idle"}},
      {"state_machine", {{"states", nlohmann::json::array()}}},
      {"post_process", {look}}}.dump();
  const fs::path log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl", "--clip",
                                  "Idle", project.string()});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json s = e2e::wait_for(log, [](const nlohmann::json& s) {
    const nlohmann::json e = look_at_entry(s);
    return e.is_object() && e2e::on_screen(e["handle"]) && e.contains("eye");
  });
  ASSERT_TRUE(s.is_object()) << "the look-at target's handle never showed: " << viewer.errors();
  // Let the framing settle, then read where everything is.
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  s = e2e::last_json_line(log);
  const nlohmann::json before = look_at_entry(s);
  ASSERT_TRUE(before.is_object());
  EXPECT_LT(aim_error_deg(before), 1.0) << "the head looks at the target before the drag";
  const nlohmann::json camera = s["post_process"]["camera"];
  const glm::vec3 eye = vec3_of(camera["eye"]);
  const glm::vec3 forward = glm::normalize(vec3_of(camera["target"]) - eye);
  const glm::vec3 target0 = vec3_of(before["target_world"]);
  const glm::vec2 handle0 = vec2_of(before["handle"]);

  // 150 px across and 60 px up or down, toward the middle of the window.
  const glm::vec2 moved(handle0.x < 640.0f ? 150.0f : -150.0f, handle0.y < 360.0f ? 60.0f : -60.0f);
  const glm::vec2 to = handle0 + moved;
  e2e::run_and_read("xdotool" +
                    e2e::drag_between(window, before["handle"], nlohmann::json{to.x, to.y}));
  s = e2e::wait_for(log, [&](const nlohmann::json& s) {
    const nlohmann::json e = look_at_entry(s);
    return e.is_object() && e2e::field(s, "/post_process/dragged") == -1 &&
           glm::distance(vec3_of(e["target_world"]), target0) > 0.05f;
  });
  ASSERT_TRUE(s.is_object()) << "the drag never moved the target";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  s = e2e::last_json_line(log);
  const nlohmann::json after = look_at_entry(s);
  ASSERT_TRUE(after.is_object());
  // The camera did not orbit with the drag.
  EXPECT_LT(glm::distance(vec3_of(s["post_process"]["camera"]["eye"]), eye), 0.01f);
  // The handle is where the pointer left it (xdotool moves to whole pixels).
  EXPECT_LT(glm::distance(vec2_of(after["handle"]), to), 2.0f)
      << "from " << handle0.x << ", " << handle0.y;
  // On the plane through the target facing the camera: along the camera's right and up by as
  // far as the pixels reach at the target's depth (2 depth tan(fov / 2) / viewport height
  // metres a pixel), not at all along its view.
  const glm::vec3 step = vec3_of(after["target_world"]) - target0;
  const float depth = glm::dot(target0 - eye, forward);
  const float metres_per_px = 2.0f * depth * std::tan(camera["fov_y"].get<float>() / 2.0f) /
                              camera["viewport_height"].get<float>();
  const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
  const glm::vec3 up = glm::cross(right, forward);
  EXPECT_NEAR(glm::dot(step, forward), 0.0f, 0.01f);
  EXPECT_NEAR(glm::dot(step, right), moved.x * metres_per_px, 2.0f * metres_per_px);
  EXPECT_NEAR(glm::dot(step, up), -moved.y * metres_per_px, 2.0f * metres_per_px);
  // The head's aim follows.
  EXPECT_LT(aim_error_deg(after), 1.0);
  EXPECT_GT(
      std::acos(std::clamp(glm::dot(vec3_of(after["aim"]), vec3_of(before["aim"])), -1.0f, 1.0f)) *
          180.0 / 3.14159265358979,
      3.0)
      << "the aim turned";

  viewer.send_keys(window, "F12");
  ASSERT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  const fs::path shot = dir / "animview_screenshot_001.png";
  EXPECT_GT(fs::file_size(shot), 10000u);
  if (const char* keep = std::getenv("ANIMVIEW_E2E_SHOTS")) {
    fs::create_directories(keep);
    fs::copy_file(shot, fs::path(keep) / "look_at_target_dragged.png",
                  fs::copy_options::overwrite_existing);
  }
  // Saved with the project: the model-space target the state log shows.
  viewer.send_keys(window, "ctrl+s");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(project));
  ASSERT_TRUE(saved.contains("post_process")) << saved.dump();
  const nlohmann::json& entry = saved["post_process"][after["entry"].get<std::size_t>()];
  ASSERT_EQ(entry["kind"], "look_at") << saved.dump();
  EXPECT_LT(glm::distance(vec3_of(entry["target"]), vec3_of(after["target"])), 1e-4f);
  fs::remove_all(dir);
}
