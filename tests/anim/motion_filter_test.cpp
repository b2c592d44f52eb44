#include "anim/motion_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace anim {
namespace {

constexpr float kRate = 120.0f;  // a motion-capture rate
constexpr double kPi = 3.14159265358979323846;

// |H(f)|^2 of an analog Butterworth mapped by the bilinear transform with prewarping: the
// textbook formula, independent of the sections' coefficients.
double butterworth_power(double f, double fc, double fs, int order) {
  return 1.0 / (1.0 + std::pow(std::tan(kPi * f / fs) / std::tan(kPi * fc / fs), 2 * order));
}

// The amplitude of a cosine of f_hz (10 s at kRate) after filtering, read in its middle.
float filtered_amplitude(const MotionFilter& filter, double f_hz) {
  std::vector<float> x(1200);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::cos(2.0 * kPi * f_hz * i / kRate);
  filter_samples(filter, kRate, x);
  float peak = 0.0f;
  for (std::size_t i = 300; i < 900; ++i) peak = std::max(peak, std::abs(x[i]));
  return peak;
}

MotionFilter butterworth(float cutoff_hz, int order) {
  MotionFilter f;
  f.kind = MotionFilter::Kind::Butterworth;
  f.cutoff_hz = cutoff_hz;
  f.order = order;
  return f;
}

TEST(MotionFilter, OnePassIsThreeDecibelsDownAtTheCutoffForEveryOrder) {
  for (int order = 1; order <= 8; ++order) {
    const auto sections = butterworth_low_pass(order, 6.0f, kRate);
    EXPECT_EQ(sections.size(), static_cast<std::size_t>((order + 1) / 2));
    EXPECT_NEAR(20.0 * std::log10(magnitude_response(sections, 6.0f, kRate)), -3.0103, 1e-3);
    EXPECT_NEAR(magnitude_response(sections, 0.0f, kRate), 1.0, 1e-9);
    for (const double f : {2.0, 10.0, 20.0, 45.0}) {
      EXPECT_NEAR(magnitude_response(sections, static_cast<float>(f), kRate),
                  std::sqrt(butterworth_power(f, 6.0, kRate, order)), 1e-6)
          << "order " << order << " at " << f << " Hz";
    }
  }
}

TEST(MotionFilter, ZeroPhaseSquaresTheMagnitude) {
  // Order 2 at the cutoff: -6 dB (0.5) rather than -3 dB.
  EXPECT_NEAR(20.0 * std::log10(filtered_amplitude(butterworth(6.0f, 2), 6.0)), -6.0206, 0.01);
  // 20 Hz: 1 / (1 + (tan(pi/6) / tan(pi/20))^4) = 0.005632 of it is left.
  EXPECT_NEAR(filtered_amplitude(butterworth(6.0f, 2), 20.0), 0.005632, 1e-4);
  // 2 Hz passes: order 2 keeps 0.98815 (1.2% lost), order 4 within 1% (0.99986).
  EXPECT_NEAR(filtered_amplitude(butterworth(6.0f, 2), 2.0), 0.98815, 1e-3);
  EXPECT_NEAR(filtered_amplitude(butterworth(6.0f, 4), 2.0), 1.0, 0.01);
  EXPECT_NEAR(filtered_amplitude(butterworth(6.0f, 4), 2.0), 0.99986, 1e-3);
}

TEST(MotionFilter, ConstantsAndRampsPassUnchangedToTheEnds) {
  std::vector<float> x(200);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 1.5f + 0.025f * static_cast<float>(i);
  std::vector<float> butter = x, gauss = x;
  filter_samples(butterworth(6.0f, 4), kRate, butter);
  MotionFilter g;
  g.kind = MotionFilter::Kind::Gaussian;
  g.sigma_s = 3.0f / kRate;
  filter_samples(g, kRate, gauss);
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_NEAR(butter[i], x[i], 1e-4f) << i;
    EXPECT_NEAR(gauss[i], x[i], 1e-4f) << i;
  }
}

TEST(MotionFilter, GaussianSpreadsAnImpulseIntoItsKernel) {
  std::vector<float> x(41, 0.0f);
  x[20] = 1.0f;
  gaussian_smooth(x, 2.0f);
  // Kernel radius 6, weights exp(-i^2 / 8): the centre keeps 1 / sum = 0.199676.
  EXPECT_NEAR(x[20], 0.199676f, 1e-5f);
  EXPECT_NEAR(x[22] / x[20], std::exp(-0.5f), 1e-5f);
  EXPECT_FLOAT_EQ(x[27], 0.0f);
}

TEST(MotionFilter, RotationsAreFilteredWithoutFlipping) {
  // A turn about y at 30 deg/s, its quaternions given with alternating signs (both are right).
  std::vector<glm::quat> q(60);
  for (std::size_t i = 0; i < q.size(); ++i) {
    const glm::quat r = glm::angleAxis(glm::radians(30.0f * i / kRate), glm::vec3(0, 1, 0));
    q[i] = i % 2 == 0 ? r : -r;
  }
  filter_rotations(butterworth(6.0f, 2), kRate, q);
  for (std::size_t i = 0; i < q.size(); ++i) {
    const glm::quat r = glm::angleAxis(glm::radians(30.0f * i / kRate), glm::vec3(0, 1, 0));
    EXPECT_NEAR(std::abs(glm::dot(q[i], r)), 1.0f, 1e-5f) << i;
    EXPECT_NEAR(glm::length(q[i]), 1.0f, 1e-5f);
  }
}

TEST(MotionFilter, SpecsParseAndBadOnesNameTheCause) {
  MotionFilter f;
  EXPECT_EQ(parse_motion_filter("butterworth:6Hz", f), "");
  EXPECT_EQ(f.kind, MotionFilter::Kind::Butterworth);
  EXPECT_FLOAT_EQ(f.cutoff_hz, 6.0f);
  EXPECT_EQ(f.order, 2);
  EXPECT_EQ(parse_motion_filter("butterworth:8:4", f), "");
  EXPECT_EQ(f.order, 4);
  EXPECT_EQ(parse_motion_filter("gaussian:0.05s", f), "");
  EXPECT_EQ(f.kind, MotionFilter::Kind::Gaussian);
  EXPECT_FLOAT_EQ(f.sigma_s, 0.05f);
  EXPECT_NE(parse_motion_filter("butterworth:6Hz:9", f).find("order"), std::string::npos);
  EXPECT_NE(parse_motion_filter("butterworth:fast", f).find("butterworth:CUTOFF_HZ"),
            std::string::npos);
  EXPECT_NE(parse_motion_filter("median:3", f).find("unknown filter"), std::string::npos);
  EXPECT_EQ(f.kind, MotionFilter::Kind::Gaussian);  // a failed parse leaves it
  EXPECT_NE(validate_motion_filter(butterworth(15.0f, 2), 30.0f).find("below half"),
            std::string::npos);
  EXPECT_EQ(validate_motion_filter(butterworth(14.0f, 2), 30.0f), "");
}

}  // namespace
}  // namespace anim
