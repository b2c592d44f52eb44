// Imports of real files (../shared/assets and Debian's assimp-testmodels), checked against
// values computed independently: glTF node transforms evaluated by hand, counts read from the
// files' text, and bind-pose skinning that must give the rest mesh back.

#include "import/importer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "anim/clip_sampling.h"
#include "anim/skinning.h"
#include "support/gltf_reference.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::assimp_model;
using test::import_ok;
using test::shared_asset;

void expect_near(const glm::vec3& a, const glm::vec3& b, float tolerance, const std::string& what) {
  EXPECT_LT(glm::length(a - b), tolerance) << what << ": (" << a.x << ", " << a.y << ", " << a.z
                                           << ") vs (" << b.x << ", " << b.y << ", " << b.z << ")";
}

// Every joint's model-space matrix at time_s equals the glTF file's own node hierarchy
// evaluated by hand (the importer adds no conversion to glTF: metres, Y-up already).
void expect_matches_gltf(const std::filesystem::path& file, float time_s) {
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.clips.size(), 1u);
  const test::GltfReference reference(file);
  for (const float t : {0.0f, time_s}) {
    const std::vector<glm::mat4> model = test::model_pose(character, &character.clips[0], t);
    for (int j = 0; j < character.skeleton.joint_count(); ++j) {
      const std::string& name = character.skeleton.joint_names[j];
      const int node = reference.find_node(name);
      ASSERT_GE(node, 0) << name;
      const glm::mat4 expected = reference.global(node, 0, t);
      for (int c = 0; c < 4; ++c) {
        expect_near(glm::vec3(model[j][c]), glm::vec3(expected[c]), 2e-3f,
                    name + " column " + std::to_string(c) + " at " + std::to_string(t));
      }
    }
  }
}

TEST(Importer, RiggedSimpleJointsMatchTheGltfEvaluatedByHand) {
  const auto file = shared_asset("khronos/rigged_simple.gltf");
  SKIP_IF_ABSENT(file);
  expect_matches_gltf(file, 0.73f);
  const importer::Character character = import_ok(file);
  // Bone and Bone.001 are the skin; Armature lies between them and the scene root Z_UP, which
  // is a joint too because it turns the scene.
  EXPECT_EQ(character.skeleton.joint_names,
            (std::vector<std::string>{"Z_UP", "Armature", "Bone", "Bone.001"}));
  // The clip lasts until the sampler input's max; keys are 1/24 s apart.
  const test::GltfReference reference(file);
  const int input = reference.json()["animations"][0]["samplers"][0]["input"];
  EXPECT_NEAR(character.clips[0].duration_s,
              reference.json()["accessors"][input]["max"][0].get<float>(), 1e-5f);
  EXPECT_FLOAT_EQ(character.clips[0].source_fps, 24.0f);
}

TEST(Importer, CesiumManJointsMatchTheGltfEvaluatedByHand) {
  const auto file = shared_asset("khronos/cesium_man.gltf");
  SKIP_IF_ABSENT(file);
  expect_matches_gltf(file, 1.234f);
  const importer::Character character = import_ok(file);
  const test::GltfReference reference(file);
  const auto& skin_joints = reference.json()["skins"][0]["joints"];
  EXPECT_EQ(skin_joints.size(), 19u);
  for (const auto& node : skin_joints) {
    EXPECT_GE(character.skeleton.find_joint(reference.node_name(node.get<int>())), 0);
  }
  EXPECT_EQ(character.clips[0].tracks.size(), 19u);
  EXPECT_NEAR(character.clips[0].duration_s, 2.0f, 1e-3f);
  ASSERT_EQ(character.meshes.size(), 1u);
  EXPECT_FALSE(character.materials.empty());
  EXPECT_FALSE(character.materials[character.meshes[0].material].base_color_texture.empty());
}

TEST(Importer, SimpleSkinFromAssimpTestModelsMatchesTheGltf) {
  const auto file = assimp_model("glTF2/simple_skin/simple_skin.gltf");
  SKIP_IF_ABSENT(file);
  expect_matches_gltf(file, 2.25f);
}

// Bind pose in, rest mesh out: model-space rest matrices times the inverse bind matrices must be
// (close to) the identity on every skinned vertex. Only for files whose rest pose is their bind
// pose: the Khronos samples' node rest poses differ from their inverse bind matrices (glTF
// ignores the skinned mesh node's transform), and Collada's scene pose differs by a few mm.
class BindPoseSkinning : public ::testing::TestWithParam<const char*> {};

