#include "engine/solve/local_game.h"

#include <algorithm>

namespace hippolyta {

size_t LocalGameSolver::KeyHash::operator()(const Key& k) const {
    const auto mix = [](Bitboard b) {
        return static_cast<uint64_t>(b) * 0x9e3779b97f4a7c15ULL ^
               static_cast<uint64_t>(b >> 64) * 0xff51afd7ed558ccdULL;
    };
    const uint64_t rest = (static_cast<uint64_t>(k.side) << 32) | static_cast<uint32_t>(k.spare);
    return mix(k.occupied) ^ (mix(k.white) >> 3) ^ (mix(k.black) << 3) ^
           (rest * 0xc4ceb9fe1a85ec53ULL);
}

LocalGameSolver::LocalGameSolver(uint64_t nodeBudget, size_t maxEntries)
    : nodeBudget_(nodeBudget), maxEntries_(maxEntries) {}

LocalGameSolver::Key LocalGameSolver::keyOf(const Position& pos, int spare) {
    return Key{pos.occupied(), pos.amazons(Color::White), pos.amazons(Color::Black),
               pos.sideToMove() == Color::Black, spare};
}

Outcome LocalGameSolver::solve(Position& walled, int spare) {
    callNodes_ = 0;
    if (memo_.size() >= maxEntries_) memo_.clear();
    if (givenUp_.size() >= maxEntries_) givenUp_.clear();
    const Key key = keyOf(walled, spare);
    if (givenUp_.count(key)) return Outcome::Unknown;
    switch (wins(walled, spare)) {
        case Result::Win:
            return Outcome::Win;
        case Result::Loss:
            return Outcome::Loss;
        default:
            break;
    }
    givenUp_.insert(key);
    ++givenUpSearches_;
    return Outcome::Unknown;
}

// Negamax: the side to move wins if a move in the region, or (spare > 0) spending a free move,
// leaves the opponent (whose spare is -spare, or -(spare - 1)) losing.
LocalGameSolver::Result LocalGameSolver::wins(Position& pos, int spare) {
    // Every move fills one empty square for good: with more free moves than empty squares the
    // side to move outlasts the opponent; with the opponent's free moves as many as them, it is
    // outlasted. (The squares each side reaches, a tighter bound, took more time and more df-pn
    // nodes on a 5x6 reply; docs/solver-design.md.)
    const int empty = popCount(pos.emptySquares());
    if (spare > empty) return Result::Win;
    if (-spare >= empty) return Result::Loss;
    Known& known = memo_[keyOf(pos, 0)];
    if (spare >= known.winFrom) return Result::Win;
    if (spare <= known.lossUpTo) return Result::Loss;
    if (++callNodes_ > nodeBudget_) return Result::OutOfBudget;
    ++nodes_;
    Result result = Result::Loss;
    MoveList moves;
    pos.generateMoves(moves);
    for (const Move m : moves) {
        pos.makeMove(m);
        const Result reply = wins(pos, -spare);
        pos.undoMove(m);
        if (reply == Result::OutOfBudget) return reply;
        if (reply == Result::Loss) {
            result = Result::Win;
            break;
        }
    }
    if (result == Result::Loss && spare > 0) {
        const Color mover = pos.sideToMove();
        pos.setSideToMove(opposite(mover));
        const Result reply = wins(pos, -(spare - 1));
        pos.setSideToMove(mover);
        if (reply == Result::OutOfBudget) return reply;
        if (reply == Result::Loss) result = Result::Win;
    }
    // `known` is still valid: a rehash keeps references, and nothing clears the memo mid-search.
    if (result == Result::Win)
        known.winFrom = static_cast<int16_t>(std::min<int>(known.winFrom, spare));
    else
        known.lossUpTo = static_cast<int16_t>(std::max<int>(known.lossUpTo, spare));
    return result;
}

}  // namespace hippolyta
