#include "engine/core/symmetry.h"

namespace hippolyta {

int transformSquare(int sq, int n, int s) {
    const int col = sq % n, row = sq / n, m = n - 1;
    switch (s) {
        case 0:
            return sq;
        case 1:
            return col * n + (m - row);
        case 2:
            return (m - row) * n + (m - col);
        case 3:
            return (m - col) * n + row;
        case 4:
            return row * n + (m - col);
        case 5:
            return (m - row) * n + col;
        case 6:
            return col * n + row;
        default:
            return (m - col) * n + (m - row);
    }
}

Move transformMove(Move m, int n, int s) {
    return Move{static_cast<uint8_t>(transformSquare(m.from, n, s)),
                static_cast<uint8_t>(transformSquare(m.to, n, s)),
                static_cast<uint8_t>(transformSquare(m.arrow, n, s))};
}

int inverseSymmetry(int s) {
    // The quarter turns undo each other; the half turn and the reflections are involutions.
    if (s == 1) return 3;
    if (s == 3) return 1;
    return s;
}

Position transformPosition(const Position& pos, int s) {
    const int n = pos.size();
    Position out = Position::emptyBoard(n);
    for (int sq = 0; sq < n * n; ++sq) {
        const Piece p = pos.at(sq);
        if (p != Piece::Empty) out.place(transformSquare(sq, n, s), p);
    }
    out.setSideToMove(pos.sideToMove());
    return out;
}

Position swapColours(const Position& pos) {
    const int n = pos.size();
    Position out = Position::emptyBoard(n);
    for (int sq = 0; sq < n * n; ++sq) {
        const Piece p = pos.at(sq);
        out.place(sq, p == Piece::WhiteAmazon   ? Piece::BlackAmazon
                      : p == Piece::BlackAmazon ? Piece::WhiteAmazon
                                                : p);
    }
    out.setSideToMove(opposite(pos.sideToMove()));
    return out;
}

}  // namespace hippolyta
