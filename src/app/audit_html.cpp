#include "app/audit_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "asset/audit_report.h"

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
  return severity == "error" ? 2 : severity == "warning" ? 1 : 0;
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

constexpr std::string_view kHead = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>animview audit</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee;cursor:pointer}
tr.error td.sev{background:#f5b7b1}tr.warning td.sev{background:#fce8a6}tr.info td.sev{background:#e8f0fb}
section{border-top:2px solid #ddd;margin-top:1.5em}
figure{display:inline-block;margin:0 1em 0 0}figcaption{font-size:12px}
svg{background:#fafafa;border:1px solid #ddd}
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

std::string audit_html(const json& report) {
  const asset::AuditCounts counts = asset::count_audit_report(report);
  std::string html(kHead);
  char buffer[512];
  std::snprintf(buffer, sizeof buffer,
                "<h1>Clip library audit</h1><p>%d files (%d unreadable), %d clips: "
                "<b class=\"bad\">%d errors</b>, %d warnings, %d notes. Click a column to sort; "
                "a frame links to its place in the clip's plots.</p>\n",
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
    if (file.contains("error")) {
      rows.emplace_back(
          2, "<tr class=\"error\"><td class=\"sev\" data-key=\"2\">error</td><td>file</td><td>" +
                 file_name + "</td><td></td><td></td><td></td><td></td><td>" +
                 text(field(file, "error")) + "</td></tr>\n");
    }
    for (const json& clip : file.value("clips", json::array())) {
      std::string anchor = "c";  // appended to: GCC 12 warns falsely about "c" + std::string
      anchor += std::to_string(clip_index++);
      const json& findings = field(clip, "findings");
      for (const json& f : findings) {
        const int frame = f.value("frame", -1);
        const std::string where = frame < 0 ? std::string()
                                            : "<a href=\"#" + anchor + "f" + std::to_string(frame) +
                                                  "\">" + std::to_string(frame) + "</a>";
        rows.emplace_back(
            severity_rank(field(f, "severity")),
            "<tr class=\"" + text(field(f, "severity")) + "\"><td class=\"sev\" data-key=\"" +
                std::to_string(severity_rank(field(f, "severity"))) + "\">" +
                text(field(f, "severity")) + "</td><td>" + text(field(f, "kind")) + "</td><td>" +
                file_name + "</td><td><a href=\"#" + anchor + "\">" + text(field(clip, "name")) +
                "</a></td><td data-key=\"" + std::to_string(frame) + "\">" + where + "</td><td>" +
                text(field(f, "joint")) + "</td><td>" + text(field(f, "value")) + "</td><td>" +
                text(field(f, "message")) + "</td></tr>\n");
      }
      std::snprintf(
          buffer, sizeof buffer,
          "<p>%s s at %s fps (%s frames), %s keys/s, %s of %s channels animated; root "
          "travels %s m at %s m/s, turns %s&deg;; loop: %s</p>",
          text(field(clip, "duration")).c_str(), text(field(clip, "fps")).c_str(),
          text(field(clip, "frames")).c_str(), text(field(clip, "keys_per_second")).c_str(),
          text(field(clip, "animated_channels")).c_str(), text(field(clip, "channels")).c_str(),
          text(field(clip, "root_travel_m")).c_str(), text(field(clip, "root_speed_m_s")).c_str(),
          text(field(clip, "root_turn_deg")).c_str(), clip.value("loop", false) ? "yes" : "no");
      sections += "<section id=\"" + anchor + "\"><h3>" + text(field(clip, "name")) + " <small>" +
                  file_name + "</small></h3>" + buffer;
      const json& plots = field(clip, "plots");
      const int step = plots.value("frames_per_point", 1);
      sections +=
          plot("root speed (m/s)", {&field(plots, "root_speed")}, step, findings, anchor, false);
      sections += plot("joint acceleration (m/s\xc2\xb2), findings marked",
                       {&field(plots, "acceleration")}, step, findings, anchor, true);
      std::vector<const json*> slides;
      for (const json& leg : field(plots, "slide")) slides.push_back(&leg);
      if (!slides.empty()) {
        sections += plot("planted foot slide per frame (m), per foot", slides, step, findings,
                         anchor, false);
      }
      sections += "</section>\n";
    }
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& row : rows) html += row.second;
  html += "</tbody></table>\n" + sections;
  html += kScript;
  return html + "</body></html>\n";
}

}  // namespace app
