// The project file's optional "motion_matching" section (the viewer's motion-matching settings).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "project/project_file.h"
#include "support/temp_files.h"

namespace {

using namespace project;

const char* kMinimal = R"({
  "version": 1,
  "character": "<demo>",
  "clips": ["idle", "walk"],
  "state_machine": {"states": [{"name": "idle", "clip": "idle"}], "transitions": []}
  %s
})";

std::string minimal_with(const std::string& extra) {
  std::string text = kMinimal;
  return text.replace(text.find("%s"), 2, extra);
}

TEST(ProjectMotionMatching, AbsentSectionStaysAbsent) {
  Project p;
  ASSERT_EQ(parse_project(minimal_with(""), "minimal.json", p), "");
  EXPECT_FALSE(p.motion_matching.has_value());
  EXPECT_FALSE(nlohmann::json::parse(project_to_json(p)).contains("motion_matching"));
}

TEST(ProjectMotionMatching, SectionRoundTrips) {
  Project p;
  ASSERT_EQ(parse_project(minimal_with(R"(, "motion_matching": {
      "weights": {"foot_positions": 0.5, "trajectory_positions": 3},
      "excluded_clips": ["idle"], "poor_match_cost": 4.5})"),
                          "mm.json", p),
            "");
  ASSERT_TRUE(p.motion_matching.has_value());
  ASSERT_EQ(p.motion_matching->weights.size(), 2u);
  EXPECT_EQ(p.motion_matching->weights[0].first, "foot_positions");
  EXPECT_EQ(p.motion_matching->weights[0].second, 0.5f);
  EXPECT_EQ(p.motion_matching->weights[1].second, 3.0f);
  EXPECT_EQ(p.motion_matching->excluded_clips, std::vector<std::string>{"idle"});
  EXPECT_EQ(p.motion_matching->poor_match_cost, 4.5f);
  EXPECT_FALSE(p.motion_matching->mirrored);
  Project again;
  ASSERT_EQ(parse_project(project_to_json(p), "again.json", again), "");
  EXPECT_EQ(project_to_json(again), project_to_json(p));
  // Mirrored copies: written when on, read back.
  EXPECT_FALSE(nlohmann::json::parse(project_to_json(p))["motion_matching"].contains("mirrored"));
  p.motion_matching->mirrored = true;
  ASSERT_EQ(parse_project(project_to_json(p), "mirrored.json", again), "");
  EXPECT_TRUE(again.motion_matching->mirrored);
}

TEST(ProjectMotionMatching, MirroredThatIsNotABooleanIsNamedByItsPath) {
  Project p;
  const std::string error = parse_project(
      minimal_with(R"(, "motion_matching": {"mirrored": "yes"})"), "bad_mirrored.json", p);
  EXPECT_NE(error.find("bad_mirrored.json"), std::string::npos) << error;
  EXPECT_NE(error.find("motion_matching.mirrored"), std::string::npos) << error;
}

TEST(ProjectMotionMatching, BadWeightIsNamedByItsPath) {
  Project p;
  const std::string error = parse_project(
      minimal_with(R"(, "motion_matching": {"weights": {"hips_velocity": -1}})"), "bad.json", p);
  EXPECT_NE(error.find("bad.json"), std::string::npos) << error;
  EXPECT_NE(error.find("motion_matching.weights.hips_velocity"), std::string::npos) << error;
}

TEST(ProjectMotionMatching, CoverageRoundTripsWithCountsUpToTheirLimit) {
  Project p;
  ASSERT_EQ(parse_project(minimal_with(R"(, "motion_matching": {"coverage": [
      {"clip": "walk", "mirrored": true, "start_time_s": 0.25, "counts": [0, 3, 4294967295]}]})"),
                          "mm.json", p),
            "");
  ASSERT_TRUE(p.motion_matching.has_value());
  ASSERT_EQ(p.motion_matching->coverage.size(), 1u);
  const ProjectClipCoverage& c = p.motion_matching->coverage[0];
  EXPECT_EQ(c.clip, "walk");
  EXPECT_TRUE(c.mirrored);
  EXPECT_EQ(c.start_time_s, 0.25f);
  EXPECT_EQ(c.counts, (std::vector<std::uint32_t>{0u, 3u, 4294967295u}));
  Project again;
  ASSERT_EQ(parse_project(project_to_json(p), "again.json", again), "");
  EXPECT_EQ(project_to_json(again), project_to_json(p));
}

