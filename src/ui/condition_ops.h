#pragma once
// Which operators a transition condition offers for its parameter: a number compares, a bool
// is true or false, a trigger fires. A trigger offered "greater" or "less" invites a condition
// that reads its 0 or 1 as a number and never behaves like a trigger.

#include <span>

#include "anim/parameters.h"
#include "anim/state_machine.h"

namespace ui {

// The operators for a parameter of type, the first one the default.
std::span<const anim::ConditionOp> condition_ops(anim::ParameterType type);

// The name the condition editor shows for op.
const char* condition_op_label(anim::ConditionOp op);

// Keeps op when type offers it, otherwise gives type's default: after the condition's parameter
// changed to one of another type.
anim::ConditionOp fit_condition_op(anim::ConditionOp op, anim::ParameterType type);

}  // namespace ui
