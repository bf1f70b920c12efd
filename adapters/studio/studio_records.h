// Pure text work for the Studio: a pasted move list read, the fields of the page's messages, and
// the engine's answers (analysis, solver) turned into the page's JSON. No I/O.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/records/game_record.h"

namespace hippolyta {

// A pasted game: a plain text record (tournament form, with its "Board:" header) or a list of
// moves in any notation, separated by spaces, commas or new lines, move numbers ("12.") and
// results ignored, played from the standard start of `size`. Throws RecordError saying which
// move is bad or illegal.
GameRecord readMoveList(std::string_view text, int size);

// One candidate of amz-analyze: the fields of `info move M visits N winrate W ... pv ...`.
struct Candidate {
    std::string move;
    long visits = 0;
    double winrate = 0;  // for the side to move
    std::vector<std::string> pv;
};
// Every candidate of one analysis line (several `info` groups per line), in the line's order.
std::vector<Candidate> parseAnalysisLine(std::string_view line);
nlohmann::json candidatesJson(const std::vector<Candidate>& candidates, std::size_t most);

// amz-solve's answer for the side to move: `win MOVE` (won, by MOVE) or `loss`; nothing for
// `unknown ...` or anything else.
struct Solved {
    bool win = false;
    std::string move;  // the winning move; empty for a loss
};
std::optional<Solved> parseSolve(std::string_view answer);
// The solver's time on each position the Studio looks at, before any search: a position it
// proves has its exact value (the search prints no line for one).
constexpr double kSolveSeconds = 0.2;
// How much longer than its time a short search (the review's, the coach's) may run for its first
// line (EngineLink::Command::firstLineGraceSeconds): the engine solves a small endgame at the
// root before it writes one, a tenth of a second here and seconds on a slow machine or under
// the sanitizers.
constexpr double kFirstLineGraceSeconds = 20;

// The amazons and arrows of a position: {"white":[...],"black":[...]} and [...].
nlohmann::json amazonsJson(const Position& pos);
nlohmann::json arrowsJson(const Position& pos);

// A loss in win rate as the Studio shows it and judges it: rounded to a whole percent (0.195 ->
// 0.20), so that a move's mark always agrees with the figure written beside it.
double shownLoss(double loss);

// "white" / "black", as the page names the sides.
const char* sideName(Color c);
// A win rate for the side to move `stm` as White's.
double whiteView(double stmWinrate, Color stm);
// Seconds since t on the steady clock.
double secondsSince(std::chrono::steady_clock::time_point t);

// The field `key` of the message `m` as T, `fallback` when absent or null; a wrong type throws
// std::invalid_argument naming the field.
template <typename T>
T messageField(const nlohmann::json& m, const char* key, T fallback) {
    const auto it = m.find(key);
    if (it == m.end() || it->is_null()) return fallback;
    try {
        return it->get<T>();
    } catch (const std::exception&) {
        throw std::invalid_argument(std::string("field '") + key + "' has the wrong type");
    }
}

// Nesting deeper than `maxDepth` arrays and objects (outside strings): refused before parsing.
bool nestedDeeperThan(std::string_view text, int maxDepth);

}  // namespace hippolyta
