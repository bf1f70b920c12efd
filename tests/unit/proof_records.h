// A proof body's records one by one (proof_check.h's format), for tests that forge proofs:
// each record is its tag and its own bytes ('W' a move, 'R' a count and its moves, 'Y' a
// symmetry); the records it leads to are the records after it.
#pragma once

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta::proof_test {

struct Record {
    std::string bytes;  // the tag, then its own bytes
};

inline std::vector<Record> splitRecords(const std::string& body) {
    std::vector<Record> out;
    size_t at = 0;
    while (at < body.size()) {
        const char tag = body[at];
        size_t length = 1;
        if (tag == 'W') length = 4;
        if (tag == 'Y') length = 2;
        if (tag == 'R') {
            if (at + 1 >= body.size()) throw std::runtime_error("an 'R' record cut short");
            length = 2 + 3 * static_cast<size_t>(static_cast<unsigned char>(body[at + 1]));
        }
        if (at + length > body.size()) throw std::runtime_error("a record cut short");
        out.push_back(Record{body.substr(at, length)});
        at += length;
    }
    return out;
}

inline std::string joinRecords(const std::vector<Record>& records) {
    std::string out;
    for (const Record& r : records)
        out += r.bytes;
    return out;
}

inline std::string moveBytes(Move m) {
    return {static_cast<char>(m.from), static_cast<char>(m.to), static_cast<char>(m.arrow)};
}

// A legal move of pos, or a random triple of squares when it has none.
inline Move someMove(const Position& pos, std::mt19937_64& rng) {
    MoveList moves;
    pos.generateMoves(moves);
    if (moves.empty()) {
        const int n = pos.geometry().squareCount();
        return Move{static_cast<uint8_t>(rng() % n), static_cast<uint8_t>(rng() % n),
                    static_cast<uint8_t>(rng() % n)};
    }
    return moves[rng() % moves.size()];
}

// A record of any kind: leaves, a scope, an image under any symmetry, a win by one of the
// root's legal moves, a reduced loss keeping one or two of them.
inline Record randomRecord(const Position& root, std::mt19937_64& rng) {
    switch (rng() % 8) {
        case 0:
            return Record{"C"};
        case 1:
            return Record{"B"};
        case 2:
            return Record{"G"};
        case 3:
            return Record{"S"};
        case 4:
            return Record{"L"};
        case 5:
            return Record{std::string{'Y', static_cast<char>(1 + rng() % 7)}};
        case 6:
            return Record{"W" + moveBytes(someMove(root, rng))};
        default: {
            const int kept = 1 + static_cast<int>(rng() % 2);
            std::string r = {'R', static_cast<char>(kept)};
            for (int i = 0; i < kept; ++i)
                r += moveBytes(someMove(root, rng));
            return Record{r};
        }
    }
}

// The root's record turned into the other result's: a win by a random legal move where it was
// a loss ('L', 'R'), a loss where it was a win ('W'); leaves stay what they are.
inline Record oppositeRootRecord(const Record& first, const Position& root, std::mt19937_64& rng) {
    const char tag = first.bytes[0];
    if (tag == 'L' || tag == 'R') return Record{"W" + moveBytes(someMove(root, rng))};
    if (tag == 'W') return Record{"L"};
    return first;
}

}  // namespace hippolyta::proof_test
