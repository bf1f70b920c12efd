#include "engine/core/position.h"

#include <stdexcept>

#include "engine/core/assert.h"

#include "engine/core/start_layouts.h"
#include "engine/core/zobrist.h"

namespace hippolyta {

namespace {

// Calls f(target) for every square reachable by a queen from `sq` given line words `lines`.
template <typename F>
inline void forEachReach(const Geometry& geo, const std::array<uint16_t, kMaxLines>& lines, int sq,
                         F&& f) {
    const LineTables& lt = LineTables::get();
    const SquareLines& sl = geo.linesOf(sq);
    for (int k = 0; k < 4; ++k) {
        unsigned reach = lt.reach(sl.pos[k], lines[sl.line[k]]);
        while (reach) {
            const int p = lowestBit64(reach);
            reach &= reach - 1;
            f(geo.lineSquare(sl.line[k], p));
        }
    }
}

inline int reachCount(const Geometry& geo, const std::array<uint16_t, kMaxLines>& lines, int sq) {
    const LineTables& lt = LineTables::get();
    const SquareLines& sl = geo.linesOf(sq);
    return lt.count(sl.pos[0], lines[sl.line[0]]) + lt.count(sl.pos[1], lines[sl.line[1]]) +
           lt.count(sl.pos[2], lines[sl.line[2]]) + lt.count(sl.pos[3], lines[sl.line[3]]);
}

// True if a queen on `a` reaches `b` along a clear line.
bool reaches(const Geometry& geo, const std::array<uint16_t, kMaxLines>& lines, int a, int b) {
    if (a == b) return false;
    const SquareLines& la = geo.linesOf(a);
    const SquareLines& lb = geo.linesOf(b);
    for (int k = 0; k < 4; ++k) {
        if (la.line[k] != lb.line[k]) continue;
        return (LineTables::get().reach(la.pos[k], lines[la.line[k]]) >> lb.pos[k]) & 1;
    }
    return false;
}

}  // namespace

Position::Position(BoardShape shape) : geo_(&Geometry::forSize(shape)) {
    for (int l = 0; l < geo_->lineCount(); ++l)
        lines_[l] = geo_->emptyLineWord(l);
    hash_ = computeHash();
}

Position Position::emptyBoard(BoardShape shape) {
    return Position(shape);
}

Position Position::start(BoardShape shape) {
    Position p(shape);
    const StartLayout layout = startLayout(shape);
    for (const SquareCoord& s : layout.white) {
        p.place(p.geo_->square(s.col, s.row), Piece::WhiteAmazon);
        p.place(p.geo_->square(s.col, shape.height - 1 - s.row), Piece::BlackAmazon);
    }
    return p;
}

Piece Position::at(int sq) const {
    if (testBit(amazons_[0], sq)) return Piece::WhiteAmazon;
    if (testBit(amazons_[1], sq)) return Piece::BlackAmazon;
    if (testBit(occupied_, sq)) return Piece::Arrow;
    return Piece::Empty;
}

void Position::place(int sq, Piece p) {
    if (sq < 0 || sq >= geo_->squareCount()) throw std::out_of_range("square off the board");
    if (testBit(occupied_, sq)) toggleLines(sq);
    const Bitboard bit = squareBit(sq);
    occupied_ &= ~bit;
    amazons_[0] &= ~bit;
    amazons_[1] &= ~bit;
    if (p != Piece::Empty) {
        occupied_ |= bit;
        toggleLines(sq);
    }
    if (p == Piece::WhiteAmazon) amazons_[0] |= bit;
    if (p == Piece::BlackAmazon) amazons_[1] |= bit;
    hash_ = computeHash();
}

void Position::setSideToMove(Color c) {
    HIPPOLYTA_ASSERT(c == Color::White || c == Color::Black);
    side_ = c;
    hash_ = computeHash();
}

uint64_t Position::computeHash() const {
    const ZobristKeys& z = ZobristKeys::get();
    const BoardShape s = shape();
    uint64_t h = s.isSquare() ? z.size[s.width] : z.rectangle[s.width][s.height];
    for (int c = 0; c < 2; ++c)
        forEachSquare(amazons_[c], [&](int sq) { h ^= z.amazon[c][sq]; });
    forEachSquare(arrows(), [&](int sq) { h ^= z.arrow[sq]; });
    if (side_ == Color::Black) h ^= z.blackToMove;
    return h;
}

bool Position::consistent() const {
    const Bitboard both = amazons_[0] | amazons_[1];
    if ((amazons_[0] & amazons_[1]) || (both & ~occupied_) || (occupied_ & ~geo_->boardMask()))
        return false;
    std::array<uint16_t, kMaxLines> lines{};
    for (int l = 0; l < geo_->lineCount(); ++l)
        lines[l] = geo_->emptyLineWord(l);
    forEachSquare(occupied_, [&](int sq) {
        const SquareLines& sl = geo_->linesOf(sq);
        for (int k = 0; k < 4; ++k)
            lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
    });
    return lines == lines_ && hash_ == computeHash();
}

void Position::makeMove(Move m) {
    HIPPOLYTA_ASSERT(isLegal(m));
    const ZobristKeys& z = ZobristKeys::get();
    const int s = index(side_);
    const Bitboard fromTo = squareBit(m.from) | squareBit(m.to);
    amazons_[s] ^= fromTo;
    occupied_ ^= fromTo;
    occupied_ ^= squareBit(m.arrow);  // may be the square just left
    toggleLines(m.from);
    toggleLines(m.to);
    toggleLines(m.arrow);
    hash_ ^= z.amazon[s][m.from] ^ z.amazon[s][m.to] ^ z.arrow[m.arrow] ^ z.blackToMove;
    side_ = opposite(side_);
    HIPPOLYTA_ASSERT(consistent());
}

void Position::undoMove(Move m) {
    const ZobristKeys& z = ZobristKeys::get();
    side_ = opposite(side_);
    const int s = index(side_);
    // m was the last move made: its amazon stands on `to`, its arrow on `arrow`, and the square
    // it left is empty unless the arrow went back there.
    HIPPOLYTA_ASSERT(testBit(amazons_[s], m.to));
    HIPPOLYTA_ASSERT(testBit(occupied_, m.arrow) && m.arrow != m.to);
    HIPPOLYTA_ASSERT(m.from == m.arrow || !testBit(occupied_, m.from));
    const Bitboard fromTo = squareBit(m.from) | squareBit(m.to);
    amazons_[s] ^= fromTo;
    occupied_ ^= fromTo;
    occupied_ ^= squareBit(m.arrow);  // may be the square just left
    toggleLines(m.arrow);
    toggleLines(m.to);
    toggleLines(m.from);
    hash_ ^= z.amazon[s][m.from] ^ z.amazon[s][m.to] ^ z.arrow[m.arrow] ^ z.blackToMove;
    HIPPOLYTA_ASSERT(consistent());
}

bool Position::isLegal(Move m) const {
    const int n2 = geo_->squareCount();
    if (m.from >= n2 || m.to >= n2 || m.arrow >= n2) return false;
    if (!testBit(amazons_[index(side_)], m.from)) return false;
    if (!reaches(*geo_, lines_, m.from, m.to)) return false;
    auto lines = lines_;
    const SquareLines& sl = geo_->linesOf(m.from);
    for (int k = 0; k < 4; ++k)
        lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
    return reaches(*geo_, lines, m.to, m.arrow);
}

void Position::generateMoves(MoveList& out) const {
    out.clear();
    auto lines = lines_;
    forEachSquare(amazons_[index(side_)], [&](int from) {
        const SquareLines& sl = geo_->linesOf(from);
        for (int k = 0; k < 4; ++k)
            lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
        forEachReach(*geo_, lines, from, [&](int to) {
            forEachReach(*geo_, lines, to, [&](int arrow) {
                out.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                                   static_cast<uint8_t>(arrow)});
            });
        });
        for (int k = 0; k < 4; ++k)
            lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
    });
}

uint64_t Position::countMoves() const {
    uint64_t total = 0;
    auto lines = lines_;
    forEachSquare(amazons_[index(side_)], [&](int from) {
        const SquareLines& sl = geo_->linesOf(from);
        for (int k = 0; k < 4; ++k)
            lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
        forEachReach(*geo_, lines, from, [&](int to) { total += reachCount(*geo_, lines, to); });
        for (int k = 0; k < 4; ++k)
            lines[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
    });
    return total;
}

bool Position::hasLegalMove(Color c) const {
    return (geo_->kingNeighbours(amazons_[index(c)]) & emptySquares()) != 0;
}

int Position::queenReachCount(int sq) const {
    return reachCount(*geo_, lines_, sq);
}

Bitboard Position::queenReach(int sq) const {
    Bitboard b = 0;
    forEachReach(*geo_, lines_, sq, [&](int t) { b |= squareBit(t); });
    return b;
}

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return pos.countMoves();
    MoveList moves;
    pos.generateMoves(moves);
    uint64_t total = 0;
    for (Move m : moves) {
        pos.makeMove(m);
        total += perft(pos, depth - 1);
        pos.undoMove(m);
    }
    return total;
}

}  // namespace hippolyta
