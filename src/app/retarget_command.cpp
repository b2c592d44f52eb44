#include "app/retarget_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include "asset/clip_retargeting.h"
#include "asset/demo_export.h"
#include "asset/importer.h"

namespace app {
namespace {

// The command's arguments (not anim::RetargetOptions, which the command leaves at defaults).
struct RetargetArgs {
  std::string clip_file;
  std::string model;
  std::string clip;
  std::string out;
};

int run_retarget(const RetargetArgs& args) {
  asset::ImportResult source = asset::import_file(args.clip_file, asset::ImportSettings{});
  if (!source.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", source.error.c_str());
    return 1;
  }
  asset::ImportResult target = asset::import_file(args.model, asset::ImportSettings{});
  if (!target.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", target.error.c_str());
    return 1;
  }
  asset::ClipRetargeting result =
      asset::retarget_clips(source.character, target.character, args.clip);
  if (!result.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", result.error.c_str());
    return 1;
  }
  asset::Character character = std::move(target.character);
  character.clips = std::move(result.clips);
  if (const std::string error = asset::export_character_glb(character, args.out); !error.empty()) {
    std::fprintf(stderr, "animview retarget: %s\n", error.c_str());
    return 1;
  }
  std::printf("wrote %s (%zu clip%s retargeted from %s; %zu of %d joints unmapped)\n",
              args.out.c_str(), character.clips.size(), character.clips.size() == 1 ? "" : "s",
              args.clip_file.c_str(), result.map.unmapped.size(), result.map.target.joint_count());
  return 0;
}

}  // namespace

void add_retarget_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RetargetArgs>();
  CLI::App* command = app.add_subcommand(
      "retarget", "Retarget the clips of a file onto another character and write it as .glb");
  command->add_option("clip_file", args->clip_file, "File with the clips")->required();
  command->add_option("--to", args->model, "The character to retarget onto")->required();
  command->add_option("--clip", args->clip, "Only this clip (default: every clip)");
  command->add_option("--out", args->out, "The .glb file to write")->required();
  command->callback([args, &exit_code] { exit_code = run_retarget(*args); });
}

}  // namespace app
