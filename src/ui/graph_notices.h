#pragma once
// What the graph panel says about the graph itself, above and in its tabs: why an edit is not
// played, the graph's warnings, and what to do when there is nothing to edit yet.

#include <span>
#include <string>

#include "project/graph_warnings.h"

namespace ui {

// The graph's state in one line of fixed height, so that an edit that breaks the graph (an
// exit time unticked on a transition with no condition) moves no control under the cursor:
// error in red, shortened to the line with the whole in a tooltip (the edit is not played, the
// last good graph plays on); else the warnings (project/graph_warnings.h) as a count that opens
// their list; else "graph plays".
void draw_graph_status(const std::string& error, std::span<const project::GraphWarning> warnings);

// The Blend space tab's hint when the project has no blend space.
void draw_no_blend_space_hint();

}  // namespace ui
