#include "app/layer_authoring.h"

#include <imgui.h>

#include "app/graph_authoring.h"
#include "ui/layer_editor.h"

namespace app {

void draw_layers_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  if (!scene.loaded) return;
  const ui::LayerEditorChange change =
      ui::draw_layer_editor(ui.graph.layer_editor, doc.project(), scene.character.skeleton);
  if (change.graph_edited) {
    commit_graph_edit(doc, ui, scene);
    return;
  }
  if (change.weight_layer < 0) return;
  const int layer = change.weight_layer;
  if (change.weight_released) {
    // One binding for the whole drag; the undo step was recorded while dragging.
    ui.graph.graph_error = scene.rebind_graph(doc.project());
    return;
  }
  scene.set_layer_weight(layer, doc.project().layers[layer].weight);
  doc.record_edit(ImGui::IsMouseDown(ImGuiMouseButton_Left));
}

}  // namespace app
