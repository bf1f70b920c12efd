// Walks over the book's graph of positions: each book move leads to a child position (found by
// its key), and every ply adds an arrow, so the graph is acyclic. Here: the exact back-up of
// values, the best-first (drop-out) choice of the next position to expand, and depths. Shared by
// the builder and the hippolyta-book tool; no text I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "opening-book/book.h"

namespace hippolyta {

// Where a book move leads: the child's key, and whether the child is a finished game (its side
// to move has no legal move, so the move's player has won).
struct BookEdge {
    uint64_t child = 0;
    bool terminal = false;
};

// Edges computed once and remembered: normalForm() over eight images is the costly part of a
// walk. An edge depends only on the parent position and the move, so the cache stays valid
// while the book grows.
class EdgeCache {
  public:
    // `entry` is the book's stored entry under `key` (normal orientation), m one of its moves.
    BookEdge edge(uint64_t key, const BookEntry& entry, Move m);
    size_t size() const { return edges_.size(); }

  private:
    struct KeyHash {
        size_t operator()(const std::pair<uint64_t, uint32_t>& k) const {
            return static_cast<size_t>(k.first ^ (k.second * 0x9E3779B97F4A7C15ull));
        }
    };
    std::unordered_map<std::pair<uint64_t, uint32_t>, BookEdge, KeyHash> edges_;
};

// Plies played since the start position: every move adds exactly one arrow.
int plyCount(const Position& pos);

// The value of an entry for its side to move: its best move's value (moves sorted), or 0 when it
// has no move (the side to move has lost).
double bestValue(const BookEntry& entry);

// Sets every move's value to 1 - (best value of the child's entry) when the child is in the book,
// 1 when the child is a finished game, else its search value less `optimism` (proven values of
// 0 and 1 stay exact); sorts every entry's moves best first. Exact: a memoised walk of the acyclic
// graph.
void backUpBook(Book& book, EdgeCache& cache, double optimism = 0);

// How much a search overrates its own side to move. The search value a parent gave a move plus
// the best search value the child's own search found would add up to 1 if searches agreed; on
// 10x10 at 100k visits they add up to about 1.1, so moves already expanded look worse than their
// unexpanded siblings and the builder would grow the book only in breadth. Half the mean excess
// over the book's expanded moves is each search's optimism (0 without expanded moves).
double searchOptimism(const Book& book, EdgeCache& cache);
// backUpBook with searchOptimism's estimate: what the builder, merge and import use.
void backUpCalibrated(Book& book, EdgeCache& cache);

// The drop-out expansion rule (Lincke): reaching a position through a path costs its plies plus
// dropoutWeight * the sum over the path of (best value at the node - value of the move taken) in
// percentage points.
struct ExpansionRule {
    double dropoutWeight = 1.0;
    int maxDepth = 0;  // plies from the root of the positions expanded; 0: no limit
};

struct Expansion {
    Position position = Position::start();  // in the normal orientation of its key
    uint64_t key = 0;
    double cost = 0;
    int depth = 0;  // plies from the root
};

// The position outside the book of least cost (ties: smaller key) reachable from `root` through
// book moves, or the root itself when it is not in the book; nothing when no position is left
// within maxDepth. Each position counts once, at its least cost (transpositions). Depends only on
// the book's contents, which must be backed up (backUpBook).
std::optional<Expansion> nextExpansion(const Book& book, const Position& root,
                                       const ExpansionRule& rule, EdgeCache& cache);

// Figures for `hippolyta-book stats`.
struct BookStats {
    size_t entries = 0;
    size_t moves = 0;
    uint64_t searchVisits = 0;            // summed over entries
    std::vector<size_t> entriesPerDepth;  // index: plies from the start position
    std::vector<Move> mainLine;           // best moves from the start while in the book
};
BookStats bookStats(const Book& book);

}  // namespace hippolyta
