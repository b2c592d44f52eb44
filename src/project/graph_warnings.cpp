#include "project/graph_warnings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "project/state_machine_list.h"

namespace project {
namespace {

std::string state_label(const anim::StateMachine& m, int state) {
  if (state == anim::kAnyState) return "Any State";
  if (state < 0 || state >= static_cast<int>(m.states.size())) return "?";
  return "'" + m.states[state].name + "'";
}

std::string transition_label(const anim::StateMachine& m, const anim::Transition& t) {
  return "transition " + state_label(m, t.source) + " -> " + state_label(m, t.target);
}

std::string number(float v) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", v);
  return text;
}

void unreachable_states(const anim::StateMachine& m, const std::string& where,
                        std::vector<GraphWarning>& out) {
  const int n = static_cast<int>(m.states.size());
  if (n == 0 || m.entry_state < 0 || m.entry_state >= n) return;
  std::vector<bool> reached(n, false);
  reached[m.entry_state] = true;
  // Any-state transitions leave whatever state is active, and the entry always is at first.
  for (const anim::Transition& t : m.transitions) {
    if (t.source == anim::kAnyState && t.target >= 0 && t.target < n) reached[t.target] = true;
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (const anim::Transition& t : m.transitions) {
      if (t.source < 0 || t.source >= n || t.target < 0 || t.target >= n) continue;
      if (reached[t.source] && !reached[t.target]) reached[t.target] = grew = true;
    }
  }
  for (int s = 0; s < n; ++s) {
    if (reached[s]) continue;
    out.push_back({GraphWarningKind::UnreachableState, where + ": state " + state_label(m, s) +
                                                           " cannot be reached from the entry " +
                                                           state_label(m, m.entry_state)});
  }
}

// Whether one value of parameter (of its type) satisfies every condition on it. The conditions
// cut the number line at their thresholds, so testing the thresholds, the points between them
// and one beyond each end covers every region; Parameters::set rounds to the type.
bool satisfiable(const anim::Parameter& parameter, const std::vector<anim::Condition>& conditions) {
  std::vector<float> cuts = {0.0f, 1.0f};
  for (const anim::Condition& c : conditions) cuts.push_back(c.threshold);
  std::sort(cuts.begin(), cuts.end());
  std::vector<float> candidates = cuts;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    candidates.push_back(0.5f * (cuts[i] + cuts[i + 1]));
  }
  candidates.push_back(cuts.front() - 1.0f);
  candidates.push_back(cuts.back() + 1.0f);
  if (parameter.type == anim::ParameterType::Int) {
    // Whole numbers only: the floor and ceiling of each candidate.
    const std::size_t count = candidates.size();
    for (std::size_t i = 0; i < count; ++i) {
      candidates.push_back(std::floor(candidates[i]));
      candidates.push_back(std::ceil(candidates[i]));
    }
  }
  anim::Parameters one;
  one.add(parameter.name, parameter.type);
  for (float v : candidates) {
    one.set(0, v);
    const bool all = std::all_of(conditions.begin(), conditions.end(), [&](anim::Condition c) {
      c.parameter = 0;
      return anim::condition_holds(c, one);
    });
    if (all) return true;
  }
  return false;
}

