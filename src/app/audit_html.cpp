#include "app/audit_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string_view>

#include "import/audit_report.h"

namespace app {
namespace {

using nlohmann::json;

std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string text(const json& value) {
  if (value.is_string()) return escape(value.get<std::string>());
  if (value.is_number_float()) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value.get<double>());
    return buffer;
  }
  return value.is_null() ? std::string() : escape(value.dump());
}

// j[key], or null when j is not an object holding key (a shard from elsewhere may lack one).
const json& field(const json& j, const char* key) {
  static const json kNull;
  if (!j.is_object()) return kNull;
  const auto it = j.find(key);
  return it == j.end() ? kNull : *it;
}

int severity_rank(const json& severity) {
  // Compared as a string: json == "..." inlined here trips GCC 12's false -Warray-bounds.
  const std::string* name = severity.get_ptr<const std::string*>();
  if (name == nullptr) return 0;
  return *name == "error" ? 2 : *name == "warning" ? 1 : 0;
}

constexpr int kPlotWidth = 480;
constexpr int kPlotHeight = 90;

// A line plot of series (values per point, frames_per_point frames each) titled title, with a
// marker line per frame in marks (id "<anchor>f<frame>", so a finding links to it).
std::string plot(const std::string& title, const std::vector<const json*>& series,
                 int frames_per_point, const json& findings, const std::string& anchor,
                 bool marks) {
  double top = 1e-9;
  std::size_t points = 1;
  for (const json* s : series) {
    points = std::max(points, s->size());
    for (const json& v : *s) {
      if (v.is_number()) top = std::max(top, v.get<double>());
    }
  }
  const double x_scale = static_cast<double>(kPlotWidth) / std::max<std::size_t>(1, points - 1);
  char buffer[256];
  std::string svg;
  std::snprintf(buffer, sizeof buffer,
                "<figure><figcaption>%s (max %.3g)</figcaption><svg width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" xmlns=\"http://www.w3.org/2000/svg\">",
                escape(title).c_str(), top, kPlotWidth, kPlotHeight, kPlotWidth, kPlotHeight);
  svg += buffer;
  static const char* kColours[] = {"#2a6fdb", "#d9822b", "#3b9c5a", "#8e44ad"};
  for (std::size_t s = 0; s < series.size(); ++s) {
    svg += "<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"";
    svg += kColours[s % 4];
    svg += "\" points=\"";
    std::size_t i = 0;
    for (const json& v : *series[s]) {
      const double y = v.is_number() ? v.get<double>() : 0.0;
      std::snprintf(buffer, sizeof buffer, "%.1f,%.1f ", i++ * x_scale,
                    kPlotHeight - 2 - (kPlotHeight - 4) * y / top);
      svg += buffer;
    }
    svg += "\"/>";
  }
  if (marks) {
    for (const json& f : findings) {
      const int frame = f.value("frame", -1);
      if (frame < 0) continue;
      const double x = frame / static_cast<double>(std::max(1, frames_per_point)) * x_scale;
      std::snprintf(buffer, sizeof buffer,
                    "<line id=\"%sf%d\" x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%d\" "
                    "stroke=\"%s\" stroke-dasharray=\"3,2\"><title>",
                    anchor.c_str(), frame, x, x, kPlotHeight,
                    field(f, "severity") == "error" ? "#c0392b" : "#e0a800");
      svg += buffer + text(field(f, "kind")) + " at frame " + std::to_string(frame) +
             "</title></line>";
    }
  }
  return svg + "</svg></figure>";
}

// The last part of a path: the summary shows the file's name, and its path on hover.
std::string base_name(const json& path) {
  if (!path.is_string()) return {};
  const std::string p = path.get<std::string>();
  const std::size_t slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The transition matrix of one file's clips (file_audit.h's "transitions") as a table whose
