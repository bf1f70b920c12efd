#include "engine/check/proof_check.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "engine/core/assert.h"
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/core/symmetry.h"

namespace hippolyta {

namespace {

constexpr char kProofMagic[8] = {'H', 'I', 'P', 'P', 'R', 'O', 'O', 'F'};

Bitboard componentOf(const Geometry& geo, Bitboard seed, Bitboard within) {
    Bitboard comp = seed & within;
    for (;;) {
        const Bitboard next = (comp | geo.kingNeighbours(comp)) & within;
        if (next == comp) return comp;
        comp = next;
    }
}

// Longest line of the side to move alone, by exhaustive search; stops early on reaching
// `upper` (every reachable square used).
int longest(Position& p, std::unordered_map<ExactKey, int, ExactKeyHash>& memo,
            LeafBudget& budget) {
    const ExactKey key = ExactKey::of(p);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    budget.spend();
    const Color side = p.sideToMove();
    const Bitboard mine = p.amazons(side);
    const int upper = popCount(componentOf(p.geometry(), mine, mine | p.emptySquares()) & ~mine);
    MoveList moves;
    p.generateMoves(moves);
    int best = 0;
    for (const Move m : moves) {
        p.makeMove(m);
        p.setSideToMove(side);
        const int v = 1 + longest(p, memo, budget);
        p.setSideToMove(opposite(side));
        p.undoMove(m);
        best = std::max(best, v);
        if (best >= upper) break;
    }
    memo.emplace(key, best);
    return best;
}

// The position with every square outside `region` blocked.
Position walledOff(const Position& pos, Bitboard region) {
    Position alone = pos;
    forEachSquare(pos.geometry().boardMask() & ~region, [&](int sq) {
        if (alone.at(sq) != Piece::Arrow) alone.place(sq, Piece::Arrow);
    });
    return alone;
}

// The longest line of `side` alone in `region`: everything outside it walled off.
int regionLongest(const Position& pos, Bitboard region, Color side,
                  std::unordered_map<ExactKey, int, ExactKeyHash>& memo, LeafBudget& budget) {
    Position alone = walledOff(pos, region);
    alone.setSideToMove(side);
    return longest(alone, memo, budget);
}

// A local position: the walled-off board and each side's free moves (the mover's first).
struct LocalKey {
    ExactKey pos;
    int own, opp;
    friend bool operator==(const LocalKey& a, const LocalKey& b) {
        return a.pos == b.pos && a.own == b.own && a.opp == b.opp;
    }
};
struct LocalKeyHash {
    size_t operator()(const LocalKey& k) const {
        return ExactKeyHash{}(k.pos) ^ (static_cast<size_t>(k.own) * 0x9e3779b97f4a7c15ULL) ^
               (static_cast<size_t>(k.opp) * 0xc2b2ae3d27d4eb4fULL);
    }
};

// True if the side to move, with `own` free moves against the opponent's `opp`, wins: some
// move, or spending a free move, leaves the opponent losing. Plain exhaustive minimax.
bool localWins(Position& p, int own, int opp,
               std::unordered_map<LocalKey, bool, LocalKeyHash>& memo, LeafBudget& budget) {
    // Each move, in the region or not, fills a square or spends a free move: a side with
    // more free moves than the squares and the other's free moves together outlasts it.
    const int squares = popCount(p.emptySquares());
    if (own > opp + squares) return true;
    if (opp >= own + squares) return false;
    const LocalKey key{ExactKey::of(p), own, opp};
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    budget.spend();
    bool won = false;
    MoveList moves;
    p.generateMoves(moves);
    for (size_t i = 0; i < moves.size() && !won; ++i) {
        p.makeMove(moves[i]);
        won = !localWins(p, opp, own, memo, budget);
        p.undoMove(moves[i]);
    }
    if (!won && own > 0) {
        const Color side = p.sideToMove();
        p.setSideToMove(opposite(side));
        won = !localWins(p, opp, own - 1, memo, budget);
        p.setSideToMove(side);
    }
    memo.emplace(key, won);
    return won;
}

// The positions all of a file's leaves may visit: this many, plus 64 a byte of records.
constexpr uint64_t kFileNodesChecked = 200'000'000;

// The most empty squares of a 'G' record's contested regions: the checker's work stays small.
constexpr int kLocalSquaresChecked = 16;

class Checker {
  public:
    Checker(const std::string& bytes, size_t at, size_t end, uint32_t version, uint64_t leafNodes)
        : bytes_(bytes), at_(at), end_(end), version_(version), leafNodes_(leafNodes) {}

