#include "adapters/common/openings.h"

#include <cctype>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/core/splitmix.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

Opening parseLine(const std::string& line, int n) {
    Opening o;
    if (line.find('/') != std::string::npos && (line.ends_with(" w") || line.ends_with(" b"))) {
        o.start = parsePosition(line);
        o.fromPosition = true;
        if (o.start.shape() != BoardShape(n))
            throw NotationError("the position is " + shapeName(o.start.shape()) +
                                ", the match is " + shapeName(n));
    } else {
        o.start = Position::start(n);
        Position pos = o.start;
        std::string token;
        auto flush = [&] {
            if (token.empty()) return;
            const Move m = parseMove(token, n);
            if (!pos.isLegal(m)) throw NotationError(token + " is illegal here");
            pos.makeMove(m);
            o.moves.push_back(m);
            token.clear();
        };
        for (char c : line) {
            if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ';')
                flush();
            else
                token += c;
        }
        flush();
    }
    Position end = o.start;
    for (Move m : o.moves)
        end.makeMove(m);
    if (!end.hasLegalMove()) throw NotationError("the game is already over");
    o.text = openingText(o);
    return o;
}

}  // namespace

std::vector<Opening> parseOpenings(std::string_view text, int n) {
    std::vector<Opening> out;
    int lineNo = 0;
    for (std::size_t pos = 0; pos <= text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(pos, end - pos));
        pos = end + 1;
        ++lineNo;
        if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        line = trimmed(line);
        if (line.empty()) continue;
        try {
            out.push_back(parseLine(line, n));
        } catch (const NotationError& e) {
            throw std::invalid_argument("openings line " + std::to_string(lineNo) + ": " +
                                        e.what());
        }
    }
    if (out.empty()) throw std::invalid_argument("the openings file has no opening");
    return out;
}

Opening randomOpening(int n, int plies, uint64_t seed, uint64_t index) {
    Opening o;
    o.start = Position::start(n);
    Position pos = o.start;
    uint64_t state = splitMix64(seed ^ splitMix64(index + 1));
    MoveList moves;
    for (int i = 0; i < plies; ++i) {
        moves.clear();
        pos.generateMoves(moves);
        if (moves.empty()) break;
        state = splitMix64(state);
        const Move m = moves[state % moves.size()];
        // Keep the game alive for the engines: never hand over a finished position.
        Position next = pos;
        next.makeMove(m);
        if (!next.hasLegalMove()) break;
        pos = next;
        o.moves.push_back(m);
    }
    o.text = openingText(o);
    return o;
}

std::string openingText(const Opening& o) {
    if (o.fromPosition) return formatPosition(o.start);
    std::string out;
    for (Move m : o.moves) {
        if (!out.empty()) out += ' ';
        out += formatMove(m, o.start.width());
    }
    return out;
}

}  // namespace hippolyta
