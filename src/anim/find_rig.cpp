// find_rig: the limbs, pelvis, spine, head and facing of any skeleton, found from its rest pose.
#include "anim/index.h"
#include "anim/rig.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/joint_names.h"
#include "anim/math.h"

namespace anim {

namespace {

constexpr glm::vec3 kUp{0.0f, 1.0f, 0.0f};

// Fractions of the character's height (lowest to highest usable joint) that decide roles.
constexpr float kGroundReach = 0.12f;    // a leg's lowest joint is this close to the ground
constexpr float kLegTop = 0.2f;          // a leg starts at least this high
constexpr float kMinLimbLength = 0.15f;  // upper + lower segment of a limb
constexpr float kSideOffset = 0.02f;     // off the sagittal plane by more: a side
constexpr float kFootSearch = 0.15f;     // a detached foot is this close under its shin

glm::vec3 horizontal(const glm::vec3& v) {
  return {v.x, 0.0f, v.z};
}

// The deepest joint that is an ancestor of (or equal to) both a and b; -1 when none.
int common_ancestor(const Skeleton& skeleton, int a, int b) {
  for (int j = a; j != kNoParent; j = skeleton.parents[j]) {
    if (j == b || is_ancestor(skeleton, j, b)) return j;
  }
  return kNoParent;
}

// Joints that only drive others (IK targets and poles, controls) by their name.
bool helper_by_name(const std::vector<std::string>& words) {
  for (const std::string& w : words) {
    if (w == "ik" || w.starts_with("pole") || w == "target" || w.starts_with("control") ||
        w.starts_with("ctrl") || w.starts_with("helper") || w.starts_with("locator") ||
        w.ends_with("ik")) {
      return true;
    }
  }
  return false;
}

// A leaf that only marks where a chain ends (BVH's End Site, "_end", "_nub").
bool end_marker_by_name(const std::vector<std::string>& words) {
  for (const std::string& w : words) {
    if (w == "end" || w == "site" || w == "nub" || w.ends_with("end")) return true;
  }
  return false;
}

// Joints inside a chain that only spread the skin (twist and roll joints): walked through, never
// a limb's upper, mid or end joint.
bool passthrough_by_name(const std::vector<std::string>& words) {
  return has_word(words, {"twist", "roll"});
}

// The facts about one skeleton that detection reads.
struct Scene {
  const Skeleton& skeleton;
  std::vector<glm::vec3> p;
  std::vector<bool> usable;
  std::vector<bool> passthrough;
  std::vector<std::vector<int>> children;  // usable children
  float ground = 0.0f;
  float height = 0.0f;
  int helpers = 0;  // joints skipped as helpers (named so, or without skin below them)
};

float segment(const Scene& s, int a, int b) {
  return glm::length(nth(s.p, b) - nth(s.p, a));
}

// A limb candidate: a chain of joints that leaves a branch of the body.
struct Chain {
  std::vector<int> joints;    // without twist joints
  int start = -1;             // the chain's first joint (its parent is a branch)
  bool ends_at_leaf = false;  // its last joint has no children (a shin whose foot hangs elsewhere)
};

// Number of joints below j (usable ones), to pick the main child of a branch end.
int subtree_size(const Scene& s, int j) {
  int count = 1;
  for (int c : nth(s.children, j)) count += subtree_size(s, c);
  return count;
}

// The child a chain continues into from j, or -1 where it ends (a leaf) or branches (two or more
// children with children of their own: a hand with fingers). Leaf children beside a single
// continuing child are ignored (a mesh holder, a heel marker).
int next_in_chain(const Scene& s, int j) {
  const std::vector<int>& kids = nth(s.children, j);
  int inner = -1;
  int inner_count = 0;
  for (int c : kids) {
    if (!nth(s.children, c).empty()) {
      inner = c;
      ++inner_count;
    }
  }
  if (inner_count == 1) return inner;
  if (inner_count == 0 && kids.size() == 1) return kids[0];
  return -1;
}

std::vector<Chain> find_chains(const Scene& s) {
  const int n = s.skeleton.joint_count();
  std::vector<Chain> chains;
  for (int j = 0; j < n; ++j) {
    if (!nth(s.usable, j)) continue;
    const int parent = nth(s.skeleton.parents, j);
    const bool starts =
        parent == kNoParent || !nth(s.usable, parent) || next_in_chain(s, parent) != j;
    if (!starts) continue;
    Chain chain;
    chain.start = j;
    int cur = j;
    for (;;) {
      if (!nth(s.passthrough, cur)) chain.joints.push_back(cur);
      const int next = next_in_chain(s, cur);
      if (next >= 0) {
        cur = next;
        continue;
      }
      // A branch ends the chain (a hand with fingers, a foot with toes): its largest child
      // stands for the rest of it, as a hand or toes tip.
      const std::vector<int>& kids = nth(s.children, cur);
      if (kids.size() >= 2 && cur != j) {
        const int tip = *std::max_element(kids.begin(), kids.end(), [&](int a, int b) {
          return subtree_size(s, a) < subtree_size(s, b);
        });
        chain.joints.push_back(tip);
      }
      break;
    }
    chain.ends_at_leaf = nth(s.children, cur).empty();
    // A joint right next to the one before it (a double knee, a wrist and hand at one place)
    // is part of the same bend: keep the first. A last joint is kept unless it coincides.
    float longest = 0.0f;
    for (std::size_t k = 1; k < chain.joints.size(); ++k) {
      longest = std::max(longest, segment(s, chain.joints[k - 1], chain.joints[k]));
    }
    std::vector<int> kept;
    for (std::size_t k = 0; k < chain.joints.size(); ++k) {
      const float limit = (k + 1 == chain.joints.size() ? 0.05f : 0.2f) * longest;
      if (kept.empty() || segment(s, kept.back(), chain.joints[k]) >= limit) {
        kept.push_back(chain.joints[k]);
      }
    }
    chain.joints = std::move(kept);
    chains.push_back(std::move(chain));
  }
  return chains;
}

// The first of the three joints of chain whose two segments make the longest pair: the upper
// joint of a limb (thigh, upper arm) past any collar or hip-offset joints before it.
// For an arm (alike_segments) the pair is weighed by how alike its segments are, since a collar
// can be as long as a forearm; a leg's thigh and shin are the longest pair (a short-legged
// character's foot can be longer than its shin). Joints for which allowed is false are skipped as
// the upper joint.
template <typename Allowed>
int best_upper(const Scene& s, const std::vector<int>& joints, bool alike_segments,
               Allowed allowed) {
  int best = -1;
  float best_length = 0.0f;
  for (std::size_t i = 0; i + 2 < joints.size(); ++i) {
    if (!allowed(joints[i])) continue;
    const float a = segment(s, joints[i], joints[i + 1]);
    const float b = segment(s, joints[i + 1], joints[i + 2]);
    const float length =
        alike_segments ? (a + b) * std::min(a, b) / std::max(std::max(a, b), 1e-12f) : a + b;
    if (length > best_length * 1.0001f) {
      best_length = length;
      best = static_cast<int>(i);
    }
  }
  return best;
}

float lowest(const Scene& s, const std::vector<int>& joints) {
  float y = 1e30f;
  for (int j : joints) y = std::min(y, nth(s.p, j).y);
  return y;
}

// A leg whose end (the foot) is not below its shin: a low joint right under the shin's last joint,
// outside its chain, that starts a chain of its own (RobotExpressive's feet hang from the root).
int find_detached_foot(const Scene& s, const std::vector<Chain>& chains, int thigh, int shin_end) {
  const glm::vec3 knee = nth(s.p, shin_end);
  const glm::vec3 down = knee - nth(s.p, thigh);
  if (!(down.y < -0.7f * glm::length(down))) return -1;  // a leg points down
  int best = -1;
  float best_distance = kFootSearch * s.height;
  for (const Chain& c : chains) {
    const int f = c.start;
    const glm::vec3 fp = nth(s.p, f);
    if (fp.y > s.ground + kGroundReach * s.height) continue;
    if (is_ancestor(s.skeleton, f, shin_end) || is_ancestor(s.skeleton, shin_end, f)) continue;
    const float d = glm::length(horizontal(fp - knee));
    if (d < best_distance && d < 0.5f * (knee.y - fp.y)) {
      best_distance = d;
      best = f;
    }
  }
  return best;
}

Limb make_limb(const std::vector<int>& joints, int upper, LimbRole role) {
  Limb limb;
  limb.role = role;
  const std::size_t last = std::min(joints.size(), as_size(upper) + 4);
  limb.joints.assign(joints.begin() + upper, joints.begin() + static_cast<std::ptrdiff_t>(last));
  return limb;
}

// Whether joint hangs below a limb already found (a finger of a hand, a toe of a foot).
bool below_limb(const Skeleton& skeleton, const Rig& rig, int joint) {
  for (const Limb& l : rig.limbs) {
    if (l.joints[0] == joint || is_ancestor(skeleton, l.joints[0], joint)) return true;
  }
  return false;
}

// find_rig's steps, in the order it runs them.

// The usable joints (helpers skipped: named helpers, joints with no skin below them, rigid or
// end-marker leaves), their rest positions and usable children, and the body's ground and height.
std::string make_scene(Scene& s, std::span<const glm::mat4> rest_model,
                       std::span<const float> skin_weight, std::span<const float> rigid_weight) {
  const Skeleton& skeleton = s.skeleton;
  const int n = skeleton.joint_count();
  auto rigid = [&](std::size_t j) { return !rigid_weight.empty() && rigid_weight[j] > 0.0f; };
  auto deforming = [&](std::size_t j) { return !skin_weight.empty() && skin_weight[j] > 0.0f; };
  const bool have_skin =
      std::any_of(skin_weight.begin(), skin_weight.end(), [](float w) { return w > 0.0f; }) ||
      std::any_of(rigid_weight.begin(), rigid_weight.end(), [](float w) { return w > 0.0f; });
  const auto count = as_size(n);
  s.p.resize(count);
  s.usable.assign(count, false);
  s.passthrough.assign(count, false);
  s.children.resize(count);
  std::vector<bool> weighted_below(count, false);
  for (int j = n - 1; j >= 0; --j) {
    const auto u = as_size(j);
    if (deforming(u) || rigid(u)) weighted_below[u] = true;
    const int parent = skeleton.parents[u];
    if (parent != kNoParent && weighted_below[u]) nth(weighted_below, parent) = true;
  }
  std::vector<bool> leaf(count, true);
  for (int j = 0; j < n; ++j) {
    const int parent = nth(skeleton.parents, j);
    if (parent != kNoParent) nth(leaf, parent) = false;
  }
  s.helpers = 0;
  for (int j = 0; j < n; ++j) {
    const auto u = as_size(j);
    s.p[u] = position(rest_model[u]);
    const std::vector<std::string> words = name_words(skeleton.joint_names[u]);
    const bool helper = helper_by_name(words) || (have_skin && !weighted_below[u]) ||
                        (leaf[u] && ((rigid(u) && !deforming(u)) || end_marker_by_name(words)));
    s.helpers += helper;
    s.usable[u] = !helper;
    s.passthrough[u] = passthrough_by_name(words);
  }
  for (int j = 0; j < n; ++j) {
    const int parent = nth(skeleton.parents, j);
    if (parent != kNoParent && nth(s.usable, j) && nth(s.usable, parent)) {
      nth(s.children, parent).push_back(j);
    }
  }
  float top = -1e30f;
  s.ground = 1e30f;
  for (std::size_t j = 0; j < count; ++j) {
    if (!s.usable[j]) continue;
    s.ground = std::min(s.ground, s.p[j].y);
    top = std::max(top, s.p[j].y);
  }
  s.height = top - s.ground;
  if (!(s.height > 0.0f)) {
    return "no skinned joint stands above another in the rest pose (" + std::to_string(s.helpers) +
           " of " + std::to_string(n) + " joints skipped as helpers without skin weight)";
  }
  return {};
}

// Legs: chains from the body that reach the ground. leg_starts gets each leg's chain start.
std::string find_legs(const Scene& s, const std::vector<Chain>& chains, Rig& rig,
                      std::vector<int>& leg_starts) {
  float closest_miss = 1e30f;
  for (const Chain& c : chains) {
    const glm::vec3 first = nth(s.p, c.joints.empty() ? c.start : c.joints[0]);
    if (c.joints.empty() || first.y < s.ground + kLegTop * s.height) continue;
    std::vector<int> joints = c.joints;
    bool attached = true;
    if (lowest(s, joints) > s.ground + kGroundReach * s.height && joints.size() >= 2 &&
        c.ends_at_leaf) {
      // A shin that ends in the air may own a foot hanging from elsewhere.
      const int foot = find_detached_foot(s, chains, joints.front(), joints.back());
      if (foot >= 0) {
        joints.push_back(foot);
        for (int k : nth(s.children, foot)) {
          joints.push_back(k);
          break;
        }
        attached = false;
      }
    }
    if (joints.size() < 3 || below_limb(s.skeleton, rig, c.start)) continue;
    const int upper = attached ? best_upper(s, joints, false, [](int) { return true; })
                               : static_cast<int>(joints.size()) - 3 - (joints.size() >= 4 ? 1 : 0);
    if (upper < 0) continue;
    const std::vector<int> part(joints.begin() + upper, joints.end());
    const float reach_gap = lowest(s, part) - s.ground;
    if (reach_gap > kGroundReach * s.height) {
      closest_miss = std::min(closest_miss, reach_gap);
      continue;
    }
    if (segment(s, joints[upper], joints[upper + 1]) +
            segment(s, joints[upper + 1], joints[upper + 2]) <
        kMinLimbLength * s.height) {
      continue;
    }
    Limb leg = make_limb(joints, upper, LimbRole::Leg);
    leg.end_attached = attached;
    if (!attached) {
      // The upper, mid and (detached) end joints, then the foot's child as its tip.
      leg.joints.assign(joints.begin() + upper, joints.end());
      if (leg.joints.size() > 4) leg.joints.resize(4);
    }
    rig.limbs.push_back(std::move(leg));
    leg_starts.push_back(c.start);
  }
  if (!rig.limbs.empty()) return {};
  std::string cause =
      "no chain of three or more skinned joints reaches from the body to the ground";
  if (closest_miss < 1e29f) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " (the lowest ends %.0f%% of the height above it)",
                  100.0 * static_cast<double>(closest_miss / s.height));
    cause += buf;
  }
  if (s.helpers > 0) cause += "; " + std::to_string(s.helpers) + " joints were skipped as helpers";
  return cause;
}

