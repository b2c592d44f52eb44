#include "app/export_clip_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include "anim/clip_filter.h"
#include "anim/clip_lookup.h"
#include "anim/mirror.h"
#include "anim/morph_weights.h"
#include "app/subcommand.h"
#include "demo/demo_export.h"
#include "import/importer.h"
#include "import/rig_finder.h"

namespace app {
namespace {

struct ExportClipOptions {
  std::string file;
  std::string clip;
  std::string out;
  bool mirror = false;
  std::string filter;  // e.g. butterworth:6Hz (anim::parse_motion_filter)
};

int run_export_clip(const ExportClipOptions& options) {
  anim::MotionFilter filter;
  if (!options.filter.empty()) {
    if (std::string e = anim::parse_motion_filter(options.filter, filter); !e.empty()) {
      std::fprintf(stderr, "animview export-clip: --filter %s\n", e.c_str());
      return 2;
    }
  }
  importer::ImportResult imported = importer::import_file(options.file, importer::ImportSettings{});
  if (!imported.ok()) {
    std::fprintf(stderr, "animview export-clip: %s\n", imported.error.c_str());
    return 1;
  }
  importer::Character character = std::move(imported.character);
  const int found = anim::find_clip_by_name_or_index(character.clips, options.clip);
  if (found < 0) {
    std::fprintf(stderr, "animview export-clip: %s: no clip named or numbered '%s' (clips: %s)\n",
                 options.file.c_str(), options.clip.c_str(),
                 anim::describe_clips(character.clips).c_str());
    return 1;
  }
  anim::Clip clip = character.clips[found];
  if (options.mirror) {
    // Without limbs the table still pairs joints by name and geometry about the x = 0 plane.
    const anim::Rig rig = importer::find_character_rig(character);
    std::string error;
    const anim::MirrorTable table = importer::mirror_table(character, rig);
    clip = anim::mirror_clip(clip, character.skeleton, table, &error,
                             anim::morph_channels_of(character.meshes));
    if (!(clip.duration_s > 0.0f)) {
      std::fprintf(stderr, "animview export-clip: %s: cannot mirror '%s': %s\n",
                   options.file.c_str(), options.clip.c_str(), error.c_str());
      return 1;
    }
  }
  if (filter.kind != anim::MotionFilter::Kind::None) {
    std::string error;
    clip = anim::filter_clip(clip, filter, &error);
    if (!error.empty()) {
      std::fprintf(stderr, "animview export-clip: %s: --filter %s: %s\n", options.file.c_str(),
                   options.filter.c_str(), error.c_str());
      return 2;
    }
  }
  character.clips.clear();
  character.clips.push_back(std::move(clip));
  if (const std::string error = demo::export_character_glb(character, options.out);
      !error.empty()) {
    std::fprintf(stderr, "animview export-clip: %s\n", error.c_str());
    return 1;
  }
  std::printf("wrote %s (clip '%s'%s%s%s)\n", options.out.c_str(), character.clips[0].name.c_str(),
              options.mirror ? ", mirrored" : "", options.filter.empty() ? "" : ", filtered ",
              options.filter.c_str());
  return 0;
}

}  // namespace

void add_export_clip_command(CLI::App& app, int& exit_code) {
  const auto [command, options] = add_subcommand(
      app, "export-clip", "Write one clip of a file with its character as binary glTF (.glb)",
      exit_code, run_export_clip);
  command->add_option("file", options->file, "Character file with the clip")->required();
  command->add_option("--clip", options->clip, "The clip to write: its name or index")->required();
  command->add_flag("--mirror", options->mirror,
                    "Mirror the clip across the character's sagittal plane (left <-> right)");
  command->add_option("--filter", options->filter,
                      "Smooth the clip: butterworth:CUTOFF_HZ[:ORDER] (zero-phase) or "
                      "gaussian:SIGMA_S");
  command->add_option("--out", options->out, "The .glb file to write")->required();
}

}  // namespace app
