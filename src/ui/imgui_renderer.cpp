#include "ui/imgui_renderer.h"

#include <glad/gl.h>

#include <cmath>
#include <cstddef>
#include <cstdint>

#include <glm/glm.hpp>

namespace ui {
namespace {

// Solid runs smaller than this stay in the textured draws: a switch of program costs more than
// the reads it saves on a few pixels (a panel's background is tens of thousands).
constexpr float kMinSolidRunArea = 4096.0f;

bool on_white(const ImDrawVert& v, ImVec2 white_uv) {
  return v.uv.x == white_uv.x && v.uv.y == white_uv.y;
}

float triangle_area(const ImDrawVert& a, const ImDrawVert& b, const ImDrawVert& c) {
  return 0.5f * std::abs((b.pos.x - a.pos.x) * (c.pos.y - a.pos.y) -
                         (c.pos.x - a.pos.x) * (b.pos.y - a.pos.y));
}

void add_run(std::vector<ImGuiDrawRun>& runs, unsigned first, unsigned count, bool solid) {
  if (count == 0) return;
  if (!runs.empty() && runs.back().solid == solid) {
    runs.back().index_count += count;
  } else {
    runs.push_back({first, count, solid});
  }
}

// The GL state draw() changes, to put back afterwards.
struct SavedState {
  GLint program = 0, vertex_array = 0, texture = 0, active_texture = 0;
  GLint viewport[4] = {0, 0, 0, 0};
  GLint scissor_box[4] = {0, 0, 0, 0};
  GLint blend_rgb_src = 0, blend_rgb_dst = 0, blend_alpha_src = 0, blend_alpha_dst = 0;
  GLint blend_rgb_equation = 0, blend_alpha_equation = 0;
  GLboolean blend = 0, cull = 0, depth = 0, stencil = 0, scissor = 0;

  SavedState() {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_SCISSOR_BOX, scissor_box);
    glGetIntegerv(GL_BLEND_SRC_RGB, &blend_rgb_src);
    glGetIntegerv(GL_BLEND_DST_RGB, &blend_rgb_dst);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_alpha_src);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_alpha_dst);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &blend_rgb_equation);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blend_alpha_equation);
    blend = glIsEnabled(GL_BLEND);
    cull = glIsEnabled(GL_CULL_FACE);
    depth = glIsEnabled(GL_DEPTH_TEST);
    stencil = glIsEnabled(GL_STENCIL_TEST);
    scissor = glIsEnabled(GL_SCISSOR_TEST);
  }

  void restore() const {
    glUseProgram(static_cast<GLuint>(program));
    glBindVertexArray(static_cast<GLuint>(vertex_array));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture));
    glActiveTexture(static_cast<GLenum>(active_texture));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    glScissor(scissor_box[0], scissor_box[1], scissor_box[2], scissor_box[3]);
    glBlendEquationSeparate(static_cast<GLenum>(blend_rgb_equation),
                            static_cast<GLenum>(blend_alpha_equation));
    glBlendFuncSeparate(static_cast<GLenum>(blend_rgb_src), static_cast<GLenum>(blend_rgb_dst),
                        static_cast<GLenum>(blend_alpha_src), static_cast<GLenum>(blend_alpha_dst));
    const auto enable = [](GLenum cap, GLboolean on) { on ? glEnable(cap) : glDisable(cap); };
    enable(GL_BLEND, blend);
    enable(GL_CULL_FACE, cull);
    enable(GL_DEPTH_TEST, depth);
    enable(GL_STENCIL_TEST, stencil);
    enable(GL_SCISSOR_TEST, scissor);
  }
};

// ImGui's orthographic projection of its display rectangle, computed as its backend does.
glm::mat4 projection(const ImDrawData& data) {
  const float l = data.DisplayPos.x, r = data.DisplayPos.x + data.DisplaySize.x;
  const float t = data.DisplayPos.y, b = data.DisplayPos.y + data.DisplaySize.y;
  glm::mat4 m(0.0f);
  m[0][0] = 2.0f / (r - l);
  m[1][1] = 2.0f / (t - b);
  m[2][2] = -1.0f;
  m[3] = glm::vec4((r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f);
  return m;
}

}  // namespace

void split_solid_runs(const ImDrawList& list, const ImDrawCmd& cmd, ImVec2 white_uv, float min_area,
                      std::vector<ImGuiDrawRun>& runs) {
  runs.clear();
  const ImDrawIdx* indices = list.IdxBuffer.Data;
  const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
  const unsigned end = cmd.IdxOffset + cmd.ElemCount;
  unsigned textured_from = cmd.IdxOffset;
  for (unsigned i = cmd.IdxOffset; i + 3 <= end;) {
    unsigned j = i;
    float covered = 0.0f;
    while (j + 3 <= end) {
      const ImDrawVert& a = vertices[indices[j]];
      const ImDrawVert& b = vertices[indices[j + 1]];
      const ImDrawVert& c = vertices[indices[j + 2]];
      if (!on_white(a, white_uv) || !on_white(b, white_uv) || !on_white(c, white_uv)) break;
      covered += triangle_area(a, b, c);
      j += 3;
    }
    if (j > i && covered >= min_area) {
      add_run(runs, textured_from, i - textured_from, false);
      add_run(runs, i, j - i, true);
      textured_from = j;
    }
    i = j > i ? j : i + 3;
  }
  add_run(runs, textured_from, end - textured_from, false);
}

ImGuiRenderer::~ImGuiRenderer() {
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
  if (vertex_buffer_) glDeleteBuffers(1, &vertex_buffer_);
  if (index_buffer_) glDeleteBuffers(1, &index_buffer_);
}

