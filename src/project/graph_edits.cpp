#include "project/graph_edits.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace project {
namespace {

bool valid_index(const Project& project, int index) {
  return index >= 0 && index < static_cast<int>(project.blend_spaces.size());
}

void ensure_float_parameter(Project& project, const std::string& name) {
  if (project.parameters.find(name) < 0) project.parameters.add(name, anim::ParameterType::Float);
}

// Visits every state of machine and of its sub-machines.
void for_each_state(anim::StateMachine& machine, const std::function<void(anim::State&)>& visit) {
  for (anim::State& s : machine.states) visit(s);
  for (anim::StateMachine& sub : machine.sub_machines) for_each_state(sub, visit);
}

// Visits every state of every machine of project (the active one and the others).
void for_each_state(Project& project, const std::function<void(anim::State&)>& visit) {
  for_each_state(project.state_machine, visit);
  for (anim::StateMachine& m : project.other_state_machines) for_each_state(m, visit);
}

// Visits every transition of machine and of its sub-machines.
void for_each_transition(anim::StateMachine& machine,
                         const std::function<void(anim::Transition&)>& visit) {
  for (anim::Transition& t : machine.transitions) visit(t);
  for (anim::StateMachine& sub : machine.sub_machines) for_each_transition(sub, visit);
}

void for_each_transition(Project& project, const std::function<void(anim::Transition&)>& visit) {
  for_each_transition(project.state_machine, visit);
  for (anim::StateMachine& m : project.other_state_machines) for_each_transition(m, visit);
}

// The parameter set with parameter index replaced by `changed` (same position), values kept.
anim::Parameters with_parameter(const anim::Parameters& parameters, int index,
                                const anim::Parameter& changed) {
  anim::Parameters out;
  for (int i = 0; i < parameters.count(); ++i) {
    const anim::Parameter& p = i == index ? changed : parameters.at(i);
    out.add(p.name, p.type);
    out.set(i, p.value);
  }
  return out;
}

bool valid_parameter(const Project& project, int index) {
  return index >= 0 && index < project.parameters.count();
}

// Ranges that hold every value with a tenth of the span as margin (at least [-1, 1] around 0).
void fit_range(float lo, float hi, float& min, float& max) {
  const float margin = std::max(0.1f * (hi - lo), 0.1f);
  min = std::min(lo - margin, 0.0f);
  max = std::max(hi + margin, 1.0f);
}

}  // namespace

std::string unique_blend_space_name(const Project& project, const std::string& base) {
  const auto taken = [&](const std::string& name) {
    return std::any_of(project.blend_spaces.begin(), project.blend_spaces.end(),
                       [&](const ProjectBlendSpace& b) { return b.name == name; });
  };
  if (!taken(base)) return base;
  for (int n = 2;; ++n) {
    std::string name = base + " " + std::to_string(n);
    if (!taken(name)) return name;
  }
}

std::string add_blend_space(Project& project, int dimensions, const std::string& base, int& index) {
  if (dimensions != 1 && dimensions != 2) return "a blend space has 1 or 2 dimensions";
  ProjectBlendSpace space;
  space.name = unique_blend_space_name(project, base.empty() ? "blend space" : base);
  space.dimensions = dimensions;
  if (dimensions == 1) {
    space.space_1d.parameter_name = "speed";
    space.space_1d.min = 0.0f;
    space.space_1d.max = 4.0f;
    ensure_float_parameter(project, "speed");
  } else {
    space.x_parameter = "velocity_x";
    space.y_parameter = "velocity_z";
    space.space_2d.x_axis = {"sideways (m/s)", -2.0f, 2.0f};
    space.space_2d.y_axis = {"forward (m/s)", -2.0f, 2.0f};
    ensure_float_parameter(project, "velocity_x");
    ensure_float_parameter(project, "velocity_z");
  }
  project.blend_spaces.push_back(std::move(space));
  index = static_cast<int>(project.blend_spaces.size()) - 1;
  return {};
}

std::string add_blend_space_from_clips(Project& project, int dimensions, const std::string& base,
                                       std::span<const int> clips,
                                       std::span<const glm::vec2> positions, int& index) {
  if (clips.empty()) return "no clips chosen for the new blend space";
  if (clips.size() != positions.size()) return "one position per chosen clip is needed";
  for (int c : clips) {
    if (c < 0 || c >= static_cast<int>(project.clips.size())) {
      return "clip " + std::to_string(c) + " is not in the project";
    }
  }
  Project edited = project;
  int added = -1;
  if (std::string e = add_blend_space(edited, dimensions, base, added); !e.empty()) return e;
  ProjectBlendSpace& space = edited.blend_spaces[added];
  glm::vec2 lo(0.0f), hi(0.0f);
  float speed_hi = 0.0f;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const std::string& name = edited.clips[clips[i]];
    const glm::vec2 p = std::isfinite(positions[i].x) && std::isfinite(positions[i].y)
                            ? positions[i]
                            : glm::vec2(0.0f);
    space.space_2d.samples.push_back({name, p});
    space.space_1d.samples.push_back({name, glm::length(p)});
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    speed_hi = std::max(speed_hi, glm::length(p));
  }
  fit_range(lo.x, hi.x, space.space_2d.x_axis.min, space.space_2d.x_axis.max);
  fit_range(lo.y, hi.y, space.space_2d.y_axis.min, space.space_2d.y_axis.max);
  space.space_2d.x_axis.min = std::min(space.space_2d.x_axis.min, -space.space_2d.x_axis.max);
  space.space_2d.x_axis.max = -space.space_2d.x_axis.min;  // sideways: symmetric about 0
  fit_range(0.0f, speed_hi, space.space_1d.min, space.space_1d.max);
  project = std::move(edited);
  index = added;
  return {};
}

