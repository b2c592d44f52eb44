#include "ui/imgui_list_cache.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ui {
namespace {

long area(const PixelRect& r) {
  return r.empty() ? 0 : static_cast<long>(r.width) * static_cast<long>(r.height);
}

bool same(const ImVec2& a, const ImVec2& b) {
  return a.x == b.x && a.y == b.y;
}
bool same(const ImVec4& a, const ImVec4& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

}  // namespace

PixelRect command_scissor(const ImDrawCmd& cmd, const ImDrawData& data, int fb_height) {
  const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
  const ImVec2 lo((cmd.ClipRect.x - off.x) * scale.x, (cmd.ClipRect.y - off.y) * scale.y);
  const ImVec2 hi((cmd.ClipRect.z - off.x) * scale.x, (cmd.ClipRect.w - off.y) * scale.y);
  if (hi.x <= lo.x || hi.y <= lo.y) return {};
  return {static_cast<int>(lo.x), static_cast<int>(static_cast<float>(fb_height) - hi.y),
          static_cast<int>(hi.x - lo.x), static_cast<int>(hi.y - lo.y)};
}

PixelRect list_extent(const ImDrawList& list, const ImDrawData& data, int fb_height) {
  const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
  PixelRect extent;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback || cmd.ElemCount == 0) continue;
    const PixelRect scissor = command_scissor(cmd, data, fb_height);
    if (scissor.empty()) continue;
    float min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    for (unsigned i = cmd.IdxOffset; i < cmd.IdxOffset + cmd.ElemCount; ++i) {
      const ImVec2 p = list.VtxBuffer.Data[cmd.VtxOffset + list.IdxBuffer.Data[i]].pos;
      min_x = std::min(min_x, p.x);
      max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y);
      max_y = std::max(max_y, p.y);
    }
    // Every pixel whose centre a triangle covers lies within its vertices' bounds; those are
    // held to the scissor before they become ints (a widget may put a vertex far off screen).
    const auto left = static_cast<float>(scissor.x);
    const auto right = static_cast<float>(scissor.x + scissor.width);
    const auto top = static_cast<float>(fb_height - scissor.y - scissor.height);
    const auto bottom = static_cast<float>(fb_height - scissor.y);
    const int x0 = static_cast<int>(std::clamp(std::floor((min_x - off.x) * scale.x), left, right));
    const int x1 = static_cast<int>(std::clamp(std::ceil((max_x - off.x) * scale.x), left, right));
    const int y0 = static_cast<int>(std::clamp(std::floor((min_y - off.y) * scale.y), top, bottom));
    const int y1 = static_cast<int>(std::clamp(std::ceil((max_y - off.y) * scale.y), top, bottom));
    const PixelRect drawn{x0, fb_height - y1, x1 - x0, y1 - y0};
    if (!drawn.empty()) extent = bounding(extent, drawn);
  }
  return extent;
}

void plan_list_reuse(const std::vector<ListFrame>& lists, const PixelRect& redrawn,
                     std::vector<ListReuse>& plan) {
  plan.assign(lists.size(), {});
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const ListFrame& list = lists[i];
    ListReuse& reuse = plan[i];
    if (!list.same_as_last || !list.font_only || list.extent.empty()) {
      reuse.changed = bounding(list.extent, list.last_extent);
      continue;
    }
    PixelRect redraw = bounding(intersection(list.extent, redrawn), list.stale);
    for (std::size_t j = 0; j < i; ++j) {
      if (overlap(plan[j].changed, list.extent)) {
        redraw = bounding(redraw, intersection(plan[j].changed, list.extent));
      }
    }
    if (area(redraw) * 2 > area(list.extent)) {
      reuse.changed = list.extent;
    } else {
      reuse = {true, redraw, redraw};
    }
  }
}

bool ImGuiListCache::FrameKey::operator==(const FrameKey& o) const {
  return same(display_pos, o.display_pos) && same(display_size, o.display_size) &&
         same(scale, o.scale) && font == o.font && target == o.target && same(clear, o.clear) &&
         redrawn == o.redrawn;
}

