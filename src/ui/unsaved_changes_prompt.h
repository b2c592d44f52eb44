#pragma once
// The questions about unsaved work: before it would be lost (quit, open, reload) a modal with
// Save, Discard and Cancel, as in every document application; and after a crash, the offer of
// the recovery copy that autosave wrote.

#include <string>

namespace ui {

enum class UnsavedChoice { None, Save, Discard, Cancel };

// Draws the modal while open is true (opening the popup on the first frame) and returns the
// user's answer on the frame it is given, closing it; None while it waits. action says what
// waits on the answer ("quitting", "opening another file"); project names the project.
UnsavedChoice draw_unsaved_changes_prompt(bool& open, const std::string& action,
                                          const std::string& project);

enum class RecoveryChoice { None, Open, Discard };

// Draws the offer of a recovery copy after a crash while open is true: Open (the copy opens as
// a new, unsaved project) or Discard. file names the copy.
RecoveryChoice draw_recovery_prompt(bool& open, const std::string& file);

}  // namespace ui
