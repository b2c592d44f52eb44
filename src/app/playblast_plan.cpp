#include "app/playblast_plan.h"

#include <cmath>
#include <cstdio>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

namespace app {

std::string plan_playblast(const PlayblastRequest& request, std::vector<PlayblastFrame>& out) {
  out.clear();
  if (!std::isfinite(request.from_s) || !std::isfinite(request.to_s))
    return "the video's range is not finite";
  if (!std::isfinite(request.fps) || request.fps <= 0.0)
    return "the video's frame rate must be above 0 fps";
  if (!std::isfinite(request.turntable_deg)) return "the turntable angle is not finite";
  if (request.from_s < 0.0) return "the video cannot start before 0 s";
  if (request.to_s <= request.from_s) {
    return "the video's range ends (" + std::to_string(request.to_s) + " s) before it starts (" +
           std::to_string(request.from_s) + " s)";
  }
  const double count = std::max(1.0, std::round((request.to_s - request.from_s) * request.fps));
  if (count > kMaxPlayblastFrames) {
    return "the video would hold " + std::to_string(static_cast<long long>(count)) +
           " frames, more than " + std::to_string(kMaxPlayblastFrames);
  }
  const int frames = static_cast<int>(count);
  out.reserve(static_cast<std::size_t>(frames));
  for (int n = 0; n < frames; ++n) {
    double time_s = request.from_s + n / request.fps;
    if (request.clip_duration_s > 0.0 && time_s > request.clip_duration_s)
      time_s = std::fmod(time_s, request.clip_duration_s);
    out.push_back({n, time_s, request.turntable_deg * std::numbers::pi / 180.0 * n / frames});
  }
  return {};
}

glm::mat4 turntable_orbit(const glm::vec3& pivot, double angle_rad) {
  return glm::translate(glm::mat4(1.0f), pivot) *
         glm::rotate(glm::mat4(1.0f), -static_cast<float>(angle_rad), glm::vec3(0.0f, 1.0f, 0.0f)) *
         glm::translate(glm::mat4(1.0f), -pivot);
}

double default_playblast_fps(double clip_fps, double max_fps) {
  return std::isfinite(clip_fps) && clip_fps > 0.0 ? std::min(clip_fps, max_fps) : max_fps;
}

std::string timecode(int frame, double fps) {
  const int per_second = std::max(1, static_cast<int>(std::ceil(fps - 1e-9)));
  const int seconds = frame / per_second;
  char text[32];
  std::snprintf(text, sizeof text, "%02d:%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60,
                seconds % 60, frame % per_second);
  return text;
}

std::vector<std::string> overlay_lines(const std::string& file_name, const std::string& source,
                                       const PlayblastFrame& frame, int total, double fps,
                                       bool clip_time) {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "frame %d/%d  %s", frame.index, total,
                timecode(frame.index, fps).c_str());
  std::string second = numbers;
  if (clip_time) {
    std::snprintf(numbers, sizeof numbers, "  clip %.3f s", frame.time_s);
    second += numbers;
  }
  return {file_name + "  " + source, second};
}

}  // namespace app
