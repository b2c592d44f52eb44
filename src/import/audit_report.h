#pragma once
// The report of `animview audit` as a whole: {"files": [entry, ...]} of file_audit.h entries,
// sorted by file so that an audit split into shards and merged equals the audit in one run; its
// CSV form (one row per finding, for dashboards) and whether a CI job should fail on it.

#include <span>
#include <string>

#include <nlohmann/json.hpp>

namespace importer {

// {"files": entries sorted by "file"}.
nlohmann::json make_audit_report(nlohmann::json entries);

// The reports' files in one report (a file audited in two shards appears once, as the first
// shard has it). Returns the cause in *error, and an empty report, when a shard is not a report.
nlohmann::json merge_audit_reports(std::span<const nlohmann::json> shards, std::string* error);

// Whether a file could not be read or any finding is an error: the audit then exits with 1.
bool audit_report_fails(const nlohmann::json& report);

// Counts over the report: files, unreadable files, clips, and findings per severity.
struct AuditCounts {
  int files = 0;
  int unreadable = 0;
  int clips = 0;
  int info = 0;
  int warnings = 0;
  int errors = 0;
};
AuditCounts count_audit_report(const nlohmann::json& report);

// file,clip,kind,severity,frame,time,joint,value,message: one row per finding, and one row of
// kind "file" and severity "error" per unreadable file. Fields are quoted as RFC 4180 says.
std::string audit_report_csv(const nlohmann::json& report);

}  // namespace importer
