#include "project/joint_curves_json.h"

namespace project {
namespace {

nlohmann::json vec3(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}

}  // namespace

nlohmann::json joint_motion_frame_to_json(const anim::JointMotionFrame& frame) {
  const glm::quat& q = frame.local.rotation;
  return {{"time", frame.time_s},
          {"translation", vec3(frame.local.translation)},
          {"rotation_quat", {q.x, q.y, q.z, q.w}},
          {"rotation_euler_deg", vec3(frame.euler_deg)},
          {"scale", vec3(frame.local.scale)},
          {"model_translation", vec3(frame.model_translation)},
          {"linear_speed", frame.linear_speed},
          {"linear_acceleration", frame.linear_acceleration},
          {"angular_speed_deg", frame.angular_speed_deg}};
}

nlohmann::json joint_curves_to_json(const std::string& joint, anim::EulerOrder order,
                                    float metres_per_file_unit,
                                    std::span<const anim::JointMotionFrame> frames,
                                    std::span<const anim::Pop> pops) {
  nlohmann::json out{{"joint", joint},
                     {"euler_order", anim::euler_order_name(order)},
                     {"metres_per_file_unit", metres_per_file_unit},
                     {"frames", nlohmann::json::array()},
                     {"pops", nlohmann::json::array()}};
  for (const anim::JointMotionFrame& frame : frames) {
    out["frames"].push_back(joint_motion_frame_to_json(frame));
  }
  for (const anim::Pop& pop : pops) {
    out["pops"].push_back(
        {{"time", pop.time_s}, {"frame", pop.frame}, {"acceleration", pop.acceleration}});
  }
  return out;
}

}  // namespace project
