#pragma once
// Keeps the pixels of the ImGui draw lists that stand still from one frame to the next, so that
// they are copied back instead of drawn again. On a software renderer (llvmpipe) a docked panel's
// blended fills and text cost milliseconds a frame, and while the animation plays most of the
// viewer's panels are the same bytes frame after frame; a copy of their rectangle costs a
// fraction of that. A list is copied only where drawing it would give the same pixels as last
// frame (plan_list_reuse says where), so the picture is the one drawn without the cache.

#include <vector>

#include "imgui.h"
#include "render/pixel_rect.h"

namespace ui {

// Rectangles of framebuffer pixels here are GL's (rows counted from the bottom).
using render::PixelRect;

// What the framebuffer holds before the ImGui frame is drawn over it: the clear colour
// everywhere except `redrawn`, which the caller draws anew every frame (the 3D view). Nothing
// the caller draws reaches outside `redrawn`. With `kept`, outside `redrawn` it holds instead the
// picture the last frame drawn there finished with (a back buffer copied to the window, not
// swapped: GlWindow::back_buffer_kept), and the ImGui frame clears and draws only where its
// pixels differ from that picture's. With a `view_picture` too (a framebuffer holding this
// frame's view at the same place), the caller has rewritten only part of `redrawn`, the rest
// still holding last frame's pixels, ImGui's over it included: where lists are drawn again there,
// the view is first copied back from the picture.
struct ImGuiBackdrop {
  PixelRect redrawn;
  ImVec4 clear{0.0f, 0.0f, 0.0f, 0.0f};
  bool kept = false;
  unsigned view_picture = 0;  // 0: all of `redrawn` was drawn anew
};

// The scissor ImGuiRenderer draws cmd with in a framebuffer of fb_height rows: its clip
// rectangle in the framebuffer's pixels, truncated as ImGui's OpenGL 3 backend does; empty when
// nothing of it shows.
PixelRect command_scissor(const ImDrawCmd& cmd, const ImDrawData& data, int fb_height);

// The pixels list's draws can touch in a framebuffer of fb_height rows: each command's scissor
// around the vertices its indices use, the union's bounding box; empty for a list that draws
// nothing.
PixelRect list_extent(const ImDrawList& list, const ImDrawData& data, int fb_height);

// One list of a frame, as plan_list_reuse sees it.
struct ListFrame {
  bool same_as_last = false;  // the same bytes at the same place in the order as last frame
  bool font_only = false;     // draws with the font atlas alone, without callbacks
  PixelRect extent;           // this frame's (last frame's too when same_as_last)
  PixelRect last_extent;      // last frame's list at this place in the order; empty if none
  PixelRect stale;            // where the kept copy of its pixels is out of date (empty if none)
};

// How a list is drawn this frame.
struct ListReuse {
  bool copy = false;  // its pixels outside `redraw` are last frame's: copied from the kept copy
  PixelRect redraw;   // with copy, where it is drawn again (empty: nowhere)
  PixelRect changed;  // the box around where its pixels may differ from last frame's
};

// Which lists leave last frame's pixels, and where they must be drawn again. A list's pixels are
// last frame's where nothing under them changed: it is the same bytes, draws with the font atlas
// alone (another texture may show new pixels under the same bytes), and the place lies outside
// what the backdrop redraws (`redrawn`, the same rectangle as last frame) and outside what any
// earlier list changed (all of a changed list, this frame's and last frame's extent). The rest of
// its extent, and its copy's stale part, is drawn again; when that is over half of the extent,
// the whole list is drawn. Replaces plan's contents.
void plan_list_reuse(const std::vector<ListFrame>& lists, const PixelRect& redrawn,
                     std::vector<ListReuse>& plan);

class ImGuiListCache {
 public:
  ImGuiListCache() = default;
  ImGuiListCache(const ImGuiListCache&) = delete;
  ImGuiListCache& operator=(const ImGuiListCache&) = delete;
  ~ImGuiListCache();

  // Compares data's lists with last frame's, before they are drawn into the bound framebuffer.
  // Without a backdrop (the caller cannot promise one), or into a multisampled framebuffer,
  // nothing is kept or reused this frame.
  void begin(const ImDrawData& data, const ImGuiBackdrop* backdrop);

  // With a kept backdrop: where this frame's picture may differ from the kept one, and so is to
  // be cleared (outside `redrawn`) and composed again; outside these rectangles the kept pixels
  // are this frame's. All of the framebuffer when this frame cannot be compared with the last.
  // Empty without a kept backdrop.
  const std::vector<PixelRect>& damage() const { return damage_; }

  // Copies list n's pixels from last frame into the bound framebuffer where they are the ones
  // drawing it would give (over a kept backdrop, only within damage()); returns whether it did,
  // and then the list is to be drawn only within redraw (nowhere when empty).
  bool restore(int n, PixelRect& redraw);

  // After list n was drawn: keeps its pixels when the list stood still since last frame (so it
  // will likely stand still next frame too).
  void keep(int n);

  // Lists restored since begin.
  int restored() const { return restored_; }

 private:
  struct Command {
    ImVec4 clip;
    ImTextureID texture;
    unsigned vertex_offset, index_offset, count;
    friend bool operator==(const Command&, const Command&) = default;
  };
  // One place in the lists' order: the list last drawn there, and its pixels once kept.
  struct Slot {
    std::vector<ImDrawVert> vertices;
    std::vector<ImDrawIdx> indices;
    std::vector<Command> commands;
    ListFrame frame;
    bool holds_pixels = false;  // the copy is what the list leaves, but in `stale`
    PixelRect stale;
    bool used = false;  // restored or kept this frame
    unsigned texture = 0, framebuffer = 0;
    int texture_width = 0, texture_height = 0;
  };
  // What has to match last frame for any list to be reused.
  struct FrameKey {
    ImVec2 display_pos, display_size, scale;
    ImTextureID font = nullptr;
    int target = -1;
    ImVec4 clear;
    PixelRect redrawn;
    bool operator==(const FrameKey& o) const;
  };

  static bool same_list(const Slot& slot, const ImDrawList& list);
  static void store_list(Slot& slot, const ImDrawList& list);
  // Copies part (framebuffer pixels within slot's extent) between the target and slot's texture.
  void copy(const Slot& slot, const PixelRect& part, bool into_slot) const;

  std::vector<Slot> slots_;
  std::vector<ListFrame> frames_;
  std::vector<ListReuse> plan_;
  std::vector<PixelRect> damage_;
  FrameKey key_;
  bool active_ = false;  // this frame may keep and reuse
  bool kept_ = false;    // this frame's backdrop is kept
  int restored_ = 0;
};

}  // namespace ui
