#include "render/video_writer.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <system_error>
#include <vector>

#include "render/gif_palette.h"

namespace render {
namespace {

std::string av_error(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

const char* container_name(VideoContainer container) {
  switch (container) {
    case VideoContainer::Mp4:
      return "MP4";
    case VideoContainer::WebM:
      return "WebM";
    case VideoContainer::Gif:
      return "GIF";
  }
  return "";
}

}  // namespace

std::optional<VideoContainer> video_container_of(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".mp4") return VideoContainer::Mp4;
  if (extension == ".webm") return VideoContainer::WebM;
  if (extension == ".gif") return VideoContainer::Gif;
  return std::nullopt;
}

struct VideoWriter::State {
  std::filesystem::path path;
  std::filesystem::path temp;  // written here, renamed to path when complete
  VideoSettings settings;
  VideoContainer container = VideoContainer::Mp4;
  AVFormatContext* format = nullptr;
  AVCodecContext* video = nullptr;
  AVStream* video_stream = nullptr;
  AVCodecContext* audio = nullptr;
  AVStream* audio_stream = nullptr;
  SwsContext* to_yuv = nullptr;
  AVFrame* frame = nullptr;
  AVFrame* audio_frame = nullptr;
  AVPacket* packet = nullptr;
  long long audio_written = 0;  // sample frames of settings.audio already encoded
  int frames = 0;
  // A GIF's palette is made from every frame, so its frames wait in a spool file until finish.
  ColorHistogram histogram;
  std::FILE* spool = nullptr;
  bool finished = false;

  ~State() {
    if (spool) std::fclose(spool);
    sws_freeContext(to_yuv);
    av_frame_free(&frame);
    av_frame_free(&audio_frame);
    av_packet_free(&packet);
    avcodec_free_context(&video);
    avcodec_free_context(&audio);
    if (format) {
      if (format->pb) avio_closep(&format->pb);
      avformat_free_context(format);
    }
    if (!finished && !temp.empty()) {
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
    }
  }

  std::string fail(const std::string& cause) const { return path.string() + ": " + cause; }

  // Sends frame (nullptr: flush) to codec and writes the packets it gives to stream. A packet
  // without a duration gets duration (in the codec's time base) when it is positive.
  std::string encode(AVCodecContext* codec, AVStream* stream, AVFrame* input,
                     std::int64_t duration = 0) {
    int code = avcodec_send_frame(codec, input);
    if (code < 0) return fail("cannot encode: " + av_error(code));
    for (;;) {
      code = avcodec_receive_packet(codec, packet);
      if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return {};
      if (code < 0) return fail("cannot encode: " + av_error(code));
      if (packet->duration <= 0 && duration > 0) packet->duration = duration;
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      code = av_interleaved_write_frame(format, packet);  // takes the packet's data
      if (code < 0) return fail("cannot write: " + av_error(code));
    }
  }

  // Encodes the sound up to sample frame end; a last partial frame only when final.
  std::string write_audio_until(long long end, bool final) {
    if (!audio) return {};
    const AudioTrack& track = settings.audio;
    end = std::min(end, track.frames());
    const int frame_size = audio_frame->nb_samples;
    while (audio_written < end && (final || end - audio_written >= frame_size)) {
      const int count = static_cast<int>(std::min<long long>(frame_size, end - audio_written));
      if (int code = av_frame_make_writable(audio_frame); code < 0)
        return fail("cannot encode sound: " + av_error(code));
      const bool small_last = audio->codec->capabilities &
                              (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE);
      audio_frame->nb_samples = small_last ? count : frame_size;
      for (int c = 0; c < track.channels; ++c) {
        float* plane = reinterpret_cast<float*>(audio_frame->data[c]);
        for (int i = 0; i < audio_frame->nb_samples; ++i) {
          plane[i] =
              i < count
                  ? track
                        .samples[static_cast<std::size_t>((audio_written + i) * track.channels + c)]
                  : 0.0f;
        }
      }
      audio_frame->pts = audio_written;
      if (std::string e = encode(audio, audio_stream, audio_frame); !e.empty()) return e;
      audio_frame->nb_samples = frame_size;
      audio_written += count;
    }
    return {};
  }

  // The time of GIF frame n in hundredths of a second (GIF delays are whole hundredths).
  std::int64_t gif_time(int n) const { return std::llround(n * 100.0 / settings.fps); }

