#include "app/mm_commands.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/motion_matching_search.h"
#include "demo/demo_character.h"
#include "import/fits_float.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/motion_matching_build.h"
#include "project/motion_matching_file.h"

namespace app {
namespace {

using nlohmann::json;

struct BuildArgs {
  std::string file;
  std::vector<std::string> anim_files;
  std::vector<std::string> exclude;
  std::vector<std::string> include;
  bool all_clips = false;
  std::string out;
  bool mirror = false;
  bool json_output = false;
};

// The character of args.file (the demo's without one) with the clips of its --anim-files; ""
// or the cause.
std::string load_build_character(const BuildArgs& args, importer::Character& character) {
  if (args.file.empty()) {
    character = demo::make_demo_character();
  } else {
    importer::ImportResult imported = importer::import_file(args.file, {});
    if (!imported.ok()) return imported.error;
    character = std::move(imported.character);
  }
  for (const std::string& anim_file : args.anim_files) {
    importer::ClipImportResult loaded = importer::import_clips(anim_file, character.skeleton, {});
    if (!loaded.ok()) return loaded.error;
    for (importer::ImportedClip& c : loaded.clips) character.clips.push_back(std::move(c.clip));
  }
  return "";
}

// The clips the database takes: the standing ones (all with --all-clips), with those --include
// names and without those --exclude names; "" or the cause (a name that is not a clip). Each
// standing clip left out by default gets a note in not_standing.
std::string included_clips(const BuildArgs& args, const importer::Character& character,
                           std::vector<std::uint8_t>& included,
                           std::vector<std::string>& not_standing) {
  const project::StandingClips standing = project::find_standing_clips(
      character.skeleton, importer::find_character_rig(character), character.clips);
  included = standing.stands;
  if (args.all_clips) included.assign(character.clips.size(), 1);
  not_standing.assign(character.clips.size(), "");
  for (std::size_t c = 0; c < character.clips.size(); ++c) {
    if (included[c] == 0) {
      not_standing[c] = "left out by default: " + project::why_not_standing(standing.stances[c]);
    }
  }
  const auto mark = [&](const std::vector<std::string>& names, const char* option,
                        std::uint8_t value) -> std::string {
    for (const std::string& name : names) {
      bool found = false;
      for (std::size_t c = 0; c < character.clips.size(); ++c) {
        if (character.clips[c].name != name) continue;
        included[c] = value;
        not_standing[c].clear();
        found = true;
      }
      if (!found) return character.source_path + ": " + option + ": no clip named '" + name + "'";
    }
    return "";
  };
  if (std::string e = mark(args.include, "--include", 1); !e.empty()) return e;
  return mark(args.exclude, "--exclude", 0);
}

// What was built: frames per clip, the feature groups' scales and weights, the build's notes;
// as JSON or as text.
void print_build(const BuildArgs& args, const importer::Character& character,
                 const anim::MotionMatchingDatabase& db,
                 const std::vector<std::string>& not_standing) {
  std::vector<int> frames_per_clip(character.clips.size(), 0);
  for (const anim::DatabaseRange& r : db.ranges) {
    frames_per_clip[static_cast<std::size_t>(r.clip_index)] += r.frame_count;
  }
  if (args.json_output) {
    json clips = json::array();
    for (std::size_t c = 0; c < character.clips.size(); ++c) {
      json clip{{"name", character.clips[c].name}, {"frames", frames_per_clip[c]}};
      if (!not_standing[c].empty()) clip["left_out"] = not_standing[c];
      clips.push_back(std::move(clip));
    }
    json groups = json::array();
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      const anim::FeatureGroupLayout& layout = anim::feature_group_layout(g);
      groups.push_back({{"name", layout.name},
                        {"scale", db.scale[static_cast<std::size_t>(layout.offset)]},
                        {"weight", db.weights.group[static_cast<std::size_t>(g)]}});
    }
    std::cout << json{{"out", args.out}, {"frames", db.frame_count()}, {"ranges", db.ranges.size()},
                      {"clips", clips},  {"groups", groups},           {"notices", db.notices}}
                     .dump(2)
              << '\n';
    return;
  }
  std::printf("%s: %d frames at %.0f Hz in %zu ranges, written to %s\n",
              character.source_path.c_str(), db.frame_count(), db.frame_rate, db.ranges.size(),
              args.out.c_str());
  for (std::size_t c = 0; c < character.clips.size(); ++c) {
    const std::string why = not_standing[c].empty() ? "" : "  (" + not_standing[c] + ")";
    std::printf("  %-24s %6d frames%s\n", character.clips[c].name.c_str(), frames_per_clip[c],
                why.c_str());
  }
  for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
    const anim::FeatureGroupLayout& layout = anim::feature_group_layout(g);
    std::printf("  group %-22s scale %.4f weight %.2f\n", layout.name,
                db.scale[static_cast<std::size_t>(layout.offset)],
                db.weights.group[static_cast<std::size_t>(g)]);
  }
  for (const std::string& notice : db.notices) std::printf("  note: %s\n", notice.c_str());
}