void transitions_that_never_fire(const anim::StateMachine& m, const Project& project,
                                 const std::string& where, std::vector<GraphWarning>& out) {
  const anim::Parameters& parameters = project.parameters;
  for (const anim::Transition& t : m.transitions) {
    const std::string label = where + ": " + transition_label(m, t);
    bool missing = false;
    for (const anim::Condition& c : t.conditions) {
      if (c.parameter < 0 || c.parameter >= parameters.count()) missing = true;
    }
    if (missing) {
      out.push_back({GraphWarningKind::TransitionNeverFires,
                     label + " never fires: a condition names a missing parameter"});
      continue;
    }
    bool contradiction = false;
    for (int p = 0; p < parameters.count() && !contradiction; ++p) {
      std::vector<anim::Condition> on_p;
      for (const anim::Condition& c : t.conditions) {
        if (c.parameter == p) on_p.push_back(c);
      }
      if (!on_p.empty() && !satisfiable(parameters.at(p), on_p)) {
        contradiction = true;
        out.push_back({GraphWarningKind::TransitionNeverFires,
                       label + " never fires: its conditions on '" + parameters.at(p).name +
                           "' cannot all hold"});
      }
    }
    if (contradiction || !t.has_exit_time || t.source < 0 ||
        t.source >= static_cast<int>(m.states.size())) {
      continue;
    }
    const anim::State& source = m.states[t.source];
    if (source.speed_parameter < 0 && source.speed == 0.0f && t.exit_time > 0.0f) {
      out.push_back({GraphWarningKind::TransitionNeverFires,
                     label + " never fires: state " + state_label(m, t.source) +
                         " has speed 0, so its time never reaches the exit time " +
                         number(t.exit_time)});
    } else if (!source.loop && t.exit_time > 1.0f) {
      out.push_back({GraphWarningKind::LateExitTime,
                     label + ": exit time " + number(t.exit_time) +
                         " is past the end of one-shot " + state_label(m, t.source) +
                         ", which holds its last frame until then"});
    }
  }
}

// The machine, then its sub-machines (named by the nested state's path).
void machine_warnings(const anim::StateMachine& m, const Project& project, const std::string& where,
                      std::vector<GraphWarning>& out) {
  unreachable_states(m, where, out);
  transitions_that_never_fire(m, project, where, out);
  for (const anim::State& s : m.states) {
    if (s.kind != anim::StateKind::StateMachine || s.index < 0 ||
        s.index >= static_cast<int>(m.sub_machines.size())) {
      continue;
    }
    machine_warnings(m.sub_machines[s.index], project, where + " > " + s.name, out);
  }
}

void overlapping_samples(const ProjectBlendSpace& space, std::vector<GraphWarning>& out) {
  const std::string where = "blend space '" + space.name + "': samples '";
  if (space.dimensions == 1) {
    const auto& samples = space.space_1d.samples;
    // Closer than a thousandth of the axis: the weights cannot tell the two apart.
    const float tolerance =
        1e-3f * std::max(std::abs(space.space_1d.max - space.space_1d.min), 1e-3f);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      for (std::size_t k = i + 1; k < samples.size(); ++k) {
        if (std::abs(samples[i].threshold - samples[k].threshold) > tolerance) continue;
        out.push_back({GraphWarningKind::OverlappingSamples,
                       where + samples[i].clip_name + "' and '" + samples[k].clip_name +
                           "' are both at " + number(samples[i].threshold)});
      }
    }
    return;
  }
  const anim::BlendSpace2D& s = space.space_2d;
  const float tx = 1e-3f * std::max(std::abs(s.x_axis.max - s.x_axis.min), 1e-3f);
  const float ty = 1e-3f * std::max(std::abs(s.y_axis.max - s.y_axis.min), 1e-3f);
  for (std::size_t i = 0; i < s.samples.size(); ++i) {
    for (std::size_t k = i + 1; k < s.samples.size(); ++k) {
      const glm::vec2 d = glm::abs(s.samples[i].position - s.samples[k].position);
      if (d.x > tx || d.y > ty) continue;
      out.push_back({GraphWarningKind::OverlappingSamples,
                     where + s.samples[i].clip_name + "' and '" + s.samples[k].clip_name +
                         "' are both at (" + number(s.samples[i].position.x) + ", " +
                         number(s.samples[i].position.y) + ")"});
    }
  }
}

}  // namespace

std::vector<GraphWarning> graph_warnings(const Project& project) {
  std::vector<GraphWarning> out;
  machine_warnings(project.state_machine, project, state_machine_label(project.state_machine), out);
  for (const anim::StateMachine& m : project.other_state_machines) {
    machine_warnings(m, project, state_machine_label(m), out);
  }
  for (const ProjectBlendSpace& space : project.blend_spaces) overlapping_samples(space, out);
  return out;
}

}  // namespace project
