// The child process that imports run in: a result comes back whole; a crash, an abort, running
// out of memory, CPU time or stack, and a cancel each end the child, not the test, and say
// which it was. assimp's asserts throw instead of aborting.

#include "import/import_isolation.h"

#include <assimp/Importer.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "import/character_serialization.h"
#include "import/importer.h"
#include "support/gltf_writer.h"
#include "support/hostile_files.h"
#include "support/temp_files.h"

namespace Assimp {
void aiAssertViolation(const char* failed, const char* file, int line);
}

namespace importer {
namespace {

ImportLimits small_limits() {
  ImportLimits limits;
  limits.memory_bytes = std::uint64_t{256} << 20;
  limits.cpu_seconds = 1;
  limits.stack_bytes = std::uint64_t{8} << 20;
  return limits;
}

TEST(ImportIsolation, TheJobsBytesComeBackWhole) {
  // Larger than a pipe's buffer, so the parent must read while the child writes.
  std::string big(3 << 20, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7);
  const ChildOutcome outcome =
      run_in_child(small_limits(), [&](const ChildProgress&) { return big; }, {});
  ASSERT_EQ(outcome.end, ChildEnd::kFinished) << outcome.cause;
  EXPECT_EQ(outcome.payload, big);
}

TEST(ImportIsolation, ProgressReachesTheParentInOrder) {
  std::vector<float> seen;
  const ChildOutcome outcome = run_in_child(
      small_limits(),
      [](const ChildProgress& progress) {
        for (int i = 1; i <= 4; ++i) progress(0.25f * static_cast<float>(i));
        return std::string("done");
      },
      [&](float f) {
        if (seen.empty() || seen.back() != f) seen.push_back(f);
        return true;
      });
  ASSERT_EQ(outcome.end, ChildEnd::kFinished) << outcome.cause;
  EXPECT_EQ(seen, (std::vector<float>{0.25f, 0.5f, 0.75f, 1.0f}));
}

// The child's last progress and its result can reach the parent in one read (here: while the
// parent is still busy answering the first progress): the cancel answered to that last progress
// still wins over the finished result (it used to be dropped).
TEST(ImportIsolation, ACancelAnsweredToTheLastProgressWins) {
  int calls = 0;
  const ChildOutcome outcome = run_in_child(
      small_limits(),
      [](const ChildProgress& progress) {
        progress(0.5f);
        progress(1.0f);
        return std::string("done");
      },
      [&](float) {
        if (++calls > 1) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        return true;
      });
  EXPECT_EQ(outcome.end, ChildEnd::kCancelled) << outcome.cause;
  EXPECT_EQ(outcome.cause, "was cancelled");
}

TEST(ImportIsolation, ASegfaultIsReportedByName) {
  const ChildOutcome outcome = run_in_child(small_limits(),
                                            [](const ChildProgress&) {
                                              std::raise(SIGSEGV);
                                              return std::string();
                                            },
                                            {});
  EXPECT_EQ(outcome.end, ChildEnd::kCrashed);
  EXPECT_EQ(outcome.cause, "crashed (SIGSEGV)");
}

TEST(ImportIsolation, AnAbortIsReportedByName) {
  const ChildOutcome outcome = run_in_child(small_limits(),
                                            [](const ChildProgress&) {
                                              std::abort();
                                              return std::string();
                                            },
                                            {});
  EXPECT_EQ(outcome.end, ChildEnd::kCrashed);
  EXPECT_EQ(outcome.cause, "crashed (SIGABRT)");
}

TEST(ImportIsolation, GrowingPastTheMemoryLimitStopsTheChild) {
  // Only the memory limit may stop it: under ASan on a busy machine, filling 256 MiB took more
  // than the small limits' 1 s of CPU, and the child was stopped for the wrong cause.
  ImportLimits limits = small_limits();
  limits.cpu_seconds = 60;
  const ChildOutcome outcome =
      run_in_child(limits,
                   [](const ChildProgress&) {
                     std::vector<std::vector<char>> hoard;
                     for (int i = 0; i < 4096; ++i)
                       hoard.emplace_back(1 << 20, static_cast<char>(i));
                     return std::string("kept ") + std::to_string(hoard.size());
                   },
                   {});
  EXPECT_EQ(outcome.end, ChildEnd::kOutOfMemory) << outcome.cause;
  EXPECT_EQ(outcome.cause, "ran out of memory (limit 256 MiB)");
}

TEST(ImportIsolation, SpinningPastTheCpuLimitStopsTheChild) {
  const ChildOutcome outcome = run_in_child(small_limits(),
                                            [](const ChildProgress&) {
                                              volatile unsigned long spin = 0;
                                              while (true) spin = spin + 1;
                                              return std::string();
                                            },
                                            {});
  EXPECT_EQ(outcome.end, ChildEnd::kTimedOut) << outcome.cause;
  EXPECT_EQ(outcome.cause, "took more than 1 s of CPU time");
}

TEST(ImportIsolation, AChildThatWaitsWithoutUsingTheCpuIsStoppedByTheWaitingLimit) {
  // A CPU limit never ends a child that sleeps; the waiting limit (twice the CPU limit plus 10 s,
  // counted while it uses no CPU) does. A working child on a busy machine keeps using some CPU,
  // so only the CPU limit ends it, however slow the machine.
  const ChildOutcome outcome = run_in_child(small_limits(),
                                            [](const ChildProgress&) {
                                              std::this_thread::sleep_for(std::chrono::hours(1));
                                              return std::string();
                                            },
                                            {});
  EXPECT_EQ(outcome.end, ChildEnd::kTimedOut) << outcome.cause;
  EXPECT_EQ(outcome.cause, "waited more than 12 s without using the CPU");
}

int recurse(int depth) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  return depth <= 0 ? frame[0] : recurse(depth - 1) + frame[0];
}

TEST(ImportIsolation, RecursionPastTheStackLimitIsACrashAndABiggerStackLetsItFinish) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "under ASan the frames of recurse() do not live on the thread's stack";
#endif
#endif
  // 20000 frames of more than 1 KiB: over an 8 MiB stack, within a 64 MiB one.
  const ChildJob job = [](const ChildProgress&) { return std::to_string(recurse(20000)); };
  const ChildOutcome small = run_in_child(small_limits(), job, {});
  EXPECT_EQ(small.end, ChildEnd::kCrashed) << small.cause;
  ImportLimits roomy = small_limits();
  roomy.stack_bytes = std::uint64_t{64} << 20;
  const ChildOutcome big = run_in_child(roomy, job, {});
  EXPECT_EQ(big.end, ChildEnd::kFinished) << big.cause;
}

