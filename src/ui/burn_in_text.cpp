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

const ImFontGlyph* glyph_of(const ImFont& font, char ch) {
  const unsigned char code = static_cast<unsigned char>(ch);
  return font.FindGlyph(code >= 32 && code < 127 ? code : '?');
}

// The whole factor that keeps the font about 1/40 of a picture height pixels high.
int font_scale(const ImFont& font, int height) {
  return std::max(1, static_cast<int>(std::lround(height / 40.0 / font.FontSize)));
}

int margin_of(int scale) {
  return 4 * scale;
}

}  // namespace

float burn_in_text_width(std::string_view text, int height) {
  const ImFont& font = *baked_font().font;
  float width = 0.0f;
  for (const char ch : text) {
    if (const ImFontGlyph* glyph = glyph_of(font, ch)) width += glyph->AdvanceX;
  }
  return width * static_cast<float>(font_scale(font, height));
}

std::vector<std::string> fit_burn_in_lines(const std::vector<std::string>& lines, int width,
                                           int height) {
  const float room =
      static_cast<float>(width - 2 * margin_of(font_scale(*baked_font().font, height)));
  std::vector<std::string> fitted;
  for (const std::string& line : lines) {
    std::string_view rest = line;
    while (burn_in_text_width(rest, height) > room) {
      std::size_t cut = std::string_view::npos;
      for (std::size_t i = rest.find(' '); i != std::string_view::npos; i = rest.find(' ', i + 1)) {
        if (burn_in_text_width(rest.substr(0, i), height) > room) break;
        cut = i;
      }
      const std::size_t head_end = rest.find_last_not_of(' ', cut);
      const std::size_t next = rest.find_first_not_of(' ', cut);
      if (cut == std::string_view::npos || head_end == std::string_view::npos ||
          next == std::string_view::npos) {
        break;  // no space to break at before the edge (or only spaces after it): cut there
      }
      fitted.emplace_back(rest.substr(0, head_end + 1));
      rest = rest.substr(next);
    }
    fitted.emplace_back(rest);
  }
  return fitted;
}

void burn_in_text(render::Image& image, const std::vector<std::string>& unfitted) {
  if (unfitted.empty() || image.width <= 0 || image.height <= 0) return;
  const std::vector<std::string> lines = fit_burn_in_lines(unfitted, image.width, image.height);
  const BakedFont& baked = baked_font();
  const ImFont& font = *baked.font;
  const int scale = font_scale(font, image.height);
  const int line_height = static_cast<int>(std::ceil(font.FontSize)) * scale;
  const int margin = margin_of(scale);
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
      const ImFontGlyph* glyph = glyph_of(font, ch);
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
