#include "render/skinning_palette_buffer.h"

#include <glad/gl.h>

#include <cstdio>

namespace render {
namespace {

// The shaders read quaternions as vec4 (x, y, z, w) and stretch as 9 packed floats: the glm
// types must have exactly that memory layout for the palettes to be copied as they are.
static_assert(sizeof(anim::DualQuat) == 8 * sizeof(float));
static_assert(sizeof(glm::mat3) == 9 * sizeof(float));
static_assert(sizeof(glm::mat4) == 16 * sizeof(float));

std::string check_sizes(const char* what, std::size_t count, int joints_per_instance) {
  if (joints_per_instance <= 0) {
    return std::string(what) + " palette: joints per instance must be positive, got " +
           std::to_string(joints_per_instance);
  }
  if (count == 0 || count % static_cast<std::size_t>(joints_per_instance) != 0) {
    return std::string(what) + " palette: " + std::to_string(count) +
           " entries is not a positive multiple of " + std::to_string(joints_per_instance) +
           " joints";
  }
  return {};
}

std::string kib(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f KiB", static_cast<double>(bytes) / 1024.0);
  return text;
}

}  // namespace

SkinningPaletteBuffer::~SkinningPaletteBuffer() {
  for (Storage* s : {&matrices_, &dual_quats_, &stretch_}) {
    if (s->buffer) glDeleteBuffers(1, &s->buffer);
  }
}

void SkinningPaletteBuffer::write(Storage& storage, const void* data, std::size_t bytes) {
  if (!storage.buffer) glCreateBuffers(1, &storage.buffer);
  if (bytes > storage.capacity) {
    // Grow with headroom so a crowd that grows a little does not reallocate every frame.
    storage.capacity = bytes + bytes / 2;
    glNamedBufferData(storage.buffer, static_cast<GLsizeiptr>(storage.capacity), nullptr,
                      GL_DYNAMIC_DRAW);
  }
  glNamedBufferSubData(storage.buffer, 0, static_cast<GLsizeiptr>(bytes), data);
}

std::string SkinningPaletteBuffer::upload_matrices(std::span<const glm::mat4> palette,
                                                   int joints_per_instance) {
  if (std::string error = check_sizes("matrix", palette.size(), joints_per_instance);
      !error.empty()) {
    return error;
  }
  write(matrices_, palette.data(), palette.size_bytes());
  matrix_joints_ = joints_per_instance;
  matrix_instances_ = static_cast<int>(palette.size() / joints_per_instance);
  return {};
}

std::string SkinningPaletteBuffer::upload_dual_quats(std::span<const anim::DualQuat> dual_quats,
                                                     std::span<const glm::mat3> stretch,
                                                     std::span<const std::uint8_t> has_stretch,
                                                     int joints_per_instance) {
  if (std::string error = check_sizes("dual-quaternion", dual_quats.size(), joints_per_instance);
      !error.empty()) {
    return error;
  }
  if (stretch.size() != has_stretch.size() ||
      (!stretch.empty() && stretch.size() != dual_quats.size())) {
    return "dual-quaternion palette: " + std::to_string(stretch.size()) + " stretch matrices and " +
           std::to_string(has_stretch.size()) + " stretch flags for " +
           std::to_string(dual_quats.size()) + " joints (both must be empty or match)";
  }
  int stretched = 0;
  for (std::uint8_t flag : has_stretch) stretched += flag != 0;
  write(dual_quats_, dual_quats.data(), dual_quats.size_bytes());
  if (stretched > 0) write(stretch_, stretch.data(), stretch.size_bytes());
  dq_joints_ = joints_per_instance;
  dq_instances_ = static_cast<int>(dual_quats.size() / joints_per_instance);
  stretched_joints_ = stretched;
  return {};
}

bool SkinningPaletteBuffer::has(visual::SkinningChoice method) const {
  return joints_per_instance(method) > 0;
}

void SkinningPaletteBuffer::bind(visual::SkinningChoice method) const {
  if (method == visual::SkinningChoice::Lbs) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kMatrixPaletteBinding, matrices_.buffer);
    return;
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDualQuatPaletteBinding, dual_quats_.buffer);
  // Bound even when unused so the shader's stretch block always refers to a buffer.
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStretchPaletteBinding,
                   stretch_.buffer ? stretch_.buffer : dual_quats_.buffer);
}

int SkinningPaletteBuffer::joints_per_instance(visual::SkinningChoice method) const {
  return method == visual::SkinningChoice::Lbs ? matrix_joints_ : dq_joints_;
}

int SkinningPaletteBuffer::instance_count(visual::SkinningChoice method) const {
  return method == visual::SkinningChoice::Lbs ? matrix_instances_ : dq_instances_;
}

std::size_t SkinningPaletteBuffer::bytes() const {
  return matrices_.capacity + dual_quats_.capacity + stretch_.capacity;
}

std::string SkinningPaletteBuffer::describe() const {
  std::string text = "shader storage buffers:";
  if (has(visual::SkinningChoice::Lbs)) {
    text += " matrices " + std::to_string(matrix_joints_) + " joints x " +
            std::to_string(matrix_instances_) + " (" + kib(matrices_.capacity) + ")";
  }
  if (has(visual::SkinningChoice::DualQuat)) {
    text += std::string(has(visual::SkinningChoice::Lbs) ? "," : "") + " dual quaternions " +
            std::to_string(dq_joints_) + " joints x " + std::to_string(dq_instances_) + " (" +
            kib(dual_quats_.capacity + stretch_.capacity) + "), " +
            std::to_string(stretched_joints_) + " with scale";
  }
  if (!has(visual::SkinningChoice::Lbs) && !has(visual::SkinningChoice::DualQuat)) text += " empty";
  return text;
}

}  // namespace render
