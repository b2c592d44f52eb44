#pragma once
// The pieces the project file's sections (project/project_file.h) are read and written with: an
// object reader whose errors name the field's path, the limits on what a file may hold, and
// small helpers shared by the sections.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace project::project_json {

using nlohmann::json;

// What a project file may hold: more is refused with a message rather than read, because the
// runtime walks state machines recursively and a file is only ever written by a person or this
// program.
constexpr int kMaxJsonDepth = 64;
constexpr int kMaxMachineDepth = 16;
constexpr std::size_t kMaxListSize = 10000;
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

// A wrong field: where (a path like "layers[1].weight") and why.
struct FieldError {
  std::string path;
  std::string message;
};

[[noreturn]] void fail(const std::string& path, const std::string& message);

std::string type_name(const json& j);

// v as a float; fails (naming where) unless it is a finite number that fits a float.
float finite_float(const json& v, const std::string& where);

// The object being read, for errors that do not come with a field path (nlohmann's own).
extern thread_local std::string last_object_path;

// Reads one JSON object at a path: typed getters that name the field on error, and a check that
// every key was understood, so a misspelt field is reported instead of silently ignored.
class ObjectReader {
 public:
  ObjectReader(const json& j, std::string path) : j_(j), path_(std::move(path)) {
    last_object_path = path_;
    if (!j.is_object()) fail(path_, "expected an object, found " + type_name(j));
  }
  ObjectReader(const ObjectReader&) = delete;

  std::string field(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }
  const std::string& path() const { return path_; }
  bool has(const char* key) const { return j_.contains(key); }

  const json* find(const char* key) {
    used_.insert(key);
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  const json& required(const char* key) {
    const json* v = find(key);
    if (v == nullptr) fail(field(key), "missing");
    return *v;
  }

  std::string string(const char* key, std::optional<std::string> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    if (!v->is_string()) fail(field(key), "expected a string, found " + type_name(*v));
    return v->get<std::string>();
  }
  float number(const char* key, std::optional<float> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    return finite_float(*v, field(key));
  }
  int integer(const char* key, std::optional<int> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    if (!v->is_number_integer()) fail(field(key), "expected an integer, found " + type_name(*v));
    const auto i = v->get<long long>();
    if (i < -1000000 || i > 1000000) fail(field(key), "integer out of range");
    return static_cast<int>(i);
  }
  bool boolean(const char* key, bool fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) fail(field(key), "expected true or false, found " + type_name(*v));
    return v->get<bool>();
  }
  const json& array(const char* key, bool is_required = false) {
    static const json empty = json::array();
    const json* v = is_required ? &required(key) : find(key);
    if (v == nullptr) return empty;
    if (!v->is_array()) fail(field(key), "expected an array, found " + type_name(*v));
    if (v->size() > kMaxListSize) {
      fail(field(key), "has " + std::to_string(v->size()) +
                           " entries; a project may have at most " + std::to_string(kMaxListSize));
    }
    return *v;
  }
  template <std::size_t N>
  glm::vec<N, float> vec(const char* key, glm::vec<N, float> fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_array() || v->size() != N) {
      fail(field(key), "expected an array of " + std::to_string(N) + " numbers");
    }
    glm::vec<N, float> out;
    for (std::size_t i = 0; i < N; ++i) {
      out[static_cast<int>(i)] = finite_float((*v)[i], field(key) + "[" + std::to_string(i) + "]");
    }
    return out;
  }

  // The object is read: keys no getter asked for are not this build's. They are found by
  // comparing the document with what the project writes back (collect_unknown_fields), so the
  // readers need not carry them.
  void finish() const {}

 private:
  const json& j_;
  std::string path_;
  std::set<std::string, std::less<>> used_;
};

// path[i], the path of an array's element.
std::string element(const std::string& path, std::size_t i);

// The index of name in names, -1 when absent.
int index_of(const std::vector<std::string>& names, const std::string& name);

// An enum field written as one of its names (parse reads one); fallback when absent. Fails
// naming the choices on any other text.
template <typename Enum>
Enum read_enum(ObjectReader& r, const char* key, Enum fallback,
               bool (*parse)(std::string_view, Enum&), const char* choices) {
  if (!r.has(key)) {
    r.find(key);
    return fallback;
  }
  const std::string text = r.string(key);
  Enum out = fallback;
  if (!parse(text, out)) fail(r.field(key), "'" + text + "' is not one of " + choices);
  return out;
}

// An array field of strings (empty when absent).
std::vector<std::string> read_strings(ObjectReader& r, const char* key);

json vec_to_json(const glm::vec2& v);
json vec_to_json(const glm::vec3& v);

// Names by index, for writing references; an index out of range writes an empty name, which
// load then rejects rather than guessing.
std::string name_at(const std::vector<std::string>& names, int index);

}  // namespace project::project_json
