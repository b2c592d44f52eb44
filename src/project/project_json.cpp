#include "project/project_json.h"

#include "import/fits_float.h"

namespace project::project_json {

[[noreturn]] void fail(const std::string& path, const std::string& message) {
  throw FieldError{path, message};
}

std::string type_name(const json& j) {
  return j.type_name();
}

float finite_float(const json& v, const std::string& where) {
  if (!v.is_number()) fail(where, "expected a number, found " + type_name(v));
  const double d = v.get<double>();
  if (!importer::fits_float(d)) fail(where, "number out of range");
  return static_cast<float>(d);
}

thread_local std::string last_object_path;

std::string element(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

int index_of(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

std::vector<std::string> read_strings(ObjectReader& r, const char* key) {
  std::vector<std::string> out;
  const json& a = r.array(key);
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string()) fail(element(r.field(key), i), "expected a string");
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

json vec_to_json(const glm::vec2& v) {
  return json::array({v.x, v.y});
}
json vec_to_json(const glm::vec3& v) {
  return json::array({v.x, v.y, v.z});
}

// Names by index, for writing references; an index out of range writes an empty name, which
// load then rejects rather than guessing.
std::string name_at(const std::vector<std::string>& names, int index) {
  return index >= 0 && index < static_cast<int>(names.size()) ? names[index] : std::string();
}

}  // namespace project::project_json