    // Throws std::runtime_error on the first fault. A position already proven (a transposition)
    // has no records; any other is proven by its records, and stays in progress (on path_) until
    // they are complete: a reference to it before then is refused (proof_check.h).
    void node(Position& pos, bool expectWin) {
        const ExactKey key = ExactKey::of(pos);
        if (seen_.contains(key)) return;
        if (std::find(path_.begin(), path_.end(), key) != path_.end())
            fail("a reference to a position whose proof is in progress: " + formatPosition(pos));
        path_.push_back(key);
        records(pos, expectWin);
        HIPPOLYTA_ASSERT(!path_.empty() && path_.back() == key);
        path_.pop_back();
        const bool proven = seen_.insert(key);
        HIPPOLYTA_ASSERT(proven);  // not proven before its own records completed
    }
    bool finished() const { return at_ == end_; }
    uint64_t records() const { return records_; }
    uint64_t countLeaves() const { return countLeaves_; }
    uint64_t boundLeaves() const { return boundLeaves_; }
    uint64_t localLeaves() const { return localLeaves_; }
    uint64_t multiRegionLocalLeaves() const { return multiRegionLocalLeaves_; }
    uint64_t maxLeafNodes() const { return maxLeafNodes_; }
    uint64_t reducedLosses() const { return reducedLosses_; }

  private:
    [[noreturn]] static void fail(const std::string& why) { throw std::runtime_error(why); }

    // A leaf's budget: its own cap, within what is left of the file's (leaves cost as much as
    // a forger likes, so the file's total grows with its size, not with its leaves' claims).
    LeafBudget leafBudget() const { return LeafBudget(std::min(leafNodes_, fileNodesLeft_)); }
    void noteLeafCost(const LeafBudget& b) {
        maxLeafNodes_ = std::max(maxLeafNodes_, b.used());
        fileNodesLeft_ -= std::min(fileNodesLeft_, b.used());
    }

    // The records of a position in progress (pos is the last of path_).
    void records(Position& pos, bool expectWin) {
        HIPPOLYTA_ASSERT(!path_.empty() && path_.back() == ExactKey::of(pos));
        ++records_;
        if (at_ >= end_) fail("records end early");
        const char tag = bytes_[at_++];
        if (tag == 'C') return countLeaf(pos, expectWin);
        if (tag == 'B' && version_ >= 2) return boundLeaf(pos, expectWin);
        if (tag == 'S' && version_ >= 3) return scope(pos, expectWin);
        if (tag == 'G' && version_ >= 5) return localLeaf(pos, expectWin);
        if (tag == 'Y' && version_ >= 6) return image(pos, expectWin);
        if (tag == 'R' && version_ >= 4) {
            if (expectWin) fail("a loss record where the side to move must win");
            return reducedLoss(pos);
        }
        if (tag == 'W') {
            if (!expectWin) fail("a win record where the side to move must lose");
            const Move m = readMove(pos);
            if (!pos.isLegal(m))
                fail("illegal move " + formatMove(m, pos.shape()) + " in " + formatPosition(pos));
            pos.makeMove(m);
            node(pos, false);
            pos.undoMove(m);
            return;
        }
        if (tag != 'L') fail("unknown record");
        if (expectWin) fail("a loss record where the side to move must win");
        MoveList moves;
        pos.generateMoves(moves);
        for (const Move m : moves) {
            pos.makeMove(m);
            node(pos, true);
            pos.undoMove(m);
        }
    }

    // A move of pos's board: squares off it are refused here, before anything names them.
    Move readMove(const Position& pos) {
        if (at_ + 3 > end_) fail("records end early");
        const Move m{static_cast<uint8_t>(bytes_[at_]), static_cast<uint8_t>(bytes_[at_ + 1]),
                     static_cast<uint8_t>(bytes_[at_ + 2])};
        at_ += 3;
        const int squares = pos.shape().squareCount();
        if (m.from >= squares || m.to >= squares || m.arrow >= squares)
            fail("a move off the " + shapeName(pos.shape()) + " board in " + formatPosition(pos));
        return m;
    }

