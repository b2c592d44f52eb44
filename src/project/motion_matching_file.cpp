#include "project/motion_matching_file.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "import/atomic_write.h"
#include "import/fits_float.h"

namespace project {

namespace {

constexpr const char* kFormat = "animview-motion-matching";
constexpr int kVersion = 1;
using nlohmann::json;

json to_json(const MotionMatchingFile& file) {
  const anim::MotionMatchingDatabase& db = file.database;
  json out;
  out["format"] = kFormat;
  out["version"] = kVersion;
  out["source"] = file.source;
  out["frame_rate"] = db.frame_rate;
  out["trajectory_frames"] = db.trajectory_frames;
  json groups = json::array();
  for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
    const anim::FeatureGroupLayout& layout = anim::feature_group_layout(g);
    groups.push_back({{"name", layout.name},
                      {"offset", layout.offset},
                      {"size", layout.size},
                      {"weight", db.weights.group[static_cast<std::size_t>(g)]}});
  }
  out["groups"] = groups;
  out["clips"] = file.clip_names;
  json ranges = json::array();
  for (const anim::DatabaseRange& r : db.ranges) {
    ranges.push_back({{"clip", r.clip_index},
                      {"mirrored", r.mirrored},
                      {"start_time_s", r.start_time_s},
                      {"first_frame", r.first_frame},
                      {"frame_count", r.frame_count}});
  }
  out["ranges"] = ranges;
  out["mean"] = db.mean;
  out["scale"] = db.scale;
  json frames = json::array();
  for (int f = 0; f < db.frame_count(); ++f) {
    const auto v = db.raw_frame(f);
    frames.push_back(std::vector<float>(v.begin(), v.end()));
  }
  out["frames"] = frames;
  out["notices"] = db.notices;
  return out;
}

// Integers within +-2^30, so that the sum of two (a range's end) is still an int.
constexpr long long kIntLimit = 1LL << 30;

// Checked reads of one JSON value: false for a value of the wrong type or beyond what the
// database holds (nlohmann's get would throw on the one and wrap the other).
bool read_value(const json& j, float& out) {
  if (!j.is_number() || !importer::fits_float(j.get<double>())) return false;
  out = static_cast<float>(j.get<double>());
  return true;
}
bool read_value(const json& j, int& out) {
  if (!j.is_number_integer()) return false;
  const auto v = j.get<long long>();
  if (v < -kIntLimit || v > kIntLimit) return false;
  out = static_cast<int>(v);
  return true;
}
bool read_value(const json& j, bool& out) {
  if (!j.is_boolean()) return false;
  out = j.get<bool>();
  return true;
}
bool read_value(const json& j, std::string& out) {
  if (!j.is_string()) return false;
  out = j.get<std::string>();
  return true;
}

// One field of the object o: a missing key gives the fallback.
template <typename T>
bool read_field(const json& o, const char* key, const T& fallback, T& out) {
  const auto it = o.find(key);
  if (it == o.end()) {
    out = fallback;
    return true;
  }
  return read_value(*it, out);
}

// Reads a fixed-size array of finite numbers; false when j is not one.
template <std::size_t N>
bool read_array(const json& j, std::array<float, N>& out) {
  if (!j.is_array() || j.size() != N) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (!read_value(j[i], out[i])) return false;
  }
  return true;
}

// The trajectory's points in frames ahead: whole, positive, increasing.
bool read_trajectory_frames(const json& j, std::array<int, anim::kTrajectoryPointCount>& out) {
  if (!j.is_array() || j.size() != out.size()) return false;
  int previous = 0;
  for (std::size_t p = 0; p < out.size(); ++p) {
    if (!read_value(j[p], out[p]) || out[p] <= previous) return false;
    previous = out[p];
  }
  return true;
}