  std::string open_video() {
    const bool gif = container == VideoContainer::Gif;
    const char* name = container == VideoContainer::Mp4    ? "libx264"
                       : container == VideoContainer::WebM ? "libvpx-vp9"
                                                           : "gif";
    const AVCodec* codec = avcodec_find_encoder_by_name(name);
    if (!codec) return fail(std::string("this FFmpeg has no ") + name + " encoder");
    video = avcodec_alloc_context3(codec);
    video_stream = avformat_new_stream(format, nullptr);
    if (!video || !video_stream) return fail("out of memory");
    const AVRational rate = av_d2q(settings.fps, 100000);
    video->width = settings.width;
    video->height = settings.height;
    video->framerate = rate;
    video->time_base = gif ? AVRational{1, 100} : av_inv_q(rate);
    video->pix_fmt = gif ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P;
    if (!gif) {
      // swscale's RGB to YUV is BT.601 limited range: say so, so that players convert back
      // with the same matrix.
      video->colorspace = AVCOL_SPC_SMPTE170M;
      video->color_primaries = AVCOL_PRI_SMPTE170M;
      video->color_trc = AVCOL_TRC_SMPTE170M;
      video->color_range = AVCOL_RANGE_MPEG;
    }
    if (format->oformat->flags & AVFMT_GLOBALHEADER) video->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary* options = nullptr;
    if (container == VideoContainer::Mp4) {
      av_dict_set_int(&options, "crf", settings.quality < 0 ? 23 : settings.quality, 0);
    } else if (container == VideoContainer::WebM) {
      // Constant quality (no bitrate target), at libvpx's faster "good" speeds.
      video->bit_rate = 0;
      av_dict_set_int(&options, "crf", settings.quality < 0 ? 31 : settings.quality, 0);
      av_dict_set(&options, "deadline", "good", 0);
      av_dict_set(&options, "cpu-used", "4", 0);
      av_dict_set(&options, "row-mt", "1", 0);
    }
    const int code = avcodec_open2(video, codec, &options);
    av_dict_free(&options);
    if (code < 0)
      return fail(std::string("cannot open the ") + name + " encoder: " + av_error(code));
    avcodec_parameters_from_context(video_stream->codecpar, video);
    video_stream->time_base = video->time_base;
    video_stream->avg_frame_rate = rate;
    frame = av_frame_alloc();
    packet = av_packet_alloc();
    if (!frame || !packet) return fail("out of memory");
    frame->format = video->pix_fmt;
    frame->width = settings.width;
    frame->height = settings.height;
    if (int e = av_frame_get_buffer(frame, 0); e < 0) return fail("out of memory");
    if (gif) {
      spool = std::tmpfile();
      if (!spool) return fail("cannot make a temporary file for the GIF's frames");
    } else {
      to_yuv = sws_getContext(settings.width, settings.height, AV_PIX_FMT_RGBA, settings.width,
                              settings.height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr,
                              nullptr);
      if (!to_yuv) return fail("cannot convert RGBA to YUV 4:2:0");
    }
    return {};
  }

  std::string open_audio() {
    const AudioTrack& track = settings.audio;
    const char* name = container == VideoContainer::Mp4 ? "aac" : "libvorbis";
    const AVCodec* codec = avcodec_find_encoder_by_name(name);
    if (!codec) return fail(std::string("this FFmpeg has no ") + name + " encoder");
    if (codec->supported_samplerates) {
      bool supported = false;
      for (const int* rate = codec->supported_samplerates; *rate; ++rate)
        supported |= *rate == track.sample_rate;
      if (!supported) {
        return fail(std::string(name) + " cannot carry sound at " +
                    std::to_string(track.sample_rate) + " Hz");
      }
    }
    audio = avcodec_alloc_context3(codec);
    audio_stream = avformat_new_stream(format, nullptr);
    if (!audio || !audio_stream) return fail("out of memory");
    audio->sample_fmt = AV_SAMPLE_FMT_FLTP;
    audio->sample_rate = track.sample_rate;
    av_channel_layout_default(&audio->ch_layout, track.channels);
    audio->time_base = {1, track.sample_rate};
    if (format->oformat->flags & AVFMT_GLOBALHEADER) audio->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (int code = avcodec_open2(audio, codec, nullptr); code < 0)
      return fail(std::string("cannot open the ") + name + " encoder: " + av_error(code));
    avcodec_parameters_from_context(audio_stream->codecpar, audio);
    audio_stream->time_base = audio->time_base;
    audio_frame = av_frame_alloc();
    if (!audio_frame) return fail("out of memory");
    audio_frame->format = AV_SAMPLE_FMT_FLTP;
    audio_frame->sample_rate = track.sample_rate;
    av_channel_layout_copy(&audio_frame->ch_layout, &audio->ch_layout);
    audio_frame->nb_samples = audio->frame_size > 0 ? audio->frame_size : 1024;
    if (int e = av_frame_get_buffer(audio_frame, 0); e < 0) return fail("out of memory");
    return {};
  }

