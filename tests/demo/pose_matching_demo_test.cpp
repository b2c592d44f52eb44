// Pose matching on the demo character's walk and jog (anim tests cannot link demo, so this
// integration test lives here).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "anim/pose_matching.h"
#include "demo/demo_character.h"

namespace {

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

int clip_index(const std::string& name) {
  for (std::size_t i = 0; i < demo().clips.size(); ++i) {
    if (demo().clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

float marker_time(const anim::Clip& clip, const std::string& name) {
  for (const anim::Marker& m : clip.markers) {
    if (m.name == name) return m.time_s;
  }
  return -1.0f;
}

// Distance between two phases of a cycle, in cycles (0 .. 0.5).
float phase_error(float a, float b) {
  const float d = std::abs(a - b);
  return std::min(d - std::floor(d), 1.0f - (d - std::floor(d)));
}

TEST(PoseMatchingDemo, WalkToJogLandsOnTheSameFootStep) {
  const int walk = clip_index("walk_forward");
  const int jog = clip_index("jog_forward");
  ASSERT_GE(walk, 0);
  ASSERT_GE(jog, 0);
  const anim::Clip& w = demo().clips[walk];
  const anim::Clip& j = demo().clips[jog];
  anim::PoseMatchTable table;
  ASSERT_EQ(anim::build_pose_match_table(demo().skeleton, w, walk, j, jog, {}, table), "");
  for (const char* foot : {"foot_l_down", "foot_r_down"}) {
    const float walk_t = marker_time(w, foot);
    const float jog_t = marker_time(j, foot);
    ASSERT_GE(walk_t, 0.0f) << foot;
    ASSERT_GE(jog_t, 0.0f) << foot;
    const float matched = anim::matched_target_time(table, walk_t, true);
    // The same foot's step, not the other's: nearer this foot's contact than the other foot's
    // (half a cycle away). The match is not on the contact frame itself: the jog's leg reaches
    // the walk's contact pose (leg forward, extended) in flight, a little before touchdown.
    EXPECT_LT(phase_error(matched / j.duration_s, jog_t / j.duration_s), 0.25f)
        << foot << ": walk " << walk_t << " s matched jog " << matched << " s, contact at " << jog_t
        << " s";
  }
}

}  // namespace