TEST_P(BindPoseSkinning, GivesBackTheRestMesh) {
  const auto file = shared_asset(GetParam());
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  ASSERT_FALSE(character.meshes.empty());
  const std::vector<glm::mat4> model = test::model_pose(character, nullptr, 0.0f);
  std::vector<glm::mat4> palette(model.size());
  ASSERT_TRUE(anim::skinning_matrices(model, character.skeleton.inverse_bind, palette));
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    std::vector<glm::vec3> positions(mesh.vertex_count());
    ASSERT_TRUE(anim::skin_vertices_lbs(mesh, palette, positions, {}));
    float worst = 0.0f;
    for (std::size_t v = 0; v < positions.size(); ++v) {
      worst = std::max(worst, glm::length(positions[v] - mesh.positions[v]));
    }
    EXPECT_LT(worst, 5e-3f) << mesh.name << " in " << GetParam();
  }
}

INSTANTIATE_TEST_SUITE_P(SharedAssets, BindPoseSkinning,
                         ::testing::Values("pab/arnaud.fbx", "kaykit/mannequin/manny_med_mod.gltf",
                                           "collada/seymour.dae"));

TEST(Importer, ArnaudComesOutInMetresWithEveryBoneAJoint) {
  const auto file = shared_asset("pab/arnaud.fbx");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  // 53 skin bones plus Hips, their parent below the FBX root.
  EXPECT_EQ(character.skeleton.joint_count(), 54);
  EXPECT_EQ(character.skeleton.joint_names[0], "Hips");
  EXPECT_FLOAT_EQ(character.report.unit_scale_applied, 0.01f);  // UnitScaleFactor 1: cm
  EXPECT_TRUE(character.clips.empty());
  ASSERT_EQ(character.meshes.size(), 1u);
  EXPECT_EQ(character.meshes[0].vertex_count(), 3748u);
  EXPECT_EQ(character.meshes[0].indices.size(), 6670u * 3u);
  // Hips rest at y = 104.667 cm in the file.
  const std::vector<glm::mat4> model = test::model_pose(character, nullptr, 0.0f);
  EXPECT_NEAR(model[0][3].y, 1.04667f, 1e-4f);
  for (const std::string& name : character.skeleton.joint_names) {
    EXPECT_EQ(name.find("$AssimpFbx$"), std::string::npos) << name;
  }
  // 30 vertices carry five influences: cut to four (renormalized) by default...
  EXPECT_EQ(character.report.vertices_with_cut_influences, 30);
  EXPECT_FALSE(character.meshes[0].has_second_influence_set());
  for (const glm::vec4& w : character.meshes[0].weights0) {
    ASSERT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-5f);
  }
  // ...and kept in a second set when eight are allowed.
  importer::ImportSettings eight;
  eight.max_influences = 8;
  const importer::Character wide = import_ok(file, eight);
  EXPECT_EQ(wide.report.vertices_with_cut_influences, 0);
  EXPECT_TRUE(wide.meshes[0].has_second_influence_set());
}

TEST(Importer, PabClipsBindToArnaudByJointName) {
  const auto arnaud_file = shared_asset("pab/arnaud.fbx");
  SKIP_IF_ABSENT(arnaud_file);
  const importer::Character arnaud = import_ok(arnaud_file);
  const importer::ClipImportResult walk =
      importer::import_clips(shared_asset("pab/walk.fbx").string(), arnaud.skeleton, {});
  ASSERT_TRUE(walk.ok()) << walk.error;
  ASSERT_EQ(walk.clips.size(), 1u);
  const anim::Clip& clip = walk.clips[0].clip;
  EXPECT_EQ(clip.name, "walk");
  EXPECT_NEAR(clip.duration_s, 40.0f / 30.0f, 1e-5f);  // 40 ticks at 30 per second
  EXPECT_FLOAT_EQ(clip.source_fps, 30.0f);
  // walk.fbx animates 75 nodes: arnaud's 54 joints plus cameras, a sky and Biped nubs.
  EXPECT_EQ(clip.tracks.size(), 54u);
  EXPECT_EQ(clip.tracks.size() + walk.clips[0].unmatched_joints.size(), 75u);
  const auto& unmatched = walk.clips[0].unmatched_joints;
  EXPECT_NE(std::find(unmatched.begin(), unmatched.end(), "Camera01"), unmatched.end());
  EXPECT_NE(std::find(unmatched.begin(), unmatched.end(), "Bip01 Footsteps"), unmatched.end());

  // The walk carries root motion: the hips move forward (+Z) well over a metre, in metres.
  // Hips is arnaud's root joint, so its local transform is its model-space one.
  const anim::ClipBinding binding = anim::bind_clip(clip, arnaud.skeleton);
  const glm::vec3 start = anim::sample_joint(clip, binding, arnaud.skeleton, 0, 0.0f).translation;
  const glm::vec3 end =
      anim::sample_joint(clip, binding, arnaud.skeleton, 0, clip.duration_s).translation;
  EXPECT_GT(std::abs(end.z - start.z), 1.0f);
  EXPECT_NEAR(start.y, 1.0f, 0.1f);

  const importer::ClipImportResult locomotions =
      importer::import_clips(shared_asset("pab/locomotions.fbx").string(), arnaud.skeleton, {});
  ASSERT_TRUE(locomotions.ok()) << locomotions.error;
  std::vector<std::string> names;
  for (const auto& c : locomotions.clips) names.push_back(c.clip.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"jog", "run", "walk"}));
}

