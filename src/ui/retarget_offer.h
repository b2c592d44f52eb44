#pragma once
// The viewer's offer to retarget a clip file made for another skeleton ("Add clip file" refused
// it): a small window naming the file, with Retarget and Not now.

#include <string>

namespace ui {

enum class RetargetOfferChoice { kNone, kRetarget, kDismiss };

// Draws the offer for file; returns what the user chose this frame.
RetargetOfferChoice draw_retarget_offer(const std::string& file);

}  // namespace ui