ImGuiListCache::~ImGuiListCache() {
  for (Slot& slot : slots_) {
    if (slot.framebuffer) glDeleteFramebuffers(1, &slot.framebuffer);
    if (slot.texture) glDeleteTextures(1, &slot.texture);
  }
}

bool ImGuiListCache::same_list(const Slot& slot, const ImDrawList& list) {
  if (slot.vertices.size() != static_cast<std::size_t>(list.VtxBuffer.Size) ||
      slot.indices.size() != static_cast<std::size_t>(list.IdxBuffer.Size) ||
      slot.commands.size() != static_cast<std::size_t>(list.CmdBuffer.Size)) {
    return false;
  }
  for (int c = 0; c < list.CmdBuffer.Size; ++c) {
    const ImDrawCmd& cmd = list.CmdBuffer[c];
    const Command& kept = slot.commands[static_cast<std::size_t>(c)];
    if (cmd.UserCallback || !same(cmd.ClipRect, kept.clip) || cmd.GetTexID() != kept.texture ||
        cmd.VtxOffset != kept.vertex_offset || cmd.IdxOffset != kept.index_offset ||
        cmd.ElemCount != kept.count) {
      return false;
    }
  }
  const auto same_bytes = [](const void* a, const void* b, std::size_t bytes) {
    return bytes == 0 || std::memcmp(a, b, bytes) == 0;  // an empty buffer may have no storage
  };
  return same_bytes(slot.vertices.data(), list.VtxBuffer.Data,
                    slot.vertices.size() * sizeof(ImDrawVert)) &&
         same_bytes(slot.indices.data(), list.IdxBuffer.Data,
                    slot.indices.size() * sizeof(ImDrawIdx));
}

void ImGuiListCache::store_list(Slot& slot, const ImDrawList& list) {
  slot.vertices.assign(list.VtxBuffer.Data, list.VtxBuffer.Data + list.VtxBuffer.Size);
  slot.indices.assign(list.IdxBuffer.Data, list.IdxBuffer.Data + list.IdxBuffer.Size);
  slot.commands.clear();
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    slot.commands.push_back(
        {cmd.ClipRect, cmd.GetTexID(), cmd.VtxOffset, cmd.IdxOffset, cmd.ElemCount});
  }
}

void ImGuiListCache::begin(const ImDrawData& data, const ImGuiBackdrop* backdrop) {
  restored_ = 0;
  GLint target = 0, samples = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &samples);
  const bool was_active = active_;
  active_ = backdrop != nullptr && samples == 0;
  const FrameKey key{data.DisplayPos,
                     data.DisplaySize,
                     data.FramebufferScale,
                     ImGui::GetIO().Fonts->TexID,
                     target,
                     backdrop ? backdrop->clear : ImVec4(),
                     backdrop ? backdrop->redrawn : PixelRect()};
  const bool comparable = active_ && was_active && key == key_;
  key_ = key;
  const int fb_width = static_cast<int>(data.DisplaySize.x * data.FramebufferScale.x);
  const int fb_height = static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
  const auto count = static_cast<std::size_t>(std::max(data.CmdListsCount, 0));
  kept_ = backdrop != nullptr && backdrop->kept;
  damage_.clear();
  if (slots_.size() < count) slots_.resize(count);
  frames_.resize(count);
  for (std::size_t n = 0; n < slots_.size(); ++n) {
    Slot& slot = slots_[n];
    // A copy stays good only while every frame restored or kept it.
    if (!slot.used || !comparable) slot.holds_pixels = false;
    slot.used = false;
    if (n >= count) {
      if (kept_ && !slot.frame.extent.empty()) damage_.push_back(slot.frame.extent);  // gone
      slot.frame = {};
      slot.holds_pixels = false;
      continue;
    }
    const ImDrawList& list = *data.CmdLists[static_cast<int>(n)];
    ListFrame frame;
    frame.last_extent = slot.frame.extent;
    frame.same_as_last = comparable && !slot.frame.extent.empty() && same_list(slot, list);
    frame.font_only = std::all_of(list.CmdBuffer.begin(), list.CmdBuffer.end(), [&](const auto& c) {
      return !c.UserCallback && c.GetTexID() == key.font;
    });
    // The same bytes under the same display cover the same pixels.
    frame.extent = frame.same_as_last ? slot.frame.extent : list_extent(list, data, fb_height);
    if (!frame.same_as_last) {
      store_list(slot, list);
      slot.holds_pixels = false;
    }
    frame.stale = slot.holds_pixels ? slot.stale : PixelRect();
    slot.frame = frame;
    frames_[n] = frame;
  }
  if (comparable) {
    plan_list_reuse(frames_, backdrop->redrawn, plan_);
  } else {
    plan_.assign(count, {});
  }
  if (!kept_) return;
  if (!comparable) {
    damage_.assign(1, {0, 0, fb_width, fb_height});
    return;
  }
  for (std::size_t n = 0; n < count; ++n) {
    if (!plan_[n].changed.empty()) damage_.push_back(plan_[n].changed);
    // Standing still without a copy yet: drawn whole, over its kept pixels cleared.
    if (plan_[n].copy && !slots_[n].holds_pixels) damage_.push_back(frames_[n].extent);
  }
}

