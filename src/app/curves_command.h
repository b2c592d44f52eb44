#pragma once
// `animview curves FILE --clip C --joint J [frame options of pose] [--from T0 --to T1 --fps F]
// [--euler-order XYZ] [--filter butterworth:6Hz[:ORDER] | gaussian:SIGMA_S] [--json]`: one
// joint's channels over a clip, frame by frame (local translation, rotation as a quaternion and
// as unwrapped Euler angles, scale, model-space position, linear and angular speed) and the
// frames where its position pops; the format is project/joint_curves_json.h.

#include <CLI/CLI.hpp>

namespace app {

// Registers the `curves` subcommand on app; its callback sets exit_code: 0 on success, 1 when a
// file cannot be read or names no such clip or joint, 2 for a bad option value.
void add_curves_command(CLI::App& app, int& exit_code);

}  // namespace app
