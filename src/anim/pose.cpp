#include "anim/pose.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "anim/fast_math.h"

namespace anim {

JobResult local_to_model(const Skeleton& skeleton, std::span<const Transform> local,
                         std::span<glm::mat4> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints) {
    return JobResult::fail("local_to_model: local pose is not the skeleton's joint count");
  }
  if (model.size() != joints) {
    return JobResult::fail("local_to_model: model output is not the skeleton's joint count");
  }
  // Two passes: the local matrices are independent of each other and pipeline well; only the
  // products must follow the hierarchy.
  for (std::size_t j = 0; j < joints; ++j) model[j] = fast::to_matrix(local[j]);
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent >= 0)
      model[j] = fast::affine_product(model[static_cast<std::size_t>(parent)], model[j]);
  }
  return JobResult::ok();
}

static_assert(sizeof(Transform) == 10 * sizeof(float) && std::is_standard_layout_v<Transform>);

namespace {

// acc += t weighted: translation and scale by w, rotation by wr. A Transform is ten floats
// (translation, rotation, scale); with SSE they are two 4-wide multiply-adds and two scalar ones.
inline void accumulate(const Transform& t, float w, float wr, Transform& acc) {
  const float* src = &t.translation.x;
  float* dst = &acc.translation.x;
#if defined(__SSE2__)
  const __m128 w0 = _mm_set_ps(wr, w, w, w);    // tx ty tz qx
  const __m128 w1 = _mm_set_ps(w, wr, wr, wr);  // qy qz qw sx
  _mm_storeu_ps(dst, _mm_add_ps(_mm_loadu_ps(dst), _mm_mul_ps(_mm_loadu_ps(src), w0)));
  _mm_storeu_ps(dst + 4, _mm_add_ps(_mm_loadu_ps(dst + 4), _mm_mul_ps(_mm_loadu_ps(src + 4), w1)));
  dst[8] += src[8] * w;
  dst[9] += src[9] * w;
#else
  const float weights[10] = {w, w, w, wr, wr, wr, wr, w, w, w};
  for (int k = 0; k < 10; ++k) dst[k] += src[k] * weights[k];
#endif
}

// blend_poses without masks: one total weight for every joint, folded into the layer weights, so
// the first layer is a plain scaled copy and the last pass only normalizes rotations.
void blend_unmasked(std::span<const BlendLayer> layers, std::span<const Transform> fallback,
                    std::span<Transform> out) {
  float total = 0.0f;
  for (const BlendLayer& layer : layers) total += layer.weight;
  if (total < kBlendWeightEpsilon) {
    std::copy(fallback.begin(), fallback.end(), out.begin());
    return;
  }
  const float inv_total = 1.0f / total;
  const std::size_t floats = out.size() * 10;
  const float w0 = layers[0].weight * inv_total;
  const float* __restrict first = &layers[0].pose[0].translation.x;
  float* __restrict acc = &out[0].translation.x;
  for (std::size_t i = 0; i < floats; ++i) acc[i] = first[i] * w0;
  for (const BlendLayer& layer : layers.subspan(1)) {
    const float w = layer.weight * inv_total;
    for (std::size_t j = 0; j < out.size(); ++j) {
      const Transform& t = layer.pose[j];
      accumulate(t, w, std::copysign(w, glm::dot(out[j].rotation, t.rotation)), out[j]);
    }
  }
  for (Transform& t : out) t.rotation = fast::normalize(t.rotation);
}

}  // namespace

JobResult blend_poses(std::span<const BlendLayer> layers, std::span<const Transform> fallback,
                      std::span<Transform> out) {
  const std::size_t joints = out.size();
  if (fallback.size() != joints) {
    return JobResult::fail("blend_poses: the fallback pose is not the output's size");
  }
  for (const BlendLayer& layer : layers) {
    if (layer.pose.size() != joints) {
      return JobResult::fail("blend_poses: a layer's pose is not the output's size");
    }
    if (!layer.joint_weights.empty() && layer.joint_weights.size() != joints) {
      return JobResult::fail("blend_poses: a layer's joint weights are not the output's size");
    }
    if (!std::isfinite(layer.weight) || layer.weight < 0.0f) {
      return JobResult::fail("blend_poses: a layer weight is negative or not finite");
    }
  }
  const bool masked = std::any_of(layers.begin(), layers.end(),
                                  [](const BlendLayer& l) { return !l.joint_weights.empty(); });
  if (!masked && !layers.empty()) {
    blend_unmasked(layers, fallback, out);
    return JobResult::ok();
  }
  // Layer by layer, accumulating into out: each pass is a loop over joints with independent
  // iterations, which pipelines far better than a loop over layers inside each joint (where
  // every hemisphere test waits for the previous layer's sum).
  const auto effective_weight = [](const BlendLayer& layer, std::size_t j) {
    return layer.joint_weights.empty() ? layer.weight : layer.weight * layer.joint_weights[j];
  };
  for (std::size_t j = 0; j < joints; ++j) {
    out[j].translation = glm::vec3(0.0f);
    out[j].rotation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
    out[j].scale = glm::vec3(0.0f);
  }
  for (const BlendLayer& layer : layers) {
    for (std::size_t j = 0; j < joints; ++j) {
      const float w = effective_weight(layer, j);
      const Transform& t = layer.pose[j];
      // q and -q are one rotation: each joins the hemisphere of the sum so far, or they would
      // cancel out. copysign keeps this branch-free; the first one's sign does not matter.
      const float wr = std::copysign(w, glm::dot(out[j].rotation, t.rotation));
      accumulate(t, w, wr, out[j]);
    }
  }
  for (std::size_t j = 0; j < joints; ++j) {
    float total = 0.0f;
    for (const BlendLayer& layer : layers) total += effective_weight(layer, j);
    if (total < kBlendWeightEpsilon) {
      out[j] = fallback[j];
      continue;
    }
    const float inv_total = 1.0f / total;
    out[j].translation *= inv_total;
    out[j].scale *= inv_total;
    out[j].rotation = fast::normalize(out[j].rotation);
  }
  return JobResult::ok();
}

JobResult make_additive_delta(std::span<const Transform> reference,
                              std::span<const Transform> source, std::span<Transform> out_delta) {
  if (reference.size() != source.size() || out_delta.size() != source.size()) {
    return JobResult::fail("make_additive_delta: reference, source and delta differ in size");
  }
  for (std::size_t j = 0; j < source.size(); ++j) {
    out_delta[j] = compose(inverse(reference[j]), source[j]);
  }
  return JobResult::ok();
}

JobResult apply_additive(std::span<const Transform> base, std::span<const Transform> delta,
                         float weight, std::span<const float> joint_weights,
                         std::span<Transform> out) {
  if (delta.size() != base.size() || out.size() != base.size()) {
    return JobResult::fail("apply_additive: base, delta and output differ in size");
  }
  if (!joint_weights.empty() && joint_weights.size() != base.size()) {
    return JobResult::fail("apply_additive: joint weights are not the pose's size");
  }
  if (!std::isfinite(weight)) return JobResult::fail("apply_additive: weight is not finite");
  const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t j = 0; j < base.size(); ++j) {
    const float w = joint_weights.empty() ? weight : weight * joint_weights[j];
    Transform partial;
    partial.translation = delta[j].translation * w;
    partial.rotation = nlerp(identity, delta[j].rotation, w);
    partial.scale = glm::mix(glm::vec3(1.0f), delta[j].scale, w);
    out[j] = compose(base[j], partial);
  }
  return JobResult::ok();
}

}  // namespace anim
