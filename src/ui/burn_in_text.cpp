#include "ui/burn_in_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace ui {
namespace {

// ImGui's default font rasterized once into an 8-bit coverage atlas. Building an atlas needs
// no ImGui context, so this works in the headless tools and on any thread.
struct BakedFont {
  ImFontAtlas atlas;
  ImFont* font = nullptr;
  unsigned char* coverage = nullptr;
  int width = 0, height = 0;

  BakedFont() {
    font = atlas.AddFontDefault();
    atlas.GetTexDataAsAlpha8(&coverage, &width, &height);
  }
};

const BakedFont& baked_font() {
  static const BakedFont font;
  return font;
}

// Blends colour c at coverage a (0..255) into the pixel p.
void blend(std::uint8_t* p, int c, int a) {
  for (int i = 0; i < 3; ++i) p[i] = static_cast<std::uint8_t>((p[i] * (255 - a) + c * a) / 255);
}

}  // namespace

void burn_in_text(render::Image& image, const std::vector<std::string>& lines) {
  if (lines.empty() || image.width <= 0 || image.height <= 0) return;
  const BakedFont& baked = baked_font();
  const ImFont& font = *baked.font;
  const int scale = std::max(1, static_cast<int>(std::lround(image.height / 40.0 / font.FontSize)));
  const int line_height = static_cast<int>(std::ceil(font.FontSize)) * scale;
  const int margin = 4 * scale;
  const int band_top =
      std::max(0, image.height - static_cast<int>(lines.size()) * line_height - 2 * margin);
  // The band darkens what is under it to a third, so white text reads on any scene.
  for (int y = band_top; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x)
      blend(&image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4], 0, 170);
  }
  for (std::size_t l = 0; l < lines.size(); ++l) {
    float pen_x = static_cast<float>(margin);
    const int line_top = band_top + margin + static_cast<int>(l) * line_height;
    for (const char ch : lines[l]) {
      const unsigned char code = static_cast<unsigned char>(ch);
      const ImFontGlyph* glyph = font.FindGlyph(code >= 32 && code < 127 ? code : '?');
      if (!glyph) continue;
      // The glyph's box in the atlas and, scaled, in the picture.
      const int u0 = static_cast<int>(std::lround(glyph->U0 * baked.width));
      const int v0 = static_cast<int>(std::lround(glyph->V0 * baked.height));
      const int gw = static_cast<int>(std::lround((glyph->U1 - glyph->U0) * baked.width));
      const int gh = static_cast<int>(std::lround((glyph->V1 - glyph->V0) * baked.height));
      const int left = static_cast<int>(std::lround(pen_x + glyph->X0 * scale));
      const int top = line_top + static_cast<int>(std::lround(glyph->Y0 * scale));
      for (int gy = 0; gy < gh * scale; ++gy) {
        const int y = top + gy;
        if (y < 0 || y >= image.height) continue;
        for (int gx = 0; gx < gw * scale; ++gx) {
          const int x = left + gx;
          if (x < 0 || x >= image.width) continue;
          const int a = baked.coverage[(v0 + gy / scale) * baked.width + u0 + gx / scale];
          if (a) blend(&image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4], 255, a);
        }
      }
      pen_x += glyph->AdvanceX * scale;
    }
  }
}

}  // namespace ui
