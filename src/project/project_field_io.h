#pragma once
// The project file's sections list their fields once, for both directions, as
// character_serialization does for the import cache: a section's fields(io, value) template is
// run with a FieldReader (value mutable: each field read into it, an absent one keeping its
// value, check() failing on what the file may not hold) or a FieldWriter (value const: each
// field written, check() ignored). So reading and writing cannot drift apart.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "project/project_json.h"

namespace project::project_json {

// Whether a list or text field is written when it is empty (a reader reads an absent one as
// empty), whether a flag is written when it is false (a reader reads an absent flag as its
// default), or whether the field is left out (a field the value's kind does not use; a reader
// still reads it).
enum class Written { Always, WhenNotEmpty, WhenTrue, Never };

// Whether a writer writes a field that is empty (or false) or not.
constexpr bool is_written(Written when, bool empty) {
  return when == Written::Always || (when != Written::Never && !empty);
}

class FieldReader {
 public:
  static constexpr bool kReads = true;
  explicit FieldReader(ObjectReader& r) : r_(r) {}

  // Whether the object has key (only a reader has it: for a field whose presence means something).
  bool has(const char* key) const { return r_.has(key); }

  void boolean(const char* key, bool& b, Written = Written::Always) { b = r_.boolean(key, b); }
  void number(const char* key, float& x, Written = Written::Always) { x = r_.number(key, x); }
  // A number written only when present is (an absent one keeps x).
  void optional_number(const char* key, float& x, bool& present) {
    present = r_.has(key);
    x = r_.number(key, x);
  }
  // An array of finite numbers.
  void numbers(const char* key, std::vector<float>& v, Written = Written::Always) {
    const json& a = r_.array(key);
    v.clear();
    for (std::size_t i = 0; i < a.size(); ++i) {
      v.push_back(finite_float(a[i], element(r_.field(key), i)));
    }
  }
  void integer(const char* key, int& i) { i = r_.integer(key, i); }
  void required_integer(const char* key, int& i) { i = r_.integer(key); }
  void required_vec2(const char* key, glm::vec2& v) {
    r_.required(key);
    v = r_.vec<2>(key, v);
  }
  // A position written only when there is one.
  void optional_vec2(const char* key, std::optional<glm::vec2>& v) {
    if (r_.has(key)) v = r_.vec<2>(key, glm::vec2(0.0f));
  }
  // An object of name: weight (read in name order); each weight a finite number >= 0.
  void weights(const char* key, std::vector<std::pair<std::string, float>>& v) {
    const json* o = r_.find(key);
    if (o == nullptr) return;
    if (!o->is_object()) fail(r_.field(key), "expected an object of group: weight");
    v.clear();
    for (const auto& [name, value] : o->items()) {
      const std::string where = r_.field(key) + "." + name;
      const float weight = finite_float(value, where);
      if (!(weight >= 0.0f)) fail(where, "expected a number >= 0");
      v.emplace_back(name, weight);
    }
  }
  // A required array of counts (integers from 0 to 2^32 - 1), at most max_size of them. Not
  // r_.array(): a count per database frame may be more than a list of the graph's things.
  void required_counts(const char* key, std::vector<std::uint32_t>& v, std::size_t max_size) {
    const json& a = r_.required(key);
    if (!a.is_array()) fail(r_.field(key), "expected an array of counts");
    if (a.size() > max_size) {
      fail(r_.field(key), "more than " + std::to_string(max_size) + " frames");
    }
    v.clear();
    for (std::size_t k = 0; k < a.size(); ++k) {
      if (!a[k].is_number_unsigned() || a[k].get<std::uint64_t>() > UINT32_MAX) {
        fail(element(r_.field(key), k), "expected a count (an integer from 0 to 2^32 - 1)");
      }
      v.push_back(a[k].get<std::uint32_t>());
    }
  }
  void required_number(const char* key, float& x) { x = r_.number(key); }
  void vec3(const char* key, glm::vec3& v, Written = Written::Always) { v = r_.vec<3>(key, v); }
  void required_vec3(const char* key, glm::vec3& v) {
    r_.required(key);
    v = r_.vec<3>(key, v);
  }
  void text(const char* key, std::string& s, Written = Written::Always) { s = r_.string(key, s); }
  void required_text(const char* key, std::string& s) { s = r_.string(key); }
  void texts(const char* key, std::vector<std::string>& v, Written = Written::Always) {
    v = read_strings(r_, key);
  }
  void text_pairs(const char* key, std::vector<std::pair<std::string, std::string>>& v) {
    const json& a = r_.array(key);
    v.clear();
    for (std::size_t i = 0; i < a.size(); ++i) {
      const json& pair = a[i];
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
        fail(element(r_.field(key), i), "expected two names");
      }
      v.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
  }
  template <typename Enum>
  void enumeration(const char* key, Enum& e, bool (*parse)(std::string_view, Enum&),
                   const char* (*)(Enum), const char* choices) {
    e = read_enum(r_, key, e, parse, choices);
  }
  // An enum field that must be present, written as one of its names; why says what it may be.
  template <typename Enum>
  void required_enumeration(const char* key, Enum& e, bool (*parse)(std::string_view, Enum&),
                            const char* (*)(Enum), const char* why) {
    const std::string text = r_.string(key);
    if (!parse(text, e)) fail(r_.field(key), why);
  }
  void check(bool ok, const char* key, const std::string& message) {
    if (!ok) fail(r_.field(key), message);
  }
  // A check of the object as a whole (error names what is wrong; empty when nothing is). Only
  // a reader has it: a section runs it under if constexpr (Io::kReads), so writing skips the work.
  void check_object(const std::string& error) {
    if (!error.empty()) fail(r_.path(), error);
  }
  // A required object field, its fields through fields(io, value).
  template <typename T, typename Fields>
  void object(const char* key, T& value, Fields fields) {
    ObjectReader object_reader(r_.required(key), r_.field(key));
    FieldReader io(object_reader);
    fields(io, value);
    object_reader.finish();
  }
  // A list of objects, each element's fields through fields(io, element); required_list fails
  // when the list is absent.
  // An object field that may be absent (value then keeps what it holds); written when `written`.
  template <typename T, typename Fields>
  void optional_object(const char* key, T& value, Fields fields, bool = true) {
    if (r_.has(key)) object(key, value, fields);
  }
  // An object field that may be absent (value then stays empty).
  template <typename T, typename Fields>
  void optional(const char* key, std::optional<T>& value, Fields fields) {
    if (!r_.has(key)) return;
    value.emplace();
    object(key, *value, fields);
  }
  template <typename T, typename Fields>
  void required_list(const char* key, std::vector<T>& values, Fields fields) {
    read_list(r_.array(key, true), key, values, fields);
  }
  template <typename T, typename Fields>
  void list(const char* key, std::vector<T>& values, Fields fields, Written = Written::Always) {
    read_list(r_.array(key), key, values, fields);
  }

