#include "support/fbx_twins.h"

#include <gtest/gtest.h>

#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <string>
#include <vector>

#include "support/temp_files.h"

namespace test {
namespace {

// The ids of the objects whose declaration line ("\t<kind>: <id>, "<name>", "<class>" {")
// starts with "\t<kind>: " and holds part, in the file's order.
std::vector<std::int64_t> object_ids(const std::string& fbx, const std::string& kind,
                                     const std::string& part) {
  std::vector<std::int64_t> ids;
  const std::string start = "\n\t" + kind + ": ";
  for (std::size_t at = fbx.find(start); at != std::string::npos; at = fbx.find(start, at + 1)) {
    const std::string line = fbx.substr(at + 1, fbx.find('\n', at + 1) - at - 1);
    if (line.find(part) != std::string::npos)
      ids.push_back(std::stoll(line.substr(start.size() - 1)));
  }
  return ids;
}

// An AnimationCurveNode "DeformPercent" (id) and its AnimationCurve (id + 1) of the keys, and
// their connections to layer and to the blend-shape channel.
void add_curve(std::int64_t id, std::int64_t channel, std::int64_t layer,
               const std::vector<std::int64_t>& ticks, const std::vector<int>& percents,
               std::string& objects, std::string& connections) {
  std::string times, values;
  for (std::size_t k = 0; k < ticks.size(); ++k) {
    times += (k ? "," : "") + std::to_string(ticks[k]);
    values += (k ? "," : "") + std::to_string(percents[k]);
  }
  const std::string n = std::to_string(ticks.size());
  objects += "\tAnimationCurveNode: " + std::to_string(id) +
             ", \"AnimCurveNode::DeformPercent\", \"\" {\n\t}\n"
             "\tAnimationCurve: " +
             std::to_string(id + 1) +
             ", \"AnimCurve::\", \"\" {\n"
             "\t\tKeyTime: *" +
             n + " {\n\t\t\ta: " + times +
             "\n\t\t}\n"
             "\t\tKeyValueFloat: *" +
             n + " {\n\t\t\ta: " + values + "\n\t\t}\n\t}\n";
  connections += "\tC: \"OO\", " + std::to_string(id) + ", " + std::to_string(layer) + "\n" +
                 "\tC: \"OP\", " + std::to_string(id) + ", " + std::to_string(channel) +
                 ", \"DeformPercent\"\n" + "\tC: \"OP\", " + std::to_string(id + 1) + ", " +
                 std::to_string(id) + ", \"d|DeformPercent\"\n";
}

void replace_once(std::string& text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

}  // namespace

std::filesystem::path fbx_twin(const std::filesystem::path& gltf) {
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(gltf.string(), 0);
  EXPECT_NE(scene, nullptr) << importer.GetErrorString();
  const std::filesystem::path out = make_temp_dir() / "sphere.fbx";
  Assimp::Exporter exporter;
  EXPECT_EQ(exporter.Export(scene, "fbxa", out.string()), AI_SUCCESS) << exporter.GetErrorString();
  return out;
}

std::filesystem::path fbx_twin_with_shape_curves(const std::filesystem::path& gltf,
                                                 std::optional<std::int64_t> local_start_ticks) {
  const std::filesystem::path path = fbx_twin(gltf);
  std::string fbx;
  EXPECT_TRUE(test::read_file(path, fbx)) << path;
  const std::vector<std::int64_t> channels = object_ids(fbx, "Deformer", "\"BlendShapeChannel\"");
  const std::vector<std::int64_t> shapes = object_ids(fbx, "Deformer", "\"BlendShape\"");
  const std::vector<std::int64_t> layers = object_ids(fbx, "AnimationLayer", "");
  EXPECT_EQ(channels.size(), 2u);
  EXPECT_EQ(shapes.size(), 1u);
  EXPECT_EQ(layers.size(), 1u);
  if (channels.size() != 2 || shapes.size() != 1 || layers.size() != 1) return path;
  const char* names[] = {"Squash", "Bulge"};
  for (int c = 0; c < 2; ++c) {
    const std::string id = std::to_string(channels[c]);
    replace_once(fbx, id + ", \"SubDeformer::\"", id + ", \"SubDeformer::" + names[c] + "\"");
  }
  const std::int64_t s = kFbxTicksPerSecond, unshaped = 3000000;
  std::string objects = "\tDeformer: " + std::to_string(unshaped) +
                        ", \"SubDeformer::Unshaped\", \"BlendShapeChannel\" {\n"
                        "\t\tVersion: 100\n\t\tDeformPercent: 0\n\t}\n";
  std::string connections =
      "\tC: \"OO\", " + std::to_string(unshaped) + ", " + std::to_string(shapes[0]) + "\n";
  add_curve(3000010, channels[0], layers[0], {0, s, 2 * s}, {0, 100, 25}, objects, connections);
  add_curve(3000020, channels[1], layers[0], {s / 2, 2 * s}, {40, 80}, objects, connections);
  add_curve(3000030, unshaped, layers[0], {0}, {50}, objects, connections);
  // The stack's own lines, three tabs in (the Definitions section's template has them four in).
  const std::string local_start = "\n\t\t\tP: \"LocalStart\", \"KTime\", \"Time\", \"\", 0\n";
  const std::string local_stop =
      "\n\t\t\tP: \"LocalStop\", \"KTime\", \"Time\", \"\", 323303106000\n";
  if (local_start_ticks) {
    replace_once(fbx, local_start,
                 "\n\t\t\tP: \"LocalStart\", \"KTime\", \"Time\", \"\", " +
                     std::to_string(*local_start_ticks) + "\n");
  } else {
    replace_once(fbx, local_start, "\n");
    replace_once(fbx, local_stop, "\n");
  }
  // The objects go at the end of "Objects:", the connections at the end of the file's last
  // section, "Connections:".
  replace_once(fbx, "\n}\n\n; Object connections", "\n" + objects + "}\n\n; Object connections");
  const std::size_t last = fbx.rfind('}');
  fbx.insert(last, connections);
  write_file(path, fbx);
  return path;
}

}  // namespace test
