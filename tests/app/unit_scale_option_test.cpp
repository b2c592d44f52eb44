// --unit-scale on the viewer and the render command: nonsense scales are refused with a message
// before anything opens (the issue: a unit scale of -5 was accepted).

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

// Runs animview with args; returns its exit status and its stderr in *errors.
int animview(const std::string& args, std::string* errors) {
  const std::string command = std::string(ANIMVIEW_EXE) + " " + args + " 2>&1 >/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return -1;
  char buffer[512];
  while (std::fgets(buffer, sizeof(buffer), pipe)) *errors += buffer;
  return pclose(pipe);
}

TEST(UnitScaleOption, NonsenseScalesAreRefusedWithAMessage) {
  for (const char* value : {"-5", "0", "nan", "inf", "1e9"}) {
    for (const char* command : {"--headless --frames 1 --out /nonexistent", "render --out x.png"}) {
      std::string errors;
      EXPECT_NE(animview(std::string(command) + " --unit-scale " + value, &errors), 0)
          << command << " --unit-scale " << value;
      EXPECT_NE(errors.find("--unit-scale"), std::string::npos) << errors;
    }
  }
}

}  // namespace
