#include "adapters/botzone/botzone_protocol.h"

#include <algorithm>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/portable.h"

namespace hippolyta {

namespace {

// Helper names here are specific on purpose: the single-file Botzone build compiles this file in
// one unit with all of engine/, where an anonymous-namespace name must not be used twice.
bool isBotzoneCoordinate(int v) {
    return v >= 0 && v < kBotzoneBoardSize;
}

// Makes `us` the side to move. A side can only come to move twice in a row after a skipped
// move; the game then restarts from the current position, without a history.
void giveBotzoneTurnTo(Game& game, Color us) {
    if (game.position().sideToMove() == us) return;
    Position pos = game.position();
    pos.setSideToMove(us);
    game = Game(pos);
}

// Plays m for the side to move; "" or why it could not.
std::string playHistoryMove(Game& game, const std::optional<BotzoneMove>& m,
                            const std::string& what) {
    if (!m) return what + " could not be read";
    const std::optional<Move> move = toMove(*m);
    if (!move) return what + " (" + formatBotzoneMove(*m) + ") is off the board";
    if (!game.play(*move))
        return what + " (" + formatBotzoneMove(*m) + ", " + formatMove(*move, kBotzoneBoardSize) +
               ") is illegal for " + colorName(game.position().sideToMove());
    return "";
}

}  // namespace

std::optional<Move> toMove(const BotzoneMove& m) {
    for (int v : m.v)
        if (!isBotzoneCoordinate(v)) return std::nullopt;
    auto square = [](int x, int y) { return static_cast<uint8_t>(y * kBotzoneBoardSize + x); };
    return Move{square(m.v[0], m.v[1]), square(m.v[2], m.v[3]), square(m.v[4], m.v[5])};
}

BotzoneMove fromMove(Move m) {
    const int n = kBotzoneBoardSize;
    return {{m.from % n, m.from / n, m.to % n, m.to / n, m.arrow % n, m.arrow / n}};
}

std::string formatBotzoneMove(const BotzoneMove& m) {
    std::string s = std::to_string(m.v[0]);
    for (int i = 1; i < 6; ++i)
        s.append(" ").append(std::to_string(m.v[i]));
    return s;
}

std::optional<BotzoneMove> parseBotzoneMove(std::string_view line) {
    BotzoneMove m;
    size_t i = 0;
    auto skipBlanks = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
    };
    for (int k = 0; k < 6; ++k) {
        skipBlanks();
        size_t end = i;
        while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r')
            ++end;
        if (!parseInteger(line.substr(i, end - i), m.v[k])) return std::nullopt;
        i = end;
    }
    skipBlanks();
    if (i != line.size()) return std::nullopt;
    return m;
}

BotzoneReplay replayBotzoneHistory(const BotzoneHistory& history) {
    BotzoneReplay replay;
    const auto& requests = history.requests;
    const auto& responses = history.responses;
    if (requests.empty()) {
        replay.problems.push_back("no request: playing first from the start position");
        return replay;
    }
    const bool weMoveFirst = requests[0] && requests[0]->isNone();
    replay.us = weMoveFirst ? Color::White : Color::Black;
    if (responses.size() + 1 != requests.size())
        replay.problems.push_back(std::to_string(requests.size()) + " requests need " +
                                  std::to_string(requests.size() - 1) + " responses, not " +
                                  std::to_string(responses.size()));
    // Request k, then response k: a missing or bad one is skipped, and the next mover is given
    // the turn anyway, so that everything known is on the board.
    for (size_t turn = 0; turn < std::max(requests.size(), responses.size()); ++turn) {
        if (turn < requests.size() && (turn > 0 || !weMoveFirst)) {
            giveBotzoneTurnTo(replay.game, opposite(replay.us));
            const std::string p =
                playHistoryMove(replay.game, requests[turn], "request " + std::to_string(turn + 1));
            if (!p.empty()) replay.problems.push_back(p);
        }
        if (turn < responses.size()) {
            giveBotzoneTurnTo(replay.game, replay.us);
            const std::string p = playHistoryMove(replay.game, responses[turn],
                                                  "response " + std::to_string(turn + 1));
            if (!p.empty()) replay.problems.push_back(p);
        }
    }
    giveBotzoneTurnTo(replay.game, replay.us);
    return replay;
}

std::string playBotzoneOpponentMove(Game& game, Color us, const std::optional<BotzoneMove>& m) {
    giveBotzoneTurnTo(game, opposite(us));
    const std::string problem = playHistoryMove(game, m, "the request");
    giveBotzoneTurnTo(game, us);
    return problem;
}

}  // namespace hippolyta
