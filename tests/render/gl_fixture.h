#pragma once
// A real OpenGL 4.5 core context for GL tests: a hidden GLFW window under Xvfb with Mesa.
// Tests that need GL derive from GlTest; they skip with a clear message when there is no
// display (run them through scripts/test.sh, which starts Xvfb).

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "render/gl_window.h"

class GlTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!std::getenv("DISPLAY")) return;
    window_ = std::make_unique<render::GlWindow>();
    // 4 samples, not the automatic choice: the tests' pictures were taken with multisampling,
    // which a software renderer no longer gets by default.
    error_ = window_->open({256, 256, false, "gl test", 4});
  }
  static void TearDownTestSuite() { window_.reset(); }

  void SetUp() override {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY: run GL tests under Xvfb";
    ASSERT_TRUE(error_.empty()) << error_;
  }

  static inline std::unique_ptr<render::GlWindow> window_;
  static inline std::string error_;
};
