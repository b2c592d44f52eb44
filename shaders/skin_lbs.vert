#version 450 core
// Linear blend skinning with a matrix palette (model * inverse bind per joint), read from a
// shader storage buffer so the joint count has no practical limit. Up to 8 influences: the
// second set (glTF's JOINTS_1/WEIGHTS_1) when u_second_influence_set is true.
// Matches anim::skin_vertices_lbs: a vertex whose weights are all zero keeps its bind position.
// Also compiled for transform feedback capture (outputs v_world_position and v_normal with
// u_model = identity), and with DIFFERENCE_VIEW, which colours by the distance to the other
// method's skinned position of the same vertex.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_joints0;
layout(location = 4) in vec4 a_weights0;
layout(location = 5) in uvec4 a_joints1;
layout(location = 6) in vec4 a_weights1;
#ifdef DIFFERENCE_VIEW
// The other method's skinning of the same draw as transform feedback captured it: position and
// normal (6 floats) per vertex, instance-major.
layout(std430, binding = 3) readonly buffer ReferenceSkinning { float reference[]; };
uniform int u_vertex_count;

vec3 reference_position() {
  const uint i = uint(gl_InstanceID * u_vertex_count + gl_VertexID) * 6u;
  return vec3(reference[i], reference[i + 1u], reference[i + 2u]);
}
#endif

layout(std430, binding = 0) readonly buffer MatrixPalette { mat4 palette[]; };

uniform mat4 u_model;
uniform mat4 u_normal_matrix;  // inverse transpose of u_model (its 3x3 part is used)
uniform mat4 u_view_projection;
uniform int u_joints_per_instance;
uniform bool u_second_influence_set;

out vec3 v_world_position;
out vec3 v_normal;
out vec2 v_uv;
flat out int v_influence_count;
out float v_reference_distance;  // metres between this and the reference skinning

// The cofactor matrix: det(m) * inverse(transpose(m)), from three cross products. Normals need
// only its direction (times the sign of det for mirrored joints), so the division of a full
// inverse per vertex is saved.
mat3 cofactor(mat3 m) { return mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1])); }

// The direction of inverse(transpose(m)) * n, normalized: how m (with any scale) maps normals.
vec3 transform_normal(mat3 m, vec3 n) {
  return normalize(cofactor(m) * n) * sign(determinant(m));
}

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

  const vec3 skinned = (blended * vec4(a_position, 1.0)).xyz;
  // Normals take the inverse transpose, exact where joints carry (non-uniform) scale.
  const vec3 normal = transform_normal(mat3(blended), a_normal);

  const vec4 world = u_model * vec4(skinned, 1.0);
  v_world_position = world.xyz;
  v_normal = normalize(mat3(u_normal_matrix) * normal);
  v_uv = a_uv;
  v_influence_count = influences;
#ifdef DIFFERENCE_VIEW
  v_reference_distance = distance(skinned, reference_position());
#else
  v_reference_distance = 0.0;
#endif
  gl_Position = u_view_projection * world;
}