// The pelvis: the deepest joint above every leg.
std::string find_pelvis(const Skeleton& skeleton, Rig& rig) {
  rig.pelvis = nth(skeleton.parents, rig.limbs[0].joints[0]);
  for (const Limb& leg : rig.limbs) {
    if (rig.pelvis == kNoParent) break;
    if (!is_ancestor(skeleton, rig.pelvis, leg.joints[0])) {
      rig.pelvis = common_ancestor(skeleton, rig.pelvis, leg.joints[0]);
    }
  }
  if (rig.pelvis == kNoParent) return "the legs have no common parent joint";
  return {};
}

// Four legs from one joint: the front pair is the one named fore or front (a hint), else the pair
// the feet point toward, along the body's long axis. Marks each leg front or hind.
glm::vec3 forward_of_four_legs_on_one_joint(const Scene& s, Rig& rig) {
  glm::vec3 centre{0.0f};
  for (const Limb& l : rig.limbs) centre += nth(s.p, l.joints[0]) / 4.0f;
  glm::vec3 axis{0.0f};
  for (const Limb& l : rig.limbs) {
    glm::vec3 d = horizontal(nth(s.p, l.joints[0]) - centre);
    if (glm::dot(d, axis) < 0.0f) d = -d;
    axis += d;
  }
  // The long axis is the mean of the hips' offsets, folded onto one side; across it the offsets
  // would cancel, so check the other diagonal too.
  float sign = 0.0f;
  for (const Limb& l : rig.limbs) {
    const float along = glm::dot(nth(s.p, l.joints[0]) - centre, axis);
    for (int j : l.joints) {
      const std::vector<std::string> w = name_words(nth(s.skeleton.joint_names, j));
      if (has_word(w, {"fore", "front"})) sign += along;
      if (has_word(w, {"hind", "back", "rear"})) sign -= along;
    }
    if (l.joints.size() >= 4) {
      sign += 0.01f * glm::dot(horizontal(nth(s.p, l.joints[3]) - nth(s.p, l.joints[2])), axis);
    }
  }
  if (!(glm::length(axis) > 1e-6f)) {
    for (Limb& l : rig.limbs) l.front = false;
    return glm::vec3(0.0f);
  }
  const glm::vec3 forward = sign < 0.0f ? -axis : axis;
  for (Limb& l : rig.limbs) {
    l.front = glm::dot(nth(s.p, l.joints[0]) - centre, forward) > 0.0f;
  }
  return forward;
}

