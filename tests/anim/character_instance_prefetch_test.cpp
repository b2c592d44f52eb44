// The memory a crowd asks for before an instance's update (CharacterInstance::prefetch_ranges):
// noted by the update before, again only when what it covers changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/character_instance.h"
#include "joint_adding.h"

namespace anim {
namespace {

// Six joints in a chain; a walk and a run that move the root back and forth (three keys each,
// so that compression keeps them), compressed, in a 1D blend space on "speed" (walk at 0, run
// at 1).
struct WalkRun {
  Skeleton skeleton;
  BoundCharacter character;
  Parameters parameters;
  int speed = parameters.add("speed", ParameterType::Float);
  GraphBinding graph;
  std::string error;
  WalkRun() {
    for (int j = 0; j < 6; ++j) {
      testing::add_joint(skeleton, "j" + std::to_string(j), j - 1, {0, 0.1f, 0});
    }
    std::vector<Clip> clips(2);
    for (int c = 0; c < 2; ++c) {
      clips[c].name = c == 0 ? "walk" : "run";
      clips[c].duration_s = 1.0f;
      JointTrack track;
      track.joint_name = "j0";
      track.translation.times_s = {0.0f, 0.5f, 1.0f};
      const float reach = 0.2f * static_cast<float>(c + 1);
      track.translation.values = {{0, 0.1f, 0}, {0, 0.1f, reach}, {0, 0.1f, 0}};
      clips[c].tracks.push_back(track);
    }
    error = bind_character(skeleton, clips, {.compress = true}, character);
    BlendSpaceBinding space;
    space.name = "locomotion";
    space.one_dimensional = true;
    space.clips = {0, 1};
    space.positions = {{0, 0}, {1, 0}};
    space.x_parameter = speed;
    graph.blend_spaces = {space};
    if (error.empty()) error = bind_graph(character, parameters, graph);
  }
};

// Whether one of ranges holds bytes bytes from data.
bool covered(std::span<const PrefetchRange> ranges, const void* data, std::size_t bytes) {
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  return std::any_of(ranges.begin(), ranges.end(), [&](const PrefetchRange& r) {
    const auto r_begin = reinterpret_cast<std::uintptr_t>(r.data);
    return r_begin <= begin && begin + bytes <= r_begin + r.bytes;
  });
}

std::vector<std::pair<const void*, std::size_t>> listed(std::span<const PrefetchRange> ranges) {
  std::vector<std::pair<const void*, std::size_t>> out;
  for (const PrefetchRange& r : ranges) out.emplace_back(r.data, r.bytes);
  return out;
}

TEST(CharacterInstancePrefetch, RangesFollowThePalettesAndTheClipsInTheBlend) {
  WalkRun w;
  ASSERT_EQ(w.error, "");
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(w.character, w.graph), "");
  CharacterSettings settings;
  settings.dual_quat_palette = false;
  ASSERT_EQ(instance.set_settings(settings), "");
  const Terrain flat;
  PoseScratch scratch(w.skeleton.parents.size());
  const auto update = [&] { return instance.update(1.0f / 60.0f, w.parameters, flat, scratch); };

  ASSERT_TRUE(update());
  EXPECT_TRUE(instance.prefetch_ranges().empty()) << "noted without being asked to";
  instance.note_prefetch_ranges(true);
  ASSERT_TRUE(update());
  const std::span<const PrefetchRange> ranges = instance.prefetch_ranges();
  ASSERT_FALSE(ranges.empty());
  const std::span<const glm::mat4> palette = instance.skinning_matrices();
  EXPECT_TRUE(covered(ranges, palette.data(), palette.size_bytes()));
  EXPECT_FALSE(covered(ranges, instance.skinning_dual_quats().data(), 1));
  // In address order, no two sharing or touching a cache line.
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    const auto end = reinterpret_cast<std::uintptr_t>(ranges[i - 1].data) + ranges[i - 1].bytes;
    EXPECT_GT(reinterpret_cast<std::uintptr_t>(ranges[i].data) / kCacheLineBytes,
              (end - 1) / kCacheLineBytes + 1)
        << "ranges " << i - 1 << " and " << i;
  }

  // The walk alone, then the run joins the blend: its sampling context is asked for too.
  const auto walk_alone = listed(instance.prefetch_ranges());
  w.parameters.set(w.speed, 0.5f);
  ASSERT_TRUE(update());
  const auto both = listed(instance.prefetch_ranges());
  EXPECT_NE(both, walk_alone);
  ASSERT_TRUE(update());
  EXPECT_EQ(listed(instance.prefetch_ranges()), both) << "the same blend noted otherwise";
  w.parameters.set(w.speed, 0.0f);
  ASSERT_TRUE(update());
  EXPECT_EQ(listed(instance.prefetch_ranges()), walk_alone);

  // Dual quaternions instead of matrices.
  settings.matrix_palette = false;
  settings.dual_quat_palette = true;
  ASSERT_EQ(instance.set_settings(settings), "");
  ASSERT_TRUE(update());
  const std::span<const DualQuat> dual_quats = instance.skinning_dual_quats();
  EXPECT_TRUE(covered(instance.prefetch_ranges(), dual_quats.data(), dual_quats.size_bytes()));
  EXPECT_FALSE(covered(instance.prefetch_ranges(), palette.data(), 1));
}

}  // namespace
}  // namespace anim
