// Encoding and decoding of the training-data header and game records (little-endian, see
// docs/training-data.md). The encoding is canonical: decoding and encoding again gives the same
// bytes, which is what lets merged shards equal one run byte for byte.
#include "adapters/selfplay/training_data.h"

#include <cmath>
#include <cstring>

#include "adapters/selfplay/byte_io.h"
#include "engine/core/fnv.h"
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

void putPly(std::string& out, const PlyRecord& p, Color mover) {
    putMove(out, p.played);
    putU8(out, (p.sampled ? kSampled : 0) | (p.proven ? kProven : 0) |
                   (mover == Color::Black ? kBlackToMove : 0));
    uint32_t bits;
    std::memcpy(&bits, &p.value, sizeof bits);
    putU32(out, bits);
    putU32(out, p.rootVisits);
    putU16(out, static_cast<uint16_t>(p.visits.size()));
    for (const MoveVisits& mv : p.visits) {
        putMove(out, mv.move);
        putU32(out, mv.visits);
    }
}

// Reads one ply and checks it against the position it was played in (pos, not yet moved).
PlyRecord getPly(ByteCursor& in, const Position& pos) {
    const int squares = pos.size() * pos.size();
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
    p.rootVisits = in.u32();
    const uint16_t count = in.u16();
    p.visits.resize(count);
    for (MoveVisits& mv : p.visits) {
        mv.move = getMove(in, squares);
        mv.visits = in.u32();
        if (!pos.isLegal(mv.move)) throw in.error("a root move that is illegal there");
    }
    if (!pos.isLegal(p.played)) throw in.error("an illegal move played");
    return p;
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

std::string encodeGame(const SelfPlayGame& g) {
    std::string payload;
    putU64(payload, g.game);
    putU8(payload, static_cast<uint8_t>(index(g.winner)));
    putU8(payload, static_cast<uint8_t>(g.openingPlies));
    putU16(payload, static_cast<uint16_t>(g.plies.size()));
    putU8(payload, static_cast<uint8_t>(index(g.start.sideToMove())));
    const int squares = g.start.size() * g.start.size();
    for (int sq = 0; sq < squares; ++sq)
        putU8(payload, static_cast<uint8_t>(g.start.at(sq)));  // Piece's order: 0..3
    Color mover = g.start.sideToMove();
    for (const PlyRecord& p : g.plies) {
        putPly(payload, p, mover);
        mover = opposite(mover);
    }
    std::string out(kGameTag);
    putU32(out, static_cast<uint32_t>(payload.size()));
    out += payload;
    putU64(out, fnv1a64(std::string_view(out).substr(kGameTag.size())));
    return out;
}

SelfPlayGame decodeGamePayload(std::string_view payload, int n, const std::string& where) {
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
    g.plies.reserve(plies);
    for (int i = 0; i < plies; ++i) {
        g.plies.push_back(getPly(in, pos));
        pos.makeMove(g.plies.back().played);
    }
    if (!in.atEnd()) throw in.error("bytes left over after the last ply");
    if (!pos.isGameOver() || g.winner != opposite(pos.sideToMove()))
        throw in.error("the winner does not follow from the final position");
    g.ownership = gameOwnership(g.start, g.moves());
    return g;
}

void forEachPosition(const SelfPlayGame& game,
                     const std::function<void(const TrainingPosition&)>& f) {
    TrainingPosition t;
    t.game = game.game;
    t.winner = game.winner;
    t.position = game.start;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        t.ply = static_cast<int>(i);
        t.record = &game.plies[i];
        f(t);
        t.position.makeMove(game.plies[i].played);
    }
}

}  // namespace hippolyta
