#include "engine/regions/regions.h"

#include <algorithm>

#include "engine/core/assert.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

namespace {

// The king-connected component of `within` that contains `seed`.
template <int N>
Bitboard component(Bitboard seed, Bitboard within) {
    Bitboard comp = seed & within;
    for (;;) {
        const Bitboard next = (BoardOps<N>::kingDilate(comp)) & within;
        if (next == comp) return comp;
        comp = next;
    }
}

// Whether the regions' squares are disjoint and cover `all`.
bool partitions(const std::vector<Region>& regions, Bitboard all) {
    Bitboard seen = 0;
    for (const Region& r : regions) {
        if (seen & (r.empty | r.amazons)) return false;
        seen |= r.empty | r.amazons;
    }
    return seen == all;
}

template <int N>
std::vector<Region> regionsN(const Position& pos) {
    std::vector<Region> out;
    const Bitboard white = pos.amazons(Color::White), black = pos.amazons(Color::Black);
    const Bitboard all = pos.emptySquares() | white | black;
    Bitboard left = all;
    while (left) {
        const Bitboard comp = component<N>(squareBit(lowestSquare(left)), all);
        left &= ~comp;
        Region r;
        r.empty = comp & pos.emptySquares();
        r.amazons = comp & (white | black);
        const bool hasWhite = comp & white, hasBlack = comp & black;
        r.contested = hasWhite && hasBlack;
        if (hasWhite != hasBlack) r.owner = hasWhite ? Color::White : Color::Black;
        out.push_back(r);
    }
    HIPPOLYTA_ASSERT(partitions(out, all));  // the regions partition the squares not arrows
    return out;
}

// Depth-first search for the longest sequence of moves of a lone side.
template <int N>
class LongestLine {
  public:
    using Ops = BoardOps<N>;
    LongestLine(RegionCounter::Cache& cache, size_t cacheEntries, uint64_t budget)
        : cache_(cache), cacheEntries_(cacheEntries), budget_(budget) {}

    bool aborted() const { return aborted_; }
    uint64_t nodes() const { return nodes_; }

    // Sum over the independent parts of (amazons, empty).
    int solveSet(Bitboard amazons, Bitboard empty, std::optional<Move>* first) {
        int total = 0;
        Bitboard left = amazons;
        bool firstTaken = false;
        while (left) {
            const Bitboard comp = component<N>(squareBit(lowestSquare(left)), amazons | empty);
            left &= ~comp;
            std::optional<Move> m;
            const int v = solvePart(comp & amazons, comp & empty, first ? &m : nullptr);
            total += v;
            if (first && !firstTaken && m) {
                *first = m;
                firstTaken = true;
            }
        }
        return total;
    }

    // Upper bound: every empty square connected to an amazon.
    static int upperBound(Bitboard amazons, Bitboard empty) {
        return popCount(component<N>(amazons, amazons | empty) & empty);
    }

  private:
    struct Candidate {
        Move move;
        int key;
    };

    int solvePart(Bitboard amazons, Bitboard empty, std::optional<Move>* first) {
        if (!(Ops::kingNeighbours(amazons) & empty)) return 0;
        const RegionCounter::Key key{amazons, empty};
        if (!first) {
            const auto it = cache_.find(key);
            if (it != cache_.end()) return it->second;
        }
        const int upper = popCount(empty);
        std::vector<Candidate> moves;
        generate(amazons, empty, moves);
        ++nodes_;
        if (nodes_ > budget_) aborted_ = true;
        int best = 0;
        for (const Candidate& c : moves) {
            const Move m = c.move;
            const Bitboard nextAmazons = amazons ^ squareBit(m.from) ^ squareBit(m.to);
            const Bitboard nextEmpty =
                (empty | squareBit(m.from)) & ~squareBit(m.to) & ~squareBit(m.arrow);
            const int v = 1 + solveSet(nextAmazons, nextEmpty, nullptr);
            if (v > best) {
                best = v;
                if (first) *first = m;
            }
            // Stop at the bound, and after the first (greedy) line once out of budget.
            if (best >= upper || aborted_) break;
        }
        // Each move fills a square: a lone side never makes more moves than the part's empties.
        HIPPOLYTA_ASSERT(best <= upper);
        if (!aborted_) {
            if (cache_.size() >= cacheEntries_) cache_.clear();
            cache_.emplace(key, static_cast<uint8_t>(best));
        }
        return best;
    }

