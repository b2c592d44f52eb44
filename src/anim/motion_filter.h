#pragma once
// Smoothing of sampled motion (noisy motion capture): a zero-phase Butterworth low-pass and a
// Gaussian filter, for scalars, vectors and rotations. Zero-phase: the signal is filtered
// forwards and then backwards (filtfilt), so features stay where they were in time, and the
// magnitude response is that of one pass squared (-6 dB at the cutoff instead of -3 dB).
// Rotations are made hemisphere-continuous, filtered as four components and renormalized, so a
// quaternion's sign flip is never smoothed into a spin.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

struct MotionFilter {
  enum class Kind { None, Butterworth, Gaussian };
  Kind kind = Kind::None;
  float cutoff_hz = 6.0f;  // Butterworth: the -3 dB frequency of one pass
  int order = 2;           // Butterworth: 1 to 8
  float sigma_s = 0.02f;   // Gaussian: the standard deviation of its kernel, seconds
};

// Parses "butterworth:6Hz", "butterworth:6Hz:4" (order 4; "Hz" may be left out),
// "gaussian:0.02" or "gaussian:0.02s" (sigma in seconds). Returns "" or the cause.
std::string parse_motion_filter(std::string_view text, MotionFilter& filter);

// Whether filter can run on samples at sample_rate_hz: "" or the cause (a cutoff at or above
// the Nyquist frequency, an order out of range, a sigma that is not positive).
std::string validate_motion_filter(const MotionFilter& filter, float sample_rate_hz);

// One second-order section, y = (b0 + b1 z^-1 + b2 z^-2) / (1 + a1 z^-1 + a2 z^-2) x. A
// first-order section has b2 = a2 = 0.
struct Biquad {
  double b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0;
};

// A Butterworth low-pass of order (1..8) as cascaded sections, designed by the bilinear
// transform with the cutoff prewarped, so |H| at cutoff_hz is exactly 1/sqrt(2) and the DC gain
// is 1. cutoff_hz must lie in (0, sample_rate_hz / 2).
std::vector<Biquad> butterworth_low_pass(int order, float cutoff_hz, float sample_rate_hz);

// |H(f)| of one forward pass through sections at f_hz.
double magnitude_response(std::span<const Biquad> sections, float f_hz, float sample_rate_hz);

// Filters signal forwards then backwards through sections, in place. Each end is padded with
// the signal's odd reflection about the end value (which continues its slope), long enough for
// the slowest pole's transient to fade to 1e-6 where the signal is that long, and each section
// starts at its steady state for the first padded value, so a constant or a ramp passes
// unchanged. Signals of fewer than 3 samples are left as they are.
void filtfilt(std::span<const Biquad> sections, std::span<float> signal);

// Convolves signal with a normalized Gaussian of sigma_samples (kernel radius 3 sigma), in
// place, with the same odd reflection at the ends.
void gaussian_smooth(std::span<float> signal, float sigma_samples);

// filter applied to samples taken at sample_rate_hz (a validated filter; None leaves them).
void filter_samples(const MotionFilter& filter, float sample_rate_hz, std::span<float> samples);
void filter_samples(const MotionFilter& filter, float sample_rate_hz, std::span<glm::vec3> samples);
// Rotations: made hemisphere-continuous, each component filtered, then renormalized.
void filter_rotations(const MotionFilter& filter, float sample_rate_hz,
                      std::span<glm::quat> rotations);

}  // namespace anim
