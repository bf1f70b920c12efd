#include "adapters/studio/studio_records.h"

#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "engine/core/move_check.h"
#include "engine/core/notation.h"
#include "engine/core/records/text_record.h"

namespace hippolyta {

using nlohmann::json;

namespace {

// "12." "12..." "1-0" "W+" and the like: not moves.
bool isNoise(const std::string& token) {
    bool digitsOnly = !token.empty();
    for (char c : token)
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') digitsOnly = false;
    return digitsOnly || token.rfind("W+", 0) == 0 || token.rfind("B+", 0) == 0;
}

}  // namespace

GameRecord readMoveList(std::string_view text, int size) {
    if (text.find("Board:") != std::string_view::npos) return readTextRecord(text);
    GameRecord record;
    record.start = Position::start(size);
    Position pos = record.start;
    std::string cleaned(text);
    for (char& c : cleaned)
        if (c == ',' || c == ';') c = ' ';
    std::istringstream in(cleaned);
    std::string token;
    while (in >> token) {
        // "12.d1-d7/g7": a move number glued to the move.
        const std::size_t dot = token.find_last_of('.');
        if (dot != std::string::npos && dot + 1 < token.size()) token = token.substr(dot + 1);
        if (isNoise(token)) continue;
        const std::string where =
            "move " + std::to_string(record.moves.size() + 1) + " '" + token.substr(0, 40) + "'";
        Move m;
        try {
            m = parseMove(token, size);
        } catch (const NotationError& e) {
            throw RecordError(where + ": " + e.what());
        }
        if (!pos.isLegal(m)) {
            const std::string reason = illegalMoveReason(pos, m);
            throw RecordError(where + " is illegal" + (reason.empty() ? "" : ": " + reason));
        }
        record.addMove(m, pos.sideToMove());
        pos.makeMove(m);
    }
    return record;
}

std::vector<Candidate> parseAnalysisLine(std::string_view line) {
    std::vector<Candidate> out;
    std::istringstream in{std::string(line)};
    std::string word;
    bool inPv = false;
    while (in >> word) {
        if (word == "info") {
            out.emplace_back();
            inPv = false;
            continue;
        }
        if (out.empty()) continue;
        Candidate& c = out.back();
        if (inPv) {
            c.pv.push_back(word);
            continue;
        }
        std::string value;
        if (word == "pv") {
            inPv = true;
        } else if (in >> value) {
            try {
                if (word == "move") c.move = value;
                if (word == "visits") c.visits = std::stol(value);
                if (word == "winrate") c.winrate = std::stod(value);
            } catch (const std::exception&) {
                throw std::runtime_error("bad analysis value '" + value + "' for " + word);
            }
        }
    }
    std::erase_if(out, [](const Candidate& c) { return c.move.empty(); });
    return out;
}

json candidatesJson(const std::vector<Candidate>& candidates, std::size_t most) {
    json list = json::array();
    for (std::size_t i = 0; i < candidates.size() && i < most; ++i)
        list.push_back({{"move", candidates[i].move},
                        {"visits", candidates[i].visits},
                        {"winrate", candidates[i].winrate},
                        {"pv", candidates[i].pv}});
    return list;
}

std::optional<Solved> parseSolve(std::string_view answer) {
    std::istringstream in{std::string(answer)};
    std::string word, move;
    in >> word >> move;
    if (word == "loss") return Solved{false, ""};
    if (word == "win" && !move.empty()) return Solved{true, move};
    return std::nullopt;
}

json amazonsJson(const Position& pos) {
    json white = json::array(), black = json::array();
    const int n = pos.width();
    for (int sq = 0; sq < n * n; ++sq) {
        if (pos.at(sq) == Piece::WhiteAmazon) white.push_back(squareName(sq, n));
        if (pos.at(sq) == Piece::BlackAmazon) black.push_back(squareName(sq, n));
    }
    return {{"white", white}, {"black", black}};
}

json arrowsJson(const Position& pos) {
    json arrows = json::array();
    const int n = pos.width();
    for (int sq = 0; sq < n * n; ++sq)
        if (pos.at(sq) == Piece::Arrow) arrows.push_back(squareName(sq, n));
    return arrows;
}

double shownLoss(double loss) {
    return static_cast<double>(std::lround(100 * loss)) / 100;
}

const char* sideName(Color c) {
    return c == Color::White ? "white" : "black";
}

double whiteView(double stmWinrate, Color stm) {
    return stm == Color::White ? stmWinrate : 1 - stmWinrate;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

bool nestedDeeperThan(std::string_view text, int maxDepth) {
    int depth = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') inString = true;
        if (c == '[' || c == '{') {
            if (++depth > maxDepth) return true;
        }
        if (c == ']' || c == '}') --depth;
    }
    return false;
}

}  // namespace hippolyta
