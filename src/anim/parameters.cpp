#include "anim/parameters.h"

#include <algorithm>

#include <cmath>

namespace anim {

int Parameters::add(std::string name, ParameterType type, float initial_value) {
  if (name.empty() || find(name) >= 0) return -1;
  parameters_.push_back({std::move(name), type, 0.0f});
  const int index = count() - 1;
  set(index, initial_value);
  return index;
}

void Parameters::remove(int index) {
  if (index < 0 || index >= count()) return;
  parameters_.erase(parameters_.begin() + index);
}

int Parameters::find(std::string_view name) const {
  for (int i = 0; i < count(); ++i) {
    if (parameters_[i].name == name) return i;
  }
  return -1;
}

float Parameters::get(int index) const {
  if (index < 0 || index >= count()) return 0.0f;
  return parameters_[index].value;
}

void Parameters::set(int index, float value) {
  if (index < 0 || index >= count()) return;
  Parameter& p = parameters_[index];
  switch (p.type) {
    case ParameterType::Float:
      p.value = value;
      break;
    case ParameterType::Int:
      p.value = std::round(value);
      break;
    case ParameterType::Bool:
    case ParameterType::Trigger:
      p.value = value != 0.0f ? 1.0f : 0.0f;
      break;
  }
}

void Parameters::consume_trigger(int index) {
  if (index < 0 || index >= count()) return;
  if (parameters_[index].type == ParameterType::Trigger) parameters_[index].value = 0.0f;
}

const char* to_string(ParameterType type) {
  switch (type) {
    case ParameterType::Float:
      return "float";
    case ParameterType::Int:
      return "int";
    case ParameterType::Bool:
      return "bool";
    case ParameterType::Trigger:
      return "trigger";
  }
  return "float";
}

bool parse_parameter_type(std::string_view text, ParameterType& out) {
  for (ParameterType t :
       {ParameterType::Float, ParameterType::Int, ParameterType::Bool, ParameterType::Trigger}) {
    if (text == to_string(t)) {
      out = t;
      return true;
    }
  }
  return false;
}

void Parameters::copy_values_from(const Parameters& other) {
  const std::size_t n = std::min(parameters_.size(), other.parameters_.size());
  for (std::size_t i = 0; i < n; ++i) parameters_[i].value = other.parameters_[i].value;
}

}  // namespace anim
