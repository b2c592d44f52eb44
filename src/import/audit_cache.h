#pragma once
// The cache of `animview audit`: a file's report entry kept under the hash of its content and
// the audit's rules, so a re-run over an unchanged library imports nothing again. One JSON file
// per entry in the cache folder; a changed file or rule set gets another key.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace importer {

// $XDG_CACHE_HOME/animview/audit, else $HOME/.cache/animview/audit, else a folder in /tmp.
std::string default_audit_cache_folder();

// A hex key for the content of the file at path together with salt (the rules and the program's
// version) and, for a .gltf, of the buffer files it names; empty when one cannot be read.
std::string audit_cache_key(const std::string& path, const std::string& salt);

// The entry stored under key, or nothing when there is none (or it does not parse).
std::optional<nlohmann::json> read_audit_cache(const std::string& folder, const std::string& key);

// Stores entry under key (creating the folder). Returns the cause when it cannot be written.
std::string write_audit_cache(const std::string& folder, const std::string& key,
                              const nlohmann::json& entry);

}  // namespace importer
