#include "video_probe.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include <nlohmann/json.hpp>

namespace probe {
namespace {

std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 4096> chunk;
  std::size_t n;
  while ((n = std::fread(chunk.data(), 1, chunk.size(), pipe)) > 0) out.append(chunk.data(), n);
  pclose(pipe);
  return out;
}

std::string quoted(const std::filesystem::path& path) {
  return "'" + path.string() + "'";
}

double number(const nlohmann::json& object, const char* key, double fallback) {
  if (!object.contains(key)) return fallback;
  const nlohmann::json& value = object[key];
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    char* end = nullptr;
    const std::string text = value.get<std::string>();
    const double parsed = std::strtod(text.c_str(), &end);
    if (end != text.c_str()) return parsed;
  }
  return fallback;
}

// Matroska keeps a stream's duration as a tag "HH:MM:SS.nnnnnnnnn".
double tag_duration(const nlohmann::json& stream) {
  if (!stream.contains("tags") || !stream["tags"].contains("DURATION")) return -1.0;
  int h = 0, m = 0;
  double s = 0.0;
  if (std::sscanf(stream["tags"]["DURATION"].get<std::string>().c_str(), "%d:%d:%lf", &h, &m, &s) !=
      3)
    return -1.0;
  return h * 3600.0 + m * 60.0 + s;
}

}  // namespace

bool available(std::string& why_not) {
  if (std::system("ffprobe -version > /dev/null 2>&1") != 0 ||
      std::system("ffmpeg -version > /dev/null 2>&1") != 0) {
    why_not = "ffprobe/ffmpeg not installed (Debian package ffmpeg; scripts/install_deps.sh)";
    return false;
  }
  return true;
}

const Stream* Video::find(const std::string& type) const {
  for (const Stream& s : streams)
    if (s.type == type) return &s;
  return nullptr;
}

Video read(const std::filesystem::path& path) {
  Video video;
  const std::string text = output_of(
      "ffprobe -v error -count_frames -show_format -show_streams "
      "-of json " +
      quoted(path) + " 2>/dev/null");
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object() || !json.contains("format")) return video;
  video.format = json["format"].value("format_name", "");
  video.duration_s = number(json["format"], "duration", -1.0);
  for (const nlohmann::json& s : json.value("streams", nlohmann::json::array())) {
    Stream stream;
    stream.type = s.value("codec_type", "");
    stream.codec = s.value("codec_name", "");
    stream.pix_fmt = s.value("pix_fmt", "");
    stream.width = s.value("width", 0);
    stream.height = s.value("height", 0);
    stream.sample_rate = static_cast<int>(number(s, "sample_rate", 0.0));
    stream.frames = static_cast<long long>(number(s, "nb_read_frames", -1.0));
    stream.duration_s = number(s, "duration", tag_duration(s));
    video.streams.push_back(stream);
  }
  return video;
}

std::vector<double> frame_durations(const std::filesystem::path& path) {
  std::vector<double> durations;
  const std::string text = output_of(
      "ffprobe -v error -select_streams v -show_entries "
      "packet=duration_time -of csv=p=0 " +
      quoted(path));
  const char* p = text.c_str();
  for (;;) {
    char* end = nullptr;
    const double d = std::strtod(p, &end);
    if (end == p) break;
    durations.push_back(d);
    p = end;
  }
  return durations;
}

pictures::Picture decode_frame(const std::filesystem::path& path, int index,
                               const std::filesystem::path& png) {
  const std::string command = "ffmpeg -v error -y -i " + quoted(path) + " -vf 'select=eq(n\\," +
                              std::to_string(index) + ")' -frames:v 1 " + quoted(png);
  if (std::system(command.c_str()) != 0) return {};
  return pictures::load(png);
}

double psnr(const pictures::Picture& a, const pictures::Picture& b) {
  if (a.width != b.width || a.height != b.height || a.rgb.empty()) return 0.0;
  double squared = 0.0;
  for (std::size_t i = 0; i < a.rgb.size(); ++i) {
    const double d = static_cast<double>(a.rgb[i]) - b.rgb[i];
    squared += d * d;
  }
  const double mse = squared / static_cast<double>(a.rgb.size());
  if (mse == 0.0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(255.0 * 255.0 / mse);
}

}  // namespace probe
