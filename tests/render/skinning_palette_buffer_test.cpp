#include "render/skinning_palette_buffer.h"

#include <vector>

#include "gl_fixture.h"

namespace {

using visual::SkinningChoice;

class SkinningPaletteBufferTest : public GlTest {
 protected:
  render::SkinningPaletteBuffer buffer_;
};

TEST_F(SkinningPaletteBufferTest, HoldsBothFormsForInstancedPalettes) {
  EXPECT_FALSE(buffer_.has(SkinningChoice::Lbs));
  EXPECT_FALSE(buffer_.has(SkinningChoice::DualQuat));
  EXPECT_EQ(buffer_.describe(), "shader storage buffers: empty");
  const std::vector<glm::mat4> matrices(3 * 70, glm::mat4(1.0f));
  ASSERT_EQ(buffer_.upload_matrices(matrices, 70), "");
  EXPECT_TRUE(buffer_.has(SkinningChoice::Lbs));
  EXPECT_FALSE(buffer_.has(SkinningChoice::DualQuat));
  EXPECT_EQ(buffer_.joints_per_instance(SkinningChoice::Lbs), 70);
  EXPECT_EQ(buffer_.instance_count(SkinningChoice::Lbs), 3);

  const std::vector<anim::DualQuat> dqs(70);
  std::vector<glm::mat3> stretch(70, glm::mat3(1.0f));
  std::vector<std::uint8_t> flags(70, 0);
  flags[4] = flags[9] = 1;
  ASSERT_EQ(buffer_.upload_dual_quats(dqs, stretch, flags, 70), "");
  EXPECT_EQ(buffer_.stretched_joint_count(), 2);
  EXPECT_EQ(buffer_.instance_count(SkinningChoice::DualQuat), 1);
  const std::string text = buffer_.describe();
  EXPECT_NE(text.find("matrices 70 joints x 3"), std::string::npos) << text;
  EXPECT_NE(text.find("dual quaternions 70 joints x 1"), std::string::npos) << text;
  EXPECT_NE(text.find("2 with scale"), std::string::npos) << text;
  // 210 matrices and 70 (dual quaternion + stretch), each grown by half for headroom.
  EXPECT_EQ(buffer_.bytes(), (210u * 64 + 70u * 32 + 70u * 36) * 3 / 2);

  ASSERT_EQ(buffer_.upload_dual_quats(dqs, {}, {}, 70), "");
  EXPECT_EQ(buffer_.stretched_joint_count(), 0);
}

TEST_F(SkinningPaletteBufferTest, SizesThatDoNotFitAreRejectedAndThePaletteKept) {
  const std::vector<glm::mat4> matrices(10, glm::mat4(1.0f));
  ASSERT_EQ(buffer_.upload_matrices(matrices, 5), "");
  EXPECT_EQ(buffer_.upload_matrices(matrices, 0),
            "matrix palette: joints per instance must be positive, got 0");
  EXPECT_EQ(buffer_.upload_matrices(matrices, 4),
            "matrix palette: 10 entries is not a positive multiple of 4 joints");
  EXPECT_EQ(buffer_.upload_matrices({}, 4),
            "matrix palette: 0 entries is not a positive multiple of 4 joints");
  EXPECT_EQ(buffer_.joints_per_instance(SkinningChoice::Lbs), 5);
  EXPECT_EQ(buffer_.instance_count(SkinningChoice::Lbs), 2);

  const std::vector<anim::DualQuat> dqs(10);
  const std::vector<glm::mat3> stretch(9, glm::mat3(1.0f));
  const std::vector<std::uint8_t> flags(9, 0);
  EXPECT_EQ(buffer_.upload_dual_quats(dqs, stretch, flags, 5),
            "dual-quaternion palette: 9 stretch matrices and 9 stretch flags for 10 joints (both "
            "must be empty or match)");
  EXPECT_FALSE(buffer_.has(SkinningChoice::DualQuat));
}

TEST(SkinningChoiceNames, RoundTripAndRejectOthers) {
  for (SkinningChoice method : {SkinningChoice::Lbs, SkinningChoice::DualQuat}) {
    EXPECT_EQ(visual::parse_skinning_choice(visual::to_string(method)), method);
  }
  EXPECT_STREQ(visual::to_string(SkinningChoice::DualQuat), "dq");
  EXPECT_FALSE(visual::parse_skinning_choice("LBS").has_value());
  EXPECT_FALSE(visual::parse_skinning_choice("").has_value());
}

}  // namespace
