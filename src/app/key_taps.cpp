#include "app/key_taps.h"

#include <algorithm>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace app {

bool KeyTapHolder::forward_now(int key, int action) {
  if (action == GLFW_PRESS) {
    pressed_.push_back(key);
    return true;
  }
  if (action == GLFW_RELEASE &&
      std::find(pressed_.begin(), pressed_.end(), key) != pressed_.end()) {
    held_.push_back(key);
    return false;
  }
  return true;
}

}  // namespace app
