#include "anim/motion_matching_search.h"

#include <random>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "locomotion_clips.h"

namespace {

using namespace anim;
using anim::testing::make_walker_clip;
using anim::testing::make_walker_skeleton;

// A database of walks, turns and strafes, repeated at sub-frame offsets and mirrored.
struct WalkerDatabase {
  Skeleton skeleton = make_walker_skeleton();
  std::vector<Clip> clips;
  std::vector<ClipBinding> bindings;
  MotionMatchingDatabase db;

  WalkerDatabase() {
    clips = {make_walker_clip("walk", {0.0f, 1.4f}, 0.0f, 2.0f, true),
             make_walker_clip("jog", {0.0f, 3.0f}, 0.0f, 1.4f, true, 0.6f, 0.7f),
             make_walker_clip("turn_left", {0.0f, 1.0f}, 1.2f, 3.0f, false, 0.25f, 1.1f),
             make_walker_clip("strafe", {1.2f, 0.2f}, 0.0f, 2.0f, true, 0.2f, 0.9f),
             make_walker_clip("idle", {0.0f, 0.0f}, 0.0f, 2.0f, true, 0.0f, 2.0f)};
    std::vector<DatabaseSource> sources;
    for (std::size_t i = 0; i < clips.size(); ++i)
      bindings.push_back(bind_clip(clips[i], skeleton));
    for (int repeat = 0; repeat < 3; ++repeat) {
      for (std::size_t i = 0; i < clips.size(); ++i) {
        for (bool mirrored : {false, true}) {
          sources.push_back(
              {&clips[i], &bindings[i], static_cast<int>(i), mirrored, repeat / 180.0f});
        }
      }
    }
    DatabaseSettings settings;
    settings.joints = {1, 2, 0, 0};
    std::string error;
    db = build_motion_matching_database(skeleton, sources, settings, &error);
    EXPECT_EQ(error, "");
  }
};

const WalkerDatabase& walker_db() {
  static const WalkerDatabase db;
  return db;
}

void expect_same(const MotionMatchingMatch& a, const MotionMatchingMatch& b) {
  EXPECT_EQ(a.frame, b.frame);
  EXPECT_EQ(a.cost, b.cost);
  EXPECT_EQ(a.runner_up_frame, b.runner_up_frame);
  EXPECT_EQ(a.runner_up_cost, b.runner_up_cost);
}

// A query near a frame of db (noise of deviation spread on each feature), with a random range
// mask and a biased current frame half the time each.
struct RandomQuery {
  std::vector<float> features = std::vector<float>(kFeatureDimension);
  std::vector<std::uint8_t> enabled;
  MotionMatchingQuery query;

