#include "import/audit_report.h"

#include <algorithm>
#include <set>

namespace importer {
namespace {

using nlohmann::json;

std::string csv_field(const json& value) {
  std::string text = value.is_string() ? value.get<std::string>()
                     : value.is_null() ? std::string()
                                       : value.dump();
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

// j[key], or null when j is not an object holding key (a shard from elsewhere may lack one).
const json& field(const json& j, const char* key) {
  static const json kNull;
  if (!j.is_object()) return kNull;
  const auto it = j.find(key);
  return it == j.end() ? kNull : *it;
}

}  // namespace

json make_audit_report(json entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const json& a, const json& b) {
    return a.value("file", std::string()) < b.value("file", std::string());
  });
  return {{"files", std::move(entries)}};
}

json merge_audit_reports(std::span<const json> shards, std::string* error) {
  json entries = json::array();
  std::set<std::string> seen;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    if (!shards[i].is_object() || !shards[i].contains("files") || !shards[i]["files"].is_array()) {
      if (error != nullptr) *error = "shard " + std::to_string(i + 1) + " has no \"files\" list";
      return make_audit_report(json::array());
    }
    for (const json& entry : shards[i]["files"]) {
      if (seen.insert(entry.value("file", std::string())).second) entries.push_back(entry);
    }
  }
  return make_audit_report(std::move(entries));
}

AuditCounts count_audit_report(const json& report) {
  AuditCounts counts;
  for (const json& file : report.value("files", json::array())) {
    ++counts.files;
    if (file.contains("error")) ++counts.unreadable;
    for (const json& clip : file.value("clips", json::array())) {
      ++counts.clips;
      for (const json& finding : clip.value("findings", json::array())) {
        const std::string severity = finding.value("severity", std::string());
        counts.errors += severity == "error";
        counts.warnings += severity == "warning";
        counts.info += severity == "info";
      }
    }
  }
  return counts;
}

bool audit_report_fails(const json& report) {
  const AuditCounts counts = count_audit_report(report);
  return counts.unreadable > 0 || counts.errors > 0;
}

std::string audit_report_csv(const json& report) {
  std::string out = "file,clip,kind,severity,frame,time,joint,value,message\n";
  for (const json& file : report.value("files", json::array())) {
    const json& name = field(file, "file");
    if (file.contains("error")) {
      out += csv_field(name) + ",,file,error,,,,," + csv_field(field(file, "error")) + "\n";
    }
    for (const json& clip : file.value("clips", json::array())) {
      for (const json& f : clip.value("findings", json::array())) {
        out += csv_field(name) + ',' + csv_field(field(clip, "name"));
        for (const char* key : {"kind", "severity", "frame", "time", "joint", "value", "message"}) {
          out += ',' + csv_field(f.value(key, json()));
        }
        out += '\n';
      }
    }
  }
  return out;
}

}  // namespace importer
