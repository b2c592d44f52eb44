#pragma once
// An XDND drag source for end-to-end tests: drops files on another client's window the way a
// file manager does (XDND version 5, type text/uri-list), so the viewer's real GLFW drop
// callback runs. GLFW 3.3's X11 backend is the drop target.

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace e2e {

// "file:///a/b%20c.glb\r\n" for each file: the text/uri-list form of absolute paths, with bytes
// other than letters, digits, "-._~/" percent-encoded.
std::string uri_list(const std::vector<std::filesystem::path>& files);

// Drops files on the X window target (e.g. from xdotool search) on the display named by
// $DISPLAY: XdndEnter, XdndPosition at the window's centre, waits for an accepting XdndStatus,
// XdndDrop, answers the target's request for the XdndSelection with uri_list(files), and waits
// for XdndFinished. Returns "" once the target finished and accepted, otherwise the step that
// failed (no display, the window is not XDND-aware, the drop was refused, a timeout).
std::string xdnd_drop(unsigned long target, const std::vector<std::filesystem::path>& files,
                      std::chrono::milliseconds timeout);

}  // namespace e2e