  RandomQuery(const MotionMatchingDatabase& db, std::mt19937& rng, float spread) {
    std::normal_distribution<float> noise(0.0f, 1.0f);
    std::uniform_int_distribution<int> pick(0, db.frame_count() - 1);
    std::bernoulli_distribution coin(0.5);
    const auto base = db.frame_features(pick(rng));
    for (std::size_t d = 0; d < features.size(); ++d) features[d] = base[d] + spread * noise(rng);
    enabled.resize(db.ranges.size());
    for (auto& e : enabled) e = coin(rng) ? 1 : 0;
    enabled[0] = 1;
    query.features = features;
    if (coin(rng)) query.range_enabled = enabled;
    if (coin(rng)) {
      query.current_frame = pick(rng);
      query.current_bias = 0.5f;
    }
  }
};

TEST(MotionMatchingSearch, BoundedSearchReturnsExactlyTheBruteForceFrame) {
  const MotionMatchingDatabase& db = walker_db().db;
  ASSERT_GT(db.frame_count(), 1000);
  std::mt19937 rng(7);
  std::bernoulli_distribution coin(0.5);
  for (int small : {1, 4, 16}) {
    const MotionMatchingBounds bounds = build_search_bounds(db, small, small * 4);
    for (int i = 0; i < 300; ++i) {
      // Half near a frame (where pruning matters), half anywhere.
      RandomQuery random(db, rng, coin(rng) ? 0.2f : 2.0f);
      MotionMatchingQuery& query = random.query;
      query.runner_up = coin(rng);
      MotionMatchingMatch brute, fast;
      ASSERT_TRUE(search_brute_force(db, query, brute));
      ASSERT_TRUE(search(db, bounds, query, fast));
      ASSERT_GE(brute.frame, 0);
      expect_same(fast, brute);
      if (query.runner_up && brute.runner_up_frame >= 0) {
        EXPECT_NE(db.ranges[db.range_of(brute.runner_up_frame)].clip_index,
                  db.ranges[db.range_of(brute.frame)].clip_index);
        EXPECT_GE(brute.runner_up_cost, brute.cost);
      }
    }
  }
}

// The runner-up against a reference written out here in doubles: the frame of least cost among
// the enabled frames of the clips other than the best frame's (the current frame, biased, always
// counts). The bounded search gives exactly the brute force's answer.
TEST(MotionMatchingSearch, RunnerUpIsTheBestFrameOfAnotherClipAsBruteForceFindsIt) {
  const MotionMatchingDatabase& db = walker_db().db;
  const MotionMatchingBounds bounds = build_search_bounds(db);
  std::mt19937 rng(11);
  int checked = 0;
  for (int i = 0; i < 200; ++i) {
    const RandomQuery random(db, rng, 0.3f);
    MotionMatchingQuery query = random.query;
    query.runner_up = true;
    const std::vector<float>& q = random.features;
    MotionMatchingMatch brute, fast;
    ASSERT_TRUE(search_brute_force(db, query, brute));
    ASSERT_TRUE(search(db, bounds, query, fast));
    expect_same(fast, brute);

    auto clip_of = [&](int f) { return db.ranges[db.range_of(f)].clip_index; };
    auto cost_of = [&](int f) {
      double c = 0.0;
      for (int d = 0; d < kFeatureDimension; ++d) {
        const double e = q[d] - db.frame_features(f)[static_cast<std::size_t>(d)];
        c += e * e;
      }
      return f == query.current_frame ? c - query.current_bias : c;
    };
    auto candidate = [&](int f) {
      return f == query.current_frame || query.range_enabled.empty() ||
             query.range_enabled[static_cast<std::size_t>(db.range_of(f))] != 0;
    };
    int best = -1;
    for (int f = 0; f < db.frame_count(); ++f) {
      if (candidate(f) && (best < 0 || cost_of(f) < cost_of(best))) best = f;
    }
    int runner_up = -1;
    for (int f = 0; f < db.frame_count(); ++f) {
      if (candidate(f) && clip_of(f) != clip_of(best) &&
          (runner_up < 0 || cost_of(f) < cost_of(runner_up))) {
        runner_up = f;
      }
    }
    ASSERT_GE(runner_up, 0);
    // Frames repeated at sub-frame offsets can tie to float rounding: compare the clip and cost.
    EXPECT_EQ(clip_of(fast.frame), clip_of(best));
    EXPECT_EQ(clip_of(fast.runner_up_frame), clip_of(runner_up)) << "query " << i;
    EXPECT_NEAR(fast.runner_up_cost, cost_of(runner_up), 1e-4 * (1.0 + cost_of(runner_up)));
    EXPECT_NE(clip_of(fast.runner_up_frame), clip_of(fast.frame));
    ++checked;
  }
  EXPECT_EQ(checked, 200);
}

TEST(MotionMatchingSearch, QueryBuiltFromAFrameReturnsThatFrame) {
  const MotionMatchingDatabase& db = walker_db().db;
  const MotionMatchingBounds bounds = build_search_bounds(db);
  for (int f = 0; f < db.frame_count(); f += 7) {
    // Built from the raw features, as a caller does: normalised the same way.
    std::vector<float> q(kFeatureDimension);
    ASSERT_TRUE(normalize_features(db, db.raw_frame(f), q));
    MotionMatchingQuery query;
    query.features = q;
    MotionMatchingMatch m;
    ASSERT_TRUE(search(db, bounds, query, m));
    ASSERT_EQ(m.cost, 0.0f) << "frame " << f;
    // Idle frames repeat exactly; the first of equal frames wins.
    const auto a = db.frame_features(m.frame);
    const auto b = db.frame_features(f);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin())) << f;
    if (db.ranges[db.range_of(f)].clip_index != 4) {
      EXPECT_EQ(m.frame, f);
    }
  }
}

