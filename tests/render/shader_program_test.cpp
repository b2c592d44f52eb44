#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "gl_fixture.h"
#include "render/shader_program.h"

namespace {
// A shader file in a temporary folder of this process, for the duration of a test: tests never
// write into the shader folder (the source tree's, when the build installs none). Loaded by
// its absolute path, which ShaderSources takes as it is.
struct TemporaryShader {
  std::filesystem::path path;
  TemporaryShader(const std::string& name, const std::string& text) : path(folder() / name) {
    std::filesystem::create_directories(folder());
    std::ofstream(path) << text;
  }
  ~TemporaryShader() {
    std::filesystem::remove(path);
    std::error_code still_used;  // by another shader of the same test
    std::filesystem::remove(folder(), still_used);
  }
  static std::filesystem::path folder() {
    return std::filesystem::temp_directory_path() /
           ("animview_shaders_" + std::to_string(::getpid()));
  }
};
}  // namespace

TEST_F(GlTest, LinesProgramCompilesFromTheShaderFolder) {
  render::ShaderProgram program;
  EXPECT_EQ(program.load({"lines.vert", "lines.frag", {}, {}}), "");
  EXPECT_TRUE(program.valid());
}

TEST_F(GlTest, CompileErrorNamesFileAndLine) {
  TemporaryShader bad("test_broken.vert",
                      "#version 450 core\nvoid main() {\n  gl_Position = vec4(1.0);\n"
                      "  undefined_symbol = 2.0;\n}\n");
  render::ShaderProgram program;
  const std::string error = program.load({bad.path.string(), "lines.frag", {}, {"FOO 1"}});
  EXPECT_NE(error.find("test_broken.vert:4:"), std::string::npos) << error;
  EXPECT_FALSE(program.valid());
}

TEST_F(GlTest, MissingShaderFileIsNamed) {
  render::ShaderProgram program;
  const std::string error = program.load({"does_not_exist.vert", "", {}, {}});
  EXPECT_NE(error.find("does_not_exist.vert: cannot read shader file"), std::string::npos) << error;
}

TEST_F(GlTest, IncludedFilesKeepTheirOwnNamesAndLinesInErrors) {
  TemporaryShader part("test_part.glsl", "// shared\nfloat broken() { return undefined_name; }\n");
  TemporaryShader shader("test_includer.vert",
                         "#version 450 core\n#include \"test_part.glsl\"\nvoid main() {\n"
                         "  gl_Position = vec4(broken());\n  undefined_too = 1.0;\n}\n");
  render::ShaderProgram program;
  const std::string error = program.load({shader.path.string(), "lines.frag", {}, {"FOO 1"}});
  EXPECT_NE(error.find("test_part.glsl:2:"), std::string::npos) << error;
  EXPECT_NE(error.find("test_includer.vert:5:"), std::string::npos) << error;
  EXPECT_FALSE(program.valid());
}

TEST_F(GlTest, AMissingIncludeNamesTheIncludingLine) {
  TemporaryShader shader("test_missing_include.vert",
                         "#version 450 core\n\n#include \"test_absent.glsl\"\nvoid main() {}\n");
  render::ShaderProgram program;
  const std::string error = program.load({shader.path.string(), "", {}, {}});
  EXPECT_NE(error.find("test_missing_include.vert:3: cannot read"), std::string::npos) << error;
  EXPECT_NE(error.find("test_absent.glsl"), std::string::npos) << error;
}