std::string rename_blend_space(Project& project, int index, const std::string& name) {
  if (!valid_index(project, index)) return "no blend space " + std::to_string(index);
  if (name.empty()) return "a blend space needs a name";
  for (std::size_t i = 0; i < project.blend_spaces.size(); ++i) {
    if (static_cast<int>(i) != index && project.blend_spaces[i].name == name) {
      return "another blend space is called '" + name + "'";
    }
  }
  // States refer to spaces by index in memory, so they follow the rename; layers by name.
  for (ProjectLayer& l : project.layers) {
    if (l.blend_space == project.blend_spaces[index].name) l.blend_space = name;
  }
  project.blend_spaces[index].name = name;
  return {};
}

std::string duplicate_blend_space(Project& project, int index, int& copy) {
  if (!valid_index(project, index)) return "no blend space " + std::to_string(index);
  ProjectBlendSpace duplicate = project.blend_spaces[index];
  duplicate.name = unique_blend_space_name(project, duplicate.name + " copy");
  project.blend_spaces.push_back(std::move(duplicate));
  copy = static_cast<int>(project.blend_spaces.size()) - 1;
  return {};
}

std::string delete_blend_space(Project& project, int index) {
  if (!valid_index(project, index)) return "no blend space " + std::to_string(index);
  std::string user;
  for_each_state(project, [&](anim::State& s) {
    if (user.empty() && s.kind == anim::StateKind::BlendSpace && s.index == index) user = s.name;
  });
  if (!user.empty()) {
    return "blend space '" + project.blend_spaces[index].name + "' is played by state '" + user +
           "': remove the state or change what it plays first";
  }
  for (const ProjectLayer& l : project.layers) {
    if (l.blend_space == project.blend_spaces[index].name) {
      return "blend space '" + l.blend_space + "' is played by layer '" + l.name +
             "': remove the layer or change what it plays first";
    }
  }
  for_each_state(project, [&](anim::State& s) {
    if (s.kind == anim::StateKind::BlendSpace && s.index > index) --s.index;
  });
  project.blend_spaces.erase(project.blend_spaces.begin() + index);
  return {};
}

std::string add_parameter(Project& project, const std::string& name, anim::ParameterType type) {
  if (name.empty()) return "a parameter needs a name";
  if (project.parameters.add(name, type) < 0) return "a parameter is already called '" + name + "'";
  return {};
}

std::string rename_parameter(Project& project, int index, const std::string& name) {
  if (!valid_parameter(project, index)) return "no parameter " + std::to_string(index);
  if (name.empty()) return "a parameter needs a name";
  const std::string old = project.parameters.at(index).name;
  if (name == old) return {};
  if (project.parameters.find(name) >= 0) return "a parameter is already called '" + name + "'";
  anim::Parameter renamed = project.parameters.at(index);
  renamed.name = name;
  project.parameters = with_parameter(project.parameters, index, renamed);
  for (ProjectBlendSpace& b : project.blend_spaces) {
    for (std::string* ref : {&b.x_parameter, &b.y_parameter, &b.space_1d.parameter_name}) {
      if (*ref == old) *ref = name;
    }
  }
  return {};
}

std::string set_parameter_type(Project& project, int index, anim::ParameterType type) {
  if (!valid_parameter(project, index)) return "no parameter " + std::to_string(index);
  anim::Parameter retyped = project.parameters.at(index);
  retyped.type = type;
  project.parameters = with_parameter(project.parameters, index, retyped);
  return {};
}

std::string remove_parameter(Project& project, int index) {
  if (!valid_parameter(project, index)) return "no parameter " + std::to_string(index);
  const std::string name = project.parameters.at(index).name;
  for (const ProjectBlendSpace& b : project.blend_spaces) {
    const bool uses = b.dimensions == 1 ? b.space_1d.parameter_name == name
                                        : b.x_parameter == name || b.y_parameter == name;
    if (uses) return "parameter '" + name + "' drives blend space '" + b.name + "'";
  }
  std::string user;
  for_each_state(project, [&](anim::State& st) {
    if (user.empty() && st.speed_parameter == index) user = "the speed of state '" + st.name + "'";
  });
  for_each_transition(project, [&](anim::Transition& t) {
    for (const anim::Condition& c : t.conditions) {
      if (user.empty() && c.parameter == index) user = "a transition's condition";
    }
  });
  if (!user.empty()) return "parameter '" + name + "' is used by " + user;
  for_each_state(project, [&](anim::State& st) {
    if (st.speed_parameter > index) --st.speed_parameter;
  });
  for_each_transition(project, [&](anim::Transition& t) {
    for (anim::Condition& c : t.conditions) {
      if (c.parameter > index) --c.parameter;
    }
  });
  project.parameters.remove(index);
  return {};
}

}  // namespace project
