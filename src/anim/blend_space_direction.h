#pragma once
// Orientation warping's part in a 2D locomotion blend space: a direction its samples leave
// uncovered (a space of a forward and a backward walk alone, asked to go sideways, whose blend of
// the two cancels out) is played as the nearest covered direction, turned. As Unreal feeds its
// blend space the velocity turned back by the orientation-warping angle, the blend is asked for
// the point turned back by uncovered_direction_angle, and orientation warping turns the hips by
// the angle from the blend's travel to the point asked. No allocation.

#include <span>

#include <glm/glm.hpp>

namespace anim {

// The signed angle (radians, about +Y, counter-clockwise seen from above: +z toward +x, as
// travel_angle) from the nearest sample direction to point's direction, when point lies in a gap
// of more than 90 degrees between neighbouring sample directions (positions as (x, z)); 0 when
// the gap is narrower (the blend covers the direction), point or every sample is at the centre.
// Of two neighbours equally near, the one nearer +z (forward) is taken.
float uncovered_direction_angle(std::span<const glm::vec2> positions, glm::vec2 point);

// point (x, z) turned about +Y by -angle_rad: the point the blend space plays.
glm::vec2 turned_back(glm::vec2 point, float angle_rad);

}  // namespace anim