// cells shade from green (a close entry) to red (none within a quarter of the character's
// height, the audit's warning);
// empty when there is none.
std::string transition_table(const json& transitions, const std::string& file_name) {
  const json& names = field(transitions, "clips");
  const json& cost = field(transitions, "cost_m");
  if (!names.is_array() || !cost.is_array() || names.size() < 2 || cost.size() != names.size()) {
    return {};
  }
  std::string html =
      "<section><h3>Transitions <small>" + file_name +
      "</small></h3><p>The closest entry from each clip (row) into each other "
      "(column), pose and velocity, in cm; red from a quarter of its height; hover for the "
      "frames.</p>"
      "<div class=\"wide\"><table class=\"transitions\"><tr><th></th>";
  for (const json& name : names) html += "<th class=\"to\">" + text(name) + "</th>";
  html += "</tr>\n";
  char buffer[256];
  for (std::size_t s = 0; s < names.size(); ++s) {
    html += "<tr><th>" + text(names[s]) + "</th>";
    for (std::size_t t = 0; t < names.size(); ++t) {
      const json& value = cost[s].is_array() && t < cost[s].size() ? cost[s][t] : json();
      if (!value.is_number()) {
        html += "<td></td>";
        continue;
      }
      const double cm = 100.0 * value.get<double>();
      const double height_m = field(transitions, "height_m").is_number()
                                  ? std::max(1e-6, field(transitions, "height_m").get<double>())
                                  : 1.0;
      const double hue =
          120.0 * std::clamp(1.0 - value.get<double>() / (0.25 * height_m), 0.0, 1.0);
      const json& exit = field(transitions, "exit_frame");
      const json& entry = field(transitions, "entry_frame");
      const auto frame_of = [&](const json& m) {
        return m.is_array() && s < m.size() && m[s].is_array() && t < m[s].size() &&
                       m[s][t].is_number_integer()
                   ? m[s][t].get<int>()
                   : -1;
      };
      std::snprintf(buffer, sizeof buffer,
                    "<td style=\"background:hsl(%.0f,70%%,80%%)\" title=\"from frame %d into "
                    "frame %d\">%.0f</td>",
                    hue, frame_of(exit), frame_of(entry), cm);
      html += buffer;
    }
    html += "</tr>\n";
  }
  return html + "</table></div></section>\n";
}

// One row of the summary: the finding, its clip linked to its section and its frame to its
// picture on the clip's contact sheet (or its mark in the plots when it has no picture).
std::string finding_row(const json& f, const json& clip, const std::string& file_cell,
                        const std::string& anchor, const std::map<int, std::string>& pictures) {
  const int frame = f.value("frame", -1);
  const std::string target = anchor + (pictures.count(frame) != 0 ? "s" : "f");
  const std::string where = frame < 0 ? std::string()
                                      : "<a href=\"#" + target + std::to_string(frame) + "\">" +
                                            std::to_string(frame) + "</a>";
  const std::string rank = std::to_string(severity_rank(field(f, "severity")));
  return "<tr class=\"" + text(field(f, "severity")) + "\"><td class=\"sev\" data-key=\"" + rank +
         "\">" + text(field(f, "severity")) + "</td><td>" + text(field(f, "kind")) + "</td>" +
         file_cell + "<td><a href=\"#" + anchor + "\">" + text(field(clip, "name")) +
         "</a></td><td data-key=\"" + std::to_string(frame) + "\">" + where + "</td><td>" +
         text(field(f, "joint")) + "</td><td>" + text(field(f, "value")) + "</td><td>" +
         text(field(f, "message")) + "</td></tr>\n";
}

// The clip's pictures, a finding's frames outlined.
std::string contact_sheet(const json& findings, const std::string& anchor,
                          const std::map<int, std::string>& pictures) {
  if (pictures.empty()) return {};
  std::string html = "<div class=\"sheet\">";
  for (const auto& [frame, uri] : pictures) {
    bool hit = false;
    for (const json& f : findings) hit = hit || f.value("frame", -1) == frame;
    const std::string number = std::to_string(frame);
    html += "<figure id=\"" + anchor + "s" + number + "\"" + (hit ? " class=\"hit\"" : "") +
            "><img src=\"" + uri + "\" alt=\"frame " + number + "\"><figcaption>frame " + number +
            "</figcaption></figure>";
  }
  return html + "</div>";
}

// A clip's section: its measures, contact sheet and plots.
std::string clip_section(const json& clip, const std::string& file_name, const std::string& anchor,
                         const std::map<int, std::string>& pictures) {
  char buffer[512];
  std::snprintf(
      buffer, sizeof buffer,
      "<p>%s s at %s fps (%s frames), %s keys/s, %s of %s channels animated; root "
      "travels %s m at %s m/s, turns %s&deg;; loop: %s</p>",
      text(field(clip, "duration")).c_str(), text(field(clip, "fps")).c_str(),
      text(field(clip, "frames")).c_str(), text(field(clip, "keys_per_second")).c_str(),
      text(field(clip, "animated_channels")).c_str(), text(field(clip, "channels")).c_str(),
      text(field(clip, "root_travel_m")).c_str(), text(field(clip, "root_speed_m_s")).c_str(),
      text(field(clip, "root_turn_deg")).c_str(), clip.value("loop", false) ? "yes" : "no");
  const json& findings = field(clip, "findings");
  std::string html = "<section id=\"" + anchor + "\"><h3>" + text(field(clip, "name")) +
                     " <small>" + file_name + "</small></h3>" + buffer +
                     contact_sheet(findings, anchor, pictures);
  const json& plots = field(clip, "plots");
  const int step = plots.value("frames_per_point", 1);
  html += plot("root speed (m/s)", {&field(plots, "root_speed")}, step, findings, anchor, false);
  html += plot("joint acceleration (m/s\xc2\xb2), findings marked", {&field(plots, "acceleration")},
               step, findings, anchor, true);
  std::vector<const json*> slides;
  for (const json& leg : field(plots, "slide")) slides.push_back(&leg);
  if (!slides.empty()) {
    html +=
        plot("planted foot slide per frame (m), per foot", slides, step, findings, anchor, false);
  }
  return html + "</section>\n";
}

