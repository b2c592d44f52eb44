#pragma once
// `animview audit PATH... [--project P] [--rules RULES.json] [--jobs N] [--json F] [--csv F]
// [--html F] [--cache DIR | --no-cache] [--merge SHARD.json...]`: the clip library audit. Every
// model and clip file under the paths (fbx, glb, gltf, bvh, dae, x) or a project's is imported
// and audited in its own importer process (import/file_audit.h), --jobs at once; the report goes
// to JSON, CSV and a self-contained HTML page, and a summary to stdout. --merge combines shard
// reports (one per machine or CI job) into one instead.

#include <CLI/CLI.hpp>

namespace app {

// Registers the `audit` subcommand on app; its callback sets exit_code: 0 when nothing reaches
// an error threshold, 1 when a finding is an error or a file cannot be read, 2 for bad arguments
// (an unreadable rules file or shard, no files to audit).
void add_audit_command(CLI::App& app, int& exit_code);

}  // namespace app
