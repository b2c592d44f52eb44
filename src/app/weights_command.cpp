#include "app/weights_command.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>

#include "anim/blend_space_1d.h"
#include "anim/blend_space_2d.h"
#include "anim/blend_space_player.h"
#include "app/subcommand.h"

namespace app {
namespace {

struct WeightsArguments {
  std::string mode;
  std::string samples;
  std::string at;
  bool json = false;
  bool as_played = false;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The whole of text as a finite number, or nothing.
std::optional<float> parse_number(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  float value = 0.0f;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

void print_weights(const std::vector<float>& weights, bool json) {
  if (json) {
    std::printf("{\"weights\": [");
    for (std::size_t i = 0; i < weights.size(); ++i) {
      std::printf("%s%.6f", i == 0 ? "" : ", ", static_cast<double>(weights[i]));
    }
    std::printf("]}\n");
  } else {
    for (float w : weights) std::printf("%.6f\n", static_cast<double>(w));
  }
}

int fail(const std::string& message) {
  std::fprintf(stderr, "animview weights: %s\n", message.c_str());
  return 2;
}

int run_weights(const WeightsArguments& args) {
  if (args.mode.empty()) return fail("--mode: no mode given");
  const bool one_d = args.mode == "1d";
  const std::optional<anim::BlendMode2D> mode = anim::parse_blend_mode_2d(args.mode);
  if (!one_d && !mode) {
    return fail("--mode: unknown mode '" + args.mode +
                "' (expected 1d, simple-directional, freeform-directional, freeform-cartesian "
                "or delaunay)");
  }
  const int dimensions = one_d ? 1 : 2;
  if (trim(args.samples).empty()) return fail("--samples: no samples given");
  std::string error;
  const auto samples = parse_points(args.samples, dimensions, "sample", error);
  if (!samples) return fail("--samples: " + error);
  if (args.at.empty()) return fail("--at: no point given");
  const auto at = parse_points(args.at, dimensions, "point", error);
  if (!at || at->size() != 1) {
    return fail("--at: " + (at ? std::string("expected one point, not a list") : error));
  }

  std::vector<float> weights(samples->size());
  if (one_d) {
    std::vector<float> thresholds;
    for (const glm::vec2& s : *samples) thresholds.push_back(s.x);
    if (error = anim::validate_thresholds_1d(thresholds); !error.empty()) {
      return fail("--samples: " + error);
    }
    anim::blend_weights_1d(thresholds, at->front().x, weights);
  } else {
    anim::PreparedBlendSpace2D space;
    if (error = anim::prepare_blend_space_2d(*mode, *samples, space); !error.empty()) {
      return fail("--samples: " + error);
    }
    anim::blend_weights_2d(space, at->front(), weights);
  }
  // What the player samples: negligible weights dropped and the rest renormalized.
  if (args.as_played) {
    anim::drop_negligible_weights(anim::BlendSpacePlayerSettings{}.negligible_weight, weights);
  }
  print_weights(weights, args.json);
  return 0;
}

}  // namespace

std::optional<std::vector<glm::vec2>> parse_points(std::string_view text, int dimensions,
                                                   std::string_view item, std::string& error) {
  std::vector<glm::vec2> points;
  const std::vector<std::string_view> items = split(text, ';');
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item_name =
        std::string(item) + " " + std::to_string(i + 1) + " '" + std::string(items[i]) + "'";
    const std::vector<std::string_view> numbers = split(items[i], ',');
    if (static_cast<int>(numbers.size()) != dimensions) {
      error =
          item_name + (dimensions == 1 ? " should be one number" : " should be two numbers x,y");
      return std::nullopt;
    }
    glm::vec2 point{0.0f};
    for (int d = 0; d < dimensions; ++d) {
      const std::optional<float> value = parse_number(numbers[d]);
      if (!value) {
        error = item_name + ": '" + std::string(trim(numbers[d])) + "' is not a number";
        return std::nullopt;
      }
      point[d] = *value;
    }
    points.push_back(point);
  }
  return points;
}

void add_weights_command(CLI::App& cli, int& exit_code) {
  const auto [command, args] = add_subcommand(
      cli, "weights", "Print blend-space weights at a point, one per sample in the given order",
      exit_code, run_weights);
  command->add_option("--mode", args->mode,
                      "1d, simple-directional, freeform-directional, freeform-cartesian or "
                      "delaunay");
  command->add_option("--samples", args->samples,
                      "Sample positions: \"x,y;x,y;...\" (1d: \"x;x;...\")");
  command->add_option("--at", args->at, "The point: x,y (1d: x)");
  command->add_flag("--json", args->json, "Print {\"weights\": [...]}");
  command->add_flag("--as-played", args->as_played,
                    "Print the weights the player uses: those under its negligible weight "
                    "dropped and the rest renormalized");
}

}  // namespace app
