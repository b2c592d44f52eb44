#include "render/instance_morph_buffer.h"

#include <glad/gl.h>

namespace render {

std::string pack_instance_morphs(std::span<const float> weights, int target_count,
                                 std::span<PackedInstanceMorphs> out) {
  if (target_count <= 0) return "instance morphs: the mesh has no morph targets";
  const auto targets = static_cast<std::size_t>(target_count);
  if (weights.size() != targets * out.size()) {
    return "instance morphs: " + std::to_string(weights.size()) + " weights for " +
           std::to_string(out.size()) + " instances of " + std::to_string(target_count) +
           " targets";
  }
  for (std::size_t n = 0; n < out.size(); ++n) {
    out[n].count = anim::select_active_morph_targets(weights.subspan(n * targets, targets),
                                                     out[n].targets, out[n].weights);
  }
  return {};
}

InstanceMorphBuffer::~InstanceMorphBuffer() {
  if (buffer_) glDeleteBuffers(1, &buffer_);
}

std::string InstanceMorphBuffer::upload(std::span<const float> weights, int target_count,
                                        int instance_count) {
  if (instance_count < 1) return "instance morphs: no instances";
  if (staging_.size() < static_cast<std::size_t>(instance_count)) staging_.resize(instance_count);
  const std::span<PackedInstanceMorphs> packed(staging_.data(), instance_count);
  if (std::string error = pack_instance_morphs(weights, target_count, packed); !error.empty()) {
    return error;
  }
  if (!buffer_) glCreateBuffers(1, &buffer_);
  const std::size_t bytes = packed.size_bytes();
  if (bytes > capacity_) {
    // Headroom, so a crowd that grows a little does not reallocate every frame.
    capacity_ = bytes + bytes / 2;
    glNamedBufferData(buffer_, static_cast<GLsizeiptr>(capacity_), nullptr, GL_DYNAMIC_DRAW);
  }
  glNamedBufferSubData(buffer_, 0, static_cast<GLsizeiptr>(bytes), packed.data());
  return {};
}

void InstanceMorphBuffer::bind() const {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstanceMorphsBinding, buffer_);
}

}  // namespace render
