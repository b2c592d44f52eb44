#pragma once
// Parameters: the named values (float, int, bool, trigger) that drive a state machine, a blend
// space's sample point and a state's speed. The UI and the command line edit them; transitions
// read them, and a transition that fires consumes the triggers its conditions use.

#include <string>
#include <string_view>
#include <vector>

namespace anim {

enum class ParameterType { Float, Int, Bool, Trigger };

// One parameter. All types keep their value in `value` so conditions compare uniformly: an Int
// holds a whole number, a Bool or Trigger holds 0 or 1 (a set trigger is 1 until consumed).
struct Parameter {
  std::string name;
  ParameterType type = ParameterType::Float;
  float value = 0.0f;
};

// The parameter set of one character. Names are resolved to indices once (at load or bind time);
// the per-frame path reads and writes by index and never allocates.
class Parameters {
 public:
  // Appends a parameter and returns its index, or -1 when the name is empty or already taken.
  int add(std::string name, ParameterType type, float initial_value = 0.0f);

  // Removes the parameter at index; the indices after it shift down by one. Out of range: no-op.
  void remove(int index);

  // Index of the parameter called name, or -1.
  int find(std::string_view name) const;

  int count() const { return static_cast<int>(parameters_.size()); }
  const Parameter& at(int index) const { return parameters_[index]; }
  const std::vector<Parameter>& all() const { return parameters_; }

  // Reads the value; 0 for an index out of range, so an unbound parameter reads as "off".
  float get(int index) const;
  bool get_bool(int index) const { return get(index) != 0.0f; }

  // Writes the value, rounded to a whole number for Int and to 0/1 for Bool and Trigger.
  // Out of range: no-op.
  void set(int index, float value);

  // Sets a trigger (or a bool) to 1; it stays set until a transition consumes it.
  void fire(int index) { set(index, 1.0f); }

  // Takes the values of other's parameters of the same index (a copy of this set driven from
  // elsewhere, e.g. a crowd instance following the viewer's parameters). No allocation.
  void copy_values_from(const Parameters& other);

  // Resets a trigger to 0 if the parameter at index is a trigger; other types are left alone.
  void consume_trigger(int index);

 private:
  std::vector<Parameter> parameters_;
};

// "float", "int", "bool", "trigger": the names the project file and the UI use.
const char* to_string(ParameterType type);

// Parses one of the names above; false when the text is none of them.
bool parse_parameter_type(std::string_view text, ParameterType& out);

}  // namespace anim
