#include "import/character_serialization.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace importer {

// Every field of these types is written and read below. The sizes catch a field added later
// and forgotten here: when one of these fails, add the new field to its fields() below and
// to tests/import/character_serialization_test.cpp, then update the size.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(Character) == 288, "update the serializer for Character's new field");
static_assert(sizeof(anim::Skeleton) == 96, "update the serializer for Skeleton's new field");
static_assert(sizeof(anim::Clip) == 120, "update the serializer for Clip's new field");
static_assert(sizeof(anim::JointTrack) == 200, "update the serializer for JointTrack");
static_assert(sizeof(anim::Vec3Track) == 56, "update the serializer for Track's new field");
static_assert(sizeof(anim::QuatTrack) == 56, "update the serializer for Track's new field");
static_assert(sizeof(anim::Marker) == 40, "update the serializer for Marker's new field");
static_assert(sizeof(anim::MorphTrack) == 120, "update the serializer for MorphTrack");
static_assert(sizeof(anim::MorphTarget) == 104, "update the serializer for MorphTarget");
static_assert(sizeof(anim::SkinnedMesh) == 360, "update the serializer for SkinnedMesh");
static_assert(sizeof(visual::Material) == 496, "update the serializer for Material's new field");
static_assert(sizeof(visual::Texture) == 80, "update the serializer for Texture's new field");
static_assert(sizeof(ImportReport) == 88, "update the serializer for ImportReport");
static_assert(sizeof(ImportResult) == 328, "update the serializer for ImportResult");
static_assert(sizeof(ImportedClip) == 144, "update the serializer for ImportedClip");
static_assert(sizeof(ClipImportResult) == 88, "update the serializer for ClipImportResult");
#endif

namespace {

// Each type's fields are listed once, in fields() below, for both directions: a Writer takes
// them as const and appends them, a Reader fills them. Sizes travel as 64-bit counts, enums as
// their 32-bit value and booleans as one byte.
class Writer {
 public:
  std::string bytes;

  template <typename T>
  void pod(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void size(std::size_t n) { pod(static_cast<std::uint64_t>(n)); }
  void boolean(bool value) { pod(static_cast<std::uint8_t>(value)); }
  template <typename Enum>
  void enumeration(Enum value, Enum /*last*/) {
    pod(static_cast<std::int32_t>(value));
  }
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
  // A list of structured elements, each through fields().
  template <typename T>
  void list(const std::vector<T>& values);
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}

  template <typename T>
  void pod(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    std::memcpy(&value, take(sizeof value), sizeof value);
  }
  void boolean(bool& value) {
    std::uint8_t byte = 0;
    pod(byte);
    value = byte != 0;
  }
  template <typename Enum>
  void enumeration(Enum& value, Enum last) {
    std::int32_t raw = 0;
    pod(raw);
    if (raw < 0 || raw > static_cast<std::int32_t>(last)) {
      throw MalformedResult("an enum value is out of range");
    }
    value = static_cast<Enum>(raw);
  }
  void text(std::string& s) {
    const std::size_t n = count(1);
    s.assign(take(n), n);
  }
  template <typename T>
  void pods(std::vector<T>& values) {
    const std::size_t n = count(sizeof(T));
    values.resize(n);
    if (n > 0) std::memcpy(values.data(), take(n * sizeof(T)), n * sizeof(T));
  }
  void texts(std::vector<std::string>& values) {
    values.resize(count(sizeof(std::uint64_t)));
    for (std::string& s : values) text(s);
  }
  template <typename T>
  void list(std::vector<T>& values);
  void finish() const {
    if (at_ != bytes_.size()) throw MalformedResult("the result has trailing bytes");
  }

