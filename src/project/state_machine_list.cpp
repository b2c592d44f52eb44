#include "project/state_machine_list.h"

#include <utility>

namespace project {
namespace {

bool is_other(const Project& project, int which) {
  return which >= 0 && which < static_cast<int>(project.other_state_machines.size());
}

bool valid(const Project& project, int which) {
  return which == kActiveMachine || is_other(project, which);
}

anim::StateMachine& machine_at(Project& project, int which) {
  return which == kActiveMachine ? project.state_machine : project.other_state_machines[which];
}

bool name_taken(const Project& project, const std::string& name, int except) {
  if (except != kActiveMachine && state_machine_label(project.state_machine) == name) return true;
  for (std::size_t i = 0; i < project.other_state_machines.size(); ++i) {
    if (static_cast<int>(i) != except &&
        state_machine_label(project.other_state_machines[i]) == name) {
      return true;
    }
  }
  return false;
}

std::string no_machine(int which) {
  return "no state machine " + std::to_string(which);
}

// A name no machine but except has (-2: none excepted).
std::string unique_name(const Project& project, const std::string& base, int except) {
  if (!name_taken(project, base, except)) return base;
  for (int n = 2;; ++n) {
    std::string name = base + " " + std::to_string(n);
    if (!name_taken(project, name, except)) return name;
  }
}

}  // namespace

std::string state_machine_label(const anim::StateMachine& machine) {
  return machine.name.empty() ? "state machine" : machine.name;
}

std::string unique_state_machine_name(const Project& project, const std::string& base) {
  return unique_name(project, base, -2);
}

std::string add_state_machine(Project& project, const std::string& base) {
  const anim::StateMachine& active = project.state_machine;
  const bool nothing_yet = active.name.empty() && active.states.empty();
  anim::StateMachine machine;
  machine.name = unique_name(project, base.empty() ? "state machine" : base,
                             nothing_yet ? kActiveMachine : -2);
  if (!nothing_yet) project.other_state_machines.push_back(std::move(project.state_machine));
  project.state_machine = std::move(machine);
  return {};
}

std::string rename_state_machine(Project& project, int which, const std::string& name) {
  if (!valid(project, which)) return no_machine(which);
  if (name.empty()) return "a state machine needs a name";
  if (name_taken(project, name, which)) return "another state machine is called '" + name + "'";
  machine_at(project, which).name = name;
  return {};
}

std::string duplicate_state_machine(Project& project, int which, int& copy) {
  if (!valid(project, which)) return no_machine(which);
  anim::StateMachine duplicate = machine_at(project, which);
  duplicate.name = unique_state_machine_name(project, state_machine_label(duplicate) + " copy");
  project.other_state_machines.push_back(std::move(duplicate));
  copy = static_cast<int>(project.other_state_machines.size()) - 1;
  return {};
}

std::string delete_state_machine(Project& project, int which) {
  if (which == kActiveMachine) {
    // (Built with append: GCC 12 misreports a "'" + string temporary under -Wrestrict.)
    std::string why = "state machine '";
    why += state_machine_label(project.state_machine);
    why += "' is the active one (the character plays it): make another one active first";
    return why;
  }
  if (!is_other(project, which)) return no_machine(which);
  project.other_state_machines.erase(project.other_state_machines.begin() + which);
  return {};
}

std::string activate_state_machine(Project& project, int which) {
  if (which == kActiveMachine) return {};
  if (!is_other(project, which)) return no_machine(which);
  std::swap(project.state_machine, project.other_state_machines[which]);
  return {};
}

}  // namespace project
