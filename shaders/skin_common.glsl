// What both skinning vertex shaders (skin_lbs.vert, skin_dq.vert) share: the vertex
// attributes, the uniforms and outputs, the DIFFERENCE_VIEW reference, normals under any
// joint matrix, and the last step of main. Included by them (ShaderProgram expands #include).

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_joints0;
layout(location = 4) in vec4 a_weights0;
layout(location = 5) in uvec4 a_joints1;
layout(location = 6) in vec4 a_weights1;
layout(location = 7) in vec4 a_tangent;  // xyz and handedness; present with UVs
layout(location = 8) in vec4 a_color;    // linear RGBA vertex colour, when the mesh has one
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

// Morph targets (blend shapes), applied to the bind-pose vertex before skinning as
// anim::morph_vertices does: the mesh's deltas (9 floats per target and vertex: position,
// normal and tangent offsets, target-major; render::GpuMesh) and the active targets only, those
// of non-zero weight (SkinnedMeshRenderer::prepare), so that shapes at rest cost nothing.
#define MAX_ACTIVE_MORPH_TARGETS 64
layout(std430, binding = 4) readonly buffer MorphDeltas { float morph_deltas[]; };
uniform int u_morph_count;
uniform int u_morph_vertex_count;  // the mesh's: the stride between two targets' deltas
uniform int u_morph_target[MAX_ACTIVE_MORPH_TARGETS];
uniform float u_morph_weight[MAX_ACTIVE_MORPH_TARGETS];
// Instanced draws whose copies play their own shapes (a crowd): each instance's active targets
// and weights, indexed by gl_InstanceID, replace the uniforms above (render::InstanceMorphBuffer).
struct InstanceMorphs {
  int count;
  int target[MAX_ACTIVE_MORPH_TARGETS];
  float weight[MAX_ACTIVE_MORPH_TARGETS];
};
layout(std430, binding = 5) readonly buffer InstanceMorphTargets {
  InstanceMorphs instance_morphs[];
};
uniform bool u_morph_per_instance;

struct MorphedVertex {
  vec3 position;
  vec3 normal;
  vec3 tangent;
};

// The vertex with its active targets added (normal and tangent normalized again).
MorphedVertex morphed_vertex() {
  MorphedVertex v = MorphedVertex(a_position, a_normal, a_tangent.xyz);
  const int count = u_morph_per_instance ? instance_morphs[gl_InstanceID].count : u_morph_count;
  if (count == 0) return v;
  for (int i = 0; i < count; ++i) {
    const int target =
        u_morph_per_instance ? instance_morphs[gl_InstanceID].target[i] : u_morph_target[i];
    const float w =
        u_morph_per_instance ? instance_morphs[gl_InstanceID].weight[i] : u_morph_weight[i];
    const uint at = (uint(target) * uint(u_morph_vertex_count) + uint(gl_VertexID)) * 9u;
    v.position += w * vec3(morph_deltas[at], morph_deltas[at + 1u], morph_deltas[at + 2u]);
    v.normal += w * vec3(morph_deltas[at + 3u], morph_deltas[at + 4u], morph_deltas[at + 5u]);
    v.tangent += w * vec3(morph_deltas[at + 6u], morph_deltas[at + 7u], morph_deltas[at + 8u]);
  }
  if (dot(v.normal, v.normal) > 0.0) v.normal = normalize(v.normal);
  else v.normal = a_normal;
  if (dot(v.tangent, v.tangent) > 0.0) v.tangent = normalize(v.tangent);
  else v.tangent = a_tangent.xyz;
  return v;
}

uniform mat4 u_model;
uniform mat4 u_normal_matrix;  // inverse transpose of u_model (its 3x3 part is used)
uniform mat4 u_view_projection;
uniform int u_joints_per_instance;
uniform bool u_second_influence_set;

out vec3 v_world_position;
out vec3 v_normal;
out vec2 v_uv;
out vec4 v_tangent;  // world space, handedness in w
out vec4 v_color;
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

// The end of main for either method: the skinned model-space position, normal and tangent
// into the world, and the outputs. Tangents lie in the surface, so they move like positions.
void write_outputs(vec3 skinned, vec3 normal, vec3 tangent, int influences) {
  const vec4 world = u_model * vec4(skinned, 1.0);
  v_world_position = world.xyz;
  v_normal = normalize(mat3(u_normal_matrix) * normal);
  v_tangent = vec4(mat3(u_model) * tangent, a_tangent.w);
  v_color = a_color;
  v_uv = a_uv;
  v_influence_count = influences;
#ifdef DIFFERENCE_VIEW
  v_reference_distance = distance(skinned, reference_position());
#else
  v_reference_distance = 0.0;
#endif
  gl_Position = u_view_projection * world;
}