    // An 'R' record: the kept territory moves, each checked to keep its territory's best
    // count; then every legal move but the territories' others.
    void reducedLoss(Position& pos) {
        ++reducedLosses_;
        if (at_ >= end_) fail("records end early");
        const int count = static_cast<unsigned char>(bytes_[at_++]);
        const Color mover = pos.sideToMove();
        const Bitboard open =
            pos.emptySquares() | pos.amazons(Color::White) | pos.amazons(Color::Black);
        std::vector<Move> kept;
        Bitboard reduced = 0;
        std::unordered_map<ExactKey, int, ExactKeyHash> memo;
        for (int i = 0; i < count; ++i) {
            const Move m = readMove(pos);
            if (!pos.isLegal(m))
                fail("illegal move " + formatMove(m, pos.shape()) + " in " + formatPosition(pos));
            const Bitboard territory = componentOf(pos.geometry(), squareBit(m.from), open);
            if (territory & pos.amazons(opposite(mover)))
                fail("kept move " + formatMove(m, pos.shape()) + " outside a territory in " +
                     formatPosition(pos));
            LeafBudget budget = leafBudget();
            const int before = regionLongest(pos, territory, mover, memo, budget);
            pos.makeMove(m);
            const int after = regionLongest(pos, territory, mover, memo, budget);
            noteLeafCost(budget);
            pos.undoMove(m);
            if (after != before - 1)
                fail("kept move " + formatMove(m, pos.shape()) + " leaves " +
                     std::to_string(after) + " of " + std::to_string(before) + " moves in " +
                     formatPosition(pos));
            kept.push_back(m);
            reduced |= territory & pos.amazons(mover);
        }
        MoveList moves;
        pos.generateMoves(moves);
        for (const Move m : moves) {
            if ((reduced & squareBit(m.from)) &&
                std::find(kept.begin(), kept.end(), m) == kept.end())
                continue;
            pos.makeMove(m);
            node(pos, true);
            pos.undoMove(m);
        }
    }

    // The position's proof again, seeing nothing of the enclosing proof's positions. A scope
    // must start with a move or a leaf, so scopes nest at most once per ply (no deep recursion
    // from a file of 'S' records).
    void scope(Position& pos, bool expectWin) {
        if (at_ < end_ && (bytes_[at_] == 'S' || bytes_[at_] == 'Y'))
            fail("a scope or an image directly inside a scope");
        ExactKeySet outer;
        std::swap(outer, seen_);
        records(pos, expectWin);  // pos stays in progress: nothing inside may cite it
        std::swap(seen_, outer);
    }

    // A 'Y' record: the position's image under a symmetry of the board, proved instead (no
    // records follow when the image is already in the proof). An image's records must not start
    // with another image (no deep recursion from a file of 'Y' records).
    void image(const Position& pos, bool expectWin) {
        if (at_ >= end_) fail("records end early");
        const int s = static_cast<unsigned char>(bytes_[at_++]);
        if (s < 1 || s >= kSymmetryCount || !symmetryKeepsShape(pos.shape(), s))
            fail("symmetry " + std::to_string(s) + " does not map the board onto itself");
        Position mapped = transformPosition(pos, s);
        const bool recordsFollow = !seen_.contains(ExactKey::of(mapped));
        if (recordsFollow && at_ < end_ && bytes_[at_] == 'Y')
            fail("an image directly inside an image");
        node(mapped, expectWin);
    }

    void countLeaf(const Position& pos, bool expectWin) {
        ++countLeaves_;
        if (!checkerSeparated(pos))
            fail("count record in a position that is not separated: " + formatPosition(pos));
        LeafBudget budget = leafBudget();
        const int own = checkerMovesLeft(pos, pos.sideToMove(), budget);
        const int opp = checkerMovesLeft(pos, opposite(pos.sideToMove()), budget);
        noteLeafCost(budget);
        if ((own > opp) != expectWin)
            fail("count record disagrees (" + std::to_string(own) + " moves to " +
                 std::to_string(opp) + ") in " + formatPosition(pos));
    }

