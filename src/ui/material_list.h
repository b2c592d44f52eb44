#pragma once
// The Character panel's list of materials: each one's base colour, its image and any image file
// that is not where the model says, so a user sees why a character is drawn with a checkerboard.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "import/character.h"

namespace ui {

// One material as the list shows it. Made once per load: it looks on disk for the images.
struct MaterialRow {
  std::string name;                  // the material's name, "(unnamed)" when the file gives none
  glm::vec4 swatch{1.0f};            // the base colour in sRGB, as a colour button shows it
  std::string image;                 // the base colour image: its file name, "embedded" or "none"
  std::string image_path;            // the file's full path; empty for an embedded image or none
  std::vector<std::string> missing;  // "<role> image not found: <path>", per image file absent
};

// The rows of character's materials, in material order.
std::vector<MaterialRow> list_materials(const importer::Character& character);

// A collapsing "Materials" section (open where an image is missing): a line per material with
// its swatch, name and base colour image (the full path on hover), and each missing image.
void draw_material_list(std::span<const MaterialRow> rows);

}  // namespace ui
