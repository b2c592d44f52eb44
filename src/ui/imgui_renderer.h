#pragma once
// Draws Dear ImGui's frame (ImDrawData) with OpenGL, as ImGui's OpenGL 3 backend does (the same
// state, projection, scissors and order, so the same pixels), except for large solid fills:
// ImGui draws them with the font atlas' white texel, and a software renderer (llvmpipe) spends
// much of each panel pixel on that filtered read of 1. Runs of consecutive solid triangles that
// cover many pixels go through a program without the read; the rest through the textured one.
// The backend still makes the font atlas (ImGui_ImplOpenGL3_NewFrame). Given what lies under the
// frame (ImGuiBackdrop), lists that stand still are copied from last frame (ImGuiListCache), or
// over a back buffer that kept last frame's picture, left as they are.

#include <string>
#include <vector>

#include "imgui.h"
#include "render/shader_program.h"
#include "ui/imgui_list_cache.h"

namespace ui {

// A stretch of one draw command's indices drawn by one program.
struct ImGuiDrawRun {
  unsigned first_index = 0;  // into the draw list's index buffer
  unsigned index_count = 0;
  bool solid = false;  // every vertex's UV is the white texel: drawn without the texture
};

// cmd's triangles of list cut into runs, in their order (so blending sees the same sequence):
// each maximal run of consecutive triangles whose UVs are all white_uv and which together cover
// at least min_area square pixels is solid; the triangles between are textured runs. Replaces
// runs' contents.
void split_solid_runs(const ImDrawList& list, const ImDrawCmd& cmd, ImVec2 white_uv, float min_area,
                      std::vector<ImGuiDrawRun>& runs);

class ImGuiRenderer {
 public:
  ImGuiRenderer() = default;
  ImGuiRenderer(const ImGuiRenderer&) = delete;
  ImGuiRenderer& operator=(const ImGuiRenderer&) = delete;
  ~ImGuiRenderer();

  // Loads shaders/imgui.* (textured and SOLID); returns "" or the error naming the file and line.
  std::string init();

  // Draws data into the bound framebuffer, restoring the GL state it changes. With a backdrop
  // (the caller's promise of what the framebuffer holds before), lists that leave the same pixels
  // as last frame are copied from it instead of drawn; over a kept backdrop, only where the
  // picture changed is cleared and composed (ImGuiListCache::damage).
  void draw(const ImDrawData& data, const ImGuiBackdrop* backdrop = nullptr);

  // Lists the last draw copied instead of drawing.
  int lists_copied() const { return cache_.restored(); }

 private:
  // Clears the cache's damage to the backdrop's colour outside the view, and within it copies the
  // view back from its picture when there is one.
  void clear_damage(const ImGuiBackdrop& backdrop) const;
  // Draws list; only within that rectangle of the framebuffer when within is given.
  void draw_list(const ImDrawList& list, const ImDrawData& data, ImVec2 white_uv,
                 const PixelRect* within);

  render::ShaderProgram textured_;
  render::ShaderProgram solid_;
  unsigned vertex_array_ = 0;
  unsigned vertex_buffer_ = 0;
  unsigned index_buffer_ = 0;
  std::vector<ImGuiDrawRun> runs_;  // reused from frame to frame
  ImGuiListCache cache_;
};

}  // namespace ui
