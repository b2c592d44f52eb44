#include "ui/condition_ops.h"

#include <algorithm>

namespace ui {

std::span<const anim::ConditionOp> condition_ops(anim::ParameterType type) {
  using Op = anim::ConditionOp;
  static constexpr Op kNumber[] = {Op::Greater, Op::Less, Op::Equals};
  static constexpr Op kBool[] = {Op::True, Op::False};
  static constexpr Op kTrigger[] = {Op::Trigger};
  switch (type) {
    case anim::ParameterType::Float:
    case anim::ParameterType::Int:
      return kNumber;
    case anim::ParameterType::Bool:
      return kBool;
    case anim::ParameterType::Trigger:
      return kTrigger;
  }
  return kNumber;
}

const char* condition_op_label(anim::ConditionOp op) {
  switch (op) {
    case anim::ConditionOp::Greater:
      return "greater";
    case anim::ConditionOp::Less:
      return "less";
    case anim::ConditionOp::Equals:
      return "equals";
    case anim::ConditionOp::True:
      return "true";
    case anim::ConditionOp::False:
      return "false";
    case anim::ConditionOp::Trigger:
      return "trigger";
  }
  return "?";
}

anim::ConditionOp fit_condition_op(anim::ConditionOp op, anim::ParameterType type) {
  const std::span<const anim::ConditionOp> offered = condition_ops(type);
  return std::find(offered.begin(), offered.end(), op) != offered.end() ? op : offered.front();
}

}  // namespace ui
