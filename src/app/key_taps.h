#pragma once
// Key taps for ImGui 1.86, which only sees the keys held when a frame starts: a key pressed and
// released between two frames (a quick Ctrl+A while software rendering makes frames slow) would
// never reach a text field. The release of a key pressed since the last frame is held back until
// that frame has started, then forwarded.

#include <vector>

namespace app {

class KeyTapHolder {
 public:
  // Whether ImGui gets this GLFW key event now (false: a release held back for a frame).
  bool forward_now(int key, int action);

  // Forwards the releases held back (forward(key) for each), in order, and starts a new frame's
  // record. Call once per frame, before polling the next events.
  template <typename Forward>
  void release_held(Forward forward) {
    for (const int key : held_) forward(key);
    held_.clear();
    pressed_.clear();
  }

 private:
  std::vector<int> pressed_;  // keys pressed since the last release_held
  std::vector<int> held_;     // their releases, held back
};

}  // namespace app
