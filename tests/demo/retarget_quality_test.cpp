// Retargeting real walks onto real characters: a CMU BVH walk, ProAnimationBank's walk.fbx (alone:
// a skeleton without a mesh, its rest pose a frame of the walk) and the demo's exported walk, onto
// each other, onto KayKit's Knight and onto Quaternius's RobotExpressive (whose feet hang from the
// root, not from the shins). Per contact of the source's feet: the target's lowest sole height
// matches the source's (scaled to the target) within 1 % of the target's leg length, and the
// planted foot slides less than 2 % of the leg's length and no more (relative to its leg) than the
// source's. On every frame, planted or swinging, no target sole goes below the ground.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/foot_slide.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/retarget.h"
#include "anim/root_motion.h"
#include "demo/demo_export.h"
#include "import/clip_retargeting.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace {

struct Loaded {
  importer::Character character;
  anim::Rig rig;
  std::string error;
};

// The demo exported once per test process. CTest runs each test in a process of its own, two
// at a time: the name holds the process id (one shared name raced, "cannot replace the file"),
// and the file goes when the process ends.
std::string demo_glb() {
  struct Export {
    std::string path;
    ~Export() {
      std::error_code ec;
      std::filesystem::remove(path, ec);
    }
  };
  static const Export demo = [] {
    Export e{(std::filesystem::temp_directory_path() /
              ("animview_retarget_demo_" + std::to_string(getpid()) + ".glb"))
                 .string()};
    const std::string error = demo::export_demo_character(e.path);
    EXPECT_TRUE(error.empty()) << error;
    return e;
  }();
  return demo.path;
}

std::string path_of(const std::string& label) {
  if (label == "cmu") return test::shared_asset("cmu/scaled_131_01.bvh").string();
  if (label == "pab") return test::shared_asset("pab/walk.fbx").string();       // no mesh
  if (label == "arnaud") return test::shared_asset("pab/arnaud.fbx").string();  // its skeleton
  if (label == "knight") return test::shared_asset("kaykit/Knight.glb").string();
  if (label == "robot") return test::shared_asset("quaternius/RobotExpressive.glb").string();
  if (label == "cesium") return test::shared_asset("khronos/cesium_man.gltf").string();
  return demo_glb();
}

// Imports are slow (a child process each): every file once per test program.
const Loaded& load(const std::string& label) {
  static std::map<std::string, std::unique_ptr<Loaded>> cache;
  auto& slot = cache[label];
  if (!slot) {
    slot = std::make_unique<Loaded>();
    importer::ImportResult r = importer::import_file(path_of(label), importer::ImportSettings{});
    if (!r.ok()) {
      slot->error = r.error;
    } else {
      slot->character = std::move(r.character);
      slot->rig = importer::find_character_rig(slot->character, &slot->error);
      if (slot->rig.leg_count() > 0) slot->error.clear();
    }
  }
  return *slot;
}

const char* walk_clip(const std::string& label) {
  if (label == "demo") return "walk_forward";
  return nullptr;  // the first clip
}

// The walk a test plays from a loaded file.
const anim::Clip* walk_of(const std::string& label) {
  const Loaded& loaded = load(label);
  const char* name = walk_clip(label);
  if (name) return test::find_clip(loaded.character.clips, name);
  return loaded.character.clips.empty() ? nullptr : &loaded.character.clips.front();
}

bool absent(const std::string& label) {
  return label != "demo" && !std::filesystem::exists(path_of(label));
}

std::vector<glm::mat4> model_at(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                const anim::ClipBinding& binding, float t) {
  anim::SamplingCache cache(clip, binding);
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  EXPECT_TRUE(anim::sample_clip(clip, binding, skeleton, t, cache, local));
  EXPECT_TRUE(anim::local_to_model(skeleton, local, model));
  return model;
}

