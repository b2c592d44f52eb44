#include "project/project_blend_space_json.h"

#include <optional>
#include <string>

#include "project/project_field_io.h"

namespace project::project_json {
namespace {

constexpr const char* kModes =
    "simple-directional, freeform-directional, freeform-cartesian, delaunay";

template <typename Io, typename Axis>
void axis_fields(Io& io, Axis& axis) {
  io.text("name", axis.name);
  io.number("min", axis.min);
  io.number("max", axis.max);
}

// A parameter the space reads, by name: one of the project's.
template <typename Io, typename Name>
void parameter_field(Io& io, const char* key, Name& name, const Project& p) {
  io.required_text(key, name);
  io.check(p.parameters.find(name) >= 0, key, "unknown parameter '" + name + "'");
}

// A space's samples, each a clip of the project's and where it sits (position(io, sample)), and
// the space's own checks.
template <typename Io, typename Space, typename Position>
void samples_fields(Io& io, Space& space, const Project& p, Position position) {
  io.required_list("samples", space.samples, [&](auto& sio, auto& s) {
    sio.required_text("clip", s.clip_name);
    sio.check(index_of(p.clips, s.clip_name) >= 0, "clip",
              "'" + s.clip_name + "' is not in the project's clips");
    position(sio, s);
  });
  if constexpr (Io::kReads) io.check_object(anim::validate(space));
}

template <typename Io, typename Space>
void space_1d_fields(Io& io, Space& space, const Project& p) {
  parameter_field(io, "parameter", space.parameter_name, p);
  io.number("min", space.min);
  io.number("max", space.max);
  samples_fields(io, space, p,
                 [](auto& sio, auto& s) { sio.required_number("threshold", s.threshold); });
}

template <typename Io, typename BlendSpace>
void space_2d_fields(Io& io, BlendSpace& b, const Project& p) {
  auto& space = b.space_2d;
  std::string mode(anim::to_string(space.mode));
  io.required_text("mode", mode);
  const std::optional<anim::BlendMode2D> parsed = anim::parse_blend_mode_2d(mode);
  io.check(parsed.has_value(), "mode", "'" + mode + "' is not one of " + kModes);
  if constexpr (Io::kReads) space.mode = *parsed;
  io.object("x_axis", space.x_axis, [](auto& aio, auto& axis) { axis_fields(aio, axis); });
  io.object("y_axis", space.y_axis, [](auto& aio, auto& axis) { axis_fields(aio, axis); });
  parameter_field(io, "x_parameter", b.x_parameter, p);
  parameter_field(io, "y_parameter", b.y_parameter, p);
  samples_fields(io, space, p,
                 [](auto& sio, auto& s) { sio.required_vec2("position", s.position); });
}

}  // namespace

// A blend space's fields: a name, 1 or 2 dimensions, then those of its kind.
template <typename Io, typename BlendSpace>
void blend_space_fields(Io& io, BlendSpace& b, const Project& p) {
  io.required_text("name", b.name);
  io.check(!b.name.empty(), "name", "must not be empty");
  io.integer("dimensions", b.dimensions);
  io.check(b.dimensions == 1 || b.dimensions == 2, "dimensions", "must be 1 or 2");
  if (b.dimensions == 1) {
    space_1d_fields(io, b.space_1d, p);
  } else {
    space_2d_fields(io, b, p);
  }
}

template void blend_space_fields(FieldReader&, ProjectBlendSpace&, const Project&);
template void blend_space_fields(FieldWriter&, const ProjectBlendSpace&, const Project&);

}  // namespace project::project_json
