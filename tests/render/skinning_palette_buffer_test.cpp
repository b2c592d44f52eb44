#include "render/skinning_palette_buffer.h"

#include <vector>

#include "gl_fixture.h"

namespace {

using render::SkinningMethod;

class SkinningPaletteBufferTest : public GlTest {
 protected:
  render::SkinningPaletteBuffer buffer_;
};

TEST_F(SkinningPaletteBufferTest, HoldsBothFormsForInstancedPalettes) {
  EXPECT_FALSE(buffer_.has(SkinningMethod::Lbs));
  EXPECT_FALSE(buffer_.has(SkinningMethod::DualQuat));
  EXPECT_EQ(buffer_.describe(), "shader storage buffers: empty");
  const std::vector<glm::mat4> matrices(3 * 70, glm::mat4(1.0f));
  ASSERT_EQ(buffer_.upload_matrices(matrices, 70), "");
  EXPECT_TRUE(buffer_.has(SkinningMethod::Lbs));
  EXPECT_FALSE(buffer_.has(SkinningMethod::DualQuat));
  EXPECT_EQ(buffer_.joints_per_instance(SkinningMethod::Lbs), 70);
  EXPECT_EQ(buffer_.instance_count(SkinningMethod::Lbs), 3);

  const std::vector<anim::DualQuat> dqs(70);
  std::vector<glm::mat3> stretch(70, glm::mat3(1.0f));
  std::vector<std::uint8_t> flags(70, 0);
  flags[4] = flags[9] = 1;
  ASSERT_EQ(buffer_.upload_dual_quats(dqs, stretch, flags, 70), "");
  EXPECT_EQ(buffer_.stretched_joint_count(), 2);
  EXPECT_EQ(buffer_.instance_count(SkinningMethod::DualQuat), 1);
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
  EXPECT_EQ(buffer_.joints_per_instance(SkinningMethod::Lbs), 5);
  EXPECT_EQ(buffer_.instance_count(SkinningMethod::Lbs), 2);

  const std::vector<anim::DualQuat> dqs(10);
  const std::vector<glm::mat3> stretch(9, glm::mat3(1.0f));
  const std::vector<std::uint8_t> flags(9, 0);
  EXPECT_EQ(buffer_.upload_dual_quats(dqs, stretch, flags, 5),
            "dual-quaternion palette: 9 stretch matrices and 9 stretch flags for 10 joints (both "
            "must be empty or match)");
  EXPECT_FALSE(buffer_.has(SkinningMethod::DualQuat));
}

TEST(SkinningMethodNames, RoundTripAndRejectOthers) {
  for (SkinningMethod method : {SkinningMethod::Lbs, SkinningMethod::DualQuat}) {
    EXPECT_EQ(render::skinning_method_from_string(render::to_string(method)), method);
  }
  EXPECT_STREQ(render::to_string(SkinningMethod::DualQuat), "dq");
  EXPECT_FALSE(render::skinning_method_from_string("LBS").has_value());
  EXPECT_FALSE(render::skinning_method_from_string("").has_value());
}

}  // namespace
