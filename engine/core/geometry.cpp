#include "engine/core/geometry.h"

#include <stdexcept>

namespace hippolyta {

const Geometry& Geometry::forSize(int n) {
    static const auto tables = [] {
        std::array<const Geometry*, kMaxBoardSize + 1> t{};
        for (int s = kMinBoardSize; s <= kMaxBoardSize; ++s)
            t[s] = new Geometry(s);
        return t;
    }();
    if (n < kMinBoardSize || n > kMaxBoardSize) throw std::out_of_range("unsupported board size");
    return *tables[n];
}

Geometry::Geometry(int n) : n_(n) {
    for (int sq = 0; sq < n * n; ++sq)
        board_ |= squareBit(sq);
    for (int d = 0; d < 8; ++d) {
        Bitboard m = 0;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (onBoard(c - kDirections[d].dc, r - kDirections[d].dr))
                    m |= squareBit(square(c, r));
        shiftMask_[d] = m;
    }
    // Lines: ranks [0,n), files [n,2n), diagonals (col-row const) [2n,4n-1),
    // anti-diagonals (col+row const) [4n-1,6n-2). Position along every line is the column,
    // except files, where it is the row.
    lineCount_ = 6 * n - 2;
    for (int l = 0; l < lineCount_; ++l)
        emptyLine_[l] = static_cast<uint16_t>((1u << kLineBits) - 1);
    for (auto& ls : lineSquare_)
        ls.fill(0xff);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int sq = square(c, r);
            SquareLines& sl = squareLines_[sq];
            sl.line = {static_cast<uint8_t>(r), static_cast<uint8_t>(n + c),
                       static_cast<uint8_t>(2 * n + (c - r + n - 1)),
                       static_cast<uint8_t>(4 * n - 1 + c + r)};
            sl.pos = {static_cast<uint8_t>(c), static_cast<uint8_t>(r), static_cast<uint8_t>(c),
                      static_cast<uint8_t>(c)};
            for (int k = 0; k < 4; ++k) {
                emptyLine_[sl.line[k]] &= static_cast<uint16_t>(~(1u << sl.pos[k]));
                lineSquare_[sl.line[k]][sl.pos[k]] = static_cast<uint8_t>(sq);
            }
        }
    }
}

const LineTables& LineTables::get() {
    static const LineTables* tables = new LineTables();
    return *tables;
}

LineTables::LineTables() {
    for (int pos = 0; pos < kLineBits; ++pos) {
        for (unsigned occ = 0; occ < (1u << kLineBits); ++occ) {
            uint16_t mask = 0;
            for (int p = pos + 1; p < kLineBits && !(occ & (1u << p)); ++p)
                mask |= 1u << p;
            for (int p = pos - 1; p >= 0 && !(occ & (1u << p)); --p)
                mask |= 1u << p;
            reach_[pos][occ] = mask;
            count_[pos][occ] = static_cast<uint8_t>(popCount64(mask));
        }
    }
}

}  // namespace hippolyta
