#pragma once
// GLSL programs read from the shaders/ folder at run time, so a shader can be edited without a
// rebuild. Compile and link errors name the file and the line.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace render {

// The folder shaders are read from: `shaders/` beside the executable when present (installed
// there by the build), else the source tree's shaders/ folder.
std::string shader_directory();

struct ShaderSources {
  // A file name inside shader_directory(), e.g. "lines.vert"; an absolute path is taken as it
  // is (its #includes are read from its own folder).
  std::string vertex_file;
  std::string fragment_file;                   // empty for a transform-feedback-only program
  std::vector<std::string> feedback_varyings;  // captured interleaved when not empty
  std::vector<std::string> defines;            // "NAME" or "NAME VALUE", after #version
};

class ShaderProgram {
 public:
  ShaderProgram() = default;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;
  ~ShaderProgram();

  // Compiles and links; returns an empty string on success, otherwise a message such as
  // "shaders/skin_lbs.vert:42: error: ...". On failure the previous program is kept.
  std::string load(const ShaderSources& sources);

  unsigned id() const { return program_; }
  bool valid() const { return program_ != 0; }
  void use() const;

  // Uniform setters by name (looked up each call; programs here have few uniforms).
  void set(const char* name, const glm::mat4& value) const;
  void set(const char* name, std::span<const glm::mat3> values) const;  // an array uniform
  void set(const char* name, const glm::vec3& value) const;
  void set(const char* name, const glm::vec4& value) const;
  void set(const char* name, float value) const;
  void set(const char* name, int value) const;

 private:
  unsigned program_ = 0;
};

}  // namespace render
