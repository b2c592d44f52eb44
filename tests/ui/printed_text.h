#pragma once
// What a function that prints to a FILE* wrote, for tests of the terminal output.

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace ui::testing {

template <typename Print>
std::string printed_text(Print print) {
  std::FILE* out = std::tmpfile();
  EXPECT_NE(out, nullptr);
  if (out == nullptr) return {};
  print(out);
  std::rewind(out);
  std::string text;
  for (int c = std::fgetc(out); c != EOF; c = std::fgetc(out)) text += static_cast<char>(c);
  std::fclose(out);
  return text;
}

}  // namespace ui::testing
