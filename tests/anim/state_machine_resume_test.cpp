// StateMachinePlayer::resume after the machine was copied and the player re-initialised on the
// copy (what a rebind does): a machine of the same shape carries a crossfade under way on; an
// edited one continues the state without it.
#include <gtest/gtest.h>

#include <vector>

#include "anim/state_machine.h"

namespace anim {
namespace {

constexpr float kDt = 0.125f;  // exact in binary, as are the progresses below
const std::vector<float> kClipLengths = {1.0f, 2.0f};

struct Rebind {
  Parameters parameters;
  StateMachine machine;
  StateMachinePlayer before;

  // idle (clip 0) -> walk (clip 1) when go > 0.5, a 0.5 s crossfade, two steps into it.
  Rebind() {
    const int go = parameters.add("go", ParameterType::Float);
    machine.states = {{"idle", StateKind::Clip, 0}, {"walk", StateKind::Clip, 1}};
    Transition t;
    t.source = 0;
    t.target = 1;
    t.conditions = {{go, ConditionOp::Greater, 0.5f}};
    t.duration = 0.5f;
    machine.transitions = {t};
    before.init(machine);
    parameters.set(go, 1.0f);
    for (int i = 0; i < 3; ++i) before.update(kDt, parameters, {kClipLengths, {}});
  }
};

TEST(StateMachineResume, TheSameMachineCarriesACrossfadeUnderWayOn) {
  Rebind r;
  ASSERT_TRUE(r.before.transition().running);
  ASSERT_FLOAT_EQ(r.before.transition().progress, 0.5f);
  const StateMachine copy = r.machine;
  StateMachinePlayer after;
  after.init(copy);
  after.resume(r.before.active_state(), r.before.active_normalized_time(), &r.before);
  EXPECT_TRUE(after.transition().running);
  EXPECT_FLOAT_EQ(after.transition().progress, 0.5f);
  EXPECT_EQ(after.active_state(), 1);
  EXPECT_EQ(after.crossfade_source_state(), 0);
  EXPECT_FLOAT_EQ(after.crossfade_source_normalized_time(),
                  r.before.crossfade_source_normalized_time());
  after.update(kDt, r.parameters, {kClipLengths, {}});
  EXPECT_FLOAT_EQ(after.transition().progress, 0.75f);
}

TEST(StateMachineResume, AnEditedMachineContinuesTheStateWithoutTheCrossfade) {
  Rebind r;
  StateMachine edited = r.machine;
  edited.transitions[0].duration = 1.0f;
  StateMachinePlayer after;
  after.init(edited);
  after.resume(r.before.active_state(), r.before.active_normalized_time(), &r.before);
  EXPECT_FALSE(after.transition().running);
  EXPECT_EQ(after.active_state(), 1);
  EXPECT_FLOAT_EQ(after.active_normalized_time(), r.before.active_normalized_time());
}

}  // namespace
}  // namespace anim