 private:
  template <typename T, typename Fields>
  void read_list(const json& a, const char* key, std::vector<T>& values, Fields fields) {
    values.clear();
    for (std::size_t i = 0; i < a.size(); ++i) {
      ObjectReader element_reader(a[i], element(r_.field(key), i));
      FieldReader io(element_reader);
      T value{};
      fields(io, value);
      element_reader.finish();
      values.push_back(std::move(value));
    }
  }

  ObjectReader& r_;
};

class FieldWriter {
 public:
  static constexpr bool kReads = false;
  explicit FieldWriter(json& j) : j_(j) {}

  void boolean(const char* key, bool b, Written when = Written::Always) {
    if (is_written(when, !b)) j_[key] = b;
  }
  void number(const char* key, float x, Written when = Written::Always) {
    if (is_written(when, false)) j_[key] = x;
  }
  void optional_number(const char* key, float x, bool present) {
    if (present) j_[key] = x;
  }
  void numbers(const char* key, const std::vector<float>& v, Written when = Written::Always) {
    if (is_written(when, v.empty())) j_[key] = v;
  }
  void integer(const char* key, int i) { j_[key] = i; }
  void required_integer(const char* key, int i) { j_[key] = i; }
  void required_vec2(const char* key, const glm::vec2& v) { j_[key] = vec_to_json(v); }
  void optional_vec2(const char* key, const std::optional<glm::vec2>& v) {
    if (v) j_[key] = vec_to_json(*v);
  }
  void weights(const char* key, const std::vector<std::pair<std::string, float>>& v) {
    json o = json::object();
    for (const auto& [name, weight] : v) o[name] = weight;
    j_[key] = std::move(o);
  }
  void required_counts(const char* key, const std::vector<std::uint32_t>& v, std::size_t) {
    j_[key] = v;
  }
  void required_number(const char* key, float x) { j_[key] = x; }
  void vec3(const char* key, const glm::vec3& v, Written when = Written::Always) {
    if (is_written(when, false)) j_[key] = vec_to_json(v);
  }
  void required_vec3(const char* key, const glm::vec3& v) { j_[key] = vec_to_json(v); }
  void text(const char* key, const std::string& s, Written when = Written::Always) {
    if (is_written(when, s.empty())) j_[key] = s;
  }
  void required_text(const char* key, const std::string& s) { j_[key] = s; }
  void texts(const char* key, const std::vector<std::string>& v, Written when = Written::Always) {
    if (is_written(when, v.empty())) j_[key] = v;
  }
  void text_pairs(const char* key, const std::vector<std::pair<std::string, std::string>>& v) {
    json a = json::array();
    for (const auto& [first, second] : v) a.push_back({first, second});
    j_[key] = std::move(a);
  }
  template <typename Enum>
  void enumeration(const char* key, Enum e, bool (*)(std::string_view, Enum&),
                   const char* (*name)(Enum), const char*) {
    j_[key] = name(e);
  }
  template <typename Enum>
  void required_enumeration(const char* key, Enum e, bool (*)(std::string_view, Enum&),
                            const char* (*name)(Enum), const char*) {
    j_[key] = name(e);
  }
  void check(bool, const char*, const std::string&) {}
  template <typename T, typename Fields>
  void object(const char* key, const T& value, Fields fields) {
    json o = json::object();
    FieldWriter io(o);
    fields(io, value);
    j_[key] = std::move(o);
  }
  template <typename T, typename Fields>
  void optional_object(const char* key, const T& value, Fields fields, bool written = true) {
    if (written) object(key, value, fields);
  }
  template <typename T, typename Fields>
  void optional(const char* key, const std::optional<T>& value, Fields fields) {
    if (value) object(key, *value, fields);
  }
  template <typename T, typename Fields>
  void required_list(const char* key, const std::vector<T>& values, Fields fields) {
    list(key, values, fields);
  }
  template <typename T, typename Fields>
  void list(const char* key, const std::vector<T>& values, Fields fields,
            Written when = Written::Always) {
    if (!is_written(when, values.empty())) return;
    json a = json::array();
    for (const T& value : values) {
      json o = json::object();
      FieldWriter io(o);
      fields(io, value);
      a.push_back(std::move(o));
    }
    j_[key] = std::move(a);
  }

 private:
  json& j_;
};

// Reads a section's object at path through fields(io, value), starting from value's defaults.
template <typename T, typename Fields>
T read_fields(const json& j, const std::string& path, Fields fields, T value = T{}) {
  ObjectReader r(j, path);
  FieldReader io(r);
  fields(io, value);
  r.finish();
  return value;
}

// Writes a section's object through fields(io, value).
template <typename T, typename Fields>
json write_fields(const T& value, Fields fields) {
  json j = json::object();
  FieldWriter io(j);
  fields(io, value);
  return j;
}

}  // namespace project::project_json