TEST(ProjectMotionMatching, ACountThatIsNotACountIsNamedByItsPath) {
  for (const char* bad : {"-1", "1.5", "4294967296", "\"3\""}) {
    Project p;
    const std::string error = parse_project(
        minimal_with(
            std::string(R"(, "motion_matching": {"coverage": [{"clip": "walk", "counts": [0, )") +
            bad + "]}]}"),
        "bad.json", p);
    EXPECT_NE(error.find("bad.json"), std::string::npos) << bad << ": " << error;
    EXPECT_NE(error.find("coverage"), std::string::npos) << bad << ": " << error;
    EXPECT_NE(error.find("counts"), std::string::npos) << bad << ": " << error;
  }
}

// A file saved by the hand-written readers and writers of the "motion_matching", "audio" and
// "blend_spaces" sections (before they went through the field visitor) reads the same and is
// written back byte for byte.
TEST(ProjectMotionMatching, AFileSavedBeforeTheFieldVisitorReadsAndWritesTheSame) {
  const std::string path =
      std::string(ANIMVIEW_TEST_DATA) + "/project_written_before_the_field_visitor.json";
  std::string text;
  ASSERT_TRUE(test::read_file(path, text)) << path;
  Project p;
  ASSERT_EQ(load_project(path, p), "");
  ASSERT_TRUE(p.motion_matching.has_value());
  const ProjectMotionMatching& m = *p.motion_matching;
  ASSERT_EQ(m.weights.size(), 2u);
  EXPECT_EQ(m.weights[0], (std::pair<std::string, float>{"foot_positions", 0.5f}));
  EXPECT_EQ(m.weights[1], (std::pair<std::string, float>{"trajectory_positions", 3.0f}));
  EXPECT_EQ(m.excluded_clips, std::vector<std::string>{"idle"});
  EXPECT_EQ(m.poor_match_cost, 4.5f);
  EXPECT_TRUE(m.mirrored);
  ASSERT_EQ(m.coverage.size(), 2u);
  EXPECT_EQ(m.coverage[1].clip, "idle");
  EXPECT_FALSE(m.coverage[1].mirrored);
  EXPECT_EQ(m.coverage[1].counts, std::vector<std::uint32_t>{7u});
  EXPECT_EQ(p.audio_file, "beat.wav");
  EXPECT_EQ(p.audio_offset_s, 0.25f);
  ASSERT_EQ(p.blend_spaces.size(), 2u);
  const ProjectBlendSpace& line = p.blend_spaces[0];
  EXPECT_EQ(line.dimensions, 1);
  EXPECT_EQ(line.space_1d.parameter_name, "speed");
  EXPECT_EQ(line.space_1d.max, 2.0f);
  ASSERT_EQ(line.space_1d.samples.size(), 2u);
  EXPECT_EQ(line.space_1d.samples[1].clip_name, "walk");
  EXPECT_EQ(line.space_1d.samples[1].threshold, 1.4f);
  const ProjectBlendSpace& plane = p.blend_spaces[1];
  EXPECT_EQ(plane.dimensions, 2);
  EXPECT_EQ(plane.space_2d.mode, anim::BlendMode2D::FreeformCartesian);
  EXPECT_EQ(plane.space_2d.y_axis.name, "z");
  EXPECT_EQ(plane.space_2d.y_axis.min, -1.5f);
  EXPECT_EQ(plane.x_parameter, "direction");
  ASSERT_EQ(plane.space_2d.samples.size(), 3u);
  EXPECT_EQ(plane.space_2d.samples[2].position, glm::vec2(1.4f, 0.0f));
  EXPECT_TRUE(p.unknown_fields.empty());
  EXPECT_EQ(project_to_json(p), text);
}

}  // namespace
