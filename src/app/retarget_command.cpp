#include "app/retarget_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/retarget_report.h"
#include "anim/retarget_report_text.h"
#include "app/subcommand.h"
#include "demo/demo_export.h"
#include "import/clip_retargeting.h"
#include "import/importer.h"

namespace app {
namespace {

// The command's arguments (not anim::RetargetOptions, which the command leaves at defaults).
struct RetargetArgs {
  std::string clip_file;
  std::string model;
  std::string clip;
  std::string out;
  bool report = false;
  bool json = false;
};

// The source clip that was retargeted into retargeted (same name).
const anim::Clip* source_of(const importer::Character& source, const anim::Clip& retargeted) {
  for (const anim::Clip& clip : source.clips) {
    if (clip.name == retargeted.name) return &clip;
  }
  return nullptr;
}

nlohmann::json report_json(const anim::RetargetReport& report) {
  nlohmann::json chains = nlohmann::json::array();
  for (const anim::RetargetChainReport& c : report.chains) {
    nlohmann::json chain = {{"name", c.name},
                            {"end_error_m", c.end_error_m},
                            {"end_error_leg", c.end_error_leg},
                            {"end_error_time_s", c.end_error_time_s}};
    if (c.role == anim::LimbRole::Leg) {
      chain["planted_height_error_m"] = c.planted_height_error_m;
      chain["planted_height_error_leg"] = c.planted_height_error_leg;
      chain["slide_per_step_leg"] = c.slide_per_step_leg;
      chain["source_slide_per_step_leg"] = c.source_slide_per_step_leg;
      chain["steps"] = c.steps;
    }
    chains.push_back(std::move(chain));
  }
  return chains;
}

void print_report(const std::string& clip, const anim::RetargetReport& report) {
  std::printf("%s:\n", clip.c_str());
  for (const anim::RetargetChainReport& c : report.chains) {
    std::printf("  %s\n", anim::describe_retarget_chain(c).c_str());
  }
}

int run_retarget(const RetargetArgs& args) {
  importer::ImportResult source = importer::import_file(args.clip_file, importer::ImportSettings{});
  if (!source.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", source.error.c_str());
    return 1;
  }
  importer::ImportResult target = importer::import_file(args.model, importer::ImportSettings{});
  if (!target.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", target.error.c_str());
    return 1;
  }
  importer::ClipRetargeting result =
      importer::retarget_clips(source.character, target.character, args.clip);
  if (!result.ok()) {
    std::fprintf(stderr, "animview retarget: %s\n", result.error.c_str());
    return 1;
  }
  importer::Character character = std::move(target.character);
  character.clips = std::move(result.clips);
  if (const std::string error = demo::export_character_glb(character, args.out); !error.empty()) {
    std::fprintf(stderr, "animview retarget: %s\n", error.c_str());
    return 1;
  }
  nlohmann::json clips = nlohmann::json::array();
  if (args.report && !args.json) {
    std::printf("%s\n", anim::describe_planted_feet(result.map).why.c_str());
  }
  for (const anim::Clip& clip : args.report ? character.clips : std::vector<anim::Clip>{}) {
    const anim::Clip* from = source_of(source.character, clip);
    if (!from) continue;
    const anim::RetargetReport report = anim::report_retarget(result.map, *from, clip);
    if (!report.error.empty()) {
      std::fprintf(stderr, "animview retarget: %s: %s\n", args.clip_file.c_str(),
                   report.error.c_str());
      return 1;
    }
    if (!args.json) print_report(clip.name, report);
    clips.push_back({{"name", clip.name}, {"chains", report_json(report)}});
  }
  if (args.json) {
    nlohmann::json out = {{"file", args.out},
                          {"source", args.clip_file},
                          {"unmapped_joints", result.map.unmapped.size()},
                          {"joints", result.map.target.joint_count()}};
    if (args.report) {
      out["legs_in_proportion"] = result.map.legs_in_proportion;
      out["clips"] = std::move(clips);
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("wrote %s (%zu clip%s retargeted from %s; %zu of %d joints unmapped)\n",
              args.out.c_str(), character.clips.size(), character.clips.size() == 1 ? "" : "s",
              args.clip_file.c_str(), result.map.unmapped.size(), result.map.target.joint_count());
  return 0;
}

}  // namespace

void add_retarget_command(CLI::App& app, int& exit_code) {
  const auto [command, args] = add_subcommand(
      app, "retarget", "Retarget the clips of a file onto another character and write it as .glb",
      exit_code, run_retarget);
  command->add_option("clip_file", args->clip_file, "File with the clips")->required();
  command->add_option("--to", args->model, "The character to retarget onto")->required();
  command->add_option("--clip", args->clip, "Only this clip (default: every clip)");
  command->add_option("--out", args->out, "The .glb file to write")->required();
  command->add_flag(
      "--report", args->report,
      "Per clip and chain: the limb's end against the scaled source's, planted soles' "
      "height and slide (\"!\" marks a figure past the limits)");
  add_json_flag(*command, args->json);
}

}  // namespace app