// Collada's <unit> reaches us as a scale on assimp's root node; a chosen scale replaces it, as it
// replaces FBX's UnitScaleFactor, so the viewer's unit guess (applied x factor) lands where meant.
TEST(Importer, AChosenUnitScaleReplacesColladasUnit) {
  const auto file = shared_asset("collada/astro_max.dae");
  SKIP_IF_ABSENT(file);
  const importer::Character base = import_ok(file);
  EXPECT_FLOAT_EQ(base.report.unit_scale_applied, 0.0254f);  // <unit meter="0.0254">
  const std::vector<glm::mat4> rest = test::model_pose(base, nullptr, 0.0f);
  const int last = base.skeleton.joint_count() - 1;

  importer::ImportSettings settings;
  settings.unit_scale = 0.0254f;  // the file's own unit: the same character
  const importer::Character same = import_ok(file, settings);
  EXPECT_FLOAT_EQ(same.report.unit_scale_applied, 0.0254f);
  expect_near(glm::vec3(test::model_pose(same, nullptr, 0.0f)[last][3]), glm::vec3(rest[last][3]),
              1e-6f, "same unit");

  settings.unit_scale = 0.0508f;  // twice the inch
  const importer::Character doubled = import_ok(file, settings);
  EXPECT_FLOAT_EQ(doubled.report.unit_scale_applied, 0.0508f);
  expect_near(glm::vec3(test::model_pose(doubled, nullptr, 0.0f)[last][3]),
              2.0f * glm::vec3(rest[last][3]), 1e-5f, "doubled unit");
  ASSERT_FALSE(doubled.meshes.empty());
  EXPECT_NEAR(glm::length(doubled.meshes[0].positions[0]),
              2.0f * glm::length(base.meshes[0].positions[0]), 1e-5f);
}

TEST(Importer, SettingsOverrideUnitsUpAxisAndFrameRate) {
  const auto file = shared_asset("pab/walk.fbx");
  SKIP_IF_ABSENT(file);
  const importer::Character base = import_ok(file);
  const int hips = base.skeleton.find_joint("Hips");
  ASSERT_GE(hips, 0);
  const glm::vec3 p(test::model_pose(base, nullptr, 0.0f)[hips][3]);

  importer::ImportSettings settings;
  settings.unit_scale = 0.02f;  // twice what UnitScaleFactor says
  const importer::Character doubled = import_ok(file, settings);
  EXPECT_FLOAT_EQ(doubled.report.unit_scale_applied, 0.02f);
  expect_near(glm::vec3(test::model_pose(doubled, nullptr, 0.0f)[hips][3]), 2.0f * p, 1e-4f,
              "scaled hips");

  settings = {};
  settings.up_axis = importer::UpAxis::kZ;  // Z-up: (x, y, z) -> (x, z, -y)
  const importer::Character turned = import_ok(file, settings);
  EXPECT_TRUE(turned.report.up_axis_converted);
  expect_near(glm::vec3(test::model_pose(turned, nullptr, 0.0f)[hips][3]),
              glm::vec3(p.x, p.z, -p.y), 1e-4f, "turned hips");

  settings = {};
  settings.frame_rate_override = 60.0f;
  const importer::Character fast = import_ok(file, settings);
  EXPECT_NEAR(fast.clips[0].duration_s, 40.0f / 60.0f, 1e-5f);
}

