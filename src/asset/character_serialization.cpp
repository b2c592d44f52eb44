#include "asset/character_serialization.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace asset {

// Every field of these types is written and read below. The sizes catch a field added later
// and forgotten here: when one of these fails, add the new field to write()/read() below and
// to tests/asset/character_serialization_test.cpp, then update the size.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(Character) == 240, "update the serializer for Character's new field");
static_assert(sizeof(anim::Skeleton) == 96, "update the serializer for Skeleton's new field");
static_assert(sizeof(anim::Clip) == 96, "update the serializer for Clip's new field");
static_assert(sizeof(anim::JointTrack) == 200, "update the serializer for JointTrack");
static_assert(sizeof(anim::Vec3Track) == 56, "update the serializer for Track's new field");
static_assert(sizeof(anim::QuatTrack) == 56, "update the serializer for Track's new field");
static_assert(sizeof(anim::Marker) == 40, "update the serializer for Marker's new field");
static_assert(sizeof(anim::SkinnedMesh) == 304, "update the serializer for SkinnedMesh");
static_assert(sizeof(Material) == 376, "update the serializer for Material's new field");
static_assert(sizeof(Texture) == 56, "update the serializer for Texture's new field");
static_assert(sizeof(ImportReport) == 40, "update the serializer for ImportReport");
static_assert(sizeof(ImportResult) == 280, "update the serializer for ImportResult");
static_assert(sizeof(ImportedClip) == 120, "update the serializer for ImportedClip");
static_assert(sizeof(ClipImportResult) == 88, "update the serializer for ClipImportResult");
#endif

namespace {

class Writer {
 public:
  std::string bytes;

  template <typename T>
  void pod(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void size(std::size_t n) { pod(static_cast<std::uint64_t>(n)); }
  void text(const std::string& s) {
    size(s.size());
    bytes.append(s);
  }
  template <typename T>
  void pods(const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    size(values.size());
    bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
  }
  void texts(const std::vector<std::string>& values) {
    size(values.size());
    for (const std::string& s : values) text(s);
  }
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}

  template <typename T>
  T pod() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    std::memcpy(&value, take(sizeof value), sizeof value);
    return value;
  }
  // A count of elements of element_size bytes each, checked against what is left.
  std::size_t count(std::size_t element_size) {
    const auto n = pod<std::uint64_t>();
    if (element_size > 0 && n > (bytes_.size() - at_) / element_size) {
      throw MalformedResult("a length runs past the end of the result");
    }
    return static_cast<std::size_t>(n);
  }
  std::string text() {
    const std::size_t n = count(1);
    return std::string(take(n), n);
  }
  template <typename T>
  std::vector<T> pods() {
    const std::size_t n = count(sizeof(T));
    std::vector<T> values(n);
    if (n > 0) std::memcpy(values.data(), take(n * sizeof(T)), n * sizeof(T));
    return values;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> values(count(sizeof(std::uint64_t)));
    for (std::string& s : values) s = text();
    return values;
  }
  bool boolean() { return pod<std::uint8_t>() != 0; }
  void finish() const {
    if (at_ != bytes_.size()) throw MalformedResult("the result has trailing bytes");
  }

