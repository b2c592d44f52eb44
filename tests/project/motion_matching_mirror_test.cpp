// Motion matching with mirrored clips on the demo character: the mirrored ranges' features are
// those of the clips mirrored with the rig's left/right table, a mirrored frame is found and then
// played as the mirrored clip's pose, and a database with only left-side clips steers right with
// their mirrored copies.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "anim/character_instance.h"
#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/motion_matching_controller.h"
#include "anim/root_motion.h"
#include "demo/demo_character.h"
#include "project/motion_matching_build.h"
#include "project/project_binding.h"

namespace {

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

int clip_index(const std::string& name) {
  for (std::size_t c = 0; c < demo().clips.size(); ++c) {
    if (demo().clips[c].name == name) return static_cast<int>(c);
  }
  return -1;
}

// The demo's clips without the right-hand ones (walk_right, jog_forward_right, turn_right, ...)
// and the wave, mirrored copies included: only the mirrored left-hand clips go right.
const project::MotionMatchingBuild& left_only_build() {
  static const project::MotionMatchingBuild build = [] {
    project::MotionMatchingBuildOptions options;
    options.mirrored = true;
    for (const anim::Clip& clip : demo().clips) {
      const bool right = clip.name.find("right") != std::string::npos;
      options.clip_included.push_back(right || clip.name == "wave" ? 0 : 1);
    }
    return project::build_motion_matching(demo(), options);
  }();
  return build;
}

int mirrored_range_of(const anim::MotionMatchingDatabase& db, int clip) {
  for (std::size_t r = 0; r < db.ranges.size(); ++r) {
    if (db.ranges[r].clip_index == clip && db.ranges[r].mirrored) return static_cast<int>(r);
  }
  return -1;
}

// The local pose of clip at time_s with its root motion removed, as the controller plays it.
std::vector<anim::Transform> in_place_pose(const anim::Clip& clip, const anim::ClipBinding& binding,
                                           int root_joint, float time_s) {
  std::vector<anim::Transform> pose(demo().skeleton.parents.size());
  anim::SamplingCache cache(clip, binding);
  EXPECT_TRUE(anim::sample_clip(clip, binding, demo().skeleton, time_s, cache, pose));
  anim::RootMotionSettings settings;
  settings.root_joint = root_joint;
  EXPECT_TRUE(anim::remove_root_motion(demo().skeleton, settings, pose));
  return pose;
}

// The largest difference between two poses: of a translation (m) or of a rotation's quaternion
// component (q and -q being the same rotation; about half the angle, in radians).
float pose_difference(const std::vector<anim::Transform>& a,
                      const std::vector<anim::Transform>& b) {
  float most = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) {
    most = std::max(most, glm::length(a[j].translation - b[j].translation));
    const glm::quat q =
        glm::dot(a[j].rotation, b[j].rotation) < 0.0f ? -b[j].rotation : b[j].rotation;
    for (int k = 0; k < 4; ++k) most = std::max(most, std::abs(a[j].rotation[k] - q[k]));
  }
  return most;
}

