#pragma once
// Framing the camera on the character, the viewer's (F, Home, the first view of a load) and
// `animview render`'s: from the skinned bounds over what plays, so a clip that reaches beyond
// its first pose (a jump, a wave, a kick) stays in view, at any size.

#include "app/viewer_scene.h"
#include "import/character.h"
#include "render/orbit_camera.h"
#include "visual/view_settings.h"

namespace app {

// Where what plays takes the character (importer::clip_bounds), in the world: the previewed clip
// over its whole length, or in a graph every clip the project binds (what the graph may blend).
// Empty in the rest pose or without clips.
importer::Bounds playing_clips_bounds(const ViewerScene& scene);

// What pictures of the scene show at any time, in the world: in the rest pose the mesh skinned
// in it, otherwise what plays (playing_clips_bounds); and also_clip over its whole length, when
// it is a clip's index (the compared clip B). One camera for every time: a frame sequence
// holds still.
importer::Bounds shown_bounds(const ViewerScene& scene, int also_clip);

// The character's bounds in the world: as posed now and over what plays, once a frame has posed
// it (posed); otherwise (just loaded: the instance has no pose yet) the mesh skinned in the
// rest pose (importer::rest_pose_bounds).
importer::Bounds character_bounds(const ViewerScene& scene, bool posed);

// Frames character_bounds(scene, posed) with camera, for a view of that aspect.
void frame_character(render::OrbitCamera& camera, const ViewerScene& scene, bool posed,
                     float aspect);

// Frames everything (Home): the posed character and the ground around the origin it walked
// from, as far either way as the character is tall. Leaves camera as it is without a character.
void frame_all(render::OrbitCamera& camera, const ViewerScene& scene, float aspect);

// The camera pictures are framed with (`animview render`, contact sheets): on what the scene
// shows at any time (shown_bounds with also_clip), for a view of framing_aspect, and, as the
// viewer's camera, never looking up from under the ground view shows.
render::OrbitCamera picture_camera(const ViewerScene& scene, const visual::SceneView& view,
                                   int also_clip, float framing_aspect);

// The aspect (width over height) of the picture one character is drawn in, for a view of
// width x height pixels (1 for an empty one): half as wide when the view shows two side by side.
float framing_aspect(float width, float height, visual::CompareMode compare);

}  // namespace app
