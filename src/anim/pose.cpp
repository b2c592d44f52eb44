#include "anim/pose.h"
#include "anim/pose_range.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "anim/fast_math.h"
#include "anim/index.h"
#include "anim/soa_transform.h"

namespace anim {

#if defined(__SSE2__)
namespace {

// Joint kLane of four whose local matrices are given as structure-of-arrays registers (local[c][r]:
// row r of column c, one lane per joint): its model matrix, the product with its parent's, each
// factor broadcast straight from its lane (no transpose first), or for a root its local matrix.
// previous holds the columns of the joint before (model[joint - 1]) and then of this one: most
// joints follow their parent (a chain: spine, limb, finger), whose matrix is then taken from
// registers rather than read back from the store just made, which would put the store's
// forwarding latency on every link of the chain.
template <int kLane>
inline void model_matrix_lane(std::span<const int> parents, std::size_t joint,
                              const __m128 (&local)[4][4], std::span<glm::mat4> model,
                              __m128 (&previous)[4]) {
  glm::mat4& out = model[joint];
  const int parent = parents[joint];
  if (parent < 0) {
    for (int c = 0; c < 4; ++c) {
      float column[4];
      for (int r = 0; r < 4; ++r) column[r] = _mm_cvtss_f32(fast::broadcast<kLane>(local[c][r]));
      previous[c] = _mm_setr_ps(column[0], column[1], column[2], column[3]);
      _mm_storeu_ps(&out[c].x, previous[c]);
    }
    return;
  }
  __m128 a[4];
  if (as_size(parent) + 1 == joint) {
    for (int c = 0; c < 4; ++c) a[c] = previous[c];
  } else {
    const glm::mat4& p = nth(model, parent);
    for (int c = 0; c < 4; ++c) a[c] = _mm_loadu_ps(&p[c].x);
  }
  // fast::affine_product's sums, in its order (the same bits), with a's columns at hand.
  for (int c = 0; c < 4; ++c) {
    __m128 column = _mm_add_ps(_mm_add_ps(_mm_mul_ps(a[0], fast::broadcast<kLane>(local[c][0])),
                                          _mm_mul_ps(a[1], fast::broadcast<kLane>(local[c][1]))),
                               _mm_mul_ps(a[2], fast::broadcast<kLane>(local[c][2])));
    if (c == 3) column = _mm_add_ps(column, a[3]);
    previous[c] = column;
    _mm_storeu_ps(&out[c].x, column);
  }
}

// Joints j to j + 3: their local matrices (fast::to_matrix) computed together from their SQT in
// registers, then each multiplied by its parent's model matrix (already written: parents precede
// children, also within the four) and stored. previous: as model_matrix_lane.
[[gnu::always_inline]] inline void model_matrices4(std::span<const int> parents,
                                                   std::span<const Transform> local, std::size_t j,
                                                   std::span<glm::mat4> model,
                                                   __m128 (&previous)[4]) {
  const simd::SoaTransform4 t = simd::load4(&local[j]);
  const __m128 qx = t.qx, qy = t.qy, qz = t.qz, qw = t.qw, sx = t.sx, sy = t.sy, sz = t.sz;
  const __m128 one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f);
  const __m128 xx = _mm_mul_ps(qx, qx), yy = _mm_mul_ps(qy, qy), zz = _mm_mul_ps(qz, qz);
  const __m128 xy = _mm_mul_ps(qx, qy), xz = _mm_mul_ps(qx, qz), yz = _mm_mul_ps(qy, qz);
  const __m128 wx = _mm_mul_ps(qw, qx), wy = _mm_mul_ps(qw, qy), wz = _mm_mul_ps(qw, qz);
  const auto diagonal = [&](__m128 a, __m128 b, __m128 s) {
    return _mm_mul_ps(_mm_sub_ps(one, _mm_mul_ps(two, _mm_add_ps(a, b))), s);
  };
  const auto twice_sum = [&](__m128 a, __m128 b, __m128 s) {
    return _mm_mul_ps(_mm_mul_ps(two, _mm_add_ps(a, b)), s);
  };
  const auto twice_difference = [&](__m128 a, __m128 b, __m128 s) {
    return _mm_mul_ps(_mm_mul_ps(two, _mm_sub_ps(a, b)), s);
  };
  const __m128 zero = _mm_setzero_ps();
  const __m128 columns[4][4] = {
      {diagonal(yy, zz, sx), twice_sum(xy, wz, sx), twice_difference(xz, wy, sx), zero},
      {twice_difference(xy, wz, sy), diagonal(xx, zz, sy), twice_sum(yz, wx, sy), zero},
      {twice_sum(xz, wy, sz), twice_difference(yz, wx, sz), diagonal(xx, yy, sz), zero},
      {t.tx, t.ty, t.tz, one}};
  model_matrix_lane<0>(parents, j, columns, model, previous);
  model_matrix_lane<1>(parents, j + 1, columns, model, previous);
  model_matrix_lane<2>(parents, j + 2, columns, model, previous);
  model_matrix_lane<3>(parents, j + 3, columns, model, previous);
}

}  // namespace
#endif

