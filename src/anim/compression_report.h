#pragma once
// What compressing a clip costs and saves: its memory before and after, and the largest error
// the compressed clip makes in model space, measured by sampling both (an inspection tool for
// `animview info` and the viewer, not for the per-frame path).

#include <cstddef>
#include <string>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/skeleton.h"

namespace anim {

struct CompressionReport {
  bool compressed = false;  // false: the clip cannot be compressed (why_not says why)
  std::string why_not;
  std::size_t key_bytes = 0;            // the imported keys (clip_key_bytes)
  std::size_t compressed_bytes = 0;     // CompressedClip::byte_size
  double bytes_per_joint_second = 0.0;  // compressed, per skeleton joint and second of clip
  float max_error_m = 0.0f;             // the largest joint position difference found
  int worst_joint = -1;                 // the joint where it was found
};

// Compresses clip for skeleton with tolerance and compares the two at every source frame and
// half-way between frames, in model space.
CompressionReport measure_compression(const Clip& clip, const Skeleton& skeleton,
                                      const CompressionTolerance& tolerance = {});

}  // namespace anim
