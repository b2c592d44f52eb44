#include "render/surface_material.h"

namespace render {}  // namespace render