struct ContactFigures {
  float height_error = 0.0f;  // worst |target low - scaled source low| / target leg length
  float target_skate = 0.0f;  // worst planted slide / its leg length
  float source_skate = 0.0f;
  float skate_excess = 0.0f;  // worst (target - source) slide per leg length, one contact
  int contacts = 0;
  // Worst distance, over every frame and leg, between the foot joint and the point of the calf
  // where the foot joint sits in the rest pose, per target leg length: the leg ends at its foot
  // (RobotExpressive's feet hang from the root, so nothing but the retargeting keeps them there).
  float ankle_gap = 0.0f;
  // Worst depth, over every frame and leg, planted or swinging, of the target's lowest sole
  // point below the ground (or below the scaled source's, where the source's sinks), per target
  // leg length: a swinging foot on a lowered pelvis must not go through the floor.
  float sink = 0.0f;
};

// Walks the retargeted clip's contacts (the source's, renamed to the target's legs) frame by
// frame on both skeletons.
ContactFigures measure(const anim::RetargetMap& map, const anim::Clip& source_clip,
                       const anim::Clip& out) {
  ContactFigures figures;
  anim::Clip once_source = source_clip;
  once_source.loop = false;
  anim::Clip once_out = out;
  once_out.loop = false;
  const anim::ClipBinding sb = anim::bind_clip(once_source, map.source);
  const anim::ClipBinding tb = anim::bind_clip(once_out, map.target);
  const auto frames = static_cast<int>(std::lround(out.duration_s * out.source_fps));
  const float frame_s = out.duration_s / static_cast<float>(frames);
  std::vector<std::vector<glm::mat4>> source_models;
  std::vector<std::vector<glm::mat4>> target_models;
  for (int f = 0; f <= frames; ++f) {
    const float t = std::min(frame_s * static_cast<float>(f), out.duration_s);
    source_models.push_back(model_at(map.source, once_source, sb, t));
    target_models.push_back(model_at(map.target, once_out, tb, t));
  }
  std::vector<glm::mat4> target_rest(map.target.rest_pose.size());
  EXPECT_TRUE(anim::local_to_model(map.target, map.target.rest_pose, target_rest));
  for (const anim::Leg& leg : map.target_legs.legs) {
    const auto calf = static_cast<std::size_t>(leg.calf);
    const auto foot = static_cast<std::size_t>(leg.foot);
    const glm::vec4 foot_in_calf =
        glm::inverse(target_rest[calf]) * glm::vec4(glm::vec3(target_rest[foot][3]), 1.0f);
    for (const auto& tm : target_models) {
      const glm::vec3 gap = glm::vec3(tm[calf] * foot_in_calf) - glm::vec3(tm[foot][3]);
      figures.ankle_gap = std::max(figures.ankle_gap, glm::length(gap) / map.target_leg_length_m);
    }
  }
  for (const anim::RetargetChain& chain : map.chains) {
    if (chain.target_leg < 0 || chain.source_leg < 0) continue;
    const anim::Leg& sl = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
    const anim::Leg& tl = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
    for (int g = 0; g <= frames; ++g) {
      const auto& sm = source_models[static_cast<std::size_t>(g)];
      const auto& tm = target_models[static_cast<std::size_t>(g)];
      const float floor = std::min(
          0.0f, map.scale * std::min(anim::heel_point(sl, sm).y, anim::toe_point(sl, sm).y));
      const float low = std::min(anim::heel_point(tl, tm).y, anim::toe_point(tl, tm).y);
      figures.sink = std::max(figures.sink, (floor - low) / map.target_leg_length_m);
    }
    const std::string_view name =
        anim::leg_contact_name(map.target_legs.legs, static_cast<std::size_t>(chain.target_leg));
    int f = 0;
    while (f <= frames) {
      if (!anim::foot_planted_at(out, name, frame_s * static_cast<float>(f))) {
        ++f;
        continue;
      }
      float source_low = 1e30f, target_low = 1e30f;
      // The slide as the report and `animview slide` measure it (anim::add_slide_frame: each
      // frame the smaller of heel's and toe's travel, so a roll is no slide and a jump where the
      // pivot changes is), one contact at a time.
      anim::FootSlide source_foot, target_foot;
      for (int g = f;
           g <= frames && anim::foot_planted_at(out, name, frame_s * static_cast<float>(g));
           ++g, f = g) {
        const auto& sm = source_models[static_cast<std::size_t>(g)];
        const auto& tm = target_models[static_cast<std::size_t>(g)];
        const glm::vec3 sh = anim::heel_point(sl, sm), st = anim::toe_point(sl, sm);
        const glm::vec3 th = anim::heel_point(tl, tm), tt = anim::toe_point(tl, tm);
        source_low = std::min(source_low, std::min(sh.y, st.y));
        target_low = std::min(target_low, std::min(th.y, tt.y));
        anim::add_slide_frame(source_foot, sh, st, true);
        anim::add_slide_frame(target_foot, th, tt, true);
      }
      ++f;
      // Both clips stand on the model's y = 0 plane; the source's soles scale with its body.
      figures.height_error =
          std::max(figures.height_error,
                   std::fabs(target_low - map.scale * source_low) / map.target_leg_length_m);
      const float ts = target_foot.slide_m / map.target_leg_length_m;
      const float ss = source_foot.slide_m / map.source_leg_length_m;
      figures.target_skate = std::max(figures.target_skate, ts);
      figures.source_skate = std::max(figures.source_skate, ss);
      figures.skate_excess = std::max(figures.skate_excess, ts - ss);
      ++figures.contacts;
    }
  }
  return figures;
}

