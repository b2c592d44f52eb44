#include "app/audit_command.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/audit_contact_sheets.h"
#include "app/audit_html.h"
#include "app/subcommand.h"
#include "import/atomic_write.h"
#include "import/audit_cache.h"
#include "import/audit_report.h"
#include "import/audit_rules.h"
#include "import/file_audit.h"
#include "import/import_limits.h"
#include "project/project_file.h"
#include "project/project_paths.h"

namespace app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct AuditOptions {
  std::vector<std::string> paths;
  std::string project;
  std::string rules;
  int jobs = 1;
  std::string json_path;
  std::string csv_path;
  std::string html_path;
  std::vector<std::string> merge;
  std::string cache = importer::default_audit_cache_folder();
  bool no_cache = false;
  bool no_contact_sheets = false;
};

bool is_audited_file(const fs::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* e : {".fbx", ".glb", ".gltf", ".bvh", ".dae", ".x"}) {
    if (extension == e) return true;
  }
  return false;
}

// A file to audit, and the project's character its clips play on when it is a project's clip
// file (empty: the file's own).
struct AuditTarget {
  std::string path;
  std::string character;
};

// Appends the files at root (a file, or the model and clip files under a folder).
std::string add_files(const std::string& root, const std::string& character,
                      std::vector<AuditTarget>& out) {
  std::error_code ec;
  if (fs::is_regular_file(root, ec)) {
    out.push_back({root, character});
    return {};
  }
  if (!fs::is_directory(root, ec)) return root + ": no such file or folder";
  for (auto it = fs::recursive_directory_iterator(
           root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && is_audited_file(it->path())) {
      out.push_back({it->path().string(), character});
    }
  }
  return {};
}

// The files to audit under the paths and the project, sorted, each once (a project's clip file
// on the project's character); the cause when one is missing.
std::string collect_files(const AuditOptions& options, std::vector<AuditTarget>& files) {
  for (const std::string& root : options.paths) {
    if (std::string e = add_files(root, {}, files); !e.empty()) return e;
  }
  if (!options.project.empty()) {
    project::Project project;
    if (std::string e = project::load_project(options.project, project); !e.empty()) return e;
    const fs::path folder = fs::path(options.project).parent_path();
    std::string character;
    if (project.character != "<demo>") {
      character = project::resolve_project_path(project.character, folder);
      if (std::string e = add_files(character, {}, files); !e.empty()) return e;
    }
    for (const std::string& clips : project.clip_files) {
      const std::string path = project::resolve_project_path(clips, folder);
      if (std::string e = add_files(path, character, files); !e.empty()) return e;
    }
  }
  // Sorted by path, a project's clip file before the same file found on its own.
  std::stable_sort(files.begin(), files.end(), [](const AuditTarget& a, const AuditTarget& b) {
    return a.path != b.path ? a.path < b.path : a.character > b.character;
  });
  files.erase(
      std::unique(files.begin(), files.end(),
                  [](const AuditTarget& a, const AuditTarget& b) { return a.path == b.path; }),
      files.end());
  return {};
}

std::string read_text(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot be read";
  out.assign(std::istreambuf_iterator<char>(in), {});
  return {};
}