TEST(MotionMatchingMirror, MirroredRangesHoldTheFeaturesOfTheMirroredClips) {
  const project::MotionMatchingBuild& build = left_only_build();
  ASSERT_TRUE(build.ok()) << build.error;
  const anim::MotionMatchingDatabase& db = build.database;
  // The mirrored clips measured as plain clips give the features the database derived by
  // swapping sides (anim::mirror_features): what a search matches is what then plays.
  std::vector<anim::DatabaseSource> sources;
  for (const anim::DatabaseRange& range : db.ranges) {
    if (!range.mirrored) continue;
    const auto c = static_cast<std::size_t>(range.clip_index);
    sources.push_back({&build.mirrored_clips[c], &build.mirrored_bindings[c], range.clip_index,
                       false, range.start_time_s});
  }
  ASSERT_GE(sources.size(), 8u);
  anim::DatabaseSettings settings;
  settings.joints = build.joints;
  std::string error;
  const anim::MotionMatchingDatabase measured =
      anim::build_motion_matching_database(demo().skeleton, sources, settings, &error);
  ASSERT_EQ(error, "");
  int compared = 0;
  std::size_t m = 0;
  for (const anim::DatabaseRange& range : db.ranges) {
    if (!range.mirrored) continue;
    const anim::DatabaseRange& other = measured.ranges[m++];
    ASSERT_EQ(other.frame_count, range.frame_count);
    for (int f = 0; f < range.frame_count; ++f) {
      const auto a = db.raw_frame(range.first_frame + f);
      const auto b = measured.raw_frame(other.first_frame + f);
      for (int d = 0; d < anim::kFeatureDimension; ++d) {
        ASSERT_NEAR(a[static_cast<std::size_t>(d)], b[static_cast<std::size_t>(d)], 2e-3f)
            << demo().clips[static_cast<std::size_t>(range.clip_index)].name << " frame " << f
            << " dimension " << d;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 500);
}

TEST(MotionMatchingMirror, AMirroredFrameIsFoundAndPlayedAsTheMirroredClip) {
  const project::MotionMatchingBuild& build = left_only_build();
  ASSERT_TRUE(build.ok()) << build.error;
  const anim::MotionMatchingDatabase& db = build.database;
  const int walk_left = clip_index("walk_left");
  const int range = mirrored_range_of(db, walk_left);
  ASSERT_GE(range, 0);
  const int frame = db.ranges[static_cast<std::size_t>(range)].first_frame + 25;

  // The query built from the mirrored frame finds that frame.
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(db);
  std::vector<float> features(anim::kFeatureDimension);
  ASSERT_TRUE(anim::normalize_features(db, db.raw_frame(frame), features));
  anim::MotionMatchingQuery query;
  query.features = features;
  anim::MotionMatchingMatch match;
  ASSERT_TRUE(anim::search(db, bounds, query, match));
  EXPECT_EQ(match.frame, frame);
  EXPECT_EQ(match.cost, 0.0f);

  // Played: the pose is the mirrored clip's at the frame's time plus the update, not the clip's.
  const auto c = static_cast<std::size_t>(walk_left);
  const anim::Clip& mirrored = build.mirrored_clips[c];
  anim::MotionMatchingControllerSettings settings;
  settings.current_bias = 1e6f;  // stay on the frame played, whatever the input asks
  anim::MotionMatchingController controller;
  ASSERT_TRUE(controller.init(demo().skeleton, build.controller_clips(), db, bounds,
                              build.joints.root, settings));
  ASSERT_TRUE(controller.play_frame(frame));
  const float dt = 1.0f / 60.0f;
  std::vector<anim::Transform> pose(demo().skeleton.parents.size());
  anim::RootMotionDelta step;
  ASSERT_TRUE(controller.update({}, dt, pose, step));
  EXPECT_TRUE(controller.current_mirrored());
  EXPECT_EQ(controller.current_clip(), walk_left);
  const float t = db.frame_time_s(frame) + dt;
  EXPECT_LT(pose_difference(
                pose, in_place_pose(mirrored, build.mirrored_bindings[c], build.joints.root, t)),
            1e-4f);
  EXPECT_GT(
      pose_difference(pose, in_place_pose(build.clips[c], build.bindings[c], build.joints.root, t)),
      0.05f);
  // The mirrored walk to the left goes right (-x in the character's frame): its root motion too.
  EXPECT_LT(controller.clip_step().translation.x, -0.5f * 1.4f * dt);

  // Switched to from another clip, it is reached through inertialization: once the blend time
  // is over the pose is the mirrored clip's again.
  anim::MotionMatchingController from_walk;
  ASSERT_TRUE(from_walk.init(demo().skeleton, build.controller_clips(), db, bounds,
                             build.joints.root, settings));
  const int forward = mirrored_range_of(db, clip_index("walk_forward")) - 1;
  ASSERT_FALSE(db.ranges[static_cast<std::size_t>(forward)].mirrored);
  ASSERT_TRUE(from_walk.play_frame(db.ranges[static_cast<std::size_t>(forward)].first_frame));
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(from_walk.update({}, dt, pose, step));
  ASSERT_TRUE(from_walk.play_frame(frame));
  const int updates = static_cast<int>(std::ceil(settings.blend_time_s / dt)) + 2;
  for (int i = 0; i < updates; ++i) ASSERT_TRUE(from_walk.update({}, dt, pose, step));
  const float after = anim::wrap_clip_time(mirrored, db.frame_time_s(frame) + updates * dt);
  EXPECT_LT(pose_difference(pose, in_place_pose(mirrored, build.mirrored_bindings[c],
                                                build.joints.root, after)),
            1e-4f);

  // Bad frames fail with the cause.
  EXPECT_FALSE(from_walk.play_frame(-1));
  EXPECT_FALSE(from_walk.play_frame(db.frame_count()));
}

// Foot IK and locking read a mirrored copy's own contacts (its markers are mirrored with it):
// where walk_left has its right foot down and its left foot up, the copy plants the left foot.
TEST(MotionMatchingMirror, AMirroredCopyPlantsTheFeetItsOwnContactsSay) {
  const project::MotionMatchingBuild& build = left_only_build();
  ASSERT_TRUE(build.ok()) << build.error;
  const int walk_left = clip_index("walk_left");
  ASSERT_GE(walk_left, 0);
  const auto c = static_cast<std::size_t>(walk_left);
  const anim::Clip& original = demo().clips[c];
  const anim::Clip& mirrored = build.mirrored_clips[c];
  float t = -1.0f;
  for (float s = 0.0f; s < original.duration_s && t < 0.0f; s += 1.0f / 60.0f) {
    if (anim::foot_planted_at(original, "foot_r", s) &&
        !anim::foot_planted_at(original, "foot_l", s)) {
      t = s;
    }
  }
  ASSERT_GE(t, 0.0f) << "walk_left never stands on its right foot alone";

  project::BoundProject bound;
  const project::Project project = project::preview_project(demo(), "<demo>");
  ASSERT_EQ(project::bind_project(project, demo(), {}, bound), "");
  const std::vector<anim::Leg>& legs = bound.character->foot_ik_rig.legs;
  int left = -1, right = -1;
  for (std::size_t i = 0; i < legs.size(); ++i) {
    if (legs[i].contact_name == "foot_l") left = static_cast<int>(i);
    if (legs[i].contact_name == "foot_r") right = static_cast<int>(i);
  }
  ASSERT_GE(left, 0);
  ASSERT_GE(right, 0);
  anim::CharacterInstance instance;
  ASSERT_EQ(instance.bind(*bound.character, *bound.graph), "");
  anim::Parameters parameters = project.parameters;
  anim::CharacterSettings settings;
  settings.foot_ik = true;
  const anim::Terrain flat;
  const std::vector<anim::Transform> pose =
      in_place_pose(mirrored, build.mirrored_bindings[c], build.joints.root, t);

  anim::ExternalPose source;  // the mirrored copy's frame: no clip of the character's
  source.pose = pose;
  source.clip_time_s = t;
  source.contacts_clip = &mirrored;
  instance.set_external_source(source);
  EXPECT_EQ(instance.set_settings(settings), "");
  ASSERT_TRUE(instance.update(1.0f / 60.0f, parameters, flat));
  EXPECT_TRUE(instance.foot_ik_debug().feet[static_cast<std::size_t>(left)].in_contact);
  EXPECT_FALSE(instance.foot_ik_debug().feet[static_cast<std::size_t>(right)].in_contact);

  // Without the copy the instance knows no clip: no foot is planted.
  source.contacts_clip = nullptr;
  instance.set_external_source(source);
  EXPECT_EQ(instance.set_settings(settings), "");
  ASSERT_TRUE(instance.update(1.0f / 60.0f, parameters, flat));
  EXPECT_FALSE(instance.foot_ik_debug().feet[static_cast<std::size_t>(left)].in_contact);
  EXPECT_FALSE(instance.foot_ik_debug().feet[static_cast<std::size_t>(right)].in_contact);
}

// What a steering run saw: updates that played a mirrored range, and the clips' own motion.
struct SteeringRun {
  int updates = 0;
  int mirrored_updates = 0;
  float clip_yaw_rad = 0.0f;  // turned by the clips' root motion
  int watched = 0;            // updates where the desired velocity pointed right
  int watched_mirrored = 0;
  float watched_sideways_m = 0.0f;  // the clips' own motion along the character's x then
};

// Steers the left-only database for seconds with input(time) and returns what played.
template <typename Input>
SteeringRun steer(float seconds, Input input) {
  SteeringRun run;
  const project::MotionMatchingBuild& build = left_only_build();
  EXPECT_TRUE(build.ok()) << build.error;
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(build.database);
  anim::MotionMatchingController controller;
  EXPECT_TRUE(controller.init(demo().skeleton, build.controller_clips(), build.database, bounds,
                              build.joints.root));
  std::vector<anim::Transform> pose(demo().skeleton.parents.size());
  anim::RootMotionDelta step;
  const float dt = 1.0f / 60.0f;
  for (int frame = 1; frame <= static_cast<int>(seconds * 60.0f); ++frame) {
    const anim::MotionMatchingInput in = input(static_cast<float>(frame) * dt);
    EXPECT_TRUE(controller.update(in, dt, pose, step));
    ++run.updates;
    run.mirrored_updates += controller.current_mirrored() ? 1 : 0;
    run.clip_yaw_rad += controller.clip_step().yaw_rad;
    // Desired velocity pointing to the character's right (-x), well after the spring caught up.
    const float yaw = controller.character_yaw_rad();
    const float right =
        -(std::cos(yaw) * in.desired_velocity.x - std::sin(yaw) * in.desired_velocity.z);
    if (frame > 60 && right > 0.95f * glm::length(in.desired_velocity)) {
      ++run.watched;
      run.watched_mirrored += controller.current_mirrored() ? 1 : 0;
      run.watched_sideways_m += controller.clip_step().translation.x;
    }
  }
  return run;
}

TEST(MotionMatchingMirror, TurningRightOnTheSpotPlaysTheMirroredTurnLeft) {
  // A quarter turn a second to the right (the demo's turn rate), standing: only turn_left's
  // mirrored copy turns that way.
  const float rate = 1.5707964f;
  const SteeringRun run = steer(6.0f, [rate](float t) {
    anim::MotionMatchingInput in;
    in.desired_yaw_rad = -rate * t;
    return in;
  });
  EXPECT_GT(run.mirrored_updates, run.updates / 2);
  // The clips themselves carry most of the turn (6 s x 90 degrees a second), rightwards.
  EXPECT_LT(run.clip_yaw_rad, -0.6f * rate * 6.0f);
}

TEST(MotionMatchingMirror, StrafingRoundClockwiseGoesRightWithTheMirroredLeftClips) {
  // Round a circle of radius 2.8 m clockwise at 1.4 m/s, always facing +z: a quarter of the time
  // the velocity points right, which only the mirrored left-hand walks do.
  const SteeringRun run = steer(20.0f, [](float t) {
    const float heading = -0.5f * t;
    anim::MotionMatchingInput in;
    in.desired_velocity = 1.4f * glm::vec3(std::sin(heading), 0.0f, std::cos(heading));
    return in;
  });
  ASSERT_GT(run.watched, 60);
  EXPECT_GT(run.watched_mirrored, run.watched * 3 / 4)
      << run.watched_mirrored << " of " << run.watched;
  // And the animation itself moves right then (-x), at least half the asked speed.
  EXPECT_LT(run.watched_sideways_m, -0.5f * 1.4f * static_cast<float>(run.watched) / 60.0f);
}

}  // namespace