// KayKit's animation-only files animate `Rig_Medium` (the armature: the scene root of both
// files), the mannequin's 21 skin joints and `handslot.l/r`, which the mannequin lacks.
TEST(Importer, KayKitAnimationFilesBindToTheMannequinByName) {
  const auto mannequin_file = shared_asset("kaykit/mannequin/manny_med_mod.gltf");
  SKIP_IF_ABSENT(mannequin_file);
  const importer::Character mannequin = import_ok(mannequin_file);
  EXPECT_EQ(mannequin.skeleton.joint_count(), 22);
  EXPECT_EQ(mannequin.skeleton.joint_names[0], "Rig_Medium");
  const std::vector<glm::mat4> rest = test::model_pose(mannequin, nullptr, 0.0f);
  const int hips = mannequin.skeleton.find_joint("hips");
  ASSERT_GE(hips, 0);
  for (const char* name :
       {"Med_General.glb", "Med_MovementBasic.glb", "Med_MovementAdvanced.glb"}) {
    const importer::ClipImportResult result = importer::import_clips(
        shared_asset(std::string("kaykit/anim/") + name).string(), mannequin.skeleton, {});
    ASSERT_TRUE(result.ok()) << result.error;
    ASSERT_FALSE(result.clips.empty()) << name;
    for (const importer::ImportedClip& c : result.clips) {
      EXPECT_EQ(c.clip.name.rfind("Rig_Medium|", 0), 0u) << c.clip.name;
      EXPECT_EQ(c.clip.tracks.size(), 22u) << c.clip.name;
      EXPECT_EQ(c.unmatched_joints, (std::vector<std::string>{"handslot.l", "handslot.r"}))
          << c.clip.name;
    }
  }
  // Bound through the armature's rest transform, the T-pose stands where the mannequin stands.
  const importer::ClipImportResult general = importer::import_clips(
      shared_asset("kaykit/anim/Med_General.glb").string(), mannequin.skeleton, {});
  importer::Character posed = mannequin;
  for (const auto& c : general.clips) posed.clips.push_back(c.clip);
  const anim::Clip* t_pose = test::find_clip(posed.clips, "Rig_Medium|T-Pose");
  ASSERT_NE(t_pose, nullptr);
  const std::vector<glm::mat4> model = test::model_pose(posed, t_pose, 0.05f);
  expect_near(glm::vec3(model[hips][3]), glm::vec3(rest[hips][3]), 0.05f, "hips");
}

TEST(Importer, BvhGetsItsSkeletonAndRootMotionFromTheAnimatedNodes) {
  const auto file = shared_asset("cmu/scaled_131_01.bvh");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  std::string bvh;
  ASSERT_TRUE(test::read_file(file, bvh));
  // Joints: ROOT, every JOINT and every End Site of the hierarchy.
  const std::regex joint_line(R"((ROOT|JOINT|End Site))");
  const auto count = std::distance(std::sregex_iterator(bvh.begin(), bvh.end(), joint_line),
                                   std::sregex_iterator());
  EXPECT_EQ(character.skeleton.joint_count(), count);
  ASSERT_EQ(character.clips.size(), 1u);
  // 995 frames of 1/120 s: the last key is at 994 / 120 s.
  EXPECT_NEAR(character.clips[0].duration_s, 994.0f * 0.008333f, 0.01f);
  const anim::Clip& clip = character.clips[0];
  const int hips = character.skeleton.find_joint("Hips");
  ASSERT_EQ(character.skeleton.parents[hips], anim::kNoParent);
  const anim::ClipBinding binding = anim::bind_clip(clip, character.skeleton);
  const glm::vec3 start =
      anim::sample_joint(clip, binding, character.skeleton, hips, 0).translation;
  const glm::vec3 end =
      anim::sample_joint(clip, binding, character.skeleton, hips, clip.duration_s).translation;
  const float travel = glm::length(glm::vec2(end.x - start.x, end.z - start.z));
  EXPECT_NEAR(travel, 2.6f, 0.3f);
}

TEST(Importer, AssimpTestModelsWithSkeletonsImport) {
  for (const char* name : {"FBX/animation_with_skeleton.fbx", "BVH/01_01.bvh", "BVH/01_03.bvh"}) {
    const auto file = assimp_model(name);
    SKIP_IF_ABSENT(file);
    const importer::Character character = import_ok(file);
    EXPECT_GT(character.skeleton.joint_count(), 1) << name;
    EXPECT_FALSE(character.clips.empty()) << name;
    EXPECT_TRUE(anim::validate(character.skeleton).empty()) << name;
  }
}

