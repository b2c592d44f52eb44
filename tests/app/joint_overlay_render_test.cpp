// `animview render` draws the joints' inspection overlays in the frame: --trail's motion trail
// lands where the joint's positions at the clip's frames project (computed here from the same
// frame, composed as the command composes it), in their speed colours, and nothing of it is
// there without --trail; --bone-axes draws a joint's x, y and z axes in red, green and blue
// where they project, and nothing of them without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/character_source.h"
#include "app/frame_options.h"
#include "app/joint_inspection.h"
#include "app/render_view_options.h"
#include "demo/demo_character.h"
#include "picture_diff.h"
#include "render/bone_axes.h"
#include "render/motion_trail.h"
#include "support/temp_files.h"

namespace {

constexpr int kWidth = 480, kHeight = 360;

std::string vec3_text(const glm::vec3& v) {
  char text[96];
  std::snprintf(text, sizeof text, "%.6f,%.6f,%.6f", v.x, v.y, v.z);
  return text;
}

// The demo walking at 0.5 s with root motion applied, composed as `render` composes it, and a
// camera 2.5 m off its hand's right side and front, looking at the hand.
class JointOverlayRender : public ::testing::Test {
 protected:
  void SetUp() override {
    options.file = demo::kDemoSourcePath;
    options.clip = "walk_forward";
    options.time_s = 0.5f;
    options.root_motion = "applied";
    app::FrameReport report;
    ASSERT_EQ(app::compose_frame(options, project, scene, report), 0) << report.error;
    ASSERT_EQ(scene.update(0.0f, {}), "");
    hand = scene.character.skeleton.find_joint("hand_r");
    ASSERT_GE(hand, 0);
    const glm::vec3 focal(scene.instance.world_matrix() * scene.instance.model_pose()[hand][3]);
    camera.camera_focal_point = focal;
    camera.camera_position = focal + glm::vec3(2.0f, 0.6f, 1.5f);
    camera.camera_view_angle_deg = 40.0f;
    ASSERT_EQ(app::render_view_projection(camera, {}, static_cast<float>(kWidth) / kHeight,
                                          view_projection),
              "");
    dir = test::make_temp_dir();
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  pictures::Picture render(const std::string& extra, const std::string& name) {
    const auto out = dir / (name + ".png");
    const std::string command =
        std::string(ANIMVIEW_EXE) + " render --no-ground --width " + std::to_string(kWidth) +
        " --height " + std::to_string(kHeight) +
        " --clip walk_forward --time 0.5 --root-motion applied --camera-position " +
        vec3_text(*camera.camera_position) + " --camera-focal-point " +
        vec3_text(*camera.camera_focal_point) + " --camera-view-angle 40 " + extra + " --out " +
        out.string() + " > /dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return pictures::load(out);
  }

  // Where the world point p lands in the picture (pixels from the top left).
  glm::ivec2 pixel_of(const glm::vec3& p) const {
    const glm::vec4 c = view_projection * glm::vec4(p, 1.0f);
    return {static_cast<int>((c.x / c.w * 0.5f + 0.5f) * kWidth),
            static_cast<int>((0.5f - c.y / c.w * 0.5f) * kHeight)};
  }

  // Whether a pixel within one of p's has every channel within tolerance of rgb (0 to 1).
  bool colour_near(const pictures::Picture& picture, const glm::ivec2& p, const glm::vec3& rgb,
                   int tolerance) const {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = std::clamp(p.x + dx, 0, kWidth - 1), y = std::clamp(p.y + dy, 0, kHeight - 1);
        const unsigned char* c = picture.at(x, y);
        bool close = true;
        for (int i = 0; i < 3; ++i) close = close && std::abs(c[i] - rgb[i] * 255.0f) <= tolerance;
        if (close) return true;
      }
    }
    return false;
  }

  app::FrameOptions options;
  project::Project project;  // the file's, bound in scene
  app::ViewerScene scene;
  app::RenderViewOptions camera;
  glm::mat4 view_projection{1.0f};
  int hand = -1;
  std::filesystem::path dir;
};

TEST_F(JointOverlayRender, TheTrailIsDrawnWhereTheHandsFramesProjectInTheirSpeedColours) {
  app::FrameProbe probe;
  const int joints[] = {hand};
  std::string error;
  const std::vector<render::MotionTrail> trails =
      app::joint_trails(scene, probe, joints, 0.25f, error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(trails.size(), 1u);
  const render::MotionTrail& trail = trails[0];
  const pictures::Picture with = render("--trail hand_r --trail-window 0.25", "trail");
  const pictures::Picture without = render("", "plain");
  ASSERT_EQ(with.width, kWidth);
  ASSERT_EQ(without.width, kWidth);
  const float fastest = *std::max_element(trail.speeds.begin(), trail.speeds.end());
  int found = 0, found_without = 0, points = 0;
  for (std::size_t i = 0; i < trail.points.size(); ++i) {
    if (static_cast<int>(i) == trail.playhead) continue;  // under the white mark
    const glm::ivec2 p = pixel_of(trail.points[i]);
    ASSERT_TRUE(p.x >= 0 && p.x < kWidth && p.y >= 0 && p.y < kHeight) << i;
    const glm::vec3 colour = render::trail_speed_colour(trail.speeds[i], fastest);
    ++points;
    found += colour_near(with, p, colour, 40) ? 1 : 0;
    found_without += colour_near(without, p, colour, 40) ? 1 : 0;
  }
  ASSERT_GE(points, 10);
  EXPECT_GE(found, points * 9 / 10) << "of " << points << " trail points";
  EXPECT_LE(found_without, points / 10) << "of " << points << " trail points";
  // The trail spans ground: its ends lie apart in the picture.
  const glm::ivec2 first = pixel_of(trail.points.front()), last = pixel_of(trail.points.back());
  EXPECT_GT(std::abs(first.x - last.x) + std::abs(first.y - last.y), 20);
}

TEST_F(JointOverlayRender, BoneAxesAreRedGreenAndBlueAlongTheHeadsAxes) {
  const int head = scene.character.skeleton.find_joint("head");
  ASSERT_GE(head, 0);
  const render::CharacterSource source = app::character_source(scene.character);
  const float length = render::bone_axis_length(source.rest_min, source.rest_max);
  const glm::mat4 world = scene.instance.world_matrix();
  const glm::mat4& joint = scene.instance.model_pose()[head];
  const pictures::Picture with = render("--bone-axes", "axes");
  const pictures::Picture without = render("", "plain");
  ASSERT_EQ(with.width, kWidth);
  const glm::vec3 colours[3] = {{1.0f, 0.1f, 0.1f}, {0.1f, 1.0f, 0.1f}, {0.15f, 0.35f, 1.0f}};
  for (int axis = 0; axis < 3; ++axis) {
    // Most of the way along the axis: past where the neighbours' axes cross it.
    const glm::vec3 along = glm::vec3(joint[3]) + glm::normalize(glm::vec3(joint[axis])) * length;
    const glm::vec3 end(world * glm::vec4(along, 1.0f));
    const glm::vec3 origin(world * joint[3]);
    const glm::ivec2 p = pixel_of(glm::mix(origin, end, 0.85f));
    EXPECT_TRUE(colour_near(with, p, colours[axis], 40)) << "axis " << axis;
    EXPECT_FALSE(colour_near(without, p, colours[axis], 40)) << "axis " << axis;
  }
}

}  // namespace
