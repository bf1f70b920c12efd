#include "engine/core/symmetry.h"

#include <stdexcept>

#include "engine/core/assert.h"

namespace hippolyta {

bool symmetryKeepsShape(BoardShape shape, int s) {
    return shape.isSquare() || s == 0 || s == 2 || s == 4 || s == 5;
}

int transformSquare(int sq, BoardShape shape, int s) {
    if (!symmetryKeepsShape(shape, s))
        throw std::invalid_argument("a symmetry that swaps the sides of a rectangular board");
    HIPPOLYTA_ASSERT(s >= 0 && s < 8 && sq >= 0 && sq < shape.squareCount());
    const int w = shape.width, col = sq % w, row = sq / w, mc = w - 1, mr = shape.height - 1;
    switch (s) {
        case 0:
            return sq;
        case 1:
            return col * w + (mc - row);
        case 2:
            return (mr - row) * w + (mc - col);
        case 3:
            return (mc - col) * w + row;
        case 4:
            return row * w + (mc - col);
        case 5:
            return (mr - row) * w + col;
        case 6:
            return col * w + row;
        default:
            return (mc - col) * w + (mc - row);
    }
}

Move transformMove(Move m, BoardShape shape, int s) {
    return Move{static_cast<uint8_t>(transformSquare(m.from, shape, s)),
                static_cast<uint8_t>(transformSquare(m.to, shape, s)),
                static_cast<uint8_t>(transformSquare(m.arrow, shape, s))};
}

int inverseSymmetry(int s) {
    HIPPOLYTA_ASSERT(s >= 0 && s < 8);
    // The quarter turns undo each other; the half turn and the reflections are involutions.
    if (s == 1) return 3;
    if (s == 3) return 1;
    return s;
}

Position transformPosition(const Position& pos, int s) {
    const BoardShape shape = pos.shape();
    Position out = Position::emptyBoard(shape);
    for (int sq = 0; sq < shape.squareCount(); ++sq) {
        const Piece p = pos.at(sq);
        if (p != Piece::Empty) out.place(transformSquare(sq, shape, s), p);
    }
    out.setSideToMove(pos.sideToMove());
    // A symmetry moves pieces, never adds or drops one.
    HIPPOLYTA_ASSERT(out.occupied() != 0 || pos.occupied() == 0);
    HIPPOLYTA_ASSERT(popCount(out.arrows()) == popCount(pos.arrows()));
    return out;
}

Position swapColours(const Position& pos) {
    const BoardShape shape = pos.shape();
    Position out = Position::emptyBoard(shape);
    for (int sq = 0; sq < shape.squareCount(); ++sq) {
        const Piece p = pos.at(sq);
        out.place(sq, p == Piece::WhiteAmazon   ? Piece::BlackAmazon
                      : p == Piece::BlackAmazon ? Piece::WhiteAmazon
                                                : p);
    }
    out.setSideToMove(opposite(pos.sideToMove()));
    return out;
}

}  // namespace hippolyta
