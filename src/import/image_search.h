#pragma once
// Finding the image files a model names. Model files keep the path the image had on the
// artist's machine, often absolute and often Windows' ("C:\Users\...\Textures\Skin.png"), while
// the images travel beside the model or in a textures folder next to it.

#include <string>
#include <vector>

#include "import/character.h"

namespace importer {

// Where the image that a model in model_dir names as written is, looking in this order:
//  1. the path as written (a relative one against model_dir; backslashes read as slashes);
//  2. its file name in model_dir, in model_dir's textures folder, in the textures folder of
//     model_dir's parent (folder and file names compared without case, as Windows does).
// The first file found; when there is none, the path as written (resolved against model_dir
// where it is relative on this system), so a warning can name what the model asked for. Empty
// for an empty path.
std::string locate_image(const std::string& written, const std::string& model_dir);

// The image files material names that are not on disk, each as "<role> image not found: <path>"
// (role: base colour, metallic-roughness, normal, occlusion or emissive). Embedded images are
// always there.
std::vector<std::string> missing_images(const visual::Material& material);

}  // namespace importer
