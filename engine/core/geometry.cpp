#include "engine/core/geometry.h"

#include <stdexcept>

namespace hippolyta {

const Geometry& Geometry::forSize(BoardShape shape) {
    static const auto tables = [] {
        std::array<std::array<const Geometry*, kMaxBoardSize + 1>, kMaxBoardSize + 1> t{};
        for (int w = kMinBoardSize; w <= kMaxBoardSize; ++w)
            for (int h = kMinBoardSize; h <= kMaxBoardSize; ++h)
                t[w][h] = new Geometry(w, h);
        return t;
    }();
    if (!shape.isSupported()) throw std::out_of_range("unsupported board size");
    return *tables[shape.width][shape.height];
}

Geometry::Geometry(int width, int height) : w_(width), h_(height) {
    for (int sq = 0; sq < squareCount(); ++sq)
        board_ |= squareBit(sq);
    for (int d = 0; d < 8; ++d) {
        Bitboard m = 0;
        for (int r = 0; r < h_; ++r)
            for (int c = 0; c < w_; ++c)
                if (onBoard(c - kDirections[d].dc, r - kDirections[d].dr))
                    m |= squareBit(square(c, r));
        shiftMask_[d] = m;
    }
    // Lines: ranks [0,h), files [h,h+w), diagonals (col-row const) [h+w,2(h+w)-1),
    // anti-diagonals (col+row const) [2(h+w)-1,3(h+w)-2). Position along every line is the
    // column, except files, where it is the row. On a square board these are today's ids.
    const int ranksAndFiles = h_ + w_, diagonals = w_ + h_ - 1;
    lineCount_ = ranksAndFiles + 2 * diagonals;
    HIPPOLYTA_ASSERT(lineCount_ <= kMaxLines);
    for (int l = 0; l < lineCount_; ++l)
        emptyLine_[l] = static_cast<uint16_t>((1u << kLineBits) - 1);
    for (auto& ls : lineSquare_)
        ls.fill(0xff);
    for (int r = 0; r < h_; ++r) {
        for (int c = 0; c < w_; ++c) {
            const int sq = square(c, r);
            SquareLines& sl = squareLines_[sq];
            sl.line = {static_cast<uint8_t>(r), static_cast<uint8_t>(h_ + c),
                       static_cast<uint8_t>(ranksAndFiles + (c - r + h_ - 1)),
                       static_cast<uint8_t>(ranksAndFiles + diagonals + c + r)};
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