 private:
  const char* take(std::size_t n) {
    if (n > bytes_.size() - at_) throw MalformedResult("the result is truncated");
    const char* p = bytes_.data() + at_;
    at_ += n;
    return p;
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

// Enums travel as their underlying integer, checked on the way back.
template <typename Enum>
Enum read_enum(Reader& r, Enum last) {
  const auto value = r.pod<std::int32_t>();
  if (value < 0 || value > static_cast<std::int32_t>(last)) {
    throw MalformedResult("an enum value is out of range");
  }
  return static_cast<Enum>(value);
}
template <typename Enum>
void write_enum(Writer& w, Enum value) {
  w.pod(static_cast<std::int32_t>(value));
}

void write(Writer& w, const anim::Skeleton& s) {
  w.texts(s.joint_names);
  w.pods(s.parents);
  w.pods(s.rest_pose);
  w.pods(s.inverse_bind);
}
void read(Reader& r, anim::Skeleton& s) {
  s.joint_names = r.texts();
  s.parents = r.pods<int>();
  s.rest_pose = r.pods<anim::Transform>();
  s.inverse_bind = r.pods<glm::mat4>();
}

template <typename T>
void write(Writer& w, const anim::Track<T>& t) {
  w.pods(t.times_s);
  w.pods(t.values);
  write_enum(w, t.interpolation);
}
template <typename T>
void read(Reader& r, anim::Track<T>& t) {
  t.times_s = r.pods<float>();
  t.values = r.pods<T>();
  t.interpolation = read_enum(r, anim::Interpolation::CubicSpline);
}

void write(Writer& w, const anim::Clip& c) {
  w.text(c.name);
  w.pod(c.duration_s);
  w.pod(c.source_fps);
  w.pod(static_cast<std::uint8_t>(c.loop));
  w.size(c.tracks.size());
  for (const anim::JointTrack& t : c.tracks) {
    w.text(t.joint_name);
    write(w, t.translation);
    write(w, t.rotation);
    write(w, t.scale);
  }
  w.size(c.markers.size());
  for (const anim::Marker& m : c.markers) {
    w.text(m.name);
    w.pod(m.time_s);
  }
}
void read(Reader& r, anim::Clip& c) {
  c.name = r.text();
  c.duration_s = r.pod<float>();
  c.source_fps = r.pod<float>();
  c.loop = r.boolean();
  c.tracks.resize(r.count(8));
  for (anim::JointTrack& t : c.tracks) {
    t.joint_name = r.text();
    read(r, t.translation);
    read(r, t.rotation);
    read(r, t.scale);
  }
  c.markers.resize(r.count(8));
  for (anim::Marker& m : c.markers) {
    m.name = r.text();
    m.time_s = r.pod<float>();
  }
}

void write(Writer& w, const anim::SkinnedMesh& m) {
  w.text(m.name);
  w.pods(m.positions);
  w.pods(m.normals);
  w.pods(m.uvs);
  w.pods(m.tangents);
  w.pods(m.colors);
  w.pods(m.joints0);
  w.pods(m.weights0);
  w.pods(m.joints1);
  w.pods(m.weights1);
  w.pods(m.indices);
  w.pods(m.morph_weights);
  w.pod(m.material);
}
void read(Reader& r, anim::SkinnedMesh& m) {
  m.name = r.text();
  m.positions = r.pods<glm::vec3>();
  m.normals = r.pods<glm::vec3>();
  m.uvs = r.pods<glm::vec2>();
  m.tangents = r.pods<glm::vec4>();
  m.colors = r.pods<glm::vec4>();
  m.joints0 = r.pods<glm::uvec4>();
  m.weights0 = r.pods<glm::vec4>();
  m.joints1 = r.pods<glm::uvec4>();
  m.weights1 = r.pods<glm::vec4>();
  m.indices = r.pods<std::uint32_t>();
  m.morph_weights = r.pods<float>();
  m.material = r.pod<int>();
}

void write(Writer& w, const Texture& t) {
  w.text(t.path);
  w.pods(t.encoded);
}
void read(Reader& r, Texture& t) {
  t.path = r.text();
  t.encoded = r.pods<std::uint8_t>();
}

void write(Writer& w, const Material& m) {
  w.text(m.name);
  w.pod(m.base_color);
  write(w, m.base_color_texture);
  w.pod(m.metallic);
  w.pod(m.roughness);
  write(w, m.metallic_roughness_texture);
  write(w, m.normal_texture);
  w.pod(m.normal_scale);
  write(w, m.occlusion_texture);
  w.pod(m.occlusion_strength);
  w.pod(m.emissive);
  write(w, m.emissive_texture);
  write_enum(w, m.alpha_mode);
  w.pod(m.alpha_cutoff);
  w.pod(static_cast<std::uint8_t>(m.double_sided));
}
void read(Reader& r, Material& m) {
  m.name = r.text();
  m.base_color = r.pod<glm::vec4>();
  read(r, m.base_color_texture);
  m.metallic = r.pod<float>();
  m.roughness = r.pod<float>();
  read(r, m.metallic_roughness_texture);
  read(r, m.normal_texture);
  m.normal_scale = r.pod<float>();
  read(r, m.occlusion_texture);
  m.occlusion_strength = r.pod<float>();
  m.emissive = r.pod<glm::vec3>();
  read(r, m.emissive_texture);
  m.alpha_mode = read_enum(r, AlphaMode::kBlend);
  m.alpha_cutoff = r.pod<float>();
  m.double_sided = r.boolean();
}

void write(Writer& w, const ImportReport& report) {
  w.pod(report.unit_scale_applied);
  w.pod(static_cast<std::uint8_t>(report.up_axis_converted));
  w.pod(report.vertices_with_cut_influences);
  w.pod(report.vertices_renormalized);
  w.texts(report.warnings);
}
void read(Reader& r, ImportReport& report) {
  report.unit_scale_applied = r.pod<float>();
  report.up_axis_converted = r.boolean();
  report.vertices_with_cut_influences = r.pod<int>();
  report.vertices_renormalized = r.pod<int>();
  report.warnings = r.texts();
}

void write(Writer& w, const Character& c) {
  w.text(c.source_path);
  write(w, c.skeleton);
  w.size(c.meshes.size());
  for (const anim::SkinnedMesh& m : c.meshes) write(w, m);
  w.size(c.materials.size());
  for (const Material& m : c.materials) write(w, m);
  w.size(c.clips.size());
  for (const anim::Clip& clip : c.clips) write(w, clip);
  write(w, c.report);
}
void read(Reader& r, Character& c) {
  c.source_path = r.text();
  read(r, c.skeleton);
  c.meshes.resize(r.count(8));
  for (anim::SkinnedMesh& m : c.meshes) read(r, m);
  c.materials.resize(r.count(8));
  for (Material& m : c.materials) read(r, m);
  c.clips.resize(r.count(8));
  for (anim::Clip& clip : c.clips) read(r, clip);
  read(r, c.report);
}

}  // namespace

std::string serialize(const ImportResult& result) {
  Writer w;
  write(w, result.character);
  w.text(result.error);
  w.pod(static_cast<std::uint8_t>(result.cancelled));
  return std::move(w.bytes);
}

std::string serialize(const ClipImportResult& result) {
  Writer w;
  w.size(result.clips.size());
  for (const ImportedClip& clip : result.clips) {
    write(w, clip.clip);
    w.texts(clip.unmatched_joints);
  }
  w.texts(result.warnings);
  w.text(result.error);
  w.pod(static_cast<std::uint8_t>(result.cancelled));
  return std::move(w.bytes);
}

ImportResult deserialize_import_result(const std::string& bytes) {
  Reader r(bytes);
  ImportResult result;
  read(r, result.character);
  result.error = r.text();
  result.cancelled = r.boolean();
  r.finish();
  return result;
}

ClipImportResult deserialize_clip_import_result(const std::string& bytes) {
  Reader r(bytes);
  ClipImportResult result;
  result.clips.resize(r.count(8));
  for (ImportedClip& clip : result.clips) {
    read(r, clip.clip);
    clip.unmatched_joints = r.texts();
  }
  result.warnings = r.texts();
  result.error = r.text();
  result.cancelled = r.boolean();
  r.finish();
  return result;
}

}  // namespace asset