std::string from_json(const json& j, MotionMatchingFile& out) {
  std::string format;
  if (!j.is_object() || !read_field(j, "format", std::string(), format) || format != kFormat) {
    return std::string("not a motion-matching database (no \"format\": \"") + kFormat + "\")";
  }
  int version = 0;
  if (!read_field(j, "version", 0, version) || version != kVersion) return "unsupported version";
  anim::MotionMatchingDatabase& db = out.database;
  if (!read_field(j, "source", std::string(), out.source)) return "source is not a string";
  if (!read_field(j, "frame_rate", 0.0f, db.frame_rate) || !(db.frame_rate > 0.0f)) {
    return "frame_rate is not a positive number";
  }
  if (!j.contains("trajectory_frames") ||
      !read_trajectory_frames(j["trajectory_frames"], db.trajectory_frames)) {
    return "trajectory_frames is not 3 increasing whole numbers of frames";
  }
  if (!j.contains("clips") || !j["clips"].is_array()) return "clips is not a list";
  for (const json& name : j["clips"]) {
    if (!name.is_string()) return "a clip name is not a string";
    out.clip_names.push_back(name.get<std::string>());
  }
  if (!j.contains("frames") || !j["frames"].is_array()) return "frames is not a list";
  const json& frames = j["frames"];
  if (frames.size() > static_cast<std::size_t>(kIntLimit)) return "frames is too long";
  db.raw.reserve(frames.size() * anim::kFeatureDimension);
  for (std::size_t f = 0; f < frames.size(); ++f) {
    std::array<float, anim::kFeatureDimension> v{};
    if (!read_array(frames[f], v)) {
      return "frame " + std::to_string(f) + " is not " + std::to_string(anim::kFeatureDimension) +
             " finite numbers";
    }
    db.raw.insert(db.raw.end(), v.begin(), v.end());
  }
  if (!j.contains("ranges") || !j["ranges"].is_array()) return "ranges is not a list";
  int next = 0;
  for (const json& r : j["ranges"]) {
    const std::string name = "range " + std::to_string(db.ranges.size());
    anim::DatabaseRange range;
    if (!r.is_object() || !read_field(r, "clip", -1, range.clip_index) ||
        !read_field(r, "mirrored", false, range.mirrored) ||
        !read_field(r, "start_time_s", 0.0f, range.start_time_s) ||
        !read_field(r, "first_frame", -1, range.first_frame) ||
        !read_field(r, "frame_count", 0, range.frame_count)) {
      return name + " is not an object of whole numbers, a start time and a mirrored flag";
    }
    if (range.clip_index < 0 || range.clip_index >= static_cast<int>(out.clip_names.size())) {
      return name + " names no clip of the list";
    }
    if (range.first_frame != next || range.frame_count <= 0 ||
        range.first_frame + range.frame_count > db.frame_count()) {
      return name + " does not follow on inside the frames";
    }
    next += range.frame_count;
    db.ranges.push_back(range);
  }
  if (next != db.frame_count()) return "the ranges do not cover every frame";
  if (j.contains("groups") && j["groups"].is_array() &&
      j["groups"].size() == static_cast<std::size_t>(anim::kFeatureGroupCount)) {
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      const json& group = j["groups"][static_cast<std::size_t>(g)];
      float& weight = db.weights.group[static_cast<std::size_t>(g)];
      if (!group.is_object() || !read_field(group, "weight", 1.0f, weight) || !(weight >= 0.0f)) {
        return "group " + std::to_string(g) + "'s weight is not a number >= 0";
      }
    }
  }
  if (j.contains("notices") && j["notices"].is_array()) {
    for (const json& n : j["notices"]) {
      if (n.is_string()) db.notices.push_back(n.get<std::string>());
    }
  }
  anim::compute_normalisation(db);
  anim::set_feature_weights(db, db.weights);
  return {};
}

}  // namespace

std::string save_motion_matching_file(const std::string& path, const MotionMatchingFile& file) {
  return importer::write_file_atomically(path, to_json(file).dump());
}

std::string load_motion_matching_file(const std::string& path, MotionMatchingFile& out) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return path + ": cannot open the file";
  const json j = json::parse(stream, nullptr, false);
  if (j.is_discarded()) return path + ": not valid JSON";
  out = {};
  const std::string cause = from_json(j, out);
  if (!cause.empty()) {
    out = {};
    return path + ": " + cause;
  }
  return {};
}

}  // namespace project
