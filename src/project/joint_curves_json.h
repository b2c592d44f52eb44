#pragma once
// The JSON of a joint's curves, shared by `animview curves --json` and the viewer's joint
// inspector (Copy JSON), so a script and a user read the same fields:
// {"joint", "euler_order", "metres_per_file_unit", "frames": [{"time", "translation",
//  "rotation_quat": [x,y,z,w], "rotation_euler_deg": [x,y,z], "scale", "model_translation",
//  "linear_speed", "angular_speed_deg"}], "pops": [{"time", "frame", "acceleration"}]}.
// Lengths in the viewer's model units (metres), speeds per second.

#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/joint_motion.h"
#include "anim/motion_pops.h"

namespace project {

// One frame's fields.
nlohmann::json joint_motion_frame_to_json(const anim::JointMotionFrame& frame);

// The whole document; metres_per_file_unit is what the importer scaled the file's units by.
nlohmann::json joint_curves_to_json(const std::string& joint, anim::EulerOrder order,
                                    float metres_per_file_unit,
                                    std::span<const anim::JointMotionFrame> frames,
                                    std::span<const anim::Pop> pops);

}  // namespace project
