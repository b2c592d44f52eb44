#pragma once
// `animview render`'s pictures, for the import tests that check what a file draws.

#include <filesystem>
#include <string>
#include <vector>

namespace test {

// `animview render`'s picture of file with options (shell-quoted where needed: a clip, a time,
// --no-ground), 320 x 240, as RGB rows; empty when it cannot be rendered (a failed run also
// fails the test). dir holds the picture and the run's stderr.
std::vector<unsigned char> rendered_picture(const std::filesystem::path& file,
                                            const std::string& options,
                                            const std::filesystem::path& dir);

inline constexpr int kRenderedWidth = 320;
inline constexpr int kRenderedHeight = 240;

// Whether pictures can be rendered here: the executable is built (the sanitizer build has none)
// and a display is there to draw on (CI runs the suites under Xvfb).
bool can_render();

}  // namespace test
