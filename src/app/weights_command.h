#pragma once
// `animview weights`: blend-space weights at a point, for users' scripts and for checks.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

namespace CLI {
class App;
}

namespace app {

// Registers `weights --mode MODE --samples "x,y;x,y;..." --at x,y [--json]` on cli. MODE is 1d
// (samples and --at are single numbers), simple-directional, freeform-directional,
// freeform-cartesian or delaunay. When the subcommand runs it prints one weight per sample in
// the given order, one per line (or `{"weights": [...]}` with --json), and sets exit_code to 0;
// on bad arguments (no samples, a malformed number, an unknown mode, samples the mode cannot
// blend) it prints the cause on stderr and sets exit_code to 2.
void add_weights_command(CLI::App& cli, int& exit_code);

// Parses a list of points separated by ';', each `dimensions` numbers separated by ','.
// Returns the points (unused coordinates are 0), or nothing with error set to the cause, naming
// the item by the noun given and its 1-based index (e.g. "sample 2 '1,x': 'x' is not a number").
std::optional<std::vector<glm::vec2>> parse_points(std::string_view text, int dimensions,
                                                   std::string_view item, std::string& error);

}  // namespace app