std::string ImGuiRenderer::init() {
  if (std::string e = textured_.load({"imgui.vert", "imgui.frag", {}, {}}); !e.empty()) return e;
  if (std::string e = solid_.load({"imgui.vert", "imgui.frag", {}, {"SOLID"}}); !e.empty()) {
    return e;
  }
  if (vertex_array_) return {};
  glCreateVertexArrays(1, &vertex_array_);
  glCreateBuffers(1, &vertex_buffer_);
  glCreateBuffers(1, &index_buffer_);
  glVertexArrayVertexBuffer(vertex_array_, 0, vertex_buffer_, 0, sizeof(ImDrawVert));
  glVertexArrayElementBuffer(vertex_array_, index_buffer_);
  const auto attribute = [&](GLuint location, GLint size, GLenum type, GLboolean normalized,
                             std::size_t offset) {
    glEnableVertexArrayAttrib(vertex_array_, location);
    glVertexArrayAttribFormat(vertex_array_, location, size, type, normalized,
                              static_cast<GLuint>(offset));
    glVertexArrayAttribBinding(vertex_array_, location, 0);
  };
  attribute(0, 2, GL_FLOAT, GL_FALSE, offsetof(ImDrawVert, pos));
  attribute(1, 2, GL_FLOAT, GL_FALSE, offsetof(ImDrawVert, uv));
  attribute(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(ImDrawVert, col));
  return {};
}

void ImGuiRenderer::draw(const ImDrawData& data, const ImGuiBackdrop* backdrop) {
  const int fb_width = static_cast<int>(data.DisplaySize.x * data.FramebufferScale.x);
  const int fb_height = static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
  if (fb_width <= 0 || fb_height <= 0 || !textured_.valid() || !solid_.valid()) return;
  const SavedState saved;
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glViewport(0, 0, fb_width, fb_height);
  const glm::mat4 ortho = projection(data);
  for (const render::ShaderProgram* program : {&textured_, &solid_}) {
    program->use();
    program->set("u_projection", ortho);
    program->set("u_texture", 0);
  }
  glBindSampler(0, 0);
  glBindVertexArray(vertex_array_);
  const ImVec2 white_uv = ImGui::GetIO().Fonts->TexUvWhitePixel;
  cache_.begin(data, backdrop);
  if (backdrop && backdrop->kept) clear_damage(*backdrop);
  for (int n = 0; n < data.CmdListsCount; ++n) {
    PixelRect redraw;
    if (cache_.restore(n, redraw)) {
      if (!redraw.empty()) draw_list(*data.CmdLists[n], data, white_uv, &redraw);
      continue;
    }
    draw_list(*data.CmdLists[n], data, white_uv, nullptr);
    cache_.keep(n);
  }
  saved.restore();
}

void ImGuiRenderer::clear_damage(const ImGuiBackdrop& backdrop) const {
  GLfloat clear_color[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_color);
  glClearColor(backdrop.clear.x, backdrop.clear.y, backdrop.clear.z, backdrop.clear.w);
  GLint target = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  for (const PixelRect& damaged : cache_.damage()) {
    for (const PixelRect& part : outside(damaged, backdrop.redrawn)) {
      if (part.empty()) continue;
      glScissor(part.x, part.y, part.width, part.height);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    if (!backdrop.view_picture) continue;  // the view is all new
    const PixelRect view = intersection(damaged, backdrop.redrawn);
    if (view.empty()) continue;
    const int x1 = view.x + view.width, y1 = view.y + view.height;
    glScissor(view.x, view.y, view.width, view.height);
    glBlitNamedFramebuffer(backdrop.view_picture, static_cast<GLuint>(target), view.x, view.y, x1,
                           y1, view.x, view.y, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glClearColor(clear_color[0], clear_color[1], clear_color[2], clear_color[3]);
}

void ImGuiRenderer::draw_list(const ImDrawList& list, const ImDrawData& data, ImVec2 white_uv,
                              const PixelRect* within) {
  const int fb_height = static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
  glNamedBufferData(vertex_buffer_,
                    list.VtxBuffer.Size * static_cast<GLsizeiptr>(sizeof(ImDrawVert)),
                    list.VtxBuffer.Data, GL_STREAM_DRAW);
  glNamedBufferData(index_buffer_, list.IdxBuffer.Size * static_cast<GLsizeiptr>(sizeof(ImDrawIdx)),
                    list.IdxBuffer.Data, GL_STREAM_DRAW);
  const ImTextureID font = ImGui::GetIO().Fonts->TexID;
  const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  const render::ShaderProgram* bound = nullptr;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback) {  // the viewer adds none; kept for ImGui's own
      if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
      continue;
    }
    PixelRect scissor = command_scissor(cmd, data, fb_height);
    if (within) scissor = intersection(scissor, *within);
    if (scissor.empty()) continue;
    glScissor(scissor.x, scissor.y, scissor.width, scissor.height);
    glBindTexture(GL_TEXTURE_2D,
                  static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd.GetTexID())));
    if (cmd.GetTexID() == font) {
      split_solid_runs(list, cmd, white_uv, kMinSolidRunArea, runs_);
    } else {
      runs_.assign(1, {cmd.IdxOffset, cmd.ElemCount, false});
    }
    for (const ImGuiDrawRun& run : runs_) {
      const render::ShaderProgram* program = run.solid ? &solid_ : &textured_;
      if (program != bound) program->use();
      bound = program;
      glDrawElementsBaseVertex(
          GL_TRIANGLES, static_cast<GLsizei>(run.index_count), index_type,
          reinterpret_cast<const void*>(static_cast<std::uintptr_t>(run.first_index) *
                                        sizeof(ImDrawIdx)),
          static_cast<GLint>(cmd.VtxOffset));
    }
  }
}

}  // namespace ui
