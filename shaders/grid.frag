#version 450 core
// The ground grid, computed per pixel from the surface's world x and z: lines at multiples of
// u_spacing (every fifth brighter), the world's x axis red and z axis blue, about a pixel wide
// at any distance (screen-space derivatives), thinned out where they would crowd into a blur,
// and fading to nothing u_reach from u_focus.
// Compiled with GENTLE_FACES for a surface no face of which is steep enough to fade a family
// (render::grid_faces_are_gentle: flat ground, most slopes): the families' steepness is then 1,
// the same picture without the normal from the derivatives (13% of the shader's instructions
// on a software renderer).
in vec3 v_world;

uniform vec3 u_focus;    // the point of the ground the view looks at (y unused)
uniform float u_spacing; // metres between lines
uniform float u_reach;   // metres from u_focus where the grid has faded out

out vec4 o_color;

const vec3 kMinor = vec3(0.42, 0.42, 0.45);
const vec3 kMajor = vec3(0.55, 0.55, 0.60);
const vec3 kAxisX = vec3(0.90, 0.30, 0.30);  // the line z = 0, along x
const vec3 kAxisZ = vec3(0.30, 0.30, 0.90);  // the line x = 0, along z

// How much of this pixel a one-pixel line at the multiples of period covers: 1 on the line,
// falling to 0 a pixel away; lines closer than about 5 pixels apart fade out.
float coverage(float c, float pixel, float period) {
  const float distance = abs(fract(c / period + 0.5) - 0.5) * period;
  const float crowding = 1.0 - smoothstep(0.15, 0.35, pixel / period);
  return clamp(1.0 - distance / pixel, 0.0, 1.0) * crowding;
}

// The lines of one family (x = const or z = const) at this pixel: the colour of the nearest line
// (the axis, a major or a minor line) and how much of the pixel it covers. across: how squarely
// the surface crosses the family's planes (0 on a riser facing along the coordinate, which would
// otherwise be all line or no line).
vec4 family(float c, float pixel, vec3 axis_color, float across) {
  const float nearest = round(c / u_spacing);
  const bool axis = nearest == 0.0;
  const bool major = mod(nearest, 5.0) == 0.0;
  float alpha = max(coverage(c, pixel, u_spacing), coverage(c, pixel, 5.0 * u_spacing));
  // The axes stay however far away: they are never crowded.
  if (axis) alpha = clamp(1.0 - abs(c) / pixel, 0.0, 1.0);
  const vec3 color = axis ? axis_color : (major ? kMajor : kMinor);
  return vec4(color, alpha * across);
}

void main() {
#ifdef GENTLE_FACES
  const float across_x = 1.0, across_z = 1.0;
#else
  // The surface's normal from the derivatives: exact on the flat faces of stairs and slopes.
  const vec3 normal = normalize(cross(dFdx(v_world), dFdy(v_world)));
  const float across_x = smoothstep(0.98, 0.9, abs(normal.x));
  const float across_z = smoothstep(0.98, 0.9, abs(normal.z));
#endif
  const float pixel_x = max(fwidth(v_world.x), 1e-6);
  const float pixel_z = max(fwidth(v_world.z), 1e-6);
  const vec4 lines_x = family(v_world.x, pixel_x, kAxisZ, across_x);
  const vec4 lines_z = family(v_world.z, pixel_z, kAxisX, across_z);
  const vec4 line = lines_x.a >= lines_z.a ? lines_x : lines_z;
  const float r = length(v_world.xz - u_focus.xz) / u_reach;
  const float alpha = line.a * clamp(1.0 - r * r, 0.0, 1.0);
  if (alpha < 1.0 / 255.0) discard;
  o_color = vec4(line.rgb, alpha);
}
