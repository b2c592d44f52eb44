#include "render/shader_program.h"

#include <glad/gl.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

namespace render {
namespace fs = std::filesystem;

std::string shader_directory() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = exe.parent_path() / "shaders";
    if (fs::is_directory(beside)) return beside.string();
  }
  return ANIMVIEW_SOURCE_SHADER_DIR;
}

namespace {

bool read_file(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// Inserts the defines after the #version line and restores the file's line numbering with
// #line, so compiler messages point at the line the user sees in the file.
std::string with_defines(const std::string& source, const std::vector<std::string>& defines) {
  if (defines.empty()) return source;
  const std::size_t version_end = source.find('\n');
  if (source.rfind("#version", 0) != 0 || version_end == std::string::npos) return source;
  std::string out = source.substr(0, version_end + 1);
  for (const std::string& d : defines) out += "#define " + d + "\n";
  out += "#line 2\n";
  out += source.substr(version_end + 1);
  return out;
}

// Replaces each `#include "NAME"` line of source by the file NAME of the same folder (what the
// skinning shaders share), numbered as GLSL source string 1, 2, ... with #line, so compiler
// messages keep each file's own line numbers. files receives the path of each source string
// (0: the shader itself). An included file may not include another.
std::string expand_includes(const std::string& source, const fs::path& folder,
                            std::vector<std::string>& files, std::string& error) {
  static const std::regex include_line(R"re(^\s*#\s*include\s+"([^"/]+)"\s*$)re");
  std::istringstream lines(source);
  std::string line, out;
  for (int number = 1; std::getline(lines, line); ++number) {
    std::smatch m;
    if (!std::regex_match(line, m, include_line)) {
      out += line + "\n";
      continue;
    }
    const fs::path included = folder / m[1].str();
    std::string text;
    if (!read_file(included, text)) {
      error = files[0] + ":" + std::to_string(number) + ": cannot read " + included.string();
      return {};
    }
    if (std::regex_search(text, std::regex(R"((^|\n)\s*#\s*include)"))) {
      error = included.string() + ": an included file cannot include another";
      return {};
    }
    files.push_back(included.string());
    out += "#line 1 " + std::to_string(files.size() - 1) + "\n" + text;
    if (!text.empty() && text.back() != '\n') out += "\n";
    out += "#line " + std::to_string(number + 1) + " 0\n";
  }
  return out;
}

// Mesa reports "SOURCE:LINE(COL): error: ..."; rewrite each such line as "FILE:LINE:COL: ...",
// with FILE the path of that source string.
std::string located_log(const std::string& log, const std::vector<std::string>& files) {
  static const std::regex mesa_location(R"(^(\d+):(\d+)\((\d+)\): (.*)$)");
  std::istringstream lines(log);
  std::string line, out;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    std::smatch m;
    if (std::regex_match(line, m, mesa_location)) {
      const std::size_t source = std::stoul(m[1].str());
      const std::string& file = source < files.size() ? files[source] : files[0];
      out += file + ":" + m[2].str() + ":" + m[3].str() + ": " + m[4].str() + "\n";
    } else {
      out += files[0] + ": " + line + "\n";
    }
  }
  return out;
}

std::string compile(GLenum stage, const std::string& file, const std::vector<std::string>& defines,
                    GLuint& shader) {
  const fs::path path = fs::path(shader_directory()) / file;
  std::string source;
  if (!read_file(path, source)) return path.string() + ": cannot read shader file";
  std::vector<std::string> files = {path.string()};
  std::string error;
  source = expand_includes(source, path.parent_path(), files, error);
  if (!error.empty()) return error;
  source = with_defines(source, defines);
  shader = glCreateShader(stage);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok) return {};
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  glDeleteShader(shader);
  shader = 0;
  return located_log(log.c_str(), files);
}

}  // namespace

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : program_(std::exchange(other.program_, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  if (this != &other) {
    if (program_) glDeleteProgram(program_);
    program_ = std::exchange(other.program_, 0);
  }
  return *this;
}

ShaderProgram::~ShaderProgram() {
  if (program_) glDeleteProgram(program_);
}

std::string ShaderProgram::load(const ShaderSources& sources) {
  GLuint vs = 0, fs_shader = 0;
  std::string error = compile(GL_VERTEX_SHADER, sources.vertex_file, sources.defines, vs);
  if (!error.empty()) return error;
  if (!sources.fragment_file.empty()) {
    error = compile(GL_FRAGMENT_SHADER, sources.fragment_file, sources.defines, fs_shader);
    if (!error.empty()) {
      glDeleteShader(vs);
      return error;
    }
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  if (fs_shader) glAttachShader(program, fs_shader);
  if (!sources.feedback_varyings.empty()) {
    std::vector<const char*> names;
    for (const std::string& v : sources.feedback_varyings) names.push_back(v.c_str());
    glTransformFeedbackVaryings(program, static_cast<GLsizei>(names.size()), names.data(),
                                GL_INTERLEAVED_ATTRIBS);
  }
  glLinkProgram(program);
  glDeleteShader(vs);
  if (fs_shader) glDeleteShader(fs_shader);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
    glGetProgramInfoLog(program, length, nullptr, log.data());
    glDeleteProgram(program);
    return sources.vertex_file + " + " + sources.fragment_file + ": link failed: " + log.c_str();
  }
  if (program_) glDeleteProgram(program_);
  program_ = program;
  return {};
}

void ShaderProgram::use() const {
  glUseProgram(program_);
}

void ShaderProgram::set(const char* name, const glm::mat4& value) const {
  glProgramUniformMatrix4fv(program_, glGetUniformLocation(program_, name), 1, GL_FALSE,
                            glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, std::span<const glm::mat3> values) const {
  glProgramUniformMatrix3fv(program_, glGetUniformLocation(program_, name),
                            static_cast<GLsizei>(values.size()), GL_FALSE,
                            glm::value_ptr(values.front()));
}
void ShaderProgram::set(const char* name, const glm::vec3& value) const {
  glProgramUniform3fv(program_, glGetUniformLocation(program_, name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::vec4& value) const {
  glProgramUniform4fv(program_, glGetUniformLocation(program_, name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, float value) const {
  glProgramUniform1f(program_, glGetUniformLocation(program_, name), value);
}
void ShaderProgram::set(const char* name, int value) const {
  glProgramUniform1i(program_, glGetUniformLocation(program_, name), value);
}

}  // namespace render
