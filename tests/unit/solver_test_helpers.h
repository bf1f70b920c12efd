// Helpers shared by the solver tests: a reference minimax and the forger's reseal.
#pragma once

#include <string>
#include <unordered_map>

#include "engine/core/fnv.h"
#include "engine/core/position.h"
#include "engine/solve/bytes.h"

namespace hippolyta::solver_test {

// Reference: plain minimax with memo. True iff the side to move wins.
inline bool wins(Position& pos, std::unordered_map<uint64_t, bool>& memo) {
    if (const auto it = memo.find(pos.hash()); it != memo.end()) return it->second;
    MoveList moves;
    pos.generateMoves(moves);
    bool result = false;
    for (const Move m : moves) {
        pos.makeMove(m);
        const bool opponentWins = wins(pos, memo);
        pos.undoMove(m);
        if (!opponentWins) {
            result = true;
            break;
        }
    }
    memo[pos.hash()] = result;
    return result;
}

// A file's bytes with a new checksum at the end (a forger's edit, not a damaged file).
inline std::string reseal(std::string bytes) {
    bytes.resize(bytes.size() - 8);
    putLE(bytes, fnv1a64(bytes), 8);
    return bytes;
}

}  // namespace hippolyta::solver_test