  // Writes the spooled GIF frames through the clip's palette.
  std::string write_gif_frames() {
    const GifPalette palette = make_gif_palette(histogram);
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(settings.width) * settings.height * 4);
    std::vector<std::uint8_t> indices(static_cast<std::size_t>(settings.width) * settings.height);
    std::rewind(spool);
    for (int n = 0; n < frames; ++n) {
      if (std::fread(rgba.data(), 1, rgba.size(), spool) != rgba.size())
        return fail("cannot read back the GIF's frames from the temporary file");
      dither_to_palette(rgba, settings.width, settings.height, palette, indices);
      if (int code = av_frame_make_writable(frame); code < 0)
        return fail("cannot encode: " + av_error(code));
      for (int y = 0; y < settings.height; ++y) {
        std::copy_n(indices.begin() + static_cast<std::ptrdiff_t>(y) * settings.width,
                    settings.width,
                    frame->data[0] + static_cast<std::ptrdiff_t>(y) * frame->linesize[0]);
      }
      auto* colors = reinterpret_cast<std::uint32_t*>(frame->data[1]);
      for (std::size_t i = 0; i < 256; ++i) {
        const auto c = i < palette.colors.size() ? palette.colors[i] : palette.colors[0];
        colors[i] = 0xFF000000u | (std::uint32_t{c[0]} << 16) | (std::uint32_t{c[1]} << 8) | c[2];
      }
      frame->pts = gif_time(n);
      if (std::string e = encode(video, video_stream, frame, gif_time(n + 1) - gif_time(n));
          !e.empty())
        return e;
    }
    return {};
  }
};

VideoWriter::VideoWriter() = default;
VideoWriter::~VideoWriter() = default;

int VideoWriter::frames_written() const {
  return state_ ? state_->frames : 0;
}

std::string VideoWriter::open(const std::filesystem::path& path, const VideoSettings& settings) {
  // The encoders' own chatter (x264's statistics) is not for the user; their errors are.
  av_log_set_level(AV_LOG_ERROR);
  state_ = std::make_unique<State>();
  State& s = *state_;
  s.path = path;
  s.settings = settings;
  const std::optional<VideoContainer> container = video_container_of(path);
  if (!container) {
    return s.fail("unknown video extension '" + path.extension().string() +
                  "' (give .mp4, .webm or .gif)");
  }
  s.container = *container;
  const bool gif = s.container == VideoContainer::Gif;
  if (settings.width < 1 || settings.height < 1)
    return s.fail("the video size must be at least 1 x 1");
  if (!gif && (settings.width % 2 || settings.height % 2)) {
    return s.fail(std::string(container_name(s.container)) + " needs an even width and height (" +
                  std::to_string(settings.width) + " x " + std::to_string(settings.height) + ")");
  }
  if (!std::isfinite(settings.fps) || settings.fps <= 0.0 || settings.fps > 1000.0)
    return s.fail("the frame rate must be above 0 and at most 1000 fps");
  if (gif && settings.fps > kMaxGifFps + 1e-9) {
    return s.fail("a GIF plays at most " + std::to_string(static_cast<int>(kMaxGifFps)) +
                  " fps in browsers (its delays are whole hundredths of a second); ask for less");
  }
  const int max_quality = s.container == VideoContainer::WebM ? 63 : 51;
  if (!gif && (settings.quality < -1 || settings.quality > max_quality)) {
    return s.fail("the quality of " + std::string(container_name(s.container)) +
                  " is a CRF from 0 to " + std::to_string(max_quality));
  }
  if (gif && settings.audio.frames() > 0) return s.fail("a GIF cannot carry sound");
  s.temp = path;
  s.temp += ".partial";
  const char* format_name = s.container == VideoContainer::Mp4    ? "mp4"
                            : s.container == VideoContainer::WebM ? "webm"
                                                                  : "gif";
  if (int code = avformat_alloc_output_context2(&s.format, nullptr, format_name, s.temp.c_str());
      code < 0) {
    return s.fail("cannot make a " + std::string(format_name) + " file: " + av_error(code));
  }
  if (std::string e = s.open_video(); !e.empty()) return e;
  if (settings.audio.frames() > 0) {
    if (std::string e = s.open_audio(); !e.empty()) return e;
  }
  if (int code = avio_open(&s.format->pb, s.temp.c_str(), AVIO_FLAG_WRITE); code < 0) {
    s.temp.clear();  // nothing was created
    return s.fail("cannot write: " + av_error(code));
  }
  AVDictionary* options = nullptr;
  // MP4: the index first, so a browser starts playing before the whole file has arrived.
  if (s.container == VideoContainer::Mp4) av_dict_set(&options, "movflags", "+faststart", 0);
  const int code = avformat_write_header(s.format, &options);
  av_dict_free(&options);
  if (code < 0) return s.fail("cannot write: " + av_error(code));
  return {};
}