// Facing: a quadruped faces from its hind legs to its front legs (the pair that branches off
// deeper, from the chest); a biped faces where its toes point; else +Z (glTF's convention).
glm::vec3 find_forward(const Scene& s, Rig& rig, const std::vector<int>& leg_starts) {
  glm::vec3 forward{0.0f};
  if (rig.limbs.size() == 4) {
    glm::vec3 front{0.0f};
    glm::vec3 hind{0.0f};
    int fronts = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const int branch = nth(s.skeleton.parents, leg_starts[i]);
      const bool is_front = branch != rig.pelvis;
      rig.limbs[i].front = is_front;
      (is_front ? front : hind) += nth(s.p, rig.limbs[i].joints[0]);
      fronts += is_front;
    }
    forward = fronts == 2 ? horizontal(front - hind) : forward_of_four_legs_on_one_joint(s, rig);
  }
  if (glm::length(forward) < 1e-6f) {
    for (const Limb& leg : rig.limbs) {
      if (leg.joints.size() >= 4) {
        forward += horizontal(nth(s.p, leg.joints[3]) - nth(s.p, leg.joints[2]));
      }
    }
    if (glm::length(forward) < 0.02f * s.height) forward = {0.0f, 0.0f, 1.0f};
  }
  return glm::normalize(forward);
}

