#pragma once
// tinygltf's model types, included with the one configuration every file of animview uses
// (the configuration changes class definitions, so it must be the same everywhere).
//
// Images are never decoded while reading: embedded images are kept as their encoded bytes
// (the renderer decodes them) and external images as their uri, so no stb_image is compiled in.

#ifndef TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE
#endif
#ifndef TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#endif
#ifndef TINYGLTF_NO_EXTERNAL_IMAGE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#endif

#include <tiny_gltf.h>
