#include "project/project_blend_space_json.h"

namespace project::project_json {
namespace {

json axis_to_json(const anim::BlendAxis& axis) {
  return {{"name", axis.name}, {"min", axis.min}, {"max", axis.max}};
}

anim::BlendAxis read_axis(const json& j, const std::string& path, anim::BlendAxis fallback) {
  ObjectReader r(j, path);
  anim::BlendAxis axis;
  axis.name = r.string("name", fallback.name);
  axis.min = r.number("min", fallback.min);
  axis.max = r.number("max", fallback.max);
  r.finish();
  return axis;
}

}  // namespace

json blend_space_to_json(const ProjectBlendSpace& b) {
  json j = {{"name", b.name}, {"dimensions", b.dimensions}};
  json samples = json::array();
  if (b.dimensions == 1) {
    j["parameter"] = b.space_1d.parameter_name;
    j["min"] = b.space_1d.min;
    j["max"] = b.space_1d.max;
    for (const anim::BlendSample1D& s : b.space_1d.samples) {
      samples.push_back({{"clip", s.clip_name}, {"threshold", s.threshold}});
    }
  } else {
    j["mode"] = std::string(anim::to_string(b.space_2d.mode));
    j["x_axis"] = axis_to_json(b.space_2d.x_axis);
    j["y_axis"] = axis_to_json(b.space_2d.y_axis);
    j["x_parameter"] = b.x_parameter;
    j["y_parameter"] = b.y_parameter;
    for (const anim::BlendSample2D& s : b.space_2d.samples) {
      samples.push_back({{"clip", s.clip_name}, {"position", vec_to_json(s.position)}});
    }
  }
  j["samples"] = samples;
  return j;
}

ProjectBlendSpace read_blend_space(const json& j, const std::string& path, const Project& p) {
  ObjectReader r(j, path);
  ProjectBlendSpace b;
  b.name = r.string("name");
  if (b.name.empty()) fail(r.field("name"), "must not be empty");
  b.dimensions = r.integer("dimensions", 2);
  if (b.dimensions != 1 && b.dimensions != 2) fail(r.field("dimensions"), "must be 1 or 2");
  const json& samples = r.array("samples", true);
  const auto parameter = [&](const char* key) {
    const std::string name = r.string(key);
    if (p.parameters.find(name) < 0) fail(r.field(key), "unknown parameter '" + name + "'");
    return name;
  };
  if (b.dimensions == 1) {
    b.space_1d.parameter_name = parameter("parameter");
    b.space_1d.min = r.number("min", b.space_1d.min);
    b.space_1d.max = r.number("max", b.space_1d.max);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      ObjectReader s(samples[i], element(r.field("samples"), i));
      anim::BlendSample1D sample{s.string("clip"), s.number("threshold")};
      check_clip(p.clips, sample.clip_name, s.field("clip"));
      s.finish();
      b.space_1d.samples.push_back(sample);
    }
    const std::string error = anim::validate(b.space_1d);
    if (!error.empty()) fail(path, error);
  } else {
    const std::string mode = r.string("mode");
    const auto parsed = anim::parse_blend_mode_2d(mode);
    if (!parsed) {
      fail(r.field("mode"), "'" + mode +
                                "' is not one of simple-directional, freeform-directional, "
                                "freeform-cartesian, delaunay");
    }
    b.space_2d.mode = *parsed;
    b.space_2d.x_axis = read_axis(r.required("x_axis"), r.field("x_axis"), b.space_2d.x_axis);
    b.space_2d.y_axis = read_axis(r.required("y_axis"), r.field("y_axis"), b.space_2d.y_axis);
    b.x_parameter = parameter("x_parameter");
    b.y_parameter = parameter("y_parameter");
    for (std::size_t i = 0; i < samples.size(); ++i) {
      ObjectReader s(samples[i], element(r.field("samples"), i));
      anim::BlendSample2D sample;
      sample.clip_name = s.string("clip");
      if (!s.has("position")) fail(s.field("position"), "missing");
      sample.position = s.vec<2>("position", glm::vec2(0.0f));
      check_clip(p.clips, sample.clip_name, s.field("clip"));
      s.finish();
      b.space_2d.samples.push_back(sample);
    }
    const std::string error = anim::validate(b.space_2d);
    if (!error.empty()) fail(path, error);
  }
  r.finish();
  return b;
}

}  // namespace project::project_json
