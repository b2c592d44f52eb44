#include "app/character_source.h"

#include "import/posed_bounds.h"

namespace app {

render::CharacterSource character_source(const importer::Character& character) {
  const importer::Bounds rest = importer::rest_pose_bounds(character, glm::mat4(1.0f));
  return {character.source_path,
          character.skeleton.joint_count(),
          character.meshes,
          character.materials,
          rest.min,
          rest.max};
}

}  // namespace app
