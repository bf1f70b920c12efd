// Encoding and decoding of the training-data header and game records (little-endian, see
// docs/training-data.md). The encoding is canonical: decoding and encoding again gives the same
// bytes, which is what lets merged shards equal one run byte for byte.
#include "adapters/selfplay/training_data.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "adapters/selfplay/byte_io.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/eval/ownership.h"

namespace hippolyta {

namespace {

enum PlyFlags : uint8_t { kSampled = 1, kProven = 2, kBlackToMove = 4, kKnownFlags = 7 };

void putMove(std::string& out, Move m) {
    out += static_cast<char>(m.from);
    out += static_cast<char>(m.to);
    out += static_cast<char>(m.arrow);
}

Move getMove(ByteCursor& in, int squares) {
    Move m;
    m.from = in.u8();
    m.to = in.u8();
    m.arrow = in.u8();
    if (m.from >= squares || m.to >= squares || m.arrow >= squares)
        throw in.error("a move names a square off the board");
    return m;
}

// Visit counts: 4 bytes each in version 1, LEB128 from version 2 on (most are small).
void putCount(std::string& out, uint32_t v, uint32_t version) {
    if (version >= 2)
        putVarU32(out, v);
    else
        putU32(out, v);
}

uint32_t getCount(ByteCursor& in, uint32_t version) {
    return version >= 2 ? in.varU32() : in.u32();
}

// Version 3's tree samples after a ply's root moves: their count, then each one's line (a
// length byte and the moves), flags (bit 0: proven), f32 value, visits and children (count,
// then move and visits each), the numbers LEB128.
void putTreeSamples(std::string& out, const std::vector<TreeSampleRecord>& samples) {
    putVarU32(out, static_cast<uint32_t>(samples.size()));
    for (const TreeSampleRecord& t : samples) {
        if (t.line.empty() || t.line.size() > 255 || t.children.empty())
            throw std::invalid_argument(
                "training data: a tree sample needs 1..255 moves and a child");
        putU8(out, static_cast<uint8_t>(t.line.size()));
        for (Move m : t.line)
            putMove(out, m);
        putU8(out, t.proven ? 1 : 0);
        uint32_t bits;
        std::memcpy(&bits, &t.value, sizeof bits);
        putU32(out, bits);
        putVarU32(out, t.visits);
        putVarU32(out, static_cast<uint32_t>(t.children.size()));
        for (const MoveVisits& mv : t.children) {
            putMove(out, mv.move);
            putVarU32(out, mv.visits);
        }
    }
}

// Reads a ply's tree samples, each checked by playing its line from pos (the ply's position).
std::vector<TreeSampleRecord> getTreeSamples(ByteCursor& in, const Position& pos) {
    const int squares = pos.width() * pos.width();
    const uint32_t count = in.varU32();
    // Each sample takes 14 bytes at least: a count beyond what is left is damage.
    if (count > in.remaining() / 14) throw in.error("more tree samples than the record holds");
    std::vector<TreeSampleRecord> out(count);
    for (TreeSampleRecord& t : out) {
        const uint8_t length = in.u8();
        if (length == 0) throw in.error("a tree sample without a line");
        Position at = pos;
        for (int i = 0; i < length; ++i) {
            t.line.push_back(getMove(in, squares));
            if (!at.isLegal(t.line.back())) throw in.error("a tree sample's line is illegal");
            at.makeMove(t.line.back());
        }
        const uint8_t flags = in.u8();
        if (flags > 1) throw in.error("unknown tree-sample flags");
        t.proven = flags & 1;
        const uint32_t bits = in.u32();
        std::memcpy(&t.value, &bits, sizeof bits);
        if (!(t.value >= 0 && t.value <= 1)) throw in.error("a tree sample's value outside [0, 1]");
        t.visits = in.varU32();
        const uint32_t children = in.varU32();
        if (children == 0 || children > in.remaining() / 4)
            throw in.error("a tree sample's child count is wrong");
        t.children.resize(children);
        for (MoveVisits& mv : t.children) {
            mv.move = getMove(in, squares);
            mv.visits = in.varU32();
            if (!at.isLegal(mv.move)) throw in.error("a tree sample's move is illegal there");
        }
    }
    return out;
}

void putPly(std::string& out, const PlyRecord& p, Color mover, uint32_t version) {
    putMove(out, p.played);
    putU8(out, (p.sampled ? kSampled : 0) | (p.proven ? kProven : 0) |
                   (mover == Color::Black ? kBlackToMove : 0));
    uint32_t bits;
    std::memcpy(&bits, &p.value, sizeof bits);
    putU32(out, bits);
    putCount(out, p.rootVisits, version);
    if (version >= 2)
        putVarU32(out, static_cast<uint32_t>(p.visits.size()));
    else
        putU16(out, static_cast<uint16_t>(p.visits.size()));
    for (const MoveVisits& mv : p.visits) {
        putMove(out, mv.move);
        putCount(out, mv.visits, version);
    }
    if (version >= kTreeSampleDataVersion) {
        putTreeSamples(out, p.treeSamples);
    } else if (!p.treeSamples.empty()) {
        throw std::invalid_argument("training data: tree samples need version " +
                                    std::to_string(kTreeSampleDataVersion));
    }
}

// Reads one ply and checks it against the position it was played in (pos, not yet moved).
PlyRecord getPly(ByteCursor& in, const Position& pos, uint32_t version) {
    const int squares = pos.width() * pos.width();
    PlyRecord p;
    p.played = getMove(in, squares);
    const uint8_t flags = in.u8();
    if (flags & ~kKnownFlags) throw in.error("unknown ply flags");
    p.sampled = flags & kSampled;
    p.proven = flags & kProven;
    if (((flags & kBlackToMove) != 0) != (pos.sideToMove() == Color::Black))
        throw in.error("the side to move does not follow from the moves");
    const uint32_t bits = in.u32();
    std::memcpy(&p.value, &bits, sizeof bits);
    if (!(p.value >= 0 && p.value <= 1)) throw in.error("a value outside [0, 1]");
    p.rootVisits = getCount(in, version);
    const uint32_t count = version >= 2 ? in.varU32() : in.u16();
    // Each root move takes 4 bytes at least: a count beyond what is left is damage.
    if (count > (in.remaining() / 4)) throw in.error("more root moves than the record holds");
    p.visits.resize(count);
    for (MoveVisits& mv : p.visits) {
        mv.move = getMove(in, squares);
        mv.visits = getCount(in, version);
        if (!pos.isLegal(mv.move)) throw in.error("a root move that is illegal there");
    }
    if (version >= kTreeSampleDataVersion) p.treeSamples = getTreeSamples(in, pos);
    if (!pos.isLegal(p.played)) throw in.error("an illegal move played");
    return p;
}

// Ownership from version 2 on: a byte per square, 0 neither, 1 White's, 2 Black's.
void putOwnership(std::string& out, const SelfPlayGame& g) {
    const size_t squares = static_cast<size_t>(g.start.width() * g.start.width());
    if (g.ownership.size() != squares)
        throw std::invalid_argument("game " + std::to_string(g.game) + ": an ownership map of " +
                                    std::to_string(g.ownership.size()) + " squares, not " +
                                    std::to_string(squares));
    for (int8_t o : g.ownership) {
        if (o < -1 || o > 1)
            throw std::invalid_argument("game " + std::to_string(g.game) + ": an owner " +
                                        std::to_string(o) + " outside -1..1");
        putU8(out, o == 1 ? 1 : o == -1 ? 2 : 0);
    }
}

std::vector<int8_t> getOwnership(ByteCursor& in, int squares) {
    std::vector<int8_t> owners(static_cast<size_t>(squares));
    for (int8_t& o : owners) {
        const uint8_t code = in.u8();
        if (code > 2) throw in.error("an unknown owner code in the ownership map");
        o = code == 1 ? 1 : code == 2 ? -1 : 0;
    }
    return owners;
}

}  // namespace

std::vector<Move> SelfPlayGame::moves() const {
    std::vector<Move> out;
    out.reserve(plies.size());
    for (const PlyRecord& p : plies)
        out.push_back(p.played);
    return out;
}

std::string encodeHeader(const TrainingDataHeader& h) {
    std::string out(kTrainingDataMagic);
    putU32(out, h.version);
    putU8(out, static_cast<uint8_t>(h.boardSize));
    putU8(out, 0);
    putU16(out, 0);
    putU64(out, h.seed);
    putU32(out, h.shardIndex);
    putU32(out, h.shardCount);
    putU32(out, static_cast<uint32_t>(h.settings.size()));
    out += h.settings;
    putU64(out, fnv1a64(out));
    return out;
}

std::string encodeGame(const SelfPlayGame& g, uint32_t version) {
    // The format stores a board size n and n * n squares.
    if (!g.start.geometry().isSquare())
        throw std::invalid_argument("training data: a " + shapeName(g.start.shape()) +
                                    " game; the format holds square boards only");
    std::string payload;
    putU64(payload, g.game);
    putU8(payload, static_cast<uint8_t>(index(g.winner)));
    putU8(payload, static_cast<uint8_t>(g.openingPlies));
    putU16(payload, static_cast<uint16_t>(g.plies.size()));
    putU8(payload, static_cast<uint8_t>(index(g.start.sideToMove())));
    const int squares = g.start.width() * g.start.width();
    for (int sq = 0; sq < squares; ++sq)
        putU8(payload, static_cast<uint8_t>(g.start.at(sq)));  // Piece's order: 0..3
    if (version >= 2) putOwnership(payload, g);
    Color mover = g.start.sideToMove();
    for (const PlyRecord& p : g.plies) {
        putPly(payload, p, mover, version);
        mover = opposite(mover);
    }
    std::string out(kGameTag);
    putU32(out, static_cast<uint32_t>(payload.size()));
    out += payload;
    putU64(out, fnv1a64(std::string_view(out).substr(kGameTag.size())));
    return out;
}

SelfPlayGame decodeGamePayload(std::string_view payload, int n, const std::string& where,
                               uint32_t version) {
    ByteCursor in(payload, where);
    SelfPlayGame g;
    g.game = in.u64();
    if (g.game == 0) throw in.error("game number 0");
    const uint8_t winner = in.u8();
    if (winner > 1) throw in.error("a winner other than White or Black");
    g.winner = static_cast<Color>(winner);
    g.openingPlies = in.u8();
    const uint16_t plies = in.u16();
    const uint8_t side = in.u8();
    if (side > 1) throw in.error("a side to move other than White or Black");
    Position pos = Position::emptyBoard(n);
    for (int sq = 0; sq < n * n; ++sq) {
        const uint8_t code = in.u8();
        if (code > 3) throw in.error("an unknown piece code in the start position");
        pos.place(sq, static_cast<Piece>(code));
    }
    pos.setSideToMove(static_cast<Color>(side));
    g.start = pos;
    if (version >= 2) g.ownership = getOwnership(in, n * n);
    g.plies.reserve(plies);
    for (int i = 0; i < plies; ++i) {
        g.plies.push_back(getPly(in, pos, version));
        pos.makeMove(g.plies.back().played);
    }
    if (!in.atEnd()) throw in.error("bytes left over after the last ply");
    if (!pos.isGameOver() || g.winner != opposite(pos.sideToMove()))
        throw in.error("the winner does not follow from the final position");
    if (version < 2) g.ownership = gameOwnership(g.start, g.moves());
    return g;
}

void forEachPosition(const SelfPlayGame& game,
                     const std::function<void(const TrainingPosition&)>& f) {
    TrainingPosition t;
    t.game = game.game;
    t.winner = game.winner;
    t.ownership = &game.ownership;
    t.position = game.start;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        t.ply = static_cast<int>(i);
        t.record = &game.plies[i];
        f(t);
        t.position.makeMove(game.plies[i].played);
    }
}

void forEachTreeSample(const SelfPlayGame& game,
                       const std::function<void(const TrainingPosition&)>& f) {
    Position pos = game.start;
    TrainingPosition t;
    t.game = game.game;
    t.winner = game.winner;
    PlyRecord record;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        t.ply = static_cast<int>(i);
        for (const TreeSampleRecord& s : game.plies[i].treeSamples) {
            t.position = pos;
            for (Move m : s.line)
                t.position.makeMove(m);
            record.played = s.children.front().move;
            record.proven = s.proven;
            record.value = s.value;
            record.rootVisits = s.visits;
            record.visits = s.children;
            t.record = &record;
            t.sample = &s;
            f(t);
        }
        pos.makeMove(game.plies[i].played);
    }
}

}  // namespace hippolyta