// Arms: other chains off the sagittal plane, long enough to be limbs.
void find_arms(const Scene& s, const std::vector<Chain>& chains, const std::vector<int>& leg_starts,
               glm::vec3 forward, Rig& rig) {
  const glm::vec3 pelvis_p = nth(s.p, rig.pelvis);
  const glm::vec3 left = glm::cross(kUp, forward);
  auto across = [&](int j) { return std::fabs(glm::dot(nth(s.p, j) - pelvis_p, left)); };
  for (const Chain& c : chains) {
    if (std::find(leg_starts.begin(), leg_starts.end(), c.start) != leg_starts.end()) continue;
    if (c.joints.size() < 3) continue;
    const int upper =
        best_upper(s, c.joints, true, [&](int j) { return across(j) >= kSideOffset * s.height; });
    if (upper < 0) continue;
    const int a = nth(c.joints, upper);
    const int b = c.joints[as_size(upper) + 1];
    const int e = c.joints[as_size(upper) + 2];
    if (segment(s, a, b) + segment(s, b, e) < kMinLimbLength * s.height) continue;
    if (across(e) < 2.0f * kSideOffset * s.height || across(a) < kSideOffset * s.height) {
      continue;  // a tail or a neck
    }
    if (below_limb(s.skeleton, rig, c.start)) continue;  // a finger
    rig.limbs.push_back(make_limb(c.joints, upper, LimbRole::Arm));
  }
}

