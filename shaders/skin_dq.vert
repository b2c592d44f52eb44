#version 450 core
// Dual-quaternion skinning (Kavan et al. 2007), matching anim::skin_vertices_dq:
//  1. the stretch parts (scale and shear that a rigid dual quaternion cannot hold) of the
//     influences are blended linearly and applied to the bind vertex first;
//  2. the dual quaternions are summed with each one flipped into the hemisphere of the first
//     influence, normalized, and applied as a rigid transform to position and normal.
// Attributes, outputs and variants (capture, DIFFERENCE_VIEW) are skin_lbs.vert's, from
// skin_common.glsl.

#include "skin_common.glsl"

// Per joint: the rotation quaternion (x, y, z, w), then the dual part.
layout(std430, binding = 1) readonly buffer DualQuatPalette { vec4 dual_quats[]; };
// Per joint: the 3x3 stretch matrix, 9 floats, column-major.
layout(std430, binding = 2) readonly buffer StretchPalette { float stretch[]; };

uniform bool u_apply_stretch;  // false when every joint is rigid: the stretch buffer is stale

mat3 stretch_of(uint joint) {
  const uint s = joint * 9u;
  return mat3(stretch[s], stretch[s + 1u], stretch[s + 2u], stretch[s + 3u], stretch[s + 4u],
              stretch[s + 5u], stretch[s + 6u], stretch[s + 7u], stretch[s + 8u]);
}

// Rotates v by the unit quaternion q.
vec3 rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }

void main() {
  const uint base = uint(gl_InstanceID * u_joints_per_instance);
  vec4 real = vec4(0.0);
  vec4 dual = vec4(0.0);
  vec4 pivot = vec4(0.0);
  mat3 blended_stretch = mat3(0.0);
  float total = 0.0;
  int influences = 0;
  for (int set = 0; set < (u_second_influence_set ? 2 : 1); ++set) {
    const uvec4 joints = set == 0 ? a_joints0 : a_joints1;
    const vec4 weights = set == 0 ? a_weights0 : a_weights1;
    for (int i = 0; i < 4; ++i) {
      if (weights[i] == 0.0) continue;
      const uint joint = base + joints[i];
      const vec4 r = dual_quats[2u * joint];
      if (influences == 0) pivot = r;
      // q and -q are the same rotation; summing them unaligned would cancel.
      const float w = dot(pivot, r) < 0.0 ? -weights[i] : weights[i];
      real += r * w;
      dual += dual_quats[2u * joint + 1u] * w;
      if (u_apply_stretch) blended_stretch += stretch_of(joint) * weights[i];
      total += weights[i];
      ++influences;
    }
  }

  const MorphedVertex v = morphed_vertex();
  vec3 skinned = v.position;
  vec3 normal = normalize(v.normal);
  vec3 tangent = v.tangent;
  const float length_real = length(real);
  if (total != 0.0 && length_real > 0.0) {
    real /= length_real;
    dual /= length_real;
    const mat3 s = u_apply_stretch ? blended_stretch / total : mat3(1.0);
    // Translation of a unit dual quaternion: the vector part of 2 * dual * conjugate(real).
    const vec3 translation =
        2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    skinned = rotate(real, s * v.position) + translation;
    normal = rotate(real, transform_normal(s, v.normal));
    tangent = rotate(real, s * v.tangent);
  }

  write_outputs(skinned, normal, tangent, influences);
}
