// The HTML report's inline style sheet and script (the game viewer), kept apart from the code
// that writes the page.
#pragma once

namespace hippolyta {

const char* reportCss();
const char* reportScript();

}  // namespace hippolyta