constexpr std::string_view kHead = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>animview audit</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:13px}#summary{width:100%}
td.file{min-width:9em;max-width:16em;overflow-wrap:anywhere}
div.wide{overflow-x:auto}table.transitions td{text-align:right;min-width:2.5em}
table.transitions th.to{writing-mode:vertical-rl;transform:rotate(180deg);max-height:14em}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee;cursor:pointer}
tr.error td.sev{background:#f5b7b1}tr.warning td.sev{background:#fce8a6}tr.info td.sev{background:#e8f0fb}
section{border-top:2px solid #ddd;margin-top:1.5em}
figure{display:inline-block;margin:0 1em 0 0}figcaption{font-size:12px}
svg{background:#fafafa;border:1px solid #ddd}
.sheet figure{margin:0 4px 4px 0}.sheet img{display:block;border:2px solid #ddd}
.sheet figure.hit img{border-color:#c0392b}
.bad{color:#c0392b}
</style></head><body>
)";

constexpr std::string_view kScript = R"(<script>
// Sorts the summary table by a column when its header is clicked (severity by rank).
document.querySelectorAll('#summary th').forEach(function (th, column) {
  th.addEventListener('click', function () {
    var body = document.querySelector('#summary tbody');
    var rows = Array.prototype.slice.call(body.rows);
    var down = th.dataset.down !== '1';
    th.dataset.down = down ? '1' : '0';
    rows.sort(function (a, b) {
      var x = a.cells[column].dataset.key || a.cells[column].textContent;
      var y = b.cells[column].dataset.key || b.cells[column].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return down ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
</script>
)";

}  // namespace

std::string audit_html(const json& report, const ContactSheetPictures& sheets) {
  const importer::AuditCounts counts = importer::count_audit_report(report);
  std::string html(kHead);
  char buffer[512];
  std::snprintf(buffer, sizeof buffer,
                "<h1>Clip library audit</h1><p>%d files (%d unreadable), %d clips: "
                "<b class=\"bad\">%d errors</b>, %d warnings, %d notes. Click a column to sort; "
                "a frame links to its picture on the clip's contact sheet, or to its mark in the "
                "plots.</p>\n",
                counts.files, counts.unreadable, counts.clips, counts.errors, counts.warnings,
                counts.info);
  html += buffer;
  html +=
      "<table id=\"summary\"><thead><tr><th>severity</th><th>kind</th><th>file</th>"
      "<th>clip</th><th>frame</th><th>joint</th><th>value</th><th>message</th></tr></thead>"
      "<tbody>\n";
  std::string sections;
  // The summary's rows by severity, errors first (a stable sort keeps file order within one).
  std::vector<std::pair<int, std::string>> rows;
  int clip_index = 0;
  for (const json& file : report.value("files", json::array())) {
    const std::string file_name = text(field(file, "file"));
    const std::string file_cell = "<td class=\"file\" title=\"" + file_name + "\">" +
                                  escape(base_name(field(file, "file"))) + "</td>";
    if (file.contains("error")) {
      rows.emplace_back(
          2, "<tr class=\"error\"><td class=\"sev\" data-key=\"2\">error</td><td>file</td>" +
                 file_cell + "<td></td><td></td><td></td><td></td><td>" +
                 text(field(file, "error")) + "</td></tr>\n");
    }
    const auto sheet_file = sheets.find(
        field(file, "file").is_string() ? field(file, "file").get<std::string>() : std::string());
    int clip_in_file = 0;
    for (const json& clip : file.value("clips", json::array())) {
      std::string anchor = "c";  // appended to: GCC 12 warns falsely about "c" + std::string
      anchor += std::to_string(clip_index++);
      static const std::map<int, std::string> kNoPictures;
      const std::map<int, std::string>* pictures = &kNoPictures;
      if (sheet_file != sheets.end()) {
        const auto found = sheet_file->second.find(clip_in_file);
        if (found != sheet_file->second.end()) pictures = &found->second;
      }
      ++clip_in_file;
      for (const json& f : field(clip, "findings")) {
        rows.emplace_back(severity_rank(field(f, "severity")),
                          finding_row(f, clip, file_cell, anchor, *pictures));
      }
      sections += clip_section(clip, file_name, anchor, *pictures);
    }
    sections += transition_table(field(file, "transitions"), file_name);
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& row : rows) html += row.second;
  html += "</tbody></table>\n" + sections;
  html += kScript;
  return html + "</body></html>\n";
}

}  // namespace app
