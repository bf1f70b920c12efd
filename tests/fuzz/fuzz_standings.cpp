// A tournament's standings.json as the report reads it (parseStandingsJson, behind
// loadReportData), then the HTML report made from it. What is accepted lists its games in
// number order, from 1; and whatever the names and texts in it, the page keeps its two script
// elements: nothing from the file can open or close one.
#include <algorithm>
#include <cctype>

#include "adapters/render/html_report.h"
#include "adapters/render/report_data.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    ReportData report;
    try {
        report = parseStandingsJson(text, "standings.json");
    } catch (const std::invalid_argument&) {
        return 0;
    }
    for (size_t i = 0; i < report.games.size(); ++i) {
        FUZZ_CHECK(report.games[i].number >= 1, "accepted a game number below 1");
        FUZZ_CHECK(i == 0 || report.games[i - 1].number <= report.games[i].number,
                   "games out of number order");
    }
    std::string html = renderHtmlReport(report);
    std::transform(html.begin(), html.end(), html.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    FUZZ_CHECK(occurrences(html, "<script") == 2 && occurrences(html, "</script") == 2,
               "the file's text opened or closed a script element: " + fuzz::quoted(text));
    return 0;
}