// A BVH is joints alone. assimp adds a mesh of grey pyramids, one rigid bone each, to show
// them; the import leaves it out, so the viewer and `render` draw the skeleton and its size is
// its joints'. Files with a body of their own keep every mesh.
// assimp's anim_test.x skins its cylinder to joint1 to joint4, but the file holds only joint1
// and joint2: the cylinder loads, its weights on the two joints there renormalized, with a
// warning naming the missing bones (it used to refuse the whole file).
TEST(Importer, BonesThatAreNotInTheFileAreAWarningNotAnError) {
  const auto file = assimp_model("X/anim_test.x");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.meshes.size(), 1u);
  const auto& warnings = character.report.warnings;
  EXPECT_NE(std::find(warnings.begin(), warnings.end(),
                      "mesh 'pCylinder1' is skinned to bones ('joint3', 'joint4') that are not "
                      "nodes of the scene; their weights are left out, and vertices left without "
                      "weights follow the mesh's node"),
            warnings.end());
  const int joint1 = character.skeleton.find_joint("joint1");
  const int joint2 = character.skeleton.find_joint("joint2");
  ASSERT_GE(joint1, 0);
  ASSERT_GE(joint2, 0);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  int on_the_joints = 0;
  for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
    const glm::vec4& w = mesh.weights0[v];
    EXPECT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-5f) << v;
    for (int k = 0; k < 4; ++k) {
      const int j = static_cast<int>(mesh.joints0[v][k]);
      if (w[k] > 0.0f && (j == joint1 || j == joint2)) ++on_the_joints;
    }
  }
  EXPECT_GT(on_the_joints, 300);  // most of the cylinder still bends with the two joints
}

TEST(Importer, AFileOfJointsAloneHasNoMesh) {
  for (const char* name : {"BVH/01_01.bvh", "BVH/Boxing_Toes.bvh"}) {
    const auto file = assimp_model(name);
    SKIP_IF_ABSENT(file);
    const importer::Character character = import_ok(file);
    EXPECT_TRUE(character.meshes.empty()) << name << ": " << character.meshes.size();
    EXPECT_GT(character.skeleton.joint_count(), 20) << name;
    // assimp's "SkeletonMaterial", its one material, went with its mesh.
    EXPECT_TRUE(character.materials.empty()) << name << ": " << character.materials.size();
  }
  // A scene of cameras alone (assimp gave it pyramids too) says that nothing moves or shows.
  const auto cameras = assimp_model("Collada/cameras.dae");
  SKIP_IF_ABSENT(cameras);
  const importer::Character scene = import_ok(cameras);
  EXPECT_TRUE(scene.meshes.empty());
  ASSERT_EQ(scene.report.warnings.size(), 1u);
  EXPECT_EQ(scene.report.warnings[0],
            "it has no mesh and no animation: only its 4 nodes are shown (cameras, lights or a "
            "bare skeleton)");
  const auto duck = assimp_model("Collada/duck.dae");
  SKIP_IF_ABSENT(duck);
  const importer::Character duck_character = import_ok(duck);
  EXPECT_EQ(duck_character.meshes.size(), 1u);
  EXPECT_EQ(duck_character.materials.size(), 1u);
}

TEST(Importer, ReportsProgressUpToOneAndHonoursCancel) {
  const auto file = shared_asset("khronos/cesium_man.gltf");
  SKIP_IF_ABSENT(file);
  std::vector<float> fractions;
  const importer::ImportResult done = importer::import_file(file.string(), {}, [&](float f) {
    fractions.push_back(f);
    return true;
  });
  ASSERT_TRUE(done.ok()) << done.error;
  ASSERT_FALSE(fractions.empty());
  EXPECT_FLOAT_EQ(fractions.back(), 1.0f);
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));

  const importer::ImportResult cancelled =
      importer::import_file(file.string(), {}, [](float) { return false; });
  EXPECT_FALSE(cancelled.ok());
  EXPECT_TRUE(cancelled.cancelled);
  EXPECT_NE(cancelled.error.find("cancelled"), std::string::npos) << cancelled.error;
  EXPECT_NE(cancelled.error.find("cesium_man.gltf"), std::string::npos) << cancelled.error;
}

}  // namespace
