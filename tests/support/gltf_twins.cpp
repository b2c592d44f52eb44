#include "support/gltf_twins.h"

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "anim/skinning.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace test {
namespace {

std::uint32_t u32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  if (at + 4 <= bytes.size()) std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

void append_u32(std::string& bytes, std::uint32_t value) {
  bytes.append(reinterpret_cast<const char*>(&value), 4);
}

struct PosedVertex {
  glm::vec3 position;
  glm::vec2 uv;
};

std::vector<PosedVertex> posed_vertices(const importer::Character& character,
                                        const std::string& clip_name, float time_s) {
  const anim::Clip* clip = clip_name.empty() ? nullptr : find_clip(character.clips, clip_name);
  EXPECT_TRUE(clip_name.empty() || clip != nullptr) << "no clip " << clip_name;
  const std::vector<glm::mat4> model = model_pose(character, clip, time_s);
  std::vector<glm::mat4> palette(model.size());
  EXPECT_TRUE(anim::skinning_matrices(model, character.skeleton.inverse_bind, palette));
  std::vector<PosedVertex> out;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    std::vector<glm::vec3> positions(mesh.vertex_count());
    EXPECT_TRUE(anim::skin_vertices_lbs(mesh, palette, positions, {}));
    for (std::size_t v = 0; v < positions.size(); ++v) {
      out.push_back({positions[v], mesh.uvs.empty() ? glm::vec2(0.0f) : mesh.uvs[v]});
    }
  }
  return out;
}

// Largest distance from a vertex of from to its nearest match in to (sorted by x).
float directed_distance(const std::vector<PosedVertex>& from, const std::vector<PosedVertex>& to,
                        float uv_tolerance) {
  float worst = 0.0f;
  for (const PosedVertex& q : from) {
    float best = std::numeric_limits<float>::infinity();
    const auto start =
        std::lower_bound(to.begin(), to.end(), q.position.x,
                         [](const PosedVertex& v, float x) { return v.position.x < x; });
    const auto consider = [&](const PosedVertex& v) {
      const glm::vec2 duv = glm::abs(v.uv - q.uv);
      if (std::max(duv.x, duv.y) <= uv_tolerance) {
        best = std::min(best, glm::length(v.position - q.position));
      }
    };
    for (auto it = start; it != to.end() && it->position.x - q.position.x < best; ++it) {
      consider(*it);
    }
    for (auto it = start; it != to.begin() && q.position.x - std::prev(it)->position.x < best;
         --it) {
      consider(*std::prev(it));
    }
    worst = std::max(worst, best);
  }
  return worst;
}

}  // namespace

std::filesystem::path node_tool(const std::string& name) {
  const std::filesystem::path path =
      std::filesystem::path(ANIMVIEW_NODE_TOOLS) / "node_modules" / ".bin" / name;
  return std::filesystem::exists(path) ? path : std::filesystem::path();
}

std::string run_tool(const std::filesystem::path& tool, const std::string& args,
                     const std::filesystem::path& dir) {
  const std::string command =
      "cd '" + dir.string() + "' && '" + tool.string() + "' " + args + " > tool_output.txt 2>&1";
  const int status = std::system(command.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
  std::string output;
  read_file(dir / "tool_output.txt", output);
  return tool.filename().string() + " " + args + " failed (status " + std::to_string(status) +
         "): " + output;
}

std::string with_files(const std::string& args, const std::filesystem::path& in,
                       const std::filesystem::path& out) {
  // Appended piece by piece: GCC 12 warns wrongly (-Wrestrict) about "'" + path + "'" here.
  const auto quoted = [](std::string& text, const std::filesystem::path& path) {
    text.push_back('\'');
    text.append(path.string());
    text.push_back('\'');
  };
  std::string text;
  for (std::size_t i = 0; i < args.size();) {
    if (args.compare(i, 4, "{in}") == 0) {
      quoted(text, in);
      i += 4;
    } else if (args.compare(i, 5, "{out}") == 0) {
      quoted(text, out);
      i += 5;
    } else {
      text += args[i++];
    }
  }
  return text;
}

Glb read_glb(const std::filesystem::path& path) {
  std::string file;
  read_file(path, file);
  Glb glb;
  const std::uint32_t json_length = u32(file, 12);
  if (file.size() < 20 || json_length > file.size() - 20) {
    ADD_FAILURE() << path << " is not a .glb";
    return glb;
  }
  glb.json = nlohmann::json::parse(file.substr(20, json_length));
  const std::size_t bin_at = 20 + json_length;
  if (bin_at + 8 <= file.size()) {
    glb.bin = file.substr(bin_at + 8, std::min<std::size_t>(u32(file, bin_at), file.size()));
  }
  return glb;
}

void write_glb(const Glb& glb, const std::filesystem::path& path) {
  std::string json = glb.json.dump();
  json.append((4 - json.size() % 4) % 4, ' ');
  std::string bin = glb.bin;
  bin.append((4 - bin.size() % 4) % 4, '\0');
  std::string file = "glTF";
  append_u32(file, 2);
  append_u32(file,
             static_cast<std::uint32_t>(12 + 8 + json.size() + (bin.empty() ? 0 : 8) + bin.size()));
  append_u32(file, static_cast<std::uint32_t>(json.size()));
  append_u32(file, 0x4E4F534A);
  file += json;
  if (!bin.empty()) {
    append_u32(file, static_cast<std::uint32_t>(bin.size()));
    append_u32(file, 0x004E4942);
    file += bin;
  }
  write_file(path, file);
}

float posed_vertex_distance(const importer::Character& a, const importer::Character& b,
                            const std::string& clip_name, float time_s, float uv_tolerance) {
  std::vector<PosedVertex> va = posed_vertices(a, clip_name, time_s);
  std::vector<PosedVertex> vb = posed_vertices(b, clip_name, time_s);
  const auto by_x = [](const PosedVertex& l, const PosedVertex& r) {
    return l.position.x < r.position.x;
  };
  std::sort(va.begin(), va.end(), by_x);
  std::sort(vb.begin(), vb.end(), by_x);
  return std::max(directed_distance(va, vb, uv_tolerance), directed_distance(vb, va, uv_tolerance));
}

float character_size(const importer::Character& character) {
  const importer::Bounds bounds = importer::bind_pose_bounds(character);
  return bounds.empty() ? 1.0f : glm::length(bounds.max - bounds.min);
}

}  // namespace test
