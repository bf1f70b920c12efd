#include "engine/core/move_check.h"

#include <cstdlib>

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

// Why a queen cannot go from `from` to `to` with `vacated` counted empty: "" when it can.
std::string queenLineFault(const Position& pos, int from, int to, int vacated, const char* what) {
    const Geometry& g = pos.geometry();
    const int dc = g.col(to) - g.col(from), dr = g.row(to) - g.row(from);
    if (dc == 0 && dr == 0) return std::string(what) + " does not move";
    if (dc != 0 && dr != 0 && std::abs(dc) != std::abs(dr))
        return std::string(what) + " is not on a queen line";
    const int stepC = (dc > 0) - (dc < 0), stepR = (dr > 0) - (dr < 0);
    for (int c = g.col(from) + stepC, r = g.row(from) + stepR;; c += stepC, r += stepR) {
        const int sq = g.square(c, r);
        if (sq != vacated && pos.at(sq) != Piece::Empty)
            return std::string(what) + "'s path is blocked at " + squareName(sq, pos.shape());
        if (sq == to) return {};
    }
}

}  // namespace

std::string illegalMoveReason(const Position& pos, Move m) {
    const int squares = pos.geometry().squareCount();
    if (m.from >= squares || m.to >= squares || m.arrow >= squares) return "off the board";
    const Piece own = pos.sideToMove() == Color::White ? Piece::WhiteAmazon : Piece::BlackAmazon;
    const Piece there = pos.at(m.from);
    if (there != own)
        return there == Piece::Empty || there == Piece::Arrow
                   ? "no amazon on " + squareName(m.from, pos.shape())
                   : "not your amazon on " + squareName(m.from, pos.shape());
    std::string fault = queenLineFault(pos, m.from, m.to, -1, "the amazon");
    if (fault.empty()) fault = queenLineFault(pos, m.to, m.arrow, m.from, "the arrow");
    return fault;
}

}  // namespace hippolyta