TEST(ImportIsolation, ACancelKillsTheChildWithinAMoment) {
  int calls = 0;
  const ChildOutcome outcome = run_in_child(
      small_limits(),
      [](const ChildProgress&) {
        while (true) pause();
        return std::string();
      },
      [&](float) { return ++calls < 3; });
  EXPECT_EQ(outcome.end, ChildEnd::kCancelled);
  EXPECT_EQ(calls, 3);
}

TEST(ImportIsolation, AssimpAssertsThrowInsteadOfAborting) {
  // The program's definition takes the place of libassimp's, for its own callers too:
  // GetImporterIndex asserts that the extension is not null.
  EXPECT_THROW(Assimp::aiAssertViolation("x != nullptr", "/src/code/Foo.cpp", 12),
               std::runtime_error);
  try {
    Assimp::aiAssertViolation("x != nullptr", "/src/code/Foo.cpp", 12);
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "assimp's internal check failed (x != nullptr at Foo.cpp:12)");
  }
  Assimp::Importer importer;
  EXPECT_THROW(importer.GetImporterIndex(nullptr), std::runtime_error);
}

TEST(ImportIsolation, AnIsolatedImportEqualsTheInProcessOne) {
  const std::filesystem::path dir = test::make_temp_dir();
  test::GltfWriter writer;
  const int hip = writer.add_node("hip");
  const int knee = writer.add_node("knee", {0.0f, -0.5f, 0.0f});
  writer.add_child(hip, knee);
  writer.add_animation("rise", {{hip, "translation", {0.0f, 2.0f}, {0, 1, 0, 0, 2, 0}},
                                {knee, "translation", {0.0f, 2.0f}, {0, -0.5f, 0, 0, -0.4f, 0}}});
  const std::string path = writer.write(dir / "rise.gltf").string();
  const ImportResult isolated = import_file(path, ImportSettings{});
  const ImportResult direct = import_file_in_process(path, ImportSettings{});
  ASSERT_TRUE(isolated.ok()) << isolated.error;
  EXPECT_EQ(serialize(isolated), serialize(direct));
  EXPECT_EQ(isolated.character.skeleton.joint_count(), 2);

  anim::Skeleton target = direct.character.skeleton;
  const ClipImportResult clips = import_clips(path, target, ImportSettings{});
  ASSERT_TRUE(clips.ok()) << clips.error;
  EXPECT_EQ(serialize(clips), serialize(import_clips_in_process(path, target, ImportSettings{})));
  std::filesystem::remove_all(dir);
}

TEST(ImportIsolation, AFileThatCrashesAssimpBecomesAnErrorNamingTheFormatAndTheFile) {
  // assimp's BVH reader recurses once per joint: 3000 joints overflow a 64 KiB stack.
  const std::filesystem::path dir = test::make_temp_dir();
  const std::string path = hostile::deep_bvh(dir, 3000).string();
  ImportSettings settings;
  settings.limits.stack_bytes = 64 << 10;
  const ImportResult result = import_file(path, settings);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.error, "the BVH importer crashed (SIGSEGV) reading " + path);
  const ClipImportResult clips = import_clips(path, anim::Skeleton{}, settings);
  EXPECT_EQ(clips.error, "the BVH importer crashed (SIGSEGV) reading " + path);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace importer
