#include "import/slerp_keys.h"

#include <gtest/gtest.h>

#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/math.h"

namespace {

// The angle of the rotation taking q to p, robust near zero.
float angle_between(const glm::quat& q, const glm::quat& p) {
  const glm::quat d = glm::conjugate(q) * p;
  return 2.0f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::abs(d.w));
}

anim::QuatTrack two_keys(float degrees) {
  anim::QuatTrack track;
  track.times_s = {0.0f, 1.0f};
  track.values = {glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 2, 0))),
                  glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 2, 0))) *
                      glm::angleAxis(glm::radians(degrees), glm::normalize(glm::vec3(0, 1, 1)))};
  return track;
}

TEST(SlerpKeys, KeepsNlerpWithinTheBoundOfTheSpecsSlerp) {
  for (const float degrees : {5.0f, 30.0f, 90.0f, 170.0f}) {
    for (const float bound : {1e-4f, 1e-6f}) {
      const anim::QuatTrack original = two_keys(degrees);
      anim::QuatTrack track = original;
      const int inserted = importer::insert_slerp_keys(track, bound);
      EXPECT_EQ(track.times_s.size(), 2u + inserted);
      float worst = 0.0f;
      std::uint32_t cursor = 0;
      for (int i = 0; i <= 1000; ++i) {
        const float t = static_cast<float>(i) / 1000.0f;
        const glm::quat expected = glm::slerp(original.values[0], original.values[1], t);
        worst = std::max(worst, angle_between(anim::sample_track(track, t, cursor, {}), expected));
      }
      // float quaternions hold about 1e-7 rad.
      EXPECT_LT(worst, bound + 3e-7f) << degrees << " degrees, bound " << bound;
      // Without the keys, nlerp alone strays further than the bound (or as far as it predicts).
      std::uint32_t plain_cursor = 0;
      float plain = 0.0f;
      for (int i = 0; i <= 1000; ++i) {
        const float t = static_cast<float>(i) / 1000.0f;
        plain =
            std::max(plain, angle_between(anim::sample_track(original, t, plain_cursor, {}),
                                          glm::slerp(original.values[0], original.values[1], t)));
      }
      if (inserted > 0) {
        EXPECT_GT(plain, bound);
      }
      EXPECT_LE(plain, importer::nlerp_error_rad(glm::radians(degrees)) + 1e-6f);
    }
  }
}

TEST(SlerpKeys, SmallStepsNeedNoKeysAndOtherModesAreLeftAlone) {
  anim::QuatTrack small = two_keys(1.0f);  // 1 degree: nlerp is off by 2e-8 rad
  EXPECT_EQ(importer::insert_slerp_keys(small, 1e-6f), 0);
  EXPECT_EQ(small.times_s.size(), 2u);
  anim::QuatTrack step = two_keys(170.0f);
  step.interpolation = anim::Interpolation::Step;
  EXPECT_EQ(importer::insert_slerp_keys(step, 1e-6f), 0);
  EXPECT_EQ(step.values.size(), 2u);
}

TEST(SlerpKeys, InsertedKeysLieOnTheSlerpPathAtTheirTimes) {
  anim::QuatTrack track = two_keys(120.0f);
  const anim::QuatTrack original = track;
  ASSERT_GT(importer::insert_slerp_keys(track, 1e-5f), 0);
  for (std::size_t k = 0; k < track.times_s.size(); ++k) {
    const glm::quat expected = glm::slerp(original.values[0], original.values[1], track.times_s[k]);
    EXPECT_LT(angle_between(track.values[k], expected), 1e-6f) << k;
  }
}

}  // namespace
