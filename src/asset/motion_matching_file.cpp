#include "asset/motion_matching_file.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "asset/fits_float.h"

namespace asset {

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

// Reads a fixed-size array of finite numbers; false when j is not one.
template <std::size_t N>
bool read_array(const json& j, std::array<float, N>& out) {
  if (!j.is_array() || j.size() != N) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (!j[i].is_number()) return false;
    const double d = j[i].get<double>();
    if (!fits_float(d)) return false;
    out[i] = static_cast<float>(d);
  }
  return true;
}

std::string from_json(const json& j, MotionMatchingFile& out) {
  if (!j.is_object() || j.value("format", "") != kFormat) {
    return std::string("not a motion-matching database (no \"format\": \"") + kFormat + "\")";
  }
  if (j.value("version", 0) != kVersion) return "unsupported version";
  anim::MotionMatchingDatabase& db = out.database;
  out.source = j.value("source", "");
  db.frame_rate = j.value("frame_rate", 0.0f);
  if (!(db.frame_rate > 0.0f)) return "frame_rate is not a positive number";
  std::array<float, anim::kTrajectoryPointCount> trajectory{};
  if (!j.contains("trajectory_frames") || !read_array(j["trajectory_frames"], trajectory)) {
    return "trajectory_frames is not 3 numbers";
  }
  for (std::size_t p = 0; p < trajectory.size(); ++p) {
    db.trajectory_frames[p] = static_cast<int>(trajectory[p]);
  }
  if (!j.contains("clips") || !j["clips"].is_array()) return "clips is not a list";
  for (const json& name : j["clips"]) {
    if (!name.is_string()) return "a clip name is not a string";
    out.clip_names.push_back(name.get<std::string>());
  }
  if (!j.contains("frames") || !j["frames"].is_array()) return "frames is not a list";
  const json& frames = j["frames"];
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
    anim::DatabaseRange range;
    range.clip_index = r.value("clip", -1);
    range.mirrored = r.value("mirrored", false);
    range.start_time_s = r.value("start_time_s", 0.0f);
    range.first_frame = r.value("first_frame", -1);
    range.frame_count = r.value("frame_count", 0);
    if (range.clip_index < 0 || range.clip_index >= static_cast<int>(out.clip_names.size())) {
      return "range " + std::to_string(db.ranges.size()) + " names no clip of the list";
    }
    if (range.first_frame != next || range.frame_count <= 0 ||
        range.first_frame + range.frame_count > db.frame_count()) {
      return "range " + std::to_string(db.ranges.size()) + " does not follow on inside the frames";
    }
    next += range.frame_count;
    db.ranges.push_back(range);
  }
  if (next != db.frame_count()) return "the ranges do not cover every frame";
  if (j.contains("groups") && j["groups"].is_array() &&
      j["groups"].size() == static_cast<std::size_t>(anim::kFeatureGroupCount)) {
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      db.weights.group[static_cast<std::size_t>(g)] =
          j["groups"][static_cast<std::size_t>(g)].value("weight", 1.0f);
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
  const std::string temporary = path + ".tmp";
  {
    std::ofstream stream(temporary, std::ios::binary);
    if (!stream) return path + ": cannot write the file";
    stream << to_json(file).dump();
    if (!stream) return path + ": writing failed";
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return path + ": " + error.message();
  return {};
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

}  // namespace asset