// Audits files, jobs at once, each from the cache when its content is unchanged.
json audit_files(const std::vector<AuditTarget>& files, const anim::AuditRules& rules,
                 const std::string& salt, const AuditOptions& options, int& cached) {
  std::vector<json> entries(files.size());
  std::atomic<std::size_t> next{0};
  std::atomic<int> hits{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) {
      const AuditTarget& file = files[i];
      // A clip file audited on a project's character is another entry than on its own.
      const std::string character_key =
          file.character.empty() ? std::string() : importer::audit_cache_key(file.character, salt);
      const bool uncached = options.no_cache || (!file.character.empty() && character_key.empty());
      const std::string key =
          uncached ? std::string() : importer::audit_cache_key(file.path, salt + character_key);
      if (!key.empty()) {
        if (std::optional<json> entry = importer::read_audit_cache(options.cache, key)) {
          (*entry)["file"] = file.path;
          entries[i] = std::move(*entry);
          ++hits;
          continue;
        }
      }
      entries[i] =
          importer::audit_file(file.path, rules, importer::default_import_limits(), file.character);
      std::fprintf(stderr, "animview audit: %s\n", file.path.c_str());
      // A failure may be the machine's (out of memory, timed out under load): tried again next
      // time rather than remembered.
      if (!key.empty() && !entries[i].contains("error")) {
        if (std::string e = importer::write_audit_cache(options.cache, key, entries[i]);
            !e.empty()) {
          std::fprintf(stderr, "animview audit: cache: %s\n", e.c_str());
        }
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < options.jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  cached = hits;
  json list = json::array();
  for (json& entry : entries) list.push_back(std::move(entry));
  return importer::make_audit_report(std::move(list));
}

bool write_output(const std::string& path, const std::string& text) {
  if (path.empty()) return true;
  if (std::string e = importer::write_file_atomically(path, text); !e.empty()) {
    std::fprintf(stderr, "animview audit: %s\n", e.c_str());
    return false;
  }
  return true;
}

// The report of the shards named by --merge, into report; "" or the cause.
std::string merge_shards(const std::vector<std::string>& paths, json& report) {
  std::vector<json> shards;
  for (const std::string& path : paths) {
    std::string text;
    json shard;
    if (read_text(path, text).empty()) shard = json::parse(text, nullptr, false);
    if (shard.is_discarded() || shard.is_null()) return path + ": not a JSON report";
    shards.push_back(std::move(shard));
  }
  std::string error;
  report = importer::merge_audit_reports(shards, &error);
  return error.empty() ? "" : "--merge: " + error;
}

// The report of the files the options name, audited (cached counts those the cache held); "" or
// the cause.
std::string audit_named_files(const AuditOptions& options, const anim::AuditRules& rules,
                              const std::string& rules_text, json& report, int& cached) {
  std::vector<AuditTarget> files;
  if (std::string e = collect_files(options, files); !e.empty()) return e;
  if (files.empty()) return "no model or clip files to audit";
  report =
      audit_files(files, rules, std::string(ANIMVIEW_VERSION) + '\n' + rules_text, options, cached);
  return "";
}

// The contact sheets the HTML report shows, unless it is not written or they are turned off.
ContactSheetPictures contact_sheets_for(const AuditOptions& options, const json& report) {
  if (options.html_path.empty() || options.no_contact_sheets) return {};
  ContactSheetRequest request;
  std::error_code ec;
  request.program = fs::read_symlink("/proc/self/exe", ec).string();
  request.jobs = options.jobs;
  std::string warning;
  ContactSheetPictures sheets = render_contact_sheets(report, request, warning);
  if (!warning.empty())
    std::fprintf(stderr, "animview audit: contact sheets: %s\n", warning.c_str());
  return sheets;
}

// The summary line and the errors, one line each (the rest is in the reports).
void print_summary(const json& report, int cached) {
  const importer::AuditCounts counts = importer::count_audit_report(report);
  std::printf(
      "%d files (%d unreadable, %d from the cache), %d clips: %d errors, %d warnings, %d "
      "notes\n",
      counts.files, counts.unreadable, cached, counts.clips, counts.errors, counts.warnings,
      counts.info);
  const auto text = [](const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>()
                                                                  : std::string();
  };
  for (const json& file : report["files"]) {
    if (!file.is_object()) continue;
    if (file.contains("error")) std::printf("  error: %s\n", text(file, "error").c_str());
    for (const json& clip : file.value("clips", json::array())) {
      for (const json& f : clip.value("findings", json::array())) {
        if (text(f, "severity") != "error") continue;
        std::printf("  error: %s [%s] %s: %s\n", text(file, "file").c_str(),
                    text(clip, "name").c_str(), text(f, "kind").c_str(),
                    text(f, "message").c_str());
      }
    }
  }
}

int run_audit(const AuditOptions& options) {
  const auto fail = [](const std::string& cause) {
    std::fprintf(stderr, "animview audit: %s\n", cause.c_str());
    return 2;
  };
  if (options.jobs < 1) return fail("--jobs must be at least 1");
  anim::AuditRules rules;
  std::string rules_text;
  if (!options.rules.empty()) {
    std::string e = read_text(options.rules, rules_text);
    if (e.empty()) e = importer::load_audit_rules(options.rules, rules);
    if (!e.empty()) return fail(e);
  }
  json report;
  int cached = 0;
  const std::string e = options.merge.empty()
                            ? audit_named_files(options, rules, rules_text, report, cached)
                            : merge_shards(options.merge, report);
  if (!e.empty()) return fail(e);
  const ContactSheetPictures sheets = contact_sheets_for(options, report);
  if (!write_output(options.json_path, report.dump(1)) ||
      !write_output(options.csv_path, importer::audit_report_csv(report)) ||
      !write_output(options.html_path, audit_html(report, sheets))) {
    return 2;
  }
  print_summary(report, cached);
  return importer::audit_report_fails(report) ? 1 : 0;
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  const auto [audit, options] = add_subcommand(
      app, "audit",
      "Audit a library of clips: pops, seams, foot slide, broken keys, units, mirrors", exit_code,
      run_audit);
  audit->add_option("paths", options->paths, "Files or folders to audit (searched recursively)");
  audit->add_option("--project", options->project, "Audit a project's character and clip files");
  audit->add_option("--rules", options->rules, "Rules file (JSON: thresholds, naming, markers)");
  audit->add_option("--jobs,-j", options->jobs, "Importer processes to run at once (default 1)");
  audit->add_option("--json", options->json_path, "Write the report as JSON");
  audit->add_option("--csv", options->csv_path, "Write the findings as CSV");
  audit->add_option("--html", options->html_path, "Write the report as a self-contained web page");
  audit->add_option("--merge", options->merge, "Merge these shard reports (JSON) instead");
  audit->add_option("--cache", options->cache, "Cache folder (default ~/.cache/animview/audit)");
  audit->add_flag("--no-cache", options->no_cache, "Audit every file again, caching nothing");
  audit->add_flag("--no-contact-sheets", options->no_contact_sheets,
                  "Leave the rendered pictures of each clip out of the HTML report");
}

}  // namespace app
