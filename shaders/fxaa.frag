#version 450 core
// FXAA (render/fxaa.h): where the luma around a pixel changes sharply, blend along the edge's
// direction, estimated from the four diagonal neighbours; elsewhere the pixel is copied as it is.
in vec2 v_uv;

uniform sampler2D u_image;

out vec4 o_color;

const float kMinContrast = 0.0312;     // below this the pixel is left as it is (flat areas)
const float kRelativeContrast = 0.125;  // ... or below this share of the brightest luma
const float kMaxSpan = 8.0;             // the farthest the blend reaches along an edge, in pixels

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

// The luma of the texel at p, clamped to the picture (texelFetch: no filtering, the cheap read
// that most pixels, far from any edge, need only five of).
float luma_at(ivec2 p, ivec2 last) {
  return luma(texelFetch(u_image, clamp(p, ivec2(0), last), 0).rgb);
}

void main() {
  const ivec2 size = textureSize(u_image, 0);
  const vec2 texel = 1.0 / vec2(size);
  const ivec2 p = ivec2(v_uv * vec2(size)), last = size - 1;
  const vec4 centre = texelFetch(u_image, p, 0);
  const float m = luma(centre.rgb);
  const float nw = luma_at(p + ivec2(-1, 1), last);
  const float ne = luma_at(p + ivec2(1, 1), last);
  const float sw = luma_at(p + ivec2(-1, -1), last);
  const float se = luma_at(p + ivec2(1, -1), last);
  const float lo = min(m, min(min(nw, ne), min(sw, se)));
  const float hi = max(m, max(max(nw, ne), max(sw, se)));
  if (hi - lo < max(kMinContrast, hi * kRelativeContrast)) {
    o_color = centre;
    return;
  }
  // The luma gradient turned a quarter: it runs along the edge.
  vec2 along = vec2(-((nw + ne) - (sw + se)), (nw + sw) - (ne + se));
  // Scaled so its shorter component is about a pixel (damped in dark, noisy areas).
  const float damping = max((nw + ne + sw + se) * (0.25 / 8.0), 1.0 / 128.0);
  const float scale = 1.0 / (min(abs(along.x), abs(along.y)) + damping);
  along = clamp(along * scale, -kMaxSpan, kMaxSpan) * texel;
  // Two taps near the pixel, and two more farther along the edge.
  const vec3 near = 0.5 * (texture(u_image, v_uv - along / 6.0).rgb +
                           texture(u_image, v_uv + along / 6.0).rgb);
  const vec3 wide = 0.5 * near + 0.25 * (texture(u_image, v_uv - along * 0.5).rgb +
                                         texture(u_image, v_uv + along * 0.5).rgb);
  // The wider blend unless it reached past the edge into other colours.
  const float w = luma(wide);
  o_color = vec4((w < lo || w > hi) ? near : wide, centre.a);
}
