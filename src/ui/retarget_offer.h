#pragma once
// The viewer's offer to retarget a clip file made for another skeleton ("Add clip file" refused
// it): a small window naming the file, with Retarget and Not now.

#include <string>

#include <glm/glm.hpp>

namespace ui {

enum class RetargetOfferChoice { kNone, kRetarget, kDismiss };

// Draws the offer for file; returns what the user chose this frame. retarget_at, when given,
// receives the centre of the Retarget button (for scripted clicks).
RetargetOfferChoice draw_retarget_offer(const std::string& file, glm::vec2* retarget_at = nullptr);

}  // namespace ui