bool ImGuiListCache::restore(int n, PixelRect& redraw) {
  const auto i = static_cast<std::size_t>(n);
  if (!active_ || i >= plan_.size() || !plan_[i].copy || !slots_[i].holds_pixels) return false;
  Slot& slot = slots_[i];
  const PixelRect& e = slot.frame.extent;
  redraw = plan_[i].redraw;
  for (const PixelRect& part : outside(e, redraw)) {
    if (part.empty()) continue;
    if (!kept_) {
      copy(slot, part, false);
      continue;
    }
    for (const PixelRect& d : damage_) {  // elsewhere the kept pixels are these
      if (const PixelRect p = intersection(part, d); !p.empty()) copy(slot, p, false);
    }
  }
  slot.stale = redraw;
  slot.used = true;
  ++restored_;
  return true;
}

void ImGuiListCache::keep(int n) {
  const auto i = static_cast<std::size_t>(n);
  if (!active_ || i >= plan_.size() || !plan_[i].copy) return;
  Slot& slot = slots_[i];
  const PixelRect& e = slot.frame.extent;
  if (slot.texture_width != e.width || slot.texture_height != e.height) {
    if (slot.framebuffer) glDeleteFramebuffers(1, &slot.framebuffer);
    if (slot.texture) glDeleteTextures(1, &slot.texture);
    glCreateTextures(GL_TEXTURE_2D, 1, &slot.texture);
    glTextureStorage2D(slot.texture, 1, GL_RGBA8, e.width, e.height);
    glCreateFramebuffers(1, &slot.framebuffer);
    glNamedFramebufferTexture(slot.framebuffer, GL_COLOR_ATTACHMENT0, slot.texture, 0);
    slot.texture_width = e.width;
    slot.texture_height = e.height;
  }
  copy(slot, e, true);
  slot.holds_pixels = true;
  slot.stale = {};
  slot.used = true;
}

void ImGuiListCache::copy(const Slot& slot, const PixelRect& part, bool into_slot) const {
  const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);  // blits are scissored
  glDisable(GL_SCISSOR_TEST);
  const auto target = static_cast<GLuint>(key_.target);
  const PixelRect& e = slot.frame.extent;
  const int x0 = part.x - e.x, y0 = part.y - e.y;  // in the slot's texture
  const int x1 = x0 + part.width, y1 = y0 + part.height;
  const int fx1 = part.x + part.width, fy1 = part.y + part.height;
  if (into_slot) {
    glBlitNamedFramebuffer(target, slot.framebuffer, part.x, part.y, fx1, fy1, x0, y0, x1, y1,
                           GL_COLOR_BUFFER_BIT, GL_NEAREST);
  } else {
    glBlitNamedFramebuffer(slot.framebuffer, target, x0, y0, x1, y1, part.x, part.y, fx1, fy1,
                           GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  if (scissor) glEnable(GL_SCISSOR_TEST);
}

}  // namespace ui
