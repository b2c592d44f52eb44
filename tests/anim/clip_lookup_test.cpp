// A clip named on the command line: by name, else by index, a name winning over an index.
#include "anim/clip_lookup.h"

#include <vector>

#include <gtest/gtest.h>

namespace anim {
namespace {

std::vector<Clip> clips(std::initializer_list<const char*> names) {
  std::vector<Clip> out;
  for (const char* name : names) {
    out.emplace_back();
    out.back().name = name;
  }
  return out;
}

TEST(ClipLookup, ByNameElseByIndex) {
  const std::vector<Clip> c = clips({"Walk", "Run", "1"});
  EXPECT_EQ(find_clip_by_name_or_index(c, "Run"), 1);
  EXPECT_EQ(find_clip_by_name_or_index(c, "0"), 0);
  EXPECT_EQ(find_clip_by_name_or_index(c, "1"), 2);  // the clip called "1", not clip 1
  EXPECT_EQ(find_clip_by_name_or_index(c, "3"), -1);
  EXPECT_EQ(find_clip_by_name_or_index(c, "run"), -1);
  EXPECT_EQ(find_clip_by_name_or_index(c, "-1"), -1);
  EXPECT_EQ(find_clip_by_name_or_index(c, ""), -1);
  EXPECT_EQ(find_clip_by_name_or_index(c, "99999999999"), -1);
  EXPECT_EQ(describe_clips(c), "0: 'Walk', 1: 'Run', 2: '1'");
  EXPECT_EQ(describe_clips({}), "none");
}

}  // namespace
}  // namespace anim
