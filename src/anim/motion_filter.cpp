#include "anim/motion_filter.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <complex>
#include <cstdlib>

#include "anim/index.h"

namespace anim {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Parses a positive finite number at the start of text, skipping unit (case-insensitive) after
// it when present. Returns false unless the whole text was read.
bool parse_number(std::string_view text, std::string_view unit, double& value) {
  const std::string s(text);
  char* end = nullptr;
  value = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || !std::isfinite(value)) return false;
  std::string rest(end);
  for (char& c : rest) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return rest.empty() || rest == unit;
}

// The signal with pad samples of its odd reflection about each end value before and after it.
std::vector<double> padded(std::span<const float> signal, std::size_t pad) {
  const std::size_t n = signal.size();
  std::vector<double> out;
  out.reserve(n + 2 * pad);
  for (std::size_t i = pad; i >= 1; --i) out.push_back(2.0 * signal[0] - signal[i]);
  out.insert(out.end(), signal.begin(), signal.end());
  for (std::size_t i = 1; i <= pad; ++i) out.push_back(2.0 * signal[n - 1] - signal[n - 1 - i]);
  return out;
}

// One pass through the sections (transposed direct form II), each started at its steady state
// for x's first value.
void run_sections(std::span<const Biquad> sections, std::vector<double>& x) {
  for (const Biquad& s : sections) {
    const double c = x.front();
    double z2 = (s.b2 - s.a2) * c;
    double z1 = (s.b1 - s.a1) * c + z2;
    for (double& v : x) {
      const double in = v;
      const double y = s.b0 * in + z1;
      z1 = s.b1 * in - s.a1 * y + z2;
      z2 = s.b2 * in - s.a2 * y;
      v = y;
    }
  }
}

}  // namespace

std::string parse_motion_filter(std::string_view text, MotionFilter& filter) {
  const std::size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string_view args = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  std::string quoted = "'";
  quoted += text;
  quoted += "'";
  MotionFilter parsed;
  double value = 0.0;
  if (kind == "butterworth") {
    const std::size_t second = args.find(':');
    if (!parse_number(args.substr(0, second), "hz", value) || value <= 0.0) {
      return quoted + ": expected butterworth:CUTOFF_HZ[:ORDER], e.g. butterworth:6Hz";
    }
    parsed.kind = MotionFilter::Kind::Butterworth;
    parsed.cutoff_hz = static_cast<float>(value);
    if (second != std::string_view::npos) {
      double order = 0.0;
      if (!parse_number(args.substr(second + 1), "", order) || order != std::floor(order) ||
          order < 1.0 || order > 8.0) {
        return quoted + ": the order must be a whole number from 1 to 8";
      }
      parsed.order = static_cast<int>(order);
    }
  } else if (kind == "gaussian") {
    if (!parse_number(args, "s", value) || value <= 0.0) {
      return quoted + ": expected gaussian:SIGMA_S, e.g. gaussian:0.02 (seconds)";
    }
    parsed.kind = MotionFilter::Kind::Gaussian;
    parsed.sigma_s = static_cast<float>(value);
  } else {
    return quoted + ": unknown filter (butterworth:CUTOFF_HZ[:ORDER] or gaussian:SIGMA_S)";
  }
  filter = parsed;
  return {};
}

std::string validate_motion_filter(const MotionFilter& filter, float sample_rate_hz) {
  if (!(sample_rate_hz > 0.0f)) return "the samples have no rate to filter at";
  if (filter.kind == MotionFilter::Kind::Butterworth) {
    if (filter.order < 1 || filter.order > 8) return "the Butterworth order must be 1 to 8";
    if (!(filter.cutoff_hz > 0.0f) || !(filter.cutoff_hz < 0.5f * sample_rate_hz)) {
      return "the cutoff " + std::to_string(filter.cutoff_hz) +
             " Hz must lie below half the sample rate (" + std::to_string(sample_rate_hz) + " Hz)";
    }
  }
  if (filter.kind == MotionFilter::Kind::Gaussian && !(filter.sigma_s > 0.0f)) {
    return "the Gaussian's sigma must be positive";
  }
  return {};
}

std::vector<Biquad> butterworth_low_pass(int order, float cutoff_hz, float sample_rate_hz) {
  const double k = std::tan(kPi * cutoff_hz / sample_rate_hz);  // prewarped cutoff
  std::vector<Biquad> sections;
  // Pole pairs of the analog prototype at pi/2 - (2m+1) pi/(2N) from the negative real axis.
  for (int m = 0; m < order / 2; ++m) {
    const double phi = kPi / 2.0 - (2.0 * m + 1.0) * kPi / (2.0 * order);
    const double inv_q = 2.0 * std::cos(phi);
    const double norm = 1.0 / (1.0 + k * inv_q + k * k);
    Biquad s;
    s.b0 = k * k * norm;
    s.b1 = 2.0 * s.b0;
    s.b2 = s.b0;
    s.a1 = 2.0 * (k * k - 1.0) * norm;
    s.a2 = (1.0 - k * inv_q + k * k) * norm;
    sections.push_back(s);
  }
  if (order % 2 == 1) {  // the real pole
    const double norm = 1.0 / (1.0 + k);
    sections.push_back({k * norm, k * norm, 0.0, (k - 1.0) * norm, 0.0});
  }
  return sections;
}

