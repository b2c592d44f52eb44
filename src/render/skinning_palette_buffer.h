#pragma once
// The per-frame skinning palette in shader storage buffers: one upload per frame, read by the
// skinning vertex shaders. Storage buffers have no practical joint limit (Mesa allows 128 MiB:
// millions of joints), where a uniform array would stop at about 1000 matrices (64 KiB).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "anim/dual_quat.h"
#include "visual/view_settings.h"

namespace render {

// Storage buffer binding points, shared with the shaders.
inline constexpr unsigned kMatrixPaletteBinding = 0;    // mat4 per joint
inline constexpr unsigned kDualQuatPaletteBinding = 1;  // vec4 real, vec4 dual per joint
inline constexpr unsigned kStretchPaletteBinding = 2;   // 9 floats (column-major mat3) per joint

// Holds both palette forms, so a frame can draw either method (or the difference view, which
// needs both) without re-uploading. Each palette covers instance_count instances of
// joints_per_instance joints, instance-major, for instanced crowds.
class SkinningPaletteBuffer {
 public:
  SkinningPaletteBuffer() = default;
  SkinningPaletteBuffer(const SkinningPaletteBuffer&) = delete;
  SkinningPaletteBuffer& operator=(const SkinningPaletteBuffer&) = delete;
  ~SkinningPaletteBuffer();

  // Uploads a matrix palette (anim::skinning_matrices output: model * inverse bind). Its size
  // must be a positive multiple of joints_per_instance (> 0); otherwise returns a message and
  // keeps the previous palette. Grows the buffer when needed, so steady frames do not allocate.
  std::string upload_matrices(std::span<const glm::mat4> palette, int joints_per_instance);

  // Uploads a dual-quaternion palette with its stretch parts (anim::skinning_dual_quats
  // outputs). stretch and has_stretch are either both empty (every joint rigid) or the size of
  // dual_quats; the stretch matrices are only uploaded, and only applied by the shader, when a
  // joint has a flag set. Same size rules and failure behaviour as upload_matrices.
  std::string upload_dual_quats(std::span<const anim::DualQuat> dual_quats,
                                std::span<const glm::mat3> stretch,
                                std::span<const std::uint8_t> has_stretch, int joints_per_instance);

  // Whether a palette for method was uploaded.
  bool has(visual::SkinningChoice method) const;

  // Binds the method's storage buffers to the binding points above.
  void bind(visual::SkinningChoice method) const;

  // Joints per instance and instances of the method's palette (0 before any upload).
  int joints_per_instance(visual::SkinningChoice method) const;
  int instance_count(visual::SkinningChoice method) const;

  // Joints (over all instances) flagged with stretch by the last dual-quaternion upload: where
  // scale is applied before the dual quaternion. The skinning health panel shows it.
  int stretched_joint_count() const { return stretched_joints_; }

  // Bytes of GPU memory currently held by the palettes.
  std::size_t bytes() const;

  // A line for the health panel: the buffer path and the sizes, e.g.
  // "shader storage buffers: matrices 67 joints x 1 (4.2 KiB), dual quaternions ...".
  std::string describe() const;

 private:
  struct Storage {
    unsigned buffer = 0;
    std::size_t capacity = 0;  // bytes
  };
  static void write(Storage& storage, const void* data, std::size_t bytes);

  Storage matrices_;
  Storage dual_quats_;
  Storage stretch_;
  int matrix_joints_ = 0;
  int matrix_instances_ = 0;
  int dq_joints_ = 0;
  int dq_instances_ = 0;
  int stretched_joints_ = 0;
};

}  // namespace render