    // All moves, the most promising filling moves first: arrows into dead ends (few empty
    // neighbours), the amazon to roomy squares.
    void generate(Bitboard amazons, Bitboard empty, std::vector<Candidate>& out) const {
        Bitboard planes[4];
        Ops::neighbourCountPlanes(empty, planes);
        auto nb = [&](int sq) {
            return static_cast<int>(testBit(planes[0], sq)) + 2 * testBit(planes[1], sq) +
                   4 * testBit(planes[2], sq) + 8 * testBit(planes[3], sq);
        };
        forEachSquare(amazons, [&](int from) {
            const Bitboard vacated = empty | squareBit(from);
            forEachSquare(Ops::queenReachFrom(from, empty), [&](int to) {
                const Bitboard arrows = Ops::queenReachFrom(to, vacated);
                const int toKey = nb(to);
                forEachSquare(arrows, [&](int arrow) {
                    const int arrowKey = nb(arrow) + (arrow == from ? -1 : 0);
                    out.push_back({Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                                        static_cast<uint8_t>(arrow)},
                                   arrowKey * 16 - toKey});
                });
            });
        });
        std::stable_sort(out.begin(), out.end(),
                         [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    }

    RegionCounter::Cache& cache_;
    size_t cacheEntries_;
    uint64_t budget_;
    uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace

std::vector<Region> findRegions(const Position& pos) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return regionsN<N>(pos);
    });
}

bool isSeparated(const Position& pos) {
    // One flood from every white amazon at once: separated iff it meets no black amazon.
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        const Bitboard white = pos.amazons(Color::White), black = pos.amazons(Color::Black);
        return !(component<N>(white, pos.emptySquares() | white | black) & black);
    });
}

size_t RegionCounter::KeyHash::operator()(const Key& k) const {
    const auto mix = [](uint64_t x) {
        x ^= x >> 33;
        x *= 0xff51afd7ed558ccdULL;
        x ^= x >> 33;
        return x;
    };
    const auto lo = [](Bitboard b) { return static_cast<uint64_t>(b); };
    const auto hi = [](Bitboard b) { return static_cast<uint64_t>(b >> 64); };
    return mix(lo(k.amazons) * 3 + mix(hi(k.amazons) + mix(lo(k.empty) ^ mix(hi(k.empty)))));
}

RegionCounter::RegionCounter(uint64_t nodeBudget, size_t cacheEntries)
    : nodeBudget_(nodeBudget), cacheEntries_(cacheEntries) {}

MoveBounds RegionCounter::count(int n, Bitboard amazons, Bitboard empty) {
    return withBoardSize(n, [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        LongestLine<N> search(cache_, cacheEntries_, nodeBudget_);
        MoveBounds b;
        b.lower = search.solveSet(amazons, empty, nullptr);
        b.upper = search.aborted() ? LongestLine<N>::upperBound(amazons, empty) : b.lower;
        HIPPOLYTA_ASSERT(b.lower >= 0 && b.lower <= b.upper && b.upper <= popCount(empty));
        nodes_ += search.nodes();
        return b;
    });
}

MoveBounds RegionCounter::bestLine(int n, Bitboard amazons, Bitboard empty,
                                   std::optional<Move>& first) {
    first.reset();
    return withBoardSize(n, [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        LongestLine<N> search(cache_, cacheEntries_, nodeBudget_);
        MoveBounds b;
        b.lower = search.solveSet(amazons, empty, &first);
        b.upper = search.aborted() ? LongestLine<N>::upperBound(amazons, empty) : b.lower;
        nodes_ += search.nodes();
        return b;
    });
}

SeparatedAnalysis analyseSeparated(const Position& pos, RegionCounter& counter) {
    SeparatedAnalysis a;
    if (!isSeparated(pos)) return a;
    a.separated = true;
    const Color me = pos.sideToMove();
    const Bitboard empty = pos.emptySquares();
    a.own = counter.count(pos.width(), pos.amazons(me), empty);
    a.opponent = counter.count(pos.width(), pos.amazons(opposite(me)), empty);
    // Walled apart, the two sides' counts share no square, so they add up to the empties.
    HIPPOLYTA_ASSERT(a.own.lower + a.opponent.lower <= popCount(empty));
    // The side to move wins iff it has strictly more moves left.
    if (a.own.lower > a.opponent.upper) a.outcome = Outcome::Win;
    if (a.own.upper <= a.opponent.lower) a.outcome = Outcome::Loss;
    return a;
}

std::optional<Move> separatedBestMove(const Position& pos, RegionCounter& counter) {
    if (!isSeparated(pos)) return std::nullopt;
    std::optional<Move> first;
    counter.bestLine(pos.width(), pos.amazons(pos.sideToMove()), pos.emptySquares(), first);
    return first;
}

}  // namespace hippolyta
