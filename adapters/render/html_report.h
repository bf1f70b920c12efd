// DIR/report.html: one self-contained page (inline CSS, JS and SVG; no network) with the
// standings and their tie-breaks, the crosstable, the Elo table and a game viewer that steps
// through any game on the board and shades the final territory at its end. The URL fragment
// `#game=N&ply=P` opens game N at ply P. See docs/reports.md.
#pragma once

#include <ostream>
#include <string>

#include "adapters/render/report_data.h"

namespace hippolyta {

// The page for data (records included).
std::string renderHtmlReport(const ReportData& data);

// The viewer's data for one game, as the page embeds it (JSON): players, result, board size,
// start, moves as square indices, and the territory of the final position as one character a
// square ('.', 'w', 'b', 't' for a tie), with "final" true when it is the Olympiad's final
// territory (the game ended on the board).
std::string viewerGameJson(const ReportGame& game);

// Reads dir (see loadReportData) and writes dir/report.html by temp file + rename. Returns the
// page's path. Throws std::runtime_error / std::invalid_argument with a message for people.
std::string writeHtmlReport(const std::string& dir);
// The same, reading the game records through cache (see ReportCache).
std::string writeHtmlReport(const std::string& dir, ReportCache& cache);

// writeHtmlReport() for the end of a run: "Report: PATH" on out, or on failure a note on err
// (the games are safe; the report can be rebuilt with hippolyta-report). True if written.
bool tryWriteHtmlReport(const std::string& dir, std::ostream& out, std::ostream& err);

}  // namespace hippolyta