void assign_sides(const Scene& s, glm::vec3 forward, Rig& rig) {
  const glm::vec3 pelvis_p = s.p[as_size(rig.pelvis)];
  const glm::vec3 left = glm::cross(kUp, forward);
  for (Limb& l : rig.limbs) {
    const float x = glm::dot(s.p[as_size(l.joints[0])] - pelvis_p, left);
    l.side = x > kSideOffset * s.height    ? LimbSide::Left
             : x < -kSideOffset * s.height ? LimbSide::Right
                                           : LimbSide::Center;
  }
}

// Sides from geometry; names decide only when they disagree with it as a whole (the character
// then faces the other way). Sets the rig's forward and how it was found.
void settle_sides_and_facing(const Scene& s, glm::vec3 forward, Rig& rig) {
  assign_sides(s, forward, rig);
  int agree = 0;
  int disagree = 0;
  for (const Limb& l : rig.limbs) {
    NameSide named = NameSide::None;
    for (int j : l.joints) {
      named = name_side(name_words(s.skeleton.joint_names[as_size(j)]));
      if (named != NameSide::None) break;
    }
    if (named == NameSide::None || l.side == LimbSide::Center) continue;
    const bool same = (named == NameSide::Left) == (l.side == LimbSide::Left);
    (same ? agree : disagree) += 1;
  }
  if (disagree > agree) {
    forward = -forward;
    assign_sides(s, forward, rig);
    std::swap(agree, disagree);
  }
  rig.forward = forward;
  rig.found_by = agree > 0 ? "geometry and names" : "geometry";
}

