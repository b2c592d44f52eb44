#include "anim/compression_report.h"

#include <cmath>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/keyframe_reduction.h"
#include "anim/pose.h"

namespace anim {

CompressionReport measure_compression(const Clip& clip, const Skeleton& skeleton,
                                      const CompressionTolerance& tolerance) {
  CompressionReport report;
  report.key_bytes = clip_key_bytes(clip);
  BindOptions exact_options;
  exact_options.bake_uniform_frames = false;
  const ClipBinding exact = bind_clip(clip, skeleton, exact_options);
  // The same binding with the compressed form added: compressed once, and the reason kept.
  ClipBinding compressed = exact;
  compressed.compressed = compress_clip(clip, exact, skeleton, tolerance, &report.why_not);
  if (compressed.compressed.empty()) return report;
  report.compressed = true;
  report.compressed_bytes = compressed.compressed.byte_size();
  report.bytes_per_joint_second = static_cast<double>(report.compressed_bytes) /
                                  static_cast<double>(skeleton.joint_count()) / clip.duration_s;

  const std::size_t joints = skeleton.rest_pose.size();
  SamplingCache exact_cache(clip), compressed_cache(clip, compressed);
  std::vector<Transform> a(joints), b(joints);
  std::vector<glm::mat4> model_a(joints), model_b(joints);
  const float fps = clip.source_fps > 0.0f ? clip.source_fps : 30.0f;
  const auto steps = static_cast<int>(std::ceil(clip.duration_s * fps * 2.0f));
  for (int step = 0; step <= steps; ++step) {
    // Clamped, not wrapped: the last step samples the clip's end.
    const float t = std::min(static_cast<float>(step) / (2.0f * fps), clip.duration_s);
    if (!sample_clip(clip, exact, skeleton, t, exact_cache, a) ||
        !sample_clip(clip, compressed, skeleton, t, compressed_cache, b) ||
        !local_to_model(skeleton, a, model_a) || !local_to_model(skeleton, b, model_b)) {
      break;
    }
    for (std::size_t j = 0; j < joints; ++j) {
      const float e = glm::length(glm::vec3(model_a[j][3]) - glm::vec3(model_b[j][3]));
      if (e > report.max_error_m) {
        report.max_error_m = e;
        report.worst_joint = static_cast<int>(j);
      }
    }
  }
  return report;
}

}  // namespace anim