std::string VideoWriter::write_frame(const Image& image) {
  if (!state_ || !state_->format || state_->finished) return "the video is not open";
  State& s = *state_;
  if (image.width != s.settings.width || image.height != s.settings.height) {
    return s.fail("frame " + std::to_string(s.frames) + " is " + std::to_string(image.width) +
                  " x " + std::to_string(image.height) + ", not the video's size");
  }
  if (s.container == VideoContainer::Gif) {
    s.histogram.add(image.rgba);
    if (std::fwrite(image.rgba.data(), 1, image.rgba.size(), s.spool) != image.rgba.size())
      return s.fail("cannot keep the GIF's frames in a temporary file (is the disk full?)");
    ++s.frames;
    return {};
  }
  if (int code = av_frame_make_writable(s.frame); code < 0)
    return s.fail("cannot encode: " + av_error(code));
  const std::uint8_t* source[1] = {image.rgba.data()};
  const int stride[1] = {image.width * 4};
  sws_scale(s.to_yuv, source, stride, 0, image.height, s.frame->data, s.frame->linesize);
  s.frame->pts = s.frames;
  if (std::string e = s.encode(s.video, s.video_stream, s.frame); !e.empty()) return e;
  ++s.frames;
  // The sound that plays up to this frame's end, so the file interleaves them.
  return s.write_audio_until(
      std::llround(s.frames * static_cast<double>(s.settings.audio.sample_rate) / s.settings.fps),
      false);
}

std::string VideoWriter::finish() {
  if (!state_ || !state_->format || state_->finished) return "the video is not open";
  State& s = *state_;
  if (s.container == VideoContainer::Gif) {
    if (std::string e = s.write_gif_frames(); !e.empty()) return e;
    // The last frame's own delay (the GIF muxer would repeat the one before it).
    av_opt_set_int(s.format->priv_data, "final_delay",
                   s.gif_time(s.frames) - s.gif_time(s.frames - 1), 0);
  }
  if (std::string e = s.encode(s.video, s.video_stream, nullptr); !e.empty()) return e;
  if (s.audio) {
    if (std::string e = s.write_audio_until(s.settings.audio.frames(), true); !e.empty()) return e;
    if (std::string e = s.encode(s.audio, s.audio_stream, nullptr); !e.empty()) return e;
  }
  if (int code = av_write_trailer(s.format); code < 0)
    return s.fail("cannot write: " + av_error(code));
  if (s.format->pb->error < 0) return s.fail("cannot write: " + av_error(s.format->pb->error));
  if (int code = avio_closep(&s.format->pb); code < 0)
    return s.fail("cannot write: " + av_error(code));
  std::error_code ec;
  std::filesystem::rename(s.temp, s.path, ec);
  if (ec) return s.fail("cannot rename " + s.temp.string() + " to it: " + ec.message());
  s.finished = true;
  return {};
}

}  // namespace render
