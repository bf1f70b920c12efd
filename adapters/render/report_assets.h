// The HTML report's inline style sheet and script (the game viewer): the files
// adapters/render/assets/report.css and report.js, compiled in by cmake/embed_text.cmake so
// that the page, which inlines them, stays self-contained.
#pragma once

namespace hippolyta {

const char* reportCss();
const char* reportScript();

}  // namespace hippolyta
