#pragma once
// Upper-body clips of the demo character: a wave, for per-joint masks, and additive leans.

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace demo {

// "wave": the right arm raised beside the head, the forearm waving twice a second with the
// wrist twisting back and forth (forearm_twist takes part of the twist, hand the rest), so
// linear-blend skinning visibly pinches the wrist where dual quaternions keep its volume.
// Only the chest, neck, head and right arm joints have tracks: the clip is meant to play over
// locomotion through an upper-body mask. A 2 s loop. skeleton must be make_demo_skeleton().
anim::Clip make_wave_clip(const anim::Skeleton& skeleton);

// "wrist_turn": the right arm held out and a little lowered, the hand turning about the
// forearm's axis (pronation and supination, 109 degrees either way, once every 2 s) while
// forearm_twist keeps its rest: linear-blend skinning wrings the wrist like a candy wrapper, and
// the post-process stack's twist correction (which hands forearm_twist its share) undoes it.
// Only the right arm's joints have tracks. A 2 s loop. skeleton must be make_demo_skeleton().
anim::Clip make_wrist_turn_clip(const anim::Skeleton& skeleton);

// "lean_left" or "lean_right": a static pose whose spine, chest and neck are bent sideways
// (about 20 degrees in all) and every other joint rests. Because the rest rotations of the demo
// skeleton are identities, the clip's local rotations are also its deltas against the rest
// pose, so it works as an additive layer (reference: the rest pose) to lean into turns.
// A 1 s loop of a still pose.
anim::Clip make_lean_clip(const anim::Skeleton& skeleton, bool left);

}  // namespace demo
