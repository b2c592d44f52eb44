#pragma once
// Clip: keyframed tracks for some joints of a skeleton, in seconds. Read-only once built.

#include <string>
#include <vector>

#include "anim/transform.h"

namespace anim {

// As glTF 2.0 defines samplers. For CubicSpline each key stores three values in order:
// in-tangent, value, out-tangent (Hermite, tangents scaled by the key interval when sampled).
enum class Interpolation { Step, Linear, CubicSpline };

template <typename T>
struct Track {
  std::vector<float> times_s;  // strictly increasing
  std::vector<T> values;       // one per key, or three per key for CubicSpline
  Interpolation interpolation = Interpolation::Linear;

  bool empty() const { return times_s.empty(); }
};

using Vec3Track = Track<glm::vec3>;
using QuatTrack = Track<glm::quat>;
using FloatTrack = Track<float>;

// The animated channels of one joint, named so a clip binds to any skeleton by name.
// An empty track means the channel is not animated (the rest pose value is used).
struct JointTrack {
  std::string joint_name;
  Vec3Track translation;
  QuatTrack rotation;
  Vec3Track scale;
};

// The weight of one morph target (blend shape) over time. Bound by the name of the file's node
// that holds the mesh and the target's name (not by index), so that clip files made for the same
// character bind as joint tracks do (morph_weights.h).
struct MorphTrack {
  std::string node_name;
  std::string target_name;
  FloatTrack weight;
};

// A named time in the clip, e.g. "foot_l_down" (foot contacts) or user events.
struct Marker {
  std::string name;
  float time_s = 0.0f;
};

struct Clip {
  std::string name;
  float duration_s = 0.0f;
  float source_fps = 30.0f;  // the authoring frame rate, for frame-accurate stepping
  bool loop = true;
  std::vector<JointTrack> tracks;
  std::vector<MorphTrack> morph_tracks;
  std::vector<Marker> markers;
};

}  // namespace anim
