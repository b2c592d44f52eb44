#pragma once
// The contact sheets of the library audit's report: for each readable file of a report, this
// program run again as `animview contact-sheet` in its own process (so a file that crashes the
// renderer costs its pictures, not the audit), jobs at once, each clip drawn at evenly spaced
// frames and at its findings' frames; the pictures come back as JPEG data URIs for the page
// (PNGs of 160 clips made a 47 MB page, JPEGs ...).

#include <string>

#include <nlohmann/json.hpp>

#include "app/audit_html.h"

namespace app {

struct ContactSheetRequest {
  std::string program;  // this executable (/proc/self/exe)
  int jobs = 1;
  int frames = 5;  // evenly spaced per clip
  int width = 160;
  int height = 120;
  int jpeg_quality = 80;
  int max_finding_frames = 3;  // per clip, the first findings' frames drawn besides
  int timeout_s = 120;         // per file: a render that takes longer is stopped
};

// The pictures of every readable file of report. warning is set to the first failure's cause
// (no display to draw on, a file the renderer refused), with how many files failed.
ContactSheetPictures render_contact_sheets(const nlohmann::json& report,
                                           const ContactSheetRequest& request,
                                           std::string& warning);

// "data:<type>;base64,..." of bytes.
std::string data_uri(const std::string& type, const std::string& bytes);

}  // namespace app
