#include "opening-book/symmetry.h"

#include <array>

#include "engine/core/zobrist.h"

namespace hippolyta {

namespace {

// (col,row) -> (col,row) for each symmetry: identity, rotations by 90/180/270 degrees
// (anticlockwise), the left-right mirror, the top-bottom mirror, the transpose (a1-h8 diagonal)
// and the anti-transpose.
int mapSquare(int col, int row, int n, int s) {
    const int m = n - 1;
    switch (s) {
        case 0:
            return row * n + col;
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

}  // namespace

int transformSquare(int sq, int n, int s) {
    return mapSquare(sq % n, sq / n, n, s);
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

NormalForm normalForm(const Position& pos) {
    // The hash of each image computed straight from the keys (what computeHash() of
    // transformPosition(pos, s) gives), without building the eight positions.
    const ZobristKeys& z = ZobristKeys::get();
    const int n = pos.size();
    std::array<uint64_t, kSymmetryCount> h;
    h.fill(z.size[n] ^ (pos.sideToMove() == Color::Black ? z.blackToMove : 0));
    auto add = [&](Bitboard b, const auto& keys) {
        forEachSquare(b, [&](int sq) {
            const int col = sq % n, row = sq / n;
            for (int s = 0; s < kSymmetryCount; ++s)
                h[s] ^= keys[mapSquare(col, row, n, s)];
        });
    };
    add(pos.amazons(Color::White), z.amazon[0]);
    add(pos.amazons(Color::Black), z.amazon[1]);
    add(pos.arrows(), z.arrow);
    NormalForm nf{h[0], 0};
    for (int s = 1; s < kSymmetryCount; ++s)
        if (h[s] < nf.key) nf = {h[s], s};
    return nf;
}

}  // namespace hippolyta
