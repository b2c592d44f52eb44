// The pab character of the runtime benchmarks (arnaud.fbx with walk, jog and run): its clips
// compressed within 1 mm stay within the stated error and land in ozz-animation's memory class
// (about 125 bytes per joint-second for these clips, 12 times less than the raw keys).

#include <gtest/gtest.h>

#include "anim/compression_report.h"
#include "import/importer.h"
#include "support/import_test_util.h"

namespace {

using test::shared_asset;

class PabCompression : public ::testing::TestWithParam<const char*> {};

TEST_P(PabCompression, StaysWithinTheErrorInOzzMemoryClass) {
  const auto model_file = shared_asset("pab/arnaud.fbx");
  const auto clip_file = shared_asset(std::string("pab/") + GetParam());
  SKIP_IF_ABSENT(model_file);
  SKIP_IF_ABSENT(clip_file);
  const importer::ImportResult model = importer::import_file(model_file.string(), {});
  ASSERT_TRUE(model.ok()) << model.error;
  const anim::Skeleton& skeleton = model.character.skeleton;
  const importer::ClipImportResult clips = importer::import_clips(clip_file.string(), skeleton, {});
  ASSERT_TRUE(clips.ok()) << clips.error;
  ASSERT_FALSE(clips.clips.empty());

  const anim::CompressionTolerance tolerance;  // 1 mm
  const anim::CompressionReport r = anim::measure_compression(clips.clips[0].clip, skeleton);
  ASSERT_TRUE(r.compressed) << r.why_not;
  // The error of each joint up the chain adds up: bound by the worst joint's chain length.
  int chain = 0;
  for (int j = r.worst_joint; j >= 0; j = skeleton.parents[static_cast<std::size_t>(j)]) ++chain;
  EXPECT_GT(r.max_error_m, 0.0f);
  EXPECT_LE(r.max_error_m, tolerance.position_m * static_cast<float>(chain) + 1e-4f)
      << "at " << skeleton.joint_names[static_cast<std::size_t>(r.worst_joint)];
  // ozz: 125 B per joint-second; raw keys: about 1200 to 1600.
  EXPECT_LT(r.bytes_per_joint_second, 140.0) << r.compressed_bytes << " bytes";
  EXPECT_GT(r.key_bytes, 8 * r.compressed_bytes);
}

INSTANTIATE_TEST_SUITE_P(
    Clips, PabCompression, ::testing::Values("walk.fbx", "jog.fbx", "run.fbx"),
    [](const ::testing::TestParamInfo<const char*>& info) {
      return std::string(info.param).substr(0, std::string(info.param).find('.'));
    });

}  // namespace
