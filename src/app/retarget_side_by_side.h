#pragma once
// The Retarget panel's side-by-side view: the source skeleton on its own clip at the playhead,
// drawn as lines beside the character (source_skeleton_pose places it) so an animator compares
// the motion with the retargeted one.

#include <string>

#include <glm/glm.hpp>

#include "app/retarget_authoring.h"
#include "render/line_renderer.h"

namespace app {

class SourceSkeletonView {
 public:
  // Loads the line shaders; returns "" or the error.
  std::string init() { return lines_.init(); }

  // Draws the source skeleton when the panel's side-by-side toggle is on and the previewed
  // clip is a retargeted one; otherwise nothing. Returns whether it drew.
  bool draw(const RetargetAuthoring& authoring, const ViewerScene& scene, bool side_by_side,
            const glm::mat4& view_projection);

 private:
  render::LineRenderer lines_;
  std::vector<glm::mat4> model_;
};

}  // namespace app
