// A slow, obviously correct reference for the distance fields, shared by the evaluation tests.
#pragma once

#include <deque>
#include <vector>

#include "engine/core/position.h"
#include "engine/eval/distance.h"

namespace hippolyta {

// Reference: breadth-first search over squares with queen (or king) steps through empties.
inline std::vector<int> referenceDistances(const Position& pos, Color side, bool queen) {
    const int n = pos.width(), n2 = n * n;
    std::vector<int> dist(n2, kUnreached);
    std::deque<int> queue;
    forEachSquare(pos.amazons(side), [&](int sq) {
        dist[sq] = 0;
        queue.push_back(sq);
    });
    while (!queue.empty()) {
        const int sq = queue.front();
        queue.pop_front();
        for (const Direction d : kDirections) {
            int c = sq % n + d.dc, r = sq / n + d.dr;
            while (c >= 0 && r >= 0 && c < n && r < n && pos.at(r * n + c) == Piece::Empty) {
                const int t = r * n + c;
                if (dist[t] == kUnreached) {
                    dist[t] = dist[sq] + 1;
                    queue.push_back(t);
                }
                if (!queen) break;
                c += d.dc;
                r += d.dr;
            }
        }
    }
    return dist;
}

}  // namespace hippolyta