    void boundLeaf(const Position& pos, bool expectWin) {
        ++boundLeaves_;
        // The squares first; the exhaustive count of the contested regions only if needed,
        // for the side whose high end is compared.
        const Color mover = pos.sideToMove();
        LeafBudget budget = leafBudget();
        CheckerBounds own = checkerBounds(pos, mover, false, budget);
        CheckerBounds opp = checkerBounds(pos, opposite(mover), false, budget);
        const auto holds = [&] {
            return expectWin ? own.owned > opp.owned + opp.reach
                             : own.owned + own.reach <= opp.owned;
        };
        if (!holds() && expectWin) opp = checkerBounds(pos, opposite(mover), true, budget);
        if (!holds() && !expectWin) own = checkerBounds(pos, mover, true, budget);
        noteLeafCost(budget);
        if (!holds())
            fail("bound record disagrees (" + std::to_string(own.owned) + " + " +
                 std::to_string(own.reach) + " moves to " + std::to_string(opp.owned) + " + " +
                 std::to_string(opp.reach) + ") in " + formatPosition(pos));
    }

    // A 'G' record: the contested regions (one before version 7), the owned regions' counts as
    // free moves, and the contested ones searched together, everything else walled off.
    void localLeaf(const Position& pos, bool expectWin) {
        ++localLeaves_;
        const Bitboard white = pos.amazons(Color::White), black = pos.amazons(Color::Black);
        const Bitboard open = pos.emptySquares() | white | black;
        Bitboard contested = 0, left = white | black;
        int free[2] = {0, 0}, contestedRegions = 0;
        std::unordered_map<ExactKey, int, ExactKeyHash> counts;
        LeafBudget budget = leafBudget();
        while (left) {
            const Bitboard region =
                componentOf(pos.geometry(), squareBit(lowestSquare(left)), open);
            left &= ~region;
            if ((region & white) && (region & black)) {
                if (contested && version_ < 7)
                    fail("local record with two contested regions in " + formatPosition(pos));
                contested |= region;
                ++contestedRegions;
            } else {
                const Color owner = (region & white) ? Color::White : Color::Black;
                free[index(owner)] += regionLongest(pos, region, owner, counts, budget);
            }
        }
        if (!contested) fail("local record in a separated position: " + formatPosition(pos));
        multiRegionLocalLeaves_ += contestedRegions > 1;
        if (popCount(contested & pos.emptySquares()) > kLocalSquaresChecked)
            fail("local record's regions too large in " + formatPosition(pos));
        Position local = walledOff(pos, contested);
        const int m = index(pos.sideToMove());
        std::unordered_map<LocalKey, bool, LocalKeyHash> memo;
        const bool wins = localWins(local, free[m], free[1 - m], memo, budget);
        noteLeafCost(budget);
        if (wins != expectWin)
            fail("local record disagrees (" + std::to_string(free[m]) + " free moves to " +
                 std::to_string(free[1 - m]) + ") in " + formatPosition(pos));
    }

