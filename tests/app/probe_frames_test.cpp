// The probe that composes the joint inspector's and the curve view's frames (app/probe_frames.h)
// runs the scene's post-process stack with the targets that follow the camera where the camera
// put them: with a follow-camera look-at on the demo's walk, the probe's head is the live
// frame's, looking at the camera, and it follows the camera when the camera moves.
#include "app/probe_frames.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/post_process_targets.h"
#include "demo_walk_scene.h"

namespace {

class ProbeFrames : public test::DemoWalkScene {
 protected:
  void SetUp() override {
    DemoWalkScene::SetUp();
    if (HasFatalFailure()) return;
    head = scene.character.skeleton.find_joint("head");
    ASSERT_GE(head, 0);
    project::ProjectPostProcess look;
    look.kind = anim::PostProcessKind::LookAt;
    look.target = {-2.0f, 1.6f, 1.0f};  // the project's own: to the character's right
    look.follow_camera = true;
    project.post_process = {look};
    ASSERT_EQ(scene.rebind_post_process(project), "");
    scene.mode = app::PlayMode::ClipPreview;
    scene.preview(walk);
    scene.clock.set_playing(false);
    scene.clock.seek(0.25);
  }

  // The live frame with the camera's eye at eye (world), the probe's frame at the same time,
  // and the two heads (model space) compared.
  glm::mat4 live_and_probe_head(const glm::vec3& eye) {
    app::follow_camera_targets(project, scene, eye);
    EXPECT_EQ(scene.update(0.0f, {}), "");
    const glm::mat4 live = scene.instance.model_pose()[static_cast<std::size_t>(head)];
    EXPECT_EQ(app::compose_probe_frame(scene, probe, walk, scene.clock.time_s()), "");
    const glm::mat4 probed = probe.instance.model_pose()[static_cast<std::size_t>(head)];
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(probed[c][r], live[c][r], 1e-5f) << c << r;
    }
    return probed;
  }

  // The angle (degrees) between the head's forward (model +Z) and the direction to eye.
  double angle_to(const glm::mat4& head_model, const glm::vec3& eye) const {
    const glm::vec3 at =
        glm::vec3(glm::inverse(scene.instance.world_matrix()) * glm::vec4(eye, 1.0f));
    const glm::vec3 forward = glm::normalize(glm::vec3(head_model[2]));
    const glm::vec3 to = glm::normalize(at - glm::vec3(head_model[3]));
    return std::acos(std::clamp(glm::dot(forward, to), -1.0f, 1.0f)) * 180.0 / 3.14159265358979;
  }

  int head = -1;
};

TEST_F(ProbeFrames, TheProbesHeadLooksAtTheCameraAsTheLiveFramesDoes) {
  const glm::vec3 left_eye(2.0f, 1.7f, 2.0f);
  const glm::mat4 left = live_and_probe_head(left_eye);
  EXPECT_LT(angle_to(left, left_eye), 0.5);
  // The camera moves to the right: the probe takes the moved target.
  const glm::vec3 right_eye(-1.5f, 1.5f, 2.5f);
  const glm::mat4 right = live_and_probe_head(right_eye);
  EXPECT_LT(angle_to(right, right_eye), 0.5);
  EXPECT_GT(angle_to(right, left_eye), 20.0);
}

TEST_F(ProbeFrames, AProbeThatCannotBindSaysWhy) {
  anim::BoundCharacter unbound = *scene.bound.character;
  unbound.bindings.clear();
  EXPECT_EQ(app::compose_probe_frame(scene, unbound, scene.graph(), probe, walk, 0.0f),
            "frame probe: the character is not bound");
}

}  // namespace
