#include "project/transition_record_json.h"

#include <nlohmann/json.hpp>

namespace project {

std::string history_to_json(const anim::StateHistory& history,
                            const std::vector<std::string>& state_names,
                            const std::vector<std::string>& parameter_names) {
  auto state_name = [&](int s) {
    return s >= 0 && s < static_cast<int>(state_names.size()) ? state_names[s] : std::string();
  };
  nlohmann::json frames = nlohmann::json::array();
  for (int i = 0; i < history.size(); ++i) {
    const anim::HistoryFrame& f = history.frame(i);
    nlohmann::json j;
    j["time_s"] = f.time_s;
    j["state"] = state_name(f.state);
    if (f.transition) {
      j["transition"] = {
          {"from", state_name(f.from_state)}, {"to", state_name(f.state)}, {"weight", f.weight}};
    }
    nlohmann::json weights = nlohmann::json::object();
    const std::span<const float> w = history.state_weights(i);
    for (std::size_t s = 0; s < w.size(); ++s) {
      if (w[s] > 0.0f) weights[state_name(static_cast<int>(s))] = w[s];
    }
    j["weights"] = weights;
    nlohmann::json phases = nlohmann::json::object();
    const std::span<const float> ph = history.state_phases(i);
    for (std::size_t s = 0; s < ph.size(); ++s) {
      if (ph[s] >= 0.0f) phases[state_name(static_cast<int>(s))] = ph[s];
    }
    j["phases"] = phases;
    nlohmann::json values = nlohmann::json::object();
    const std::span<const float> v = history.parameter_values(i);
    for (std::size_t p = 0; p < v.size() && p < parameter_names.size(); ++p) {
      values[parameter_names[p]] = v[p];
    }
    j["parameters"] = values;
    frames.push_back(std::move(j));
  }
  const nlohmann::json record = {{"format", "animview-transition-record"},
                                 {"version", 1},
                                 {"states", state_names},
                                 {"parameters", parameter_names},
                                 {"frames", frames}};
  return record.dump(1) + "\n";
}

}  // namespace project