 private:
  // A count of elements of at least element_size bytes each, checked against what is left.
  std::size_t count(std::size_t element_size) {
    std::uint64_t n = 0;
    pod(n);
    if (element_size > 0 && n > (bytes_.size() - at_) / element_size) {
      throw MalformedResult("a length runs past the end of the result");
    }
    return static_cast<std::size_t>(n);
  }
  const char* take(std::size_t n) {
    if (n > bytes_.size() - at_) throw MalformedResult("the result is truncated");
    const char* p = bytes_.data() + at_;
    at_ += n;
    return p;
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

// Each takes T or const T: io is a Writer or a Reader.
template <typename Io, typename S>
void fields(Io& io, S& s) requires std::is_same_v<std::remove_const_t<S>, anim::Skeleton> {
  io.texts(s.joint_names);
  io.pods(s.parents);
  io.pods(s.rest_pose);
  io.pods(s.inverse_bind);
}

template <typename Io, typename T>
void fields(Io& io, T& t) requires requires {
  t.times_s;
  t.values;
  t.interpolation;
}
{
  io.pods(t.times_s);
  io.pods(t.values);
  io.enumeration(t.interpolation, anim::Interpolation::CubicSpline);
}

template <typename Io, typename T>
void fields(Io& io, T& t) requires std::is_same_v<std::remove_const_t<T>, anim::JointTrack> {
  io.text(t.joint_name);
  fields(io, t.translation);
  fields(io, t.rotation);
  fields(io, t.scale);
}

template <typename Io, typename T>
void fields(Io& io, T& t) requires std::is_same_v<std::remove_const_t<T>, anim::MorphTrack> {
  io.text(t.node_name);
  io.text(t.target_name);
  fields(io, t.weight);
}

template <typename Io, typename T>
void fields(Io& io, T& t) requires std::is_same_v<std::remove_const_t<T>, anim::MorphTarget> {
  io.text(t.name);
  io.pods(t.positions);
  io.pods(t.normals);
  io.pods(t.tangents);
}

template <typename Io, typename M>
void fields(Io& io, M& m) requires std::is_same_v<std::remove_const_t<M>, anim::Marker> {
  io.text(m.name);
  io.pod(m.time_s);
}

template <typename Io, typename C>
void fields(Io& io, C& c) requires std::is_same_v<std::remove_const_t<C>, anim::Clip> {
  io.text(c.name);
  io.pod(c.duration_s);
  io.pod(c.source_fps);
  io.boolean(c.loop);
  io.list(c.tracks);
  io.list(c.morph_tracks);
  io.list(c.markers);
}

template <typename Io, typename M>
void fields(Io& io, M& m) requires std::is_same_v<std::remove_const_t<M>, anim::SkinnedMesh> {
  io.text(m.name);
  io.text(m.node_name);
  io.pods(m.positions);
  io.pods(m.normals);
  io.pods(m.uvs);
  io.pods(m.tangents);
  io.pods(m.colors);
  io.pods(m.joints0);
  io.pods(m.weights0);
  io.pods(m.joints1);
  io.pods(m.weights1);
  io.pods(m.indices);
  io.list(m.morph_targets);
  io.pods(m.morph_weights);
  io.pod(m.material);
}

template <typename Io, typename T>
void fields(Io& io, T& t) requires std::is_same_v<std::remove_const_t<T>, visual::Texture> {
  io.text(t.path);
  io.pods(t.encoded);
  io.pod(t.transform);
}

template <typename Io, typename M>
void fields(Io& io, M& m) requires std::is_same_v<std::remove_const_t<M>, visual::Material> {
  io.text(m.name);
  io.pod(m.base_color);
  fields(io, m.base_color_texture);
  io.pod(m.metallic);
  io.pod(m.roughness);
  fields(io, m.metallic_roughness_texture);
  fields(io, m.normal_texture);
  io.pod(m.normal_scale);
  fields(io, m.occlusion_texture);
  io.pod(m.occlusion_strength);
  io.pod(m.emissive);
  fields(io, m.emissive_texture);
  io.enumeration(m.alpha_mode, visual::AlphaMode::kBlend);
  io.pod(m.alpha_cutoff);
  io.boolean(m.double_sided);
}

template <typename Io, typename R>
void fields(Io& io, R& report) requires std::is_same_v<std::remove_const_t<R>, ImportReport> {
  io.pod(report.unit_scale_applied);
  io.boolean(report.up_axis_converted);
  io.pod(report.vertices_with_cut_influences);
  io.pod(report.vertices_renormalized);
  io.texts(report.warnings);
  io.texts(report.extensions_read);
  io.texts(report.extensions_ignored);
}

template <typename Io, typename C>
void fields(Io& io, C& c) requires std::is_same_v<std::remove_const_t<C>, Character> {
  io.text(c.source_path);
  fields(io, c.skeleton);
  io.list(c.meshes);
  io.list(c.materials);
  io.list(c.clips);
  fields(io, c.report);
}

template <typename Io, typename R>
void fields(Io& io, R& r) requires std::is_same_v<std::remove_const_t<R>, ImportResult> {
  fields(io, r.character);
  io.text(r.error);
  io.boolean(r.cancelled);
}

template <typename Io, typename C>
void fields(Io& io, C& c) requires std::is_same_v<std::remove_const_t<C>, ImportedClip> {
  fields(io, c.clip);
  io.texts(c.unmatched_joints);
}

template <typename Io, typename R>
void fields(Io& io, R& r) requires std::is_same_v<std::remove_const_t<R>, ClipImportResult> {
  io.list(r.clips);
  io.texts(r.warnings);
  io.text(r.error);
  io.boolean(r.cancelled);
}

template <typename T>
void Writer::list(const std::vector<T>& values) {
  size(values.size());
  for (const T& value : values) fields(*this, value);
}

template <typename T>
void Reader::list(std::vector<T>& values) {
  // Every element takes at least 8 bytes (its first count or text length).
  values.resize(count(8));
  for (T& value : values) fields(*this, value);
}

template <typename Result>
std::string serialize_result(const Result& result) {
  Writer w;
  fields(w, result);
  return std::move(w.bytes);
}

template <typename Result>
Result deserialize_result(const std::string& bytes) {
  Reader r(bytes);
  Result result;
  fields(r, result);
  r.finish();
  return result;
}

}  // namespace

std::string serialize(const ImportResult& result) {
  return serialize_result(result);
}

std::string serialize(const ClipImportResult& result) {
  return serialize_result(result);
}

ImportResult deserialize_import_result(const std::string& bytes) {
  return deserialize_result<ImportResult>(bytes);
}

ClipImportResult deserialize_clip_import_result(const std::string& bytes) {
  return deserialize_result<ClipImportResult>(bytes);
}

}  // namespace importer
