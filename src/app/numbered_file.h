#pragma once
// Files the viewer writes into the working folder without asking for a name (File > Export
// transition record, File > Record inputs): the first free numbered name.

#include <string>

namespace app {

// stem + "_NNN.json" (NNN from 001) for the first such file that does not exist yet.
std::string next_numbered_path(const std::string& stem);

}  // namespace app
