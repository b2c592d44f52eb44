// The motion-matching database file read back from hostile text: every field of the wrong type
// or beyond what the database holds is refused with the file and the field named, never an
// exception or a number wrapped into range. A tiny valid file (two frames, one range) is saved
// and one field at a time is spoiled.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "project/motion_matching_file.h"
#include "support/temp_files.h"

namespace project {
namespace {

using nlohmann::json;

class MotionMatchingFileFields : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::make_temp_dir();
    MotionMatchingFile file;
    file.source = "walk.glb";
    file.clip_names = {"walk"};
    anim::MotionMatchingDatabase& db = file.database;
    db.raw.assign(2 * anim::kFeatureDimension, 0.25f);
    db.raw[anim::kFeatureDimension] = 0.75f;
    db.ranges.push_back({0, false, 0.0f, 0, 2});
    ASSERT_EQ(save_motion_matching_file(path("good.json"), file), "");
    std::ifstream in(path("good.json"));
    good_ = json::parse(in);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Loads good_ with one change; the error, without the path in front.
  std::string load_changed(const std::function<void(json&)>& change) {
    json j = good_;
    change(j);
    std::ofstream(path("bad.json")) << j.dump();
    MotionMatchingFile loaded;
    const std::string error = load_motion_matching_file(path("bad.json"), loaded);
    const std::string prefix = path("bad.json") + ": ";
    EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
    return error.substr(std::min(error.size(), prefix.size()));
  }

  std::filesystem::path dir_;
  json good_;
};

TEST_F(MotionMatchingFileFields, TheSavedFileLoadsWithItsValues) {
  MotionMatchingFile loaded;
  ASSERT_EQ(load_motion_matching_file(path("good.json"), loaded), "");
  EXPECT_EQ(loaded.source, "walk.glb");
  EXPECT_EQ(loaded.database.frame_count(), 2);
  EXPECT_FLOAT_EQ(loaded.database.raw[anim::kFeatureDimension], 0.75f);
  EXPECT_EQ(loaded.database.trajectory_frames, (std::array<int, 3>{20, 40, 60}));
}

TEST_F(MotionMatchingFileFields, NumbersBeyondAFloatAreRefused) {
  EXPECT_EQ(load_changed([](json& j) { j["frame_rate"] = 4.4e53; }),
            "frame_rate is not a positive number");
  EXPECT_EQ(load_changed([](json& j) { j["frames"][1][0] = -4.4e53; }),
            "frame 1 is not 27 finite numbers");
  EXPECT_EQ(load_changed([](json& j) { j["ranges"][0]["start_time_s"] = 1e300; }),
            "range 0 is not an object of whole numbers, a start time and a mirrored flag");
  EXPECT_EQ(load_changed([](json& j) { j["groups"][2]["weight"] = 1e39; }),
            "group 2's weight is not a number >= 0");
  EXPECT_EQ(load_changed([](json& j) { j["groups"][0]["weight"] = -1.0; }),
            "group 0's weight is not a number >= 0");
}

TEST_F(MotionMatchingFileFields, WholeNumbersMustBeWholeAndInRange) {
  const std::string trajectory = "trajectory_frames is not 3 increasing whole numbers of frames";
  EXPECT_EQ(load_changed([](json& j) { j["trajectory_frames"] = {20, 40, 1e12}; }), trajectory);
  EXPECT_EQ(load_changed([](json& j) { j["trajectory_frames"] = {20.5, 40, 60}; }), trajectory);
  EXPECT_EQ(load_changed([](json& j) { j["trajectory_frames"] = {40, 20, 60}; }), trajectory);
  EXPECT_EQ(load_changed([](json& j) { j["trajectory_frames"] = {0, 20, 60}; }), trajectory);
  const std::string range =
      "range 0 is not an object of whole numbers, a start time and a mirrored flag";
  // 2^32 + 2 would wrap to 2 frames as an int.
  EXPECT_EQ(load_changed([](json& j) { j["ranges"][0]["frame_count"] = 4294967298LL; }), range);
  EXPECT_EQ(load_changed([](json& j) { j["ranges"][0]["clip"] = 1e300; }), range);
  EXPECT_EQ(load_changed([](json& j) { j["version"] = 4294967297LL; }), "unsupported version");
}

TEST_F(MotionMatchingFileFields, AFieldOfTheWrongTypeIsAMessageNotAnException) {
  EXPECT_EQ(load_changed([](json& j) { j["format"] = 7; }),
            "not a motion-matching database (no \"format\": \"animview-motion-matching\")");
  EXPECT_EQ(load_changed([](json& j) { j["source"] = json::array(); }), "source is not a string");
  EXPECT_EQ(load_changed([](json& j) { j["ranges"][0]["mirrored"] = "yes"; }),
            "range 0 is not an object of whole numbers, a start time and a mirrored flag");
  EXPECT_EQ(load_changed([](json& j) { j["ranges"][0] = 3; }),
            "range 0 is not an object of whole numbers, a start time and a mirrored flag");
  EXPECT_EQ(load_changed([](json& j) { j["groups"][1] = "heavy"; }),
            "group 1's weight is not a number >= 0");
}

}  // namespace
}  // namespace project
