#include "xdnd_source.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include <cstdio>
#include <memory>
#include <thread>

namespace e2e {
namespace {

constexpr long kXdndVersion = 5;

struct DisplayCloser {
  void operator()(Display* d) const { XCloseDisplay(d); }
};

// The atoms of the protocol, interned once per drop.
struct Atoms {
  explicit Atoms(Display* d)
      : aware(XInternAtom(d, "XdndAware", False)),
        enter(XInternAtom(d, "XdndEnter", False)),
        position(XInternAtom(d, "XdndPosition", False)),
        status(XInternAtom(d, "XdndStatus", False)),
        drop(XInternAtom(d, "XdndDrop", False)),
        finished(XInternAtom(d, "XdndFinished", False)),
        selection(XInternAtom(d, "XdndSelection", False)),
        action_copy(XInternAtom(d, "XdndActionCopy", False)),
        uri_list(XInternAtom(d, "text/uri-list", False)) {}
  Atom aware, enter, position, status, drop, finished, selection, action_copy, uri_list;
};

void send_client_message(Display* d, Window target, Atom type, const long (&data)[5]) {
  XEvent event{};
  event.xclient.type = ClientMessage;
  event.xclient.display = d;
  event.xclient.window = target;
  event.xclient.message_type = type;
  event.xclient.format = 32;
  for (int i = 0; i < 5; ++i) event.xclient.data.l[i] = data[i];
  XSendEvent(d, target, False, NoEventMask, &event);
  XFlush(d);
}

// The XDND version target announces in its XdndAware property; 0 when it has none.
long xdnd_version(Display* d, Window target, const Atoms& atoms) {
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char* data = nullptr;
  long version = 0;
  if (XGetWindowProperty(d, target, atoms.aware, 0, 1, False, XA_ATOM, &type, &format, &count,
                         &after, &data) == Success &&
      data != nullptr && count == 1 && format == 32) {
    version = static_cast<long>(*reinterpret_cast<Atom*>(data));
  }
  if (data != nullptr) XFree(data);
  return version;
}

}  // namespace

std::string uri_list(const std::vector<std::filesystem::path>& files) {
  std::string list;
  for (const std::filesystem::path& file : files) {
    list += "file://";
    for (const unsigned char c : file.string()) {
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~' ||
                         c == '/';
      if (plain) {
        list += static_cast<char>(c);
      } else {
        char escaped[4];
        std::snprintf(escaped, sizeof escaped, "%%%02X", c);
        list += escaped;
      }
    }
    list += "\r\n";
  }
  return list;
}

std::string xdnd_drop(unsigned long target_id, const std::vector<std::filesystem::path>& files,
                      std::chrono::milliseconds timeout) {
  std::unique_ptr<Display, DisplayCloser> display(XOpenDisplay(nullptr));
  if (!display) return "cannot open the X display";
  Display* d = display.get();
  const Window target = static_cast<Window>(target_id);
  const Atoms atoms(d);
  const long version = xdnd_version(d, target, atoms);
  if (version < kXdndVersion) {
    return "window " + std::to_string(target_id) + " announces XDND version " +
           std::to_string(version) + ", not 5 or later";
  }
  // The source: an unmapped window that owns the selection and receives the target's replies.
  const Window root = DefaultRootWindow(d);
  const Window source = XCreateSimpleWindow(d, root, 0, 0, 1, 1, 0, 0, 0);
  XSetSelectionOwner(d, atoms.selection, source, CurrentTime);
  if (XGetSelectionOwner(d, atoms.selection) != source) return "cannot own the XdndSelection";

  XWindowAttributes attributes{};
  XGetWindowAttributes(d, target, &attributes);
  int root_x = 0, root_y = 0;
  Window child = None;
  XTranslateCoordinates(d, target, root, attributes.width / 2, attributes.height / 2, &root_x,
                        &root_y, &child);
  const long source_id = static_cast<long>(source);
  send_client_message(d, target, atoms.enter,
                      {source_id, kXdndVersion << 24, static_cast<long>(atoms.uri_list), 0, 0});
  send_client_message(d, target, atoms.position,
                      {source_id, 0, (static_cast<long>(root_x) << 16) | root_y, CurrentTime,
                       static_cast<long>(atoms.action_copy)});

  const std::string uris = uri_list(files);
  enum class Step { AwaitStatus, AwaitFinished } step = Step::AwaitStatus;
  std::string outcome = "timed out waiting for XdndStatus";
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (XPending(d) == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    XEvent event;
    XNextEvent(d, &event);
    if (event.type == SelectionRequest) {
      // The target asks for the dropped data: the URI list, in the property it names.
      const XSelectionRequestEvent& request = event.xselectionrequest;
      XEvent reply{};
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = d;
      reply.xselection.requestor = request.requestor;
      reply.xselection.selection = request.selection;
      reply.xselection.target = request.target;
      reply.xselection.time = request.time;
      reply.xselection.property = None;
      if (request.selection == atoms.selection && request.target == atoms.uri_list) {
        XChangeProperty(d, request.requestor, request.property, atoms.uri_list, 8, PropModeReplace,
                        reinterpret_cast<const unsigned char*>(uris.data()),
                        static_cast<int>(uris.size()));
        reply.xselection.property = request.property;
      }
      XSendEvent(d, request.requestor, False, NoEventMask, &reply);
      XFlush(d);
      continue;
    }
    if (event.type != ClientMessage) continue;
    const XClientMessageEvent& message = event.xclient;
    if (step == Step::AwaitStatus && message.message_type == atoms.status) {
      if ((message.data.l[1] & 1) == 0) {
        outcome = "the target refused the drop (XdndStatus without accept)";
        break;
      }
      send_client_message(d, target, atoms.drop, {source_id, 0, CurrentTime, 0, 0});
      step = Step::AwaitFinished;
      outcome = "timed out waiting for XdndFinished";
    } else if (step == Step::AwaitFinished && message.message_type == atoms.finished) {
      // XDND says bit 0 tells acceptance; GLFW 3.3 sends the byte count of the data it read
      // (0 when it could not read it), so any nonzero value counts as accepted.
      outcome = message.data.l[1] != 0 ? "" : "the target finished without accepting";
      break;
    }
  }
  XDestroyWindow(d, source);
  XFlush(d);
  return outcome;
}

}  // namespace e2e