TEST(MotionMatchingSearch, CurrentFrameBiasKeepsItUnlessAnotherIsClearlyBetter) {
  const MotionMatchingDatabase& db = walker_db().db;
  const MotionMatchingBounds bounds = build_search_bounds(db);
  const int target = db.ranges[2].first_frame + 30;
  const int current = db.ranges[6].first_frame + 30;  // another clip
  std::vector<float> q(db.frame_features(target).begin(), db.frame_features(target).end());
  float current_cost = 0.0f;
  for (int d = 0; d < kFeatureDimension; ++d) {
    const float e = q[d] - db.frame_features(current)[static_cast<std::size_t>(d)];
    current_cost += e * e;
  }
  MotionMatchingQuery query;
  query.features = q;
  query.current_frame = current;
  query.current_bias = current_cost * 1.01f;
  MotionMatchingMatch m;
  ASSERT_TRUE(search(db, bounds, query, m));
  EXPECT_EQ(m.frame, current);
  query.current_bias = current_cost * 0.99f;
  ASSERT_TRUE(search(db, bounds, query, m));
  EXPECT_EQ(m.frame, target);
}

TEST(MotionMatchingSearch, GroupCostsSumToTheCost) {
  const MotionMatchingDatabase& db = walker_db().db;
  std::vector<float> q(kFeatureDimension, 0.3f);
  MotionMatchingQuery query;
  query.features = q;
  MotionMatchingMatch m;
  ASSERT_TRUE(search_brute_force(db, query, m));
  std::array<float, kFeatureGroupCount> costs{};
  ASSERT_TRUE(group_costs(db, q, m.frame, costs));
  float sum = 0.0f;
  for (float c : costs) sum += c;
  EXPECT_NEAR(sum, m.cost, 1e-4f * (1.0f + m.cost));
}

TEST(MotionMatchingSearch, BadArgumentsFailOneAtATime) {
  const MotionMatchingDatabase& db = walker_db().db;
  const MotionMatchingBounds bounds = build_search_bounds(db);
  std::vector<float> q(kFeatureDimension, 0.0f);
  std::vector<float> short_q(kFeatureDimension - 1, 0.0f);
  std::vector<std::uint8_t> wrong_mask(db.ranges.size() + 1, 1);
  MotionMatchingMatch m;
  MotionMatchingQuery query;
  query.features = short_q;
  EXPECT_FALSE(search_brute_force(db, query, m));
  EXPECT_FALSE(search(db, bounds, query, m));
  query.features = q;
  query.range_enabled = wrong_mask;
  EXPECT_FALSE(search(db, bounds, query, m));
  query.range_enabled = {};
  query.current_frame = db.frame_count();
  EXPECT_FALSE(search(db, bounds, query, m));
  query.current_frame = -1;
  EXPECT_FALSE(search(db, MotionMatchingBounds{}, query, m));
  EXPECT_TRUE(search(db, bounds, query, m));
  std::array<float, kFeatureGroupCount> costs{};
  EXPECT_FALSE(group_costs(db, q, -1, costs));
  EXPECT_FALSE(group_costs(db, short_q, 0, costs));
}

}  // namespace