int run_build(const BuildArgs& args) {
  const auto fail = [](const std::string& cause, int code) {
    std::fprintf(stderr, "animview mm-build: %s\n", cause.c_str());
    return code;
  };
  importer::Character character;
  if (std::string e = load_build_character(args, character); !e.empty()) return fail(e, 1);
  project::MotionMatchingBuildOptions options;
  options.mirrored = args.mirror;
  std::vector<std::string> not_standing;
  if (std::string e = included_clips(args, character, options.clip_included, not_standing);
      !e.empty()) {
    return fail(e, 2);
  }
  const project::MotionMatchingBuild build = project::build_motion_matching(character, options);
  if (!build.ok()) return fail(build.error, 1);
  project::MotionMatchingFile file;
  file.source = character.source_path;
  for (const anim::Clip& clip : character.clips) file.clip_names.push_back(clip.name);
  file.database = build.database;
  if (const std::string error = project::save_motion_matching_file(args.out, file);
      !error.empty()) {
    return fail(error, 1);
  }
  print_build(args, character, build.database, not_standing);
  return 0;
}

struct QueryArgs {
  std::string db;
  std::string query;
  bool json_output = false;
};

json describe(const project::MotionMatchingFile& file, std::span<const float> query, int frame,
              float cost) {
  const anim::MotionMatchingDatabase& db = file.database;
  const anim::DatabaseRange& range = db.ranges[static_cast<std::size_t>(db.range_of(frame))];
  std::array<float, anim::kFeatureGroupCount> costs{};
  if (!anim::group_costs(db, query, frame, costs)) costs.fill(0.0f);
  json groups = json::object();
  for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
    groups[anim::feature_group_layout(g).name] = costs[static_cast<std::size_t>(g)];
  }
  return {{"frame", frame},
          {"clip", file.clip_names[static_cast<std::size_t>(range.clip_index)]},
          {"time_s", db.frame_time_s(frame)},
          {"mirrored", range.mirrored},
          {"cost", cost},
          {"group_costs", groups}};
}

// The query's raw features: a list of kFeatureDimension finite numbers; "" or the cause.
std::string read_query_features(const json& q, std::vector<float>& raw) {
  if (!q.contains("features") || !q["features"].is_array() ||
      q["features"].size() != static_cast<std::size_t>(anim::kFeatureDimension)) {
    return "\"features\" is not a list of " + std::to_string(anim::kFeatureDimension) + " numbers";
  }
  for (const json& v : q["features"]) {
    if (!v.is_number() || !importer::fits_float(v.get<double>())) {
      return "\"features\" holds something that is not a finite number";
    }
    raw.push_back(static_cast<float>(v.get<double>()));
  }
  return "";
}

// The query's "weights" (one number >= 0 per feature group), set on db; "" or the cause.
std::string apply_query_weights(const json& q, anim::MotionMatchingDatabase& db) {
  if (!q.contains("weights")) return "";
  const json& w = q["weights"];
  if (!w.is_array() || w.size() != static_cast<std::size_t>(anim::kFeatureGroupCount)) {
    return "\"weights\" is not a list of " + std::to_string(anim::kFeatureGroupCount) + " numbers";
  }
  anim::FeatureWeights weights;
  for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
    const json& weight = w[static_cast<std::size_t>(g)];
    if (!weight.is_number() || !importer::fits_float(weight.get<double>()) ||
        !(weight.get<double>() >= 0.0)) {
      return "a weight is not a number >= 0";
    }
    weights.group[static_cast<std::size_t>(g)] = static_cast<float>(weight.get<double>());
  }
  anim::set_feature_weights(db, weights);
  return "";
}

// Which of the file's ranges the search may take: all but the clips "exclude" names; "" or the
// cause.
std::string query_enabled_ranges(const json& q, const project::MotionMatchingFile& file,
                                 std::vector<std::uint8_t>& enabled) {
  const anim::MotionMatchingDatabase& db = file.database;
  enabled.assign(db.ranges.size(), 1);
  if (!q.contains("exclude")) return "";
  if (!q["exclude"].is_array()) return "\"exclude\" is not a list of clip names";
  for (const json& name : q["exclude"]) {
    if (!name.is_string()) return "\"exclude\" holds something that is not a name";
    bool found = false;
    for (std::size_t r = 0; r < db.ranges.size(); ++r) {
      if (file.clip_names[static_cast<std::size_t>(db.ranges[r].clip_index)] == name) {
        enabled[r] = 0;
        found = true;
      }
    }
    if (!found) return "\"exclude\": no clip named '" + name.get<std::string>() + "'";
  }
  return "";
}