namespace {

// model[j] from its local transform and its parent's model matrix.
inline void model_of_joint(const Skeleton& skeleton, std::span<const Transform> local,
                           std::size_t j, std::span<glm::mat4> model) {
  const int parent = skeleton.parents[j];
  const glm::mat4 m = fast::to_matrix(local[j]);
  model[j] = parent >= 0 ? fast::affine_product(nth(model, parent), m) : m;
}

// model[j] for the joints j in [begin, end), four at a time, in index order.
void model_of_range(const Skeleton& skeleton, std::span<const Transform> local, std::size_t begin,
                    std::size_t end, std::span<glm::mat4> model) {
  std::size_t j = begin;
#if defined(__SSE2__)
  // The joint before the range, current by the callers' contract where it is a parent.
  __m128 previous[4] = {};
  if (begin > 0 && begin + 4 <= end) {
    for (int c = 0; c < 4; ++c) previous[c] = _mm_loadu_ps(&model[begin - 1][c].x);
  }
  for (; j + 4 <= end; j += 4) model_matrices4(skeleton.parents, local, j, model, previous);
#endif
  for (; j < end; ++j) model_of_joint(skeleton, local, j, model);
}

}  // namespace

JobResult local_to_model(const Skeleton& skeleton, std::span<const Transform> local,
                         std::span<glm::mat4> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints) {
    return JobResult::fail("local_to_model: local pose is not the skeleton's joint count");
  }
  if (model.size() != joints) {
    return JobResult::fail("local_to_model: model output is not the skeleton's joint count");
  }
  model_of_range(skeleton, local, 0, joints, model);
  return JobResult::ok();
}

JobResult local_to_model_below(const Skeleton& skeleton, std::span<const Transform> local,
                               int joint, std::span<glm::mat4> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints || model.size() != joints) {
    return JobResult::fail("local_to_model_below: a pose is not the skeleton's joint count");
  }
  if (joint < 0 || as_size(joint) >= joints) {
    return JobResult::fail("local_to_model_below: the joint is not in the skeleton");
  }
  // Each run of consecutive joints as local_to_model does it (a subtree is mostly such runs: a
  // leg, an arm, a spine; often one).
  for_each_run_in_subtree(skeleton, joint, [&](std::size_t begin, std::size_t end) {
    model_of_range(skeleton, local, begin, end, model);
  });
  return JobResult::ok();
}

JobResult local_to_model_range(const Skeleton& skeleton, std::span<const Transform> local,
                               int begin, int end, std::span<glm::mat4> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints || model.size() != joints) {
    return JobResult::fail("local_to_model_range: a pose is not the skeleton's joint count");
  }
  if (begin < 0 || end < begin || as_size(end) > joints) {
    return JobResult::fail("local_to_model_range: the range is not within the skeleton");
  }
  model_of_range(skeleton, local, as_size(begin), as_size(end), model);
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

#if defined(__SSE2__)
// Four joints of every layer at once: the weighted sum in registers, then normalized and stored.
void blend4(std::span<const BlendLayer> layers, std::size_t j, float inv_total, Transform* out) {
  simd::SoaTransform4 sum = simd::zero4();
  for (const BlendLayer& layer : layers) {
    simd::add_weighted(simd::load4(&layer.pose[j]), _mm_set1_ps(layer.weight * inv_total), sum);
  }
  simd::normalize_rotations(sum);
  simd::store(sum, out, 4);
}
#endif

// blend_poses without masks: one total weight for every joint, folded into the layer weights.
void blend_unmasked(std::span<const BlendLayer> layers, std::span<const Transform> fallback,
                    std::span<Transform> out) {
  float total = 0.0f;
  for (const BlendLayer& layer : layers) total += layer.weight;
  if (total < kBlendWeightEpsilon) {
    std::copy(fallback.begin(), fallback.end(), out.begin());
    return;
  }
  const float inv_total = 1.0f / total;
  std::size_t j = 0;
#if defined(__SSE2__)
  for (; j + 4 <= out.size(); j += 4) blend4(layers, j, inv_total, &out[j]);
#endif
  for (; j < out.size(); ++j) {
    Transform acc = {glm::vec3(0.0f), glm::quat(0.0f, 0.0f, 0.0f, 0.0f), glm::vec3(0.0f)};
    for (const BlendLayer& layer : layers) {
      const float w = layer.weight * inv_total;
      const Transform& t = layer.pose[j];
      accumulate(t, w, std::copysign(w, glm::dot(acc.rotation, t.rotation)), acc);
    }
    acc.rotation = fast::normalize(acc.rotation);
    out[j] = acc;
  }
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
