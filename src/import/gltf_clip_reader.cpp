#include "import/gltf_clip_reader.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "anim/clip_sampling.h"
#include "import/fits_float.h"
#include "import/gltf_accessor.h"
#include "import/gltf_morph_target_names.h"
#include "import/slerp_keys.h"

namespace importer {
namespace {

anim::Interpolation interpolation_of(const std::string& name, bool& known) {
  known = true;
  if (name == "STEP") return anim::Interpolation::Step;
  if (name == "CUBICSPLINE") return anim::Interpolation::CubicSpline;
  known = name.empty() || name == "LINEAR";
  return anim::Interpolation::Linear;
}

// One channel's keys as a track. Values are converted by convert(value, is_tangent): tangents
// are directions, so they get the linear part of a conversion only.
template <typename T, typename Convert>
std::string read_track(const AccessorValues& input, const AccessorValues& output, int width,
                       anim::Interpolation interpolation, Convert convert, anim::Track<T>& track) {
  const std::size_t keys = input.count;
  const std::size_t per_key = interpolation == anim::Interpolation::CubicSpline ? 3 : 1;
  if (input.components != 1) return "its sampler's input is not SCALAR";
  if (output.components != width) {
    return "its sampler's output has " + std::to_string(output.components) +
           " components per element, not " + std::to_string(width);
  }
  if (output.count != keys * per_key) {
    return "its sampler has " + std::to_string(keys) + " key times but " +
           std::to_string(output.count) + " output values (" + std::to_string(per_key) +
           " per key expected)";
  }
  track.interpolation = interpolation;
  for (std::size_t k = 0; k < keys; ++k) {
    const auto t = static_cast<float>(input.values[k]);
    if (!std::isfinite(t)) return "key " + std::to_string(k) + " has a non-finite time";
    if (t < 0.0f) return "key " + std::to_string(k) + " has a negative time";
    if (k > 0 && !(t > track.times_s.back())) {
      return "key times are not strictly increasing at key " + std::to_string(k);
    }
    track.times_s.push_back(t);
    for (std::size_t i = 0; i < per_key; ++i) {
      const double* v = &output.values[(k * per_key + i) * width];
      bool finite = true;
      for (int c = 0; c < width; ++c) finite = finite && std::isfinite(v[c]);
      if (!finite) {
        return "key " + std::to_string(k) + " is not a finite number (NaN or infinity)";
      }
      const bool tangent = per_key == 3 && i != 1;
      track.values.push_back(convert(v, tangent));
    }
  }
  return {};
}

// The authoring frame rate: the smallest key interval of the rotation tracks, as the assimp
// path estimates it (glTF stores seconds, not frames).
float estimate_source_fps(const anim::Clip& clip) {
  float smallest = 0.0f;
  for (const anim::JointTrack& track : clip.tracks) {
    const std::vector<float>& times = track.rotation.times_s;
    for (std::size_t k = 1; k < times.size(); ++k) {
      const float dt = times[k] - times[k - 1];
      if (dt > 1e-6f && (smallest == 0.0f || dt < smallest)) smallest = dt;
    }
  }
  return smallest == 0.0f ? 30.0f : std::round(1.0f / smallest);
}

// The frame rate animview's writer keeps in an animation's extras ({"fps": 24}); 0 when there is
// none. The keys alone do not say it once the writer has held a track to the clip's end.
float extras_fps(const tinygltf::Animation& animation) {
  if (animation.extras_json_string.empty()) return 0.0f;
  const nlohmann::json extras = nlohmann::json::parse(animation.extras_json_string, nullptr,
                                                      /*allow_exceptions=*/false);
  if (!extras.is_object()) return 0.0f;
  const auto fps = extras.find("fps");
  if (fps == extras.end() || !fps->is_number()) return 0.0f;
  const double value = fps->get<double>();
  return value > 0.0 && value <= 10000.0 ? static_cast<float>(value) : 0.0f;
}

// animview's extras: markers and the loop flag (see read_gltf_clips).
void read_extras(const tinygltf::Animation& animation, anim::Clip& clip,
                 std::vector<std::string>& warnings) {
  if (animation.extras_json_string.empty()) return;
  const nlohmann::json extras = nlohmann::json::parse(animation.extras_json_string, nullptr,
                                                      /*allow_exceptions=*/false);
  if (!extras.is_object()) return;
  if (const auto loop = extras.find("loop"); loop != extras.end() && loop->is_boolean()) {
    clip.loop = loop->get<bool>();
  }
  const auto markers = extras.find("markers");
  if (markers == extras.end() || markers->is_null()) return;
  bool skipped = false;
  if (markers->is_array()) {
    for (const nlohmann::json& marker : *markers) {
      const auto name = marker.find("name");
      const auto time = marker.find("time");
      if (!marker.is_object() || name == marker.end() || !name->is_string() ||
          time == marker.end() || !time->is_number() || !fits_float(time->get<double>())) {
        skipped = true;
        continue;
      }
      clip.markers.push_back({name->get<std::string>(), time->get<float>()});
    }
  } else {
    skipped = true;
  }
  if (skipped) {
    warnings.push_back("clip '" + clip.name +
                       "': some markers in its extras are not {name, time}; they are skipped");
  }
}

struct ChannelSource {
  const tinygltf::AnimationSampler* sampler = nullptr;
  int channel = 0;
};

// Plays track slower by factor (times times factor; cubic tangents, per second, divided).
template <typename T>
void retime(anim::Track<T>& track, float factor) {
  for (float& t : track.times_s) t *= factor;
  if (track.interpolation != anim::Interpolation::CubicSpline) return;
  for (std::size_t k = 0; k < track.values.size(); ++k) {
    if (k % 3 != 1) track.values[k] = track.values[k] * (1.0f / factor);
  }
}

// A STEP track whose keys all hold one value (Blender writes these for unanimated channels) is
// the same as a LINEAR one, which the runtime can bake and compress.
template <typename T>
void linear_if_constant(anim::Track<T>& track) {
  if (track.interpolation != anim::Interpolation::Step) return;
  for (const T& value : track.values) {
    if (value != track.values.front()) return;
  }
  track.interpolation = anim::Interpolation::Linear;
}

std::string read_joint_track(const GltfScene& scene, int joint,
                             const std::map<std::string, ChannelSource>& channels,
                             anim::JointTrack& track) {
  const tinygltf::Model& model = *scene.model;
  const bool top_level = scene.skeleton.parents[joint] == anim::kNoParent;
  const anim::Transform axis = top_level ? scene.axis : anim::Transform::identity();
  const float unit = scene.unit_scale;
  for (const auto& [path, source] : channels) {
    const tinygltf::AnimationSampler& sampler = *source.sampler;
    bool known = true;
    const anim::Interpolation interpolation = interpolation_of(sampler.interpolation, known);
    const std::string where = "channel " + std::to_string(source.channel) + " (" + path + "): ";
    if (!known) return where + "unknown interpolation '" + sampler.interpolation + "'";
    AccessorValues input;
    AccessorValues output;
    if (std::string cause = read_accessor(model, sampler.input, input); !cause.empty()) {
      return where + cause;
    }
    if (std::string cause = read_accessor(model, sampler.output, output); !cause.empty()) {
      return where + cause;
    }
    std::string cause;
    if (path == "translation") {
      cause = read_track(
          input, output, 3, interpolation,
          [&](const double* v, bool tangent) {
            const glm::vec3 p = glm::vec3(v[0], v[1], v[2]) * unit;
            return tangent ? axis.rotation * p : anim::transform_point(axis, p);
          },
          track.translation);
    } else if (path == "rotation") {
      cause = read_track(
          input, output, 4, interpolation,
          [&](const double* v, bool tangent) {
            const glm::quat q(static_cast<float>(v[3]), static_cast<float>(v[0]),
                              static_cast<float>(v[1]), static_cast<float>(v[2]));
            // Keys are unit quaternions (normalized here against rounding and quantization);
            // cubic tangents are not, and the sampled spline is normalized (glTF 2.0, 3.11).
            return tangent ? axis.rotation * q : glm::normalize(axis.rotation * q);
          },
          track.rotation);
    } else {
      cause = read_track(
          input, output, 3, interpolation,
          [&](const double* v, bool) { return glm::vec3(v[0], v[1], v[2]); }, track.scale);
    }
    if (!cause.empty()) return where + cause;
  }
  return {};
}

// A weights channel of node as one MorphTrack per target of the node's mesh. Its sampler's
// output holds, per key, one weight per target (for CUBICSPLINE: the in-tangents of all
// targets, then their values, then their out-tangents). Returns "" or why it was skipped.
std::string read_morph_tracks(const GltfScene& scene, int node,
                              const tinygltf::AnimationSampler& sampler,
                              std::vector<anim::MorphTrack>& out) {
  const tinygltf::Model& model = *scene.model;
  if (node < 0 || node >= static_cast<int>(model.nodes.size()) || model.nodes[node].mesh < 0 ||
      model.nodes[node].mesh >= static_cast<int>(model.meshes.size())) {
    return "its node holds no mesh";
  }
  const std::vector<std::string> names =
      gltf_morph_target_names(model.meshes[model.nodes[node].mesh]);
  if (names.empty()) return "its node's mesh has no morph targets";
  bool known = true;
  const anim::Interpolation interpolation = interpolation_of(sampler.interpolation, known);
  if (!known) return "unknown interpolation '" + sampler.interpolation + "'";
  AccessorValues input;
  AccessorValues output;
  if (std::string cause = read_accessor(model, sampler.input, input); !cause.empty()) return cause;
  if (std::string cause = read_accessor(model, sampler.output, output); !cause.empty()) {
    return cause;
  }
  const std::size_t targets = names.size();
  const std::size_t per_key = interpolation == anim::Interpolation::CubicSpline ? 3 : 1;
  if (input.components != 1 || output.components != 1) {
    return "its sampler's input or output is not SCALAR";
  }
  if (output.count != input.count * per_key * targets) {
    return "its sampler has " + std::to_string(input.count) + " key times but " +
           std::to_string(output.count) + " weights (" + std::to_string(per_key * targets) +
           " per key expected for " + std::to_string(targets) + " targets)";
  }
  std::vector<anim::MorphTrack> tracks(targets);
  for (std::size_t j = 0; j < targets; ++j) {
    tracks[j].node_name = scene.names[node];
    tracks[j].target_name = names[j];
    tracks[j].weight.interpolation = interpolation;
  }
  for (std::size_t k = 0; k < input.count; ++k) {
    const auto t = static_cast<float>(input.values[k]);
    if (!std::isfinite(t) || t < 0.0f) return "key " + std::to_string(k) + " has a bad time";
    if (k > 0 && !(t > tracks[0].weight.times_s.back())) {
      return "key times are not strictly increasing at key " + std::to_string(k);
    }
    for (std::size_t j = 0; j < targets; ++j) {
      tracks[j].weight.times_s.push_back(t);
      for (std::size_t i = 0; i < per_key; ++i) {
        const double w = output.values[(k * per_key + i) * targets + j];
        if (!std::isfinite(w)) return "key " + std::to_string(k) + " has a non-finite weight";
        tracks[j].weight.values.push_back(static_cast<float>(w));
      }
    }
  }
  out.insert(out.end(), std::make_move_iterator(tracks.begin()),
             std::make_move_iterator(tracks.end()));
  return {};
}

// Channels of one joint, by path ("translation", "rotation", "scale").
using JointChannels = std::map<int, std::map<std::string, ChannelSource>>;

// The animation's channels by joint, its morph weight channels read into clip, and the end of
// its inputs; a channel of a node that is not a joint is named in a warning. "" or the cause.
std::string sort_channels(const GltfScene& scene, const tinygltf::Animation& animation,
                          anim::Clip& clip, JointChannels& by_joint, float& input_end,
                          std::vector<std::string>& warnings) {
  const tinygltf::Model& model = *scene.model;
  std::vector<std::string> ignored;
  for (std::size_t c = 0; c < animation.channels.size(); ++c) {
    const tinygltf::AnimationChannel& channel = animation.channels[c];
    if (channel.sampler < 0 || channel.sampler >= static_cast<int>(animation.samplers.size())) {
      return "clip '" + clip.name + "', channel " + std::to_string(c) +
             " refers to a sampler that does not exist";
    }
    const tinygltf::AnimationSampler& sampler = animation.samplers[channel.sampler];
    const int input = sampler.input;
    if (input >= 0 && input < static_cast<int>(model.accessors.size()) &&
        model.accessors[input].maxValues.size() == 1) {
      input_end = std::max(input_end, static_cast<float>(model.accessors[input].maxValues[0]));
    }
    const int node = channel.target_node;
    const std::string name = node >= 0 && node < static_cast<int>(scene.names.size())
                                 ? scene.names[node]
                                 : "node " + std::to_string(node);
    if (channel.target_path == "weights") {
      if (std::string cause = read_morph_tracks(scene, node, sampler, clip.morph_tracks);
          !cause.empty()) {
        warnings.push_back("clip '" + clip.name + "', channel " + std::to_string(c) +
                           " (morph weights of '" + name + "'): " + cause + "; skipped");
      }
      continue;
    }
    if (node < 0 || node >= static_cast<int>(model.nodes.size()) || scene.joint_of_node[node] < 0) {
      ignored.push_back(name);
      continue;
    }
    if (channel.target_path != "translation" && channel.target_path != "rotation" &&
        channel.target_path != "scale") {
      ignored.push_back(scene.names[node] + " (" + channel.target_path + ")");
      continue;
    }
    by_joint[scene.joint_of_node[node]][channel.target_path] = {&sampler, static_cast<int>(c)};
  }
  if (!ignored.empty()) {
    std::string list;
    for (const std::string& n : ignored) list += (list.empty() ? "" : ", ") + n;
    warnings.push_back("clip '" + clip.name + "' animates nodes that are not joints: " + list);
  }
  return "";
}

// The clip's rate (the file's, or the override replaying its keys at another), its tracks
// linear where constant and its rotations given slerp keys, and its duration (a single pose kept
// as one frame, said in a warning).
void settle_clip_timing(const GltfScene& scene, const ImportSettings& settings,
                        const std::vector<float>& max_rotation_error_rad,
                        const tinygltf::Animation& animation, float input_end, anim::Clip& clip,
                        std::vector<std::string>& warnings) {
  const float written_fps = extras_fps(animation);
  clip.source_fps = written_fps > 0.0f ? written_fps : estimate_source_fps(clip);
  // The file's frame rate comes from its keys; an override replays them at another rate.
  if (settings.frame_rate_override > 0.0f) {
    const float factor = clip.source_fps / settings.frame_rate_override;
    clip.source_fps = settings.frame_rate_override;
    input_end *= factor;
    for (anim::JointTrack& track : clip.tracks) {
      retime(track.translation, factor);
      retime(track.rotation, factor);
      retime(track.scale, factor);
    }
    for (anim::MorphTrack& track : clip.morph_tracks) retime(track.weight, factor);
  }
  for (anim::JointTrack& track : clip.tracks) {
    linear_if_constant(track.translation);
    linear_if_constant(track.rotation);
    linear_if_constant(track.scale);
    const int joint = scene.skeleton.find_joint(track.joint_name);
    insert_slerp_keys(track.rotation, max_rotation_error_rad.at(joint));
    for (const std::vector<float>* times :
         {&track.translation.times_s, &track.rotation.times_s, &track.scale.times_s}) {
      if (!times->empty()) clip.duration_s = std::max(clip.duration_s, times->back());
    }
  }
  for (anim::MorphTrack& track : clip.morph_tracks) {
    linear_if_constant(track.weight);
    if (!track.weight.times_s.empty()) {
      clip.duration_s = std::max(clip.duration_s, track.weight.times_s.back());
    }
  }
  clip.duration_s = std::max(clip.duration_s, input_end);
  if (!(clip.duration_s > 0.0f)) {
    // A single pose: keep it playable as one frame rather than dropping what the user asked to
    // see.
    clip.duration_s = 1.0f / std::max(clip.source_fps, 1.0f);
    warnings.push_back("clip '" + clip.name + "' has zero length; kept as a one-frame pose");
  }
}

}  // namespace

std::string read_gltf_clips(const GltfScene& scene, const ImportSettings& settings,
                            const std::vector<float>& max_rotation_error_rad,
                            std::vector<anim::Clip>& out, std::vector<std::string>& warnings) {
  out.clear();
  const tinygltf::Model& model = *scene.model;
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    const tinygltf::Animation& animation = model.animations[a];
    anim::Clip clip;
    clip.name = animation.name.empty() ? "clip_" + std::to_string(a) : animation.name;
    JointChannels by_joint;
    float input_end = 0.0f;
    if (std::string e = sort_channels(scene, animation, clip, by_joint, input_end, warnings);
        !e.empty()) {
      return e;
    }
    for (const auto& [joint, channels] : by_joint) {
      anim::JointTrack track;
      track.joint_name = scene.skeleton.joint_names[joint];
      if (std::string cause = read_joint_track(scene, joint, channels, track); !cause.empty()) {
        return "clip '" + clip.name + "', joint '" + track.joint_name + "', " + cause;
      }
      clip.tracks.push_back(std::move(track));
    }
    settle_clip_timing(scene, settings, max_rotation_error_rad, animation, input_end, clip,
                       warnings);
    read_extras(animation, clip, warnings);
    if (const std::string error = anim::validate(clip); !error.empty()) {
      return "clip '" + clip.name + "': " + error;
    }
    out.push_back(std::move(clip));
  }
  return {};
}

}  // namespace importer