// The best match and the runner-up, as JSON or as text.
void print_matches(const json& out, bool json_output) {
  if (json_output) {
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const char* which : {"best", "runner_up"}) {
    const json& m = out[which];
    if (m.is_null()) continue;
    std::printf("%-9s frame %d: clip '%s' at %.4f s%s, cost %.4f\n", which, m["frame"].get<int>(),
                m["clip"].get<std::string>().c_str(), m["time_s"].get<float>(),
                m["mirrored"].get<bool>() ? " (mirrored)" : "", m["cost"].get<float>());
    for (const auto& [name, cost] : m["group_costs"].items()) {
      std::printf("    %-22s %.4f\n", name.c_str(), cost.get<float>());
    }
  }
}

int run_query(const QueryArgs& args) {
  project::MotionMatchingFile file;
  if (const std::string error = project::load_motion_matching_file(args.db, file); !error.empty()) {
    std::fprintf(stderr, "animview mm-query: %s\n", error.c_str());
    return 1;
  }
  std::ifstream stream(args.query, std::ios::binary);
  const json q = stream ? json::parse(stream, nullptr, false) : json();
  auto fail = [&](const std::string& cause) {
    std::fprintf(stderr, "animview mm-query: %s: %s\n", args.query.c_str(), cause.c_str());
    return 1;
  };
  if (!stream) return fail("cannot open the file");
  if (q.is_discarded() || !q.is_object()) return fail("not a JSON object");
  std::vector<float> raw;
  if (std::string e = read_query_features(q, raw); !e.empty()) return fail(e);
  anim::MotionMatchingDatabase& db = file.database;
  if (std::string e = apply_query_weights(q, db); !e.empty()) return fail(e);
  std::vector<std::uint8_t> enabled;
  if (std::string e = query_enabled_ranges(q, file, enabled); !e.empty()) return fail(e);
  std::vector<float> features(anim::kFeatureDimension);
  if (anim::JobResult r = anim::normalize_features(db, raw, features); !r) return fail(r.error);
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(db);
  anim::MotionMatchingQuery query;
  query.features = features;
  query.range_enabled = enabled;
  query.runner_up = true;
  anim::MotionMatchingMatch match;
  if (const anim::JobResult r = anim::search(db, bounds, query, match); !r) return fail(r.error);
  if (match.frame < 0) return fail("every clip is excluded");
  json out{{"best", describe(file, features, match.frame, match.cost)}};
  out["runner_up"] = match.runner_up_frame >= 0
                         ? describe(file, features, match.runner_up_frame, match.runner_up_cost)
                         : json();
  print_matches(out, args.json_output);
  return 0;
}

}  // namespace

void add_mm_build_command(CLI::App& cli, int& exit_code) {
  auto args = std::make_shared<BuildArgs>();
  CLI::App* cmd = cli.add_subcommand("mm-build", "Build a motion-matching database of the clips");
  cmd->add_option("file", args->file, "Character file (default: the built-in demo)");
  cmd->add_option("--anim-file", args->anim_files, "Clip files bound to the character by name");
  cmd->add_option("--exclude", args->exclude, "Leave out the clip of this name");
  cmd->add_option("--include", args->include,
                  "Take the clip of this name, though the character does not stand in it");
  cmd->add_flag("--all-clips", args->all_clips,
                "Take every clip (by default those the character stands in)");
  cmd->add_flag("--mirror", args->mirror, "Add a mirrored copy of every clip");
  cmd->add_option("--out", args->out, "The database file to write (JSON)")->required();
  cmd->add_flag("--json", args->json_output, "Print the summary as JSON");
  cmd->callback([args, &exit_code] { exit_code = run_build(*args); });
}

void add_mm_query_command(CLI::App& cli, int& exit_code) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd =
      cli.add_subcommand("mm-query", "Find the best frame of a motion-matching database");
  cmd->add_option("db", args->db, "The database file (from mm-build)")->required();
  cmd->add_option("--query", args->query, "JSON file: {\"features\": [27 numbers]}")->required();
  cmd->add_flag("--json", args->json_output, "Print JSON");
  cmd->callback([args, &exit_code] { exit_code = run_query(*args); });
}

}  // namespace app
