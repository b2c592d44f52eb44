#pragma once
// Blend-shape weight curves as assimp delivers them (aiAnimation::mMorphMeshChannels; assimp
// 5.2.5 makes them from FBX "DeformPercent" curves of BlendShapeChannel deformers) become the
// clip's morph tracks, bound like glTF's by node and target name.
//
// assimp 5.2.5 (code/AssetLib/FBX/FBXConverter.cpp, ProcessMorphAnimDatas) names a channel
// "<model>*<geometry index>" after the model (node) holding the mesh, and merges the curves of
// all the blend-shape channels of that geometry into one list of keys: each key holds, for the
// curves keyed at its time only, mValues (the channel's index in its BlendShape deformer, which
// is the mesh's aiAnimMesh index when each channel has one shape, no in-betweens) and mWeights
// (DeformPercent / 100, so already 0..1). The curves' own interpolation is not kept: the keys
// are Linear. Keys before the animation stack's LocalStart come out at negative times.

#include <string>
#include <vector>

#include <assimp/scene.h>

#include "anim/clip.h"

namespace importer {

// Adds a morph track per animated shape of animation's morph channels to clip: times in seconds
// (ticks / ticks_per_second), keys before 0 cut off with the weight at 0 interpolated, the
// target named as convert_blend_shapes names it. A channel (or one of its weights) that names no
// node, a node without blend shapes, a shape the mesh does not have, or a weight that is not a
// finite number is skipped with a warning naming file_name, the clip and the channel.
void add_assimp_morph_tracks(const aiScene& scene, const aiAnimation& animation,
                             double ticks_per_second, const std::string& file_name,
                             anim::Clip& clip, std::vector<std::string>& warnings);

}  // namespace importer
