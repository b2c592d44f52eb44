#include "anim/state_machine.h"

// The names of the state machine's enums, as the project file and the editor write them.
namespace anim {

const char* to_string(StateKind kind) {
  switch (kind) {
    case StateKind::Clip:
      return "clip";
    case StateKind::BlendSpace:
      return "blend_space";
    case StateKind::StateMachine:
      return "state_machine";
  }
  return "clip";
}

const char* to_string(ConditionOp op) {
  switch (op) {
    case ConditionOp::Greater:
      return "greater";
    case ConditionOp::Less:
      return "less";
    case ConditionOp::Equals:
      return "equals";
    case ConditionOp::True:
      return "true";
    case ConditionOp::False:
      return "false";
    case ConditionOp::Trigger:
      return "trigger";
  }
  return "true";
}

const char* to_string(DurationUnit unit) {
  return unit == DurationUnit::Seconds ? "seconds" : "normalized";
}

const char* to_string(Interruption interruption) {
  switch (interruption) {
    case Interruption::None:
      return "none";
    case Interruption::Source:
      return "source";
    case Interruption::Target:
      return "target";
  }
  return "none";
}

const char* to_string(TransitionBlend blend) {
  switch (blend) {
    case TransitionBlend::CrossfadeSmooth:
      return "crossfade_smooth";
    case TransitionBlend::CrossfadeFrozen:
      return "crossfade_frozen";
    case TransitionBlend::Inertialization:
      return "inertialization";
  }
  return "crossfade_smooth";
}

const char* to_string(Ease curve) {
  switch (curve) {
    case Ease::Linear:
      return "linear";
    case Ease::Smoothstep:
      return "smoothstep";
    case Ease::Bezier:
      return "bezier";
  }
  return "linear";
}

namespace {
template <typename Enum, std::size_t N>
bool parse_enum(std::string_view text, const Enum (&values)[N], Enum& out) {
  for (Enum v : values) {
    if (text == to_string(v)) {
      out = v;
      return true;
    }
  }
  return false;
}
}  // namespace

bool parse_condition_op(std::string_view text, ConditionOp& out) {
  const ConditionOp all[] = {ConditionOp::Greater, ConditionOp::Less,  ConditionOp::Equals,
                             ConditionOp::True,    ConditionOp::False, ConditionOp::Trigger};
  return parse_enum(text, all, out);
}

bool parse_duration_unit(std::string_view text, DurationUnit& out) {
  const DurationUnit all[] = {DurationUnit::Seconds, DurationUnit::Normalized};
  return parse_enum(text, all, out);
}

bool parse_interruption(std::string_view text, Interruption& out) {
  const Interruption all[] = {Interruption::None, Interruption::Source, Interruption::Target};
  return parse_enum(text, all, out);
}

bool parse_transition_blend(std::string_view text, TransitionBlend& out) {
  const TransitionBlend all[] = {TransitionBlend::CrossfadeSmooth, TransitionBlend::CrossfadeFrozen,
                                 TransitionBlend::Inertialization};
  return parse_enum(text, all, out);
}

bool parse_ease(std::string_view text, Ease& out) {
  const Ease all[] = {Ease::Linear, Ease::Smoothstep, Ease::Bezier};
  return parse_enum(text, all, out);
}

}  // namespace anim