    const std::string& bytes_;
    size_t at_, end_;
    uint32_t version_;
    uint64_t records_ = 0, countLeaves_ = 0, boundLeaves_ = 0, localLeaves_ = 0, reducedLosses_ = 0;
    uint64_t multiRegionLocalLeaves_ = 0, maxLeafNodes_ = 0;
    uint64_t leafNodes_;
    uint64_t fileNodesLeft_ = kFileNodesChecked + 64 * (end_ - at_);
    ExactKeySet seen_;            // proven: their records are complete
    std::vector<ExactKey> path_;  // in progress: the positions whose records are being read
};

}  // namespace

bool checkerSeparated(const Position& pos) {
    const Bitboard white = pos.amazons(Color::White), black = pos.amazons(Color::Black);
    const Bitboard open = pos.emptySquares() | white | black;
    return (componentOf(pos.geometry(), white, open) & black) == 0;
}

int checkerMovesLeft(const Position& pos, Color side) {
    LeafBudget unlimited(UINT64_MAX);
    return checkerMovesLeft(pos, side, unlimited);
}

int checkerMovesLeft(const Position& pos, Color side, LeafBudget& budget) {
    const Bitboard open = pos.emptySquares() | pos.amazons(side);
    int total = 0;
    std::unordered_map<ExactKey, int, ExactKeyHash> memo;
    Bitboard left = pos.amazons(side);
    while (left) {
        // One region at a time, the other side's amazons as walls.
        const Bitboard region = componentOf(pos.geometry(), squareBit(lowestSquare(left)), open);
        left &= ~region;
        total += regionLongest(pos, region, side, memo, budget);
    }
    return total;
}

CheckerBounds checkerBounds(const Position& pos, Color side, bool countContested) {
    LeafBudget unlimited(UINT64_MAX);
    return checkerBounds(pos, side, countContested, unlimited);
}

CheckerBounds checkerBounds(const Position& pos, Color side, bool countContested,
                            LeafBudget& budget) {
    const Geometry& geo = pos.geometry();
    const Bitboard mine = pos.amazons(side), theirs = pos.amazons(opposite(side));
    const Bitboard open = pos.emptySquares() | mine | theirs;
    CheckerBounds out;
    std::unordered_map<ExactKey, int, ExactKeyHash> memo;
    Bitboard left = mine;
    while (left) {
        const Bitboard region = componentOf(geo, squareBit(lowestSquare(left)), open);
        left &= ~region;
        if ((region & theirs) && countContested) {
            out.reach += regionLongest(pos, region, side, memo, budget);  // they stand still
        } else if (region & theirs) {
            const Bitboard reached = componentOf(geo, region & mine, region & ~theirs);
            out.reach += popCount(reached & pos.emptySquares());
        } else {
            out.owned += regionLongest(pos, region, side, memo, budget);
        }
    }
    return out;
}

std::string sealProof(const std::string& rootText, bool rootWins, uint64_t records,
                      const std::string& body) {
    std::string s(kProofMagic, 8);
    putLE(s, kProofVersion, 4);
    putLE(s, rootText.size(), 4);
    s += rootText;
    s += static_cast<char>(rootWins ? 1 : 0);
    putLE(s, records, 8);
    s += body;
    putLE(s, fnv1a64(s), 8);
    return s;
}

ProofFile readProofFile(const std::string& bytes) {
    if (bytes.size() < 32 || std::memcmp(bytes.data(), kProofMagic, 8) != 0)
        throw std::runtime_error("not a proof file");
    ProofFile f;
    f.version = static_cast<uint32_t>(getLE(bytes, 8, 4));
    if (f.version < 1 || f.version > kProofVersion)
        throw std::runtime_error("proof version " + std::to_string(f.version) +
                                 ", this build reads 1 to " + std::to_string(kProofVersion));
    const size_t end = bytes.size() - 8;
    if (getLE(bytes, end, 8) != fnv1a64(std::string_view(bytes.data(), end)))
        throw std::runtime_error("checksum mismatch (damaged file)");
    const size_t textLen = getLE(bytes, 12, 4);
    if (16 + textLen + 9 > end) throw std::runtime_error("truncated");
    f.position = bytes.substr(16, textLen);
    const unsigned char result = static_cast<unsigned char>(bytes[16 + textLen]);
    if (result > 1) throw std::runtime_error("bad root result");
    f.rootWins = result == 1;
    f.records = getLE(bytes, 17 + textLen, 8);
    f.body = bytes.substr(25 + textLen, end - (25 + textLen));
    return f;
}

ProofSummary checkProof(const std::string& bytes, uint64_t leafNodes) {
    ProofSummary out;
    try {
        const ProofFile f = readProofFile(bytes);
        out.position = f.position;
        out.rootWins = f.rootWins;
        Position pos = parsePosition(f.position);
        Checker checker(f.body, 0, f.body.size(), f.version, leafNodes);
        checker.node(pos, out.rootWins);
        if (!checker.finished()) throw std::runtime_error("records left over after the proof");
        if (checker.records() != f.records)
            throw std::runtime_error("record count differs from the header");
        out.records = checker.records();
        out.countLeaves = checker.countLeaves();
        out.boundLeaves = checker.boundLeaves();
        out.localLeaves = checker.localLeaves();
        out.multiRegionLocalLeaves = checker.multiRegionLocalLeaves();
        out.maxLeafNodes = checker.maxLeafNodes();
        out.reducedLosses = checker.reducedLosses();
        out.valid = true;
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace hippolyta
