#version 450 core
// FXAA (render/fxaa.h): where the luma around a pixel changes sharply, blend along the edge's
// direction, estimated from the four diagonal neighbours; elsewhere the pixel is copied as it is.
// Compiled three ways:
// - EDGE_TEST: every pixel is copied, and its depth marks an edge (0) or a flat pixel (1), for
//   the pass after it, depth-tested, to run only on the edges. A software renderer (llvmpipe)
//   runs both sides of a branch for all pixels; a failed early depth test skips the shader.
// - EDGE_BLEND: the blend, for the pixels EDGE_TEST marked.
// - neither: both in one pass (a target without a depth buffer).
noperspective in vec2 v_uv;  // w = 1 (fxaa.vert)

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

// The pixel and the lumas of its diagonal neighbours, their lowest and highest.
struct Neighbourhood {
  vec4 centre;
  float nw, ne, sw, se, lo, hi;
};

Neighbourhood read_neighbourhood() {
  const ivec2 size = textureSize(u_image, 0);
  const ivec2 p = ivec2(v_uv * vec2(size)), last = size - 1;
  Neighbourhood n;
  n.centre = texelFetch(u_image, p, 0);
  const float m = luma(n.centre.rgb);
  n.nw = luma_at(p + ivec2(-1, 1), last);
  n.ne = luma_at(p + ivec2(1, 1), last);
  n.sw = luma_at(p + ivec2(-1, -1), last);
  n.se = luma_at(p + ivec2(1, -1), last);
  n.lo = min(m, min(min(n.nw, n.ne), min(n.sw, n.se)));
  n.hi = max(m, max(max(n.nw, n.ne), max(n.sw, n.se)));
  return n;
}

bool is_flat(Neighbourhood n) { return n.hi - n.lo < max(kMinContrast, n.hi * kRelativeContrast); }

// The pixel blended along the edge through it.
vec4 blend(Neighbourhood n) {
  const vec2 texel = 1.0 / vec2(textureSize(u_image, 0));
  // The luma gradient turned a quarter: it runs along the edge.
  vec2 along = vec2(-((n.nw + n.ne) - (n.sw + n.se)), (n.nw + n.sw) - (n.ne + n.se));
  // Scaled so its shorter component is about a pixel (damped in dark, noisy areas).
  const float damping = max((n.nw + n.ne + n.sw + n.se) * (0.25 / 8.0), 1.0 / 128.0);
  const float scale = 1.0 / (min(abs(along.x), abs(along.y)) + damping);
  along = clamp(along * scale, -kMaxSpan, kMaxSpan) * texel;
  // Two taps near the pixel, and two more farther along the edge.
  const vec3 near = 0.5 * (texture(u_image, v_uv - along / 6.0).rgb +
                           texture(u_image, v_uv + along / 6.0).rgb);
  const vec3 wide = 0.5 * near + 0.25 * (texture(u_image, v_uv - along * 0.5).rgb +
                                         texture(u_image, v_uv + along * 0.5).rgb);
  // The wider blend unless it reached past the edge into other colours.
  const float w = luma(wide);
  return vec4((w < n.lo || w > n.hi) ? near : wide, n.centre.a);
}

void main() {
  const Neighbourhood n = read_neighbourhood();
#if defined(EDGE_TEST)
  o_color = n.centre;
  gl_FragDepth = is_flat(n) ? 1.0 : 0.0;
#elif defined(EDGE_BLEND)
  o_color = blend(n);
#else
  o_color = is_flat(n) ? n.centre : blend(n);
#endif
}
