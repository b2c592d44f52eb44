#version 450 core
// Linear blend skinning with a matrix palette (model * inverse bind per joint), read from a
// shader storage buffer so the joint count has no practical limit. Up to 8 influences: the
// second set (glTF's JOINTS_1/WEIGHTS_1) when u_second_influence_set is true.
// Matches anim::morph_vertices then anim::skin_vertices_lbs: a vertex whose weights are all zero keeps its bind position.
// Also compiled for transform feedback capture (outputs v_world_position and v_normal with
// u_model = identity), and with DIFFERENCE_VIEW, which colours by the distance to the other
// method's skinned position of the same vertex.

#include "skin_common.glsl"

layout(std430, binding = 0) readonly buffer MatrixPalette { mat4 palette[]; };

void main() {
  const uint base = uint(gl_InstanceID * u_joints_per_instance);
  mat4 blended = mat4(0.0);
  float total = 0.0;
  int influences = 0;
  for (int set = 0; set < (u_second_influence_set ? 2 : 1); ++set) {
    const uvec4 joints = set == 0 ? a_joints0 : a_joints1;
    const vec4 weights = set == 0 ? a_weights0 : a_weights1;
    for (int i = 0; i < 4; ++i) {
      if (weights[i] == 0.0) continue;
      blended += palette[base + joints[i]] * weights[i];
      total += weights[i];
      ++influences;
    }
  }
  if (total == 0.0) blended = mat4(1.0);

  const MorphedVertex v = morphed_vertex();
  const vec3 skinned = (blended * vec4(v.position, 1.0)).xyz;
  // Normals take the inverse transpose, exact where joints carry (non-uniform) scale.
  const vec3 normal = transform_normal(mat3(blended), v.normal);

  write_outputs(skinned, normal, mat3(blended) * v.tangent, influences);
}
