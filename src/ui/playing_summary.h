#pragma once
// The timeline panel's line that says what plays: in a clip's preview its name and the way back
// to the graph; while the graph plays its machine's active state and its heaviest clip; with no
// clips, that. The viewer's last status message comes first.

#include <string>

namespace ui {

// The last status message ("wrote walk_0.400.pose.json"), greyed, with the summary after it on
// the same line; nothing when status is empty.
void draw_status_message(const std::string& status);

// Nothing to play: no character, or one without clips.
void draw_no_clips_summary();

// A clip previewed on the timeline. Returns true when "Back to the graph" is pressed (offered
// only when there is a graph to go back to).
bool draw_clip_preview_summary(const char* clip, bool has_graph);

// What the graph plays. state is null without a state machine, heaviest_clip null when no clip
// weighs anything. Returns true when "Preview this clip on the timeline" is pressed with a
// heaviest clip to preview.
bool draw_graph_summary(const char* state, const char* heaviest_clip, float heaviest_time_s);

}  // namespace ui