double magnitude_response(std::span<const Biquad> sections, float f_hz, float sample_rate_hz) {
  const std::complex<double> z1 = std::polar(1.0, -2.0 * kPi * f_hz / sample_rate_hz);
  const std::complex<double> z2 = z1 * z1;
  std::complex<double> h = 1.0;
  for (const Biquad& s : sections) {
    h *= (s.b0 + s.b1 * z1 + s.b2 * z2) / (1.0 + s.a1 * z1 + s.a2 * z2);
  }
  return std::abs(h);
}

void filtfilt(std::span<const Biquad> sections, std::span<float> signal) {
  const std::size_t n = signal.size();
  if (n < 3) return;
  // Long enough for the slowest pole's transient to fade to 1e-6 (at least scipy's sosfiltfilt
  // default), as long as the signal allows.
  double slowest = 0.0;
  for (const Biquad& s : sections) {
    slowest = std::max(slowest, s.a2 != 0.0 ? std::sqrt(std::abs(s.a2)) : std::abs(s.a1));
  }
  const double fade = slowest > 0.0 ? std::log(1e-6) / std::log(slowest) : 0.0;
  const std::size_t pad = std::min<std::size_t>(
      n - 1, std::max<std::size_t>(3 * (2 * sections.size() + 1),
                                   static_cast<std::size_t>(std::ceil(fade))));
  std::vector<double> x = padded(signal, pad);
  run_sections(sections, x);
  std::reverse(x.begin(), x.end());
  run_sections(sections, x);
  std::reverse(x.begin(), x.end());
  for (std::size_t i = 0; i < n; ++i) signal[i] = static_cast<float>(x[pad + i]);
}

void gaussian_smooth(std::span<float> signal, float sigma_samples) {
  const std::size_t n = signal.size();
  if (n < 3 || !(sigma_samples > 0.0f)) return;
  const int radius = std::max(1, static_cast<int>(std::ceil(3.0f * sigma_samples)));
  const std::size_t pad = std::min<std::size_t>(n - 1, as_size(radius));
  const std::vector<double> x = padded(signal, pad);
  std::vector<double> kernel(2 * radius + 1);
  double sum = 0.0;
  for (int i = -radius; i <= radius; ++i) {
    kernel[i + radius] = std::exp(-0.5 * i * i / (double(sigma_samples) * sigma_samples));
    sum += kernel[i + radius];
  }
  const auto last = static_cast<std::ptrdiff_t>(x.size()) - 1;
  for (std::size_t i = 0; i < n; ++i) {
    double acc = 0.0;
    for (int o = -radius; o <= radius; ++o) {
      // Beyond the padding (a kernel longer than the signal) the end samples repeat.
      const std::ptrdiff_t at = std::clamp<std::ptrdiff_t>(pad + i + o, 0, last);
      acc += kernel[o + radius] * x[at];
    }
    signal[i] = static_cast<float>(acc / sum);
  }
}

void filter_samples(const MotionFilter& filter, float sample_rate_hz, std::span<float> samples) {
  if (filter.kind == MotionFilter::Kind::Butterworth) {
    filtfilt(butterworth_low_pass(filter.order, filter.cutoff_hz, sample_rate_hz), samples);
  } else if (filter.kind == MotionFilter::Kind::Gaussian) {
    gaussian_smooth(samples, filter.sigma_s * sample_rate_hz);
  }
}

void filter_samples(const MotionFilter& filter, float sample_rate_hz,
                    std::span<glm::vec3> samples) {
  std::vector<float> channel(samples.size());
  for (int c = 0; c < 3; ++c) {
    for (std::size_t i = 0; i < samples.size(); ++i) channel[i] = samples[i][c];
    filter_samples(filter, sample_rate_hz, channel);
    for (std::size_t i = 0; i < samples.size(); ++i) samples[i][c] = channel[i];
  }
}

void filter_rotations(const MotionFilter& filter, float sample_rate_hz,
                      std::span<glm::quat> rotations) {
  for (std::size_t i = 1; i < rotations.size(); ++i) {
    if (glm::dot(rotations[i], rotations[i - 1]) < 0.0f) rotations[i] = -rotations[i];
  }
  std::vector<float> channel(rotations.size());
  for (int c = 0; c < 4; ++c) {
    for (std::size_t i = 0; i < rotations.size(); ++i) channel[i] = rotations[i][c];
    filter_samples(filter, sample_rate_hz, channel);
    for (std::size_t i = 0; i < rotations.size(); ++i) rotations[i][c] = channel[i];
  }
  for (glm::quat& q : rotations) q = glm::normalize(q);
}

}  // namespace anim