// Spine and chest: up from the pelvis to where the arms (or the front legs) attach; then the
// neck and head, the centre chain above the chest that is no limb.
void find_spine_and_head(const Scene& s, Rig& rig) {
  const Skeleton& skeleton = s.skeleton;
  int chest = kNoParent;
  for (const Limb& l : rig.limbs) {
    if (l.role == LimbRole::Leg && !l.front) continue;
    const int branch = skeleton.parents[as_size(l.joints[0])];
    if (branch == kNoParent) continue;
    chest = chest == kNoParent ? branch : common_ancestor(skeleton, chest, branch);
  }
  // The collar of a limb sits between the chest and the upper joint: walk up to a shared joint.
  if (chest == kNoParent || chest == rig.pelvis || !is_ancestor(skeleton, rig.pelvis, chest)) {
    return;
  }
  rig.chest = chest;
  for (int j = chest; j != rig.pelvis; j = skeleton.parents[as_size(j)]) {
    rig.spine.insert(rig.spine.begin(), j);
  }
  const glm::vec3 pelvis_p = s.p[as_size(rig.pelvis)];
  const glm::vec3 left = glm::cross(kUp, rig.forward);
  for (int c : s.children[as_size(chest)]) {
    bool in_limb = false;
    for (const Limb& l : rig.limbs) {
      for (int j : l.joints) in_limb = in_limb || j == c || is_ancestor(skeleton, c, j);
    }
    if (in_limb) continue;
    if (std::fabs(glm::dot(s.p[as_size(c)] - pelvis_p, left)) > kSideOffset * s.height) {
      continue;
    }
    // The chain's end, or the first joint on it named a head.
    int head = c;
    for (int j = c; j >= 0; j = next_in_chain(s, j)) {
      head = j;
      if (has_word(name_words(skeleton.joint_names[as_size(j)]), {"head"})) break;
    }
    rig.head = head;
    if (head != c) rig.neck = c;
    break;
  }
}

}  // namespace

Rig find_rig(const Skeleton& skeleton, std::span<const glm::mat4> rest_model,
             std::span<const float> skin_weight, std::span<const float> rigid_weight,
             std::string* error) {
  auto fail = [&](std::string cause) {
    if (error) *error = std::move(cause);
    return Rig{};
  };
  const int n = skeleton.joint_count();
  if (n == 0) return fail("the character has no skeleton");
  if (rest_model.size() != as_size(n)) {
    return fail("the rest pose is not the skeleton's size");
  }
  if (!skin_weight.empty() && skin_weight.size() != as_size(n)) {
    return fail("the skin weights are not given per joint");
  }
  if (!rigid_weight.empty() && rigid_weight.size() != as_size(n)) {
    return fail("the rigid mesh weights are not given per joint");
  }
  Scene s{skeleton, {}, {}, {}, {}, 0.0f, 0.0f, 0};
  if (std::string e = make_scene(s, rest_model, skin_weight, rigid_weight); !e.empty()) {
    return fail(e);
  }
  const std::vector<Chain> chains = find_chains(s);
  Rig rig;
  std::vector<int> leg_starts;
  if (std::string e = find_legs(s, chains, rig, leg_starts); !e.empty()) return fail(e);
  if (std::string e = find_pelvis(skeleton, rig); !e.empty()) return fail(e);
  const glm::vec3 forward = find_forward(s, rig, leg_starts);
  find_arms(s, chains, leg_starts, forward, rig);
  settle_sides_and_facing(s, forward, rig);
  // Legs first (front before hind, left before right), then arms, so a biped's legs[0] is left.
  std::stable_sort(rig.limbs.begin(), rig.limbs.end(), [](const Limb& a, const Limb& b) {
    if (a.role != b.role) return a.role == LimbRole::Leg;
    if (a.front != b.front) return a.front;
    return static_cast<int>(a.side) < static_cast<int>(b.side);
  });
  find_spine_and_head(s, rig);
  return rig;
}

}  // namespace anim