struct Pair {
  const char* source;
  const char* target;
};

class RetargetQuality : public ::testing::TestWithParam<Pair> {};

TEST_P(RetargetQuality, PlantedFeetTouchTheGroundAndDoNotSlide) {
  const Pair p = GetParam();
  for (const std::string label : {p.source, p.target}) {
    if (absent(label)) GTEST_SKIP() << path_of(label) << " is absent (../shared/assets missing)";
  }
  const Loaded& source = load(p.source);
  const Loaded& target = load(p.target);
  ASSERT_TRUE(source.error.empty()) << p.source << ": " << source.error;
  ASSERT_TRUE(target.error.empty()) << p.target << ": " << target.error;
  const anim::Clip* clip = walk_of(p.source);
  ASSERT_NE(clip, nullptr);
  // As `animview retarget` and the viewer do it: the rigs found on each file, soles on the mesh.
  const importer::ClipRetargeting r =
      importer::retarget_clips(source.character, target.character, clip->name);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.clips.size(), 1u);
  const anim::RetargetMap& map = r.map;
  const anim::Clip& out = r.clips[0];
  const ContactFigures f = measure(map, *clip, out);
  std::printf(
      "[ figures  ] %s -> %s: %d contacts, scale %.3f, unmapped %zu of %d; sole height error "
      "%.3f %%, slide %.3f %% (source %.3f %%), excess %.4f %%, ankle gap %.3f %%, sink %.3f %% of "
      "leg length\n",
      p.source, p.target, f.contacts, map.scale, map.unmapped.size(), map.target.joint_count(),
      100.0f * f.height_error, 100.0f * f.target_skate, 100.0f * f.source_skate,
      100.0f * f.skate_excess, 100.0f * f.ankle_gap, 100.0f * f.sink);
  EXPECT_LT(f.ankle_gap, 0.01f);
  EXPECT_LT(f.sink, 0.001f);
  EXPECT_GT(f.contacts, 1);
  EXPECT_LT(f.height_error, 0.01f);
  // Under 2 % of the leg, even where the source's own planted foot slides more (the CMU
  // capture's slides 3.2 % in one contact, a pivot while it turns: retargeting pins it), and no
  // more than the source's beyond what a planted foot may follow of its source's before it is
  // pinned (planted_slide_share: CMU onto the Knight, 0.50 % where the source slid 0.28 %).
  // Measured as the report measures it, the frames where the foot changes its pivot count: a
  // 6 cm jump there (CMU onto the Knight at 1.43 s) was missed by a measure that skipped them.
  EXPECT_LT(f.target_skate, 0.02f);
  EXPECT_LE(f.skate_excess, anim::RetargetOptions{}.planted_slide_share + 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(Walks, RetargetQuality,
                         ::testing::Values(Pair{"cmu", "pab"}, Pair{"cmu", "demo"},
                                           Pair{"cmu", "knight"}, Pair{"pab", "cmu"},
                                           Pair{"pab", "demo"}, Pair{"pab", "knight"},
                                           Pair{"demo", "cmu"}, Pair{"demo", "pab"},
                                           Pair{"demo", "knight"}, Pair{"cmu", "robot"},
                                           Pair{"pab", "robot"}, Pair{"demo", "robot"}),
                         [](const ::testing::TestParamInfo<Pair>& info) {
                           return std::string(info.param.source) + "_to_" + info.param.target;
                         });

// Targets whose ground travel is carried above the pelvis. RobotExpressive's feet hang from its
// root joint, outside the pelvis: its root-motion joint is the joint above both (not its "Hips",
// beside the legs). Cesium Man has no joint named hips or pelvis: its root-motion joint is the
// one below its armature node, above the pelvis. The retargeted clip carries the travel there,
// and played in place the whole character stays put with its feet under its legs.
struct InPlaceCase {
  const char* source;
  const char* target;
  const char* root_joint;  // the target's root-motion joint
};

class RetargetInPlace : public ::testing::TestWithParam<InPlaceCase> {};

TEST_P(RetargetInPlace, TheCharacterStaysPutWithItsFeetUnderItsLegs) {
  const std::string label = GetParam().source;
  const std::string target = GetParam().target;
  for (const std::string& l : {label, target}) {
    if (absent(l)) GTEST_SKIP() << path_of(l) << " is absent (../shared/assets missing)";
  }
  for (const std::string& l : {label, target}) {
    ASSERT_TRUE(load(l).error.empty()) << l << ": " << load(l).error;
  }
  const anim::Clip* clip = walk_of(label);
  ASSERT_NE(clip, nullptr);
  const importer::ClipRetargeting r =
      importer::retarget_clips(load(label).character, load(target).character, clip->name);
  ASSERT_TRUE(r.ok()) << r.error;
  const anim::RetargetMap& map = r.map;
  const anim::Skeleton& skeleton = map.target;
  // As the viewer binds the target (project/project_binding).
  anim::RootMotionSettings settings;
  settings.root_joint = importer::find_root_motion_joint(skeleton, map.target_legs);
  ASSERT_EQ(skeleton.joint_names[static_cast<std::size_t>(settings.root_joint)],
            GetParam().root_joint);
  const std::size_t n = skeleton.rest_pose.size();
  std::vector<glm::mat4> rest(n);
  ASSERT_TRUE(anim::local_to_model(skeleton, skeleton.rest_pose, rest));
  const auto pelvis = static_cast<std::size_t>(map.target_rig.pelvis);
  auto across = [](const glm::vec3& a, const glm::vec3& b) {
    return glm::length(glm::vec2(a.x - b.x, a.z - b.z));
  };
  const anim::Clip& out = r.clips[0];
  const anim::ClipBinding binding = anim::bind_clip(out, skeleton);
  anim::SamplingCache cache(out, binding);
  std::vector<anim::Transform> local(n);
  std::vector<glm::mat4> model(n), travelled(n);
  float travel = 0.0f, pelvis_off = 0.0f, foot_reach = 0.0f, ankle_gap = 0.0f;
  for (int k = 0; k <= 100; ++k) {
    const float t = out.duration_s * static_cast<float>(k) / 100.0f;
    ASSERT_TRUE(anim::sample_clip(out, binding, skeleton, t, cache, local));
    ASSERT_TRUE(anim::local_to_model(skeleton, local, travelled));
    ASSERT_TRUE(anim::remove_root_motion(skeleton, settings, local));
    ASSERT_TRUE(anim::local_to_model(skeleton, local, model));
    const glm::vec3 at(model[pelvis][3]);
    travel = std::max(travel, across(glm::vec3(travelled[pelvis][3]), glm::vec3(rest[pelvis][3])));
    pelvis_off = std::max(pelvis_off, across(at, glm::vec3(rest[pelvis][3])));
    for (const anim::Leg& leg : map.target_legs.legs) {
      const auto calf = static_cast<std::size_t>(leg.calf);
      const auto foot = static_cast<std::size_t>(leg.foot);
      const glm::vec3 foot_at(model[foot][3]);
      foot_reach = std::max(foot_reach, across(foot_at, at));
      const glm::vec4 foot_in_calf =
          glm::inverse(rest[calf]) * glm::vec4(glm::vec3(rest[foot][3]), 1.0f);
      ankle_gap = std::max(ankle_gap, glm::length(glm::vec3(model[calf] * foot_in_calf) - foot_at));
    }
  }
  const float leg = map.target_leg_length_m;
  std::printf(
      "[ figures  ] %s -> %s in place: pelvis travels %.3f m in the clip, %.4f m in place; "
      "feet at most %.3f m from it across the ground, ankle gap %.4f m (leg %.3f m)\n",
      label.c_str(), target.c_str(), travel, pelvis_off, foot_reach, ankle_gap, leg);
  EXPECT_LT(pelvis_off, 0.02f);
  EXPECT_LT(foot_reach, leg);
  EXPECT_LT(ankle_gap, 0.01f * leg);
}

INSTANTIATE_TEST_SUITE_P(Walks, RetargetInPlace,
                         ::testing::Values(InPlaceCase{"cmu", "robot", "Bone"},
                                           InPlaceCase{"pab", "robot", "Bone"},
                                           InPlaceCase{"demo", "robot", "Bone"},
                                           InPlaceCase{"cmu", "cesium", "nodes[21]"},
                                           InPlaceCase{"pab", "cesium", "nodes[21]"},
                                           InPlaceCase{"demo", "cesium", "nodes[21]"}),
                         [](const ::testing::TestParamInfo<InPlaceCase>& info) {
                           return std::string(info.param.source) + "_to_" + info.param.target;
                         });

// The real files onto themselves, and onto a copy twice as large.
class RetargetSelf : public ::testing::TestWithParam<const char*> {};

TEST_P(RetargetSelf, GivesTheClipBackAndScalesWithTheSkeleton) {
  const std::string label = GetParam();
  if (absent(label)) GTEST_SKIP() << path_of(label) << " is absent (../shared/assets missing)";
  const Loaded& loaded = load(label);
  ASSERT_TRUE(loaded.error.empty()) << loaded.error;
  // The skeleton as retargeting measures it (walk.fbx, without a mesh, stood up).
  const anim::Skeleton skeleton = importer::standing_skeleton(loaded.character);
  const char* clip_name = walk_clip(label);
  const anim::Clip* clip = clip_name ? test::find_clip(loaded.character.clips, clip_name)
                                     : &loaded.character.clips.front();
  ASSERT_NE(clip, nullptr);
  anim::Skeleton twice = skeleton;
  for (anim::Transform& t : twice.rest_pose) t.translation *= 2.0f;
  std::string error;
  // The CMU capture's foot slides 3.9 % of its leg in one contact. Onto itself and onto a copy
  // twice its size the legs are in proportion, so planted feet follow the source and the capture
  // comes back as it is, slide included (before, pinning took 3.9 % of the leg off it).
  const anim::RetargetOptions options;
  const anim::RetargetMap self =
      anim::make_retarget_map(skeleton, loaded.rig, skeleton, loaded.rig, options, &error);
  const anim::RetargetMap large =
      anim::make_retarget_map(skeleton, loaded.rig, twice, loaded.rig, options, &error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_TRUE(self.legs_in_proportion);
  EXPECT_TRUE(large.legs_in_proportion);
  const anim::Clip back = anim::retarget_clip(self, *clip);
  const anim::Clip doubled = anim::retarget_clip(large, *clip);
  const anim::ClipBinding cb = anim::bind_clip(*clip, skeleton);
  const anim::ClipBinding bb = anim::bind_clip(back, skeleton);
  const anim::ClipBinding db = anim::bind_clip(doubled, twice);
  float rotation_error = 0.0f, translation_error = 0.0f, doubled_rotation_error = 0.0f,
        path_error = 0.0f;
  const auto pelvis = static_cast<std::size_t>(loaded.rig.pelvis);
  const std::size_t n = skeleton.rest_pose.size();
  std::vector<anim::Transform> a(n), b(n), d(n);
  std::vector<glm::mat4> am(n), dm(n);
  for (int k = 0; k <= 20; ++k) {
    const float t = clip->duration_s * static_cast<float>(k) / 20.0f;
    anim::SamplingCache c1(*clip, cb), c2(back, bb), c3(doubled, db);
    ASSERT_TRUE(anim::sample_clip(*clip, cb, skeleton, t, c1, a));
    ASSERT_TRUE(anim::sample_clip(back, bb, skeleton, t, c2, b));
    ASSERT_TRUE(anim::sample_clip(doubled, db, twice, t, c3, d));
    ASSERT_TRUE(anim::local_to_model(skeleton, a, am));
    ASSERT_TRUE(anim::local_to_model(twice, d, dm));
    for (std::size_t j = 0; j < n; ++j) {
      rotation_error =
          std::max(rotation_error, 1.0f - std::fabs(glm::dot(a[j].rotation, b[j].rotation)));
      translation_error =
          std::max(translation_error, glm::length(a[j].translation - b[j].translation));
      doubled_rotation_error = std::max(doubled_rotation_error,
                                        1.0f - std::fabs(glm::dot(a[j].rotation, d[j].rotation)));
    }
    path_error = std::max(path_error,
                          glm::length(glm::vec3(dm[pelvis][3]) - 2.0f * glm::vec3(am[pelvis][3])));
  }
  std::printf(
      "[ figures  ] %s onto itself: rotation 1-|dot| %.2g, translation %.2g m; onto 2x: rotation "
      "1-|dot| %.2g, pelvis path %.2g m\n",
      label.c_str(), rotation_error, translation_error, doubled_rotation_error, path_error);
  EXPECT_LT(rotation_error, 1e-5f);
  EXPECT_LT(translation_error, 1e-5f);
  EXPECT_LT(doubled_rotation_error, 1e-5f);
  EXPECT_LT(path_error, 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(Files, RetargetSelf, ::testing::Values("cmu", "pab", "demo"));

// The Fox is a quadruped: a biped's walk is refused on it, by name, rather than played with two
// legs left over.
TEST(RetargetRefusal, ABipedWalkOnTheFoxIsRefusedByName) {
  const std::filesystem::path fox = test::shared_asset("khronos/Fox.glb");
  if (!std::filesystem::exists(fox)) GTEST_SKIP() << fox << " is absent";
  const importer::ImportResult r = importer::import_file(fox.string(), importer::ImportSettings{});
  ASSERT_TRUE(r.ok()) << r.error;
  const Loaded& demo = load("demo");
  ASSERT_TRUE(demo.error.empty()) << demo.error;
  for (const bool onto_fox : {true, false}) {
    const importer::ClipRetargeting out =
        onto_fox ? importer::retarget_clips(demo.character, r.character, "walk_forward")
                 : importer::retarget_clips(r.character, demo.character, "Walk");
    EXPECT_FALSE(out.ok());
    EXPECT_TRUE(out.clips.empty());
    EXPECT_NE(out.error.find("Fox.glb"), std::string::npos) << out.error;
    EXPECT_NE(out.error.find("quadruped (4 legs)"), std::string::npos) << out.error;
  }
}

// Why the two files of one skeleton (pab's walk.fbx and arnaud.fbx) cannot be tested, or "".
std::string one_skeleton_files_absent() {
  for (const char* label : {"pab", "arnaud"}) {
    if (absent(label)) return path_of(label) + " is absent (../shared/assets missing)";
  }
  return {};
}

}  // namespace

// walk.fbx onto arnaud.fbx: one skeleton in two files, the walk's node pose a frame of the walk
// (hips 3 cm low, spine leaning), arnaud's the bind pose. The walk comes back with its pelvis bob
// and lean: before, the hips stayed at 1.047 m where the source bobs between 0.975 and 1.014 m,
// and joints moved 6.5 cm at the median, 11 cm at the fingers. What is left is the two files'
// own bones (1.7 mm at the shoulders, 2.5 mm at the thighs: see the next test), and the knees
// keeping contacts bend so the feet on those thighs stand where the source's do.
TEST(RetargetOneSkeleton, AnAnimationFileOntoItsCharacterGivesTheWalkBack) {
  if (const std::string why = one_skeleton_files_absent(); !why.empty()) GTEST_SKIP() << why;
  const Loaded& source = load("pab");
  const Loaded& target = load("arnaud");
  ASSERT_TRUE(source.error.empty()) << source.error;
  ASSERT_TRUE(target.error.empty()) << target.error;
  const anim::Clip& walk = source.character.clips.front();
  importer::ClipRetargeting retargeted =
      importer::retarget_clips(source.character, target.character, walk.name);
  ASSERT_TRUE(retargeted.ok()) << retargeted.error;
  const anim::Skeleton& from = source.character.skeleton;
  const anim::Skeleton& onto = target.character.skeleton;
  const anim::ClipBinding source_binding = anim::bind_clip(walk, from);
  const anim::ClipBinding target_binding = anim::bind_clip(retargeted.clips.front(), onto);
  const int source_hips = from.find_joint("Hips");
  const int target_hips = onto.find_joint("Hips");
  ASSERT_GE(source_hips, 0);
  ASSERT_GE(target_hips, 0);
  std::vector<float> distances, source_y, target_y;
  for (int k = 0; k <= 20; ++k) {
    const float t = walk.duration_s * static_cast<float>(k) / 20.0f;
    const auto a = model_at(from, walk, source_binding, t);
    const auto b = model_at(onto, retargeted.clips.front(), target_binding, t);
    for (int j = 0; j < onto.joint_count(); ++j) {
      const int s = from.find_joint(onto.joint_names[static_cast<std::size_t>(j)]);
      if (s < 0) continue;
      distances.push_back(glm::length(glm::vec3(a[static_cast<std::size_t>(s)][3]) -
                                      glm::vec3(b[static_cast<std::size_t>(j)][3])));
    }
    source_y.push_back(a[static_cast<std::size_t>(source_hips)][3].y);
    target_y.push_back(b[static_cast<std::size_t>(target_hips)][3].y);
  }
  std::sort(distances.begin(), distances.end());
  const float median = distances[distances.size() / 2];
  const float worst = distances.back();
  // Pearson's r of the two hips heights over the frames.
  auto mean = [](const std::vector<float>& v) {
    float sum = 0.0f;
    for (float x : v) sum += x;
    return sum / static_cast<float>(v.size());
  };
  const float ms = mean(source_y), mt = mean(target_y);
  float cov = 0.0f, vs = 0.0f, vt = 0.0f;
  for (std::size_t i = 0; i < source_y.size(); ++i) {
    cov += (source_y[i] - ms) * (target_y[i] - mt);
    vs += (source_y[i] - ms) * (source_y[i] - ms);
    vt += (target_y[i] - mt) * (target_y[i] - mt);
  }
  const float r = cov / std::sqrt(vs * vt);
  std::printf(
      "[ figures  ] walk.fbx onto arnaud: joints median %.2f mm, worst %.2f mm; hips height "
      "r %.4f, mean %.4f m against %.4f m\n",
      1000.0f * median, 1000.0f * worst, r, mt, ms);
  EXPECT_LT(median, 0.003f);
  EXPECT_LT(worst, 0.012f);
  EXPECT_GT(r, 0.99f);
  EXPECT_NEAR(mt, ms, 0.002f);
}
// The identity where two files hold one skeleton whose bones differ a little: walk.fbx's
// shoulders sit 1.7 mm and its thighs 2.5 mm from arnaud.fbx's. A retarget keeps the target's
// bones, so with legs and arms following by rotation each joint may stand off the walk played on
// arnaud by name only by the bone-offset differences along its chain (rotations equal, so each
// difference carries rigidly): the spine and head, whose bones agree, to 1e-4 of the height.
TEST(RetargetOneSkeleton, ByRotationOnlyTheFilesOwnBoneOffsetsDiffer) {
  if (const std::string why = one_skeleton_files_absent(); !why.empty()) GTEST_SKIP() << why;
  const Loaded& source = load("pab");
  const Loaded& target = load("arnaud");
  ASSERT_TRUE(source.error.empty()) << source.error;
  ASSERT_TRUE(target.error.empty()) << target.error;
  const anim::Clip& walk = source.character.clips.front();
  anim::RetargetOptions by_rotation;
  by_rotation.leg_mode = anim::ChainMode::Rotation;
  const importer::ClipRetargeting retargeted =
      importer::retarget_clips(source.character, target.character, walk.name, by_rotation);
  ASSERT_TRUE(retargeted.ok()) << retargeted.error;
  EXPECT_TRUE(retargeted.map.legs_in_proportion);
  const anim::Skeleton& onto = target.character.skeleton;
  const anim::Clip& back = retargeted.clips.front();
  const anim::ClipBinding by_name = anim::bind_clip(walk, onto);
  const anim::ClipBinding bound = anim::bind_clip(back, onto);
  const std::size_t n = onto.rest_pose.size();
  std::vector<anim::Transform> keyed(n), out(n);
  std::vector<glm::mat4> keyed_model(n), out_model(n);
  const float height = 1.8f;
  float spine_worst = 0.0f, beyond_bound = 0.0f;
  for (int k = 0; k <= 40; ++k) {
    const float t = walk.duration_s * static_cast<float>(k) / 40.0f;
    anim::SamplingCache c1(walk, by_name), c2(back, bound);
    ASSERT_TRUE(anim::sample_clip(walk, by_name, onto, t, c1, keyed));
    ASSERT_TRUE(anim::sample_clip(back, bound, onto, t, c2, out));
    ASSERT_TRUE(anim::local_to_model(onto, keyed, keyed_model));
    ASSERT_TRUE(anim::local_to_model(onto, out, out_model));
    for (std::size_t j = 0; j < n; ++j) {
      // The bound: the offset differences of the joint's bones below the root, in model units.
      float bound_m = 1e-4f * height;
      for (int a = static_cast<int>(j); onto.parents[static_cast<std::size_t>(a)] >= 0;
           a = onto.parents[static_cast<std::size_t>(a)]) {
        const auto u = static_cast<std::size_t>(a);
        const glm::mat3 parent(keyed_model[static_cast<std::size_t>(onto.parents[u])]);
        bound_m += glm::length(parent * (out[u].translation - keyed[u].translation));
      }
      const float d = glm::distance(anim::position(keyed_model[j]), anim::position(out_model[j]));
      beyond_bound = std::max(beyond_bound, d - bound_m);
      const std::string& name = onto.joint_names[j];
      if (name.rfind("Spine", 0) == 0 || name == "Neck" || name == "Head" || name == "Hips") {
        spine_worst = std::max(spine_worst, d);
      }
    }
  }
  std::printf("[ figures  ] walk.fbx onto arnaud by rotation: spine and head %.4f mm off\n",
              1000.0f * spine_worst);
  EXPECT_LE(beyond_bound, 0.0f);
  EXPECT_LT(spine_worst, 1e-4f * height);
}
