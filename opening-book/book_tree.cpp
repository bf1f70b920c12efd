#include "opening-book/book_tree.h"

#include <algorithm>
#include <queue>
#include <tuple>

#include "opening-book/symmetry.h"

namespace hippolyta {

BookEdge EdgeCache::edge(uint64_t key, const BookEntry& entry, Move m) {
    const auto k = std::make_pair(key, m.packed());
    if (auto it = edges_.find(k); it != edges_.end()) return it->second;
    Position child = entry.position;
    child.makeMove(m);
    const BookEdge e{normalForm(child).key, child.isGameOver()};
    edges_.emplace(k, e);
    return e;
}

int plyCount(const Position& pos) {
    return popCount(pos.arrows());
}

double bestValue(const BookEntry& entry) {
    return entry.moves.empty() ? 0.0 : entry.moves.front().value;
}

namespace {

// The backed-up best value of the entry under key; memo holds the entries already done. The
// recursion depth is bounded by the plies of the book's longest line.
double backUpEntry(Book& book, uint64_t key, EdgeCache& cache, double optimism,
                   std::unordered_map<uint64_t, double>& memo) {
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    auto& entries = book.entries();
    BookEntry& entry = entries.at(key);  // stays valid: nothing is inserted during the walk
    for (BookMove& m : entry.moves) {
        const BookEdge e = cache.edge(key, entry, m.move);
        if (e.terminal)
            m.value = 1.0f;
        else if (entries.count(e.child))
            m.value = static_cast<float>(1.0 - backUpEntry(book, e.child, cache, optimism, memo));
        else if (m.searchValue == 0.0f || m.searchValue == 1.0f)
            m.value = m.searchValue;  // proven: exact
        else
            m.value = static_cast<float>(std::clamp(m.searchValue - optimism, 0.0, 1.0));
    }
    sortBookMoves(entry.moves);
    const double best = bestValue(entry);
    memo.emplace(key, best);
    return best;
}

double bestSearchValue(const BookEntry& entry) {
    double best = 0;
    for (const BookMove& m : entry.moves)
        best = std::max(best, static_cast<double>(m.searchValue));
    return best;
}

}  // namespace

double searchOptimism(const Book& book, EdgeCache& cache) {
    double excess = 0;
    size_t samples = 0;
    for (const auto& [key, entry] : book.entries()) {
        for (const BookMove& m : entry.moves) {
            if (m.searchValue == 0.0f || m.searchValue == 1.0f) continue;  // proven
            const BookEdge e = cache.edge(key, entry, m.move);
            const auto child = book.entries().find(e.child);
            if (e.terminal || child == book.entries().end()) continue;
            const double childBest = bestSearchValue(child->second);
            if (childBest == 0.0 || childBest == 1.0) continue;
            excess += m.searchValue + childBest - 1;
            ++samples;
        }
    }
    return samples ? std::clamp(excess / static_cast<double>(samples) / 2, 0.0, 0.25) : 0.0;
}

void backUpBook(Book& book, EdgeCache& cache, double optimism) {
    std::unordered_map<uint64_t, double> memo;
    memo.reserve(book.size());
    for (auto& [key, entry] : book.entries())
        backUpEntry(book, key, cache, optimism, memo);
}

void backUpCalibrated(Book& book, EdgeCache& cache) {
    backUpBook(book, cache, searchOptimism(book, cache));
}

namespace {

// A node of the least-cost walk; ordered by (cost, key), least on top.
struct Reached {
    double cost;
    uint64_t key;
    friend bool operator>(const Reached& a, const Reached& b) {
        return std::tie(a.cost, a.key) > std::tie(b.cost, b.key);
    }
};

struct Parent {
    double cost;
    uint64_t key;  // the parent's key
    Move move;     // in the parent's stored orientation
};

Expansion frontierPosition(const Book& book, uint64_t key, const Parent& p, int rootPlies) {
    Position child = book.entries().at(p.key).position;
    child.makeMove(p.move);
    const NormalForm nf = normalForm(child);
    return Expansion{transformPosition(child, nf.symmetry), key, p.cost,
                     plyCount(child) - rootPlies};
}

}  // namespace

// Dijkstra from the root: edge costs are at least one ply, so the first position popped that is
// not in the book is the least-cost frontier position, with ties broken by the smaller key.
std::optional<Expansion> nextExpansion(const Book& book, const Position& root,
                                       const ExpansionRule& rule, EdgeCache& cache) {
    const NormalForm rootForm = normalForm(root);
    const auto& entries = book.entries();
    if (!entries.count(rootForm.key)) {
        if (root.isGameOver()) return std::nullopt;
        return Expansion{transformPosition(root, rootForm.symmetry), rootForm.key, 0, 0};
    }
    const int rootPlies = plyCount(root);
    std::unordered_map<uint64_t, Parent> best;  // least cost found so far, and how
    std::priority_queue<Reached, std::vector<Reached>, std::greater<>> open;
    best.emplace(rootForm.key, Parent{0, 0, Move{}});
    open.push({0, rootForm.key});
    while (!open.empty()) {
        const Reached r = open.top();
        open.pop();
        const Parent how = best.at(r.key);  // a copy: the loop below inserts into `best`
        if (r.cost > how.cost) continue;    // stale: reached more cheaply since
        auto it = entries.find(r.key);
        if (it == entries.end()) return frontierPosition(book, r.key, how, rootPlies);
        const BookEntry& entry = it->second;
        const int childDepth = plyCount(entry.position) - rootPlies + 1;
        if (rule.maxDepth > 0 && childDepth > rule.maxDepth) continue;
        const double top = bestValue(entry);
        for (const BookMove& m : entry.moves) {
            const BookEdge e = cache.edge(r.key, entry, m.move);
            if (e.terminal) continue;
            const double loss = std::max(0.0, top - m.value) * 100.0;
            const double cost = r.cost + 1.0 + rule.dropoutWeight * loss;
            auto [b, added] = best.try_emplace(e.child, Parent{cost, r.key, m.move});
            if (!added) {
                if (cost >= b->second.cost) continue;
                b->second = Parent{cost, r.key, m.move};
            }
            open.push({cost, e.child});
        }
    }
    return std::nullopt;
}

BookStats bookStats(const Book& book) {
    BookStats s;
    s.entries = book.size();
    for (const auto& [key, entry] : book.entries()) {
        s.moves += entry.moves.size();
        s.searchVisits += entry.searchVisits;
        const auto d = static_cast<size_t>(plyCount(entry.position));
        if (s.entriesPerDepth.size() <= d) s.entriesPerDepth.resize(d + 1);
        ++s.entriesPerDepth[d];
    }
    // Every ply adds an arrow, so the line ends; the bound only guards a corrupt book.
    Position pos = Position::start(book.boardSize());
    for (size_t i = 0; i <= book.size(); ++i) {
        const std::optional<BookEntry> e = book.lookup(pos);
        if (!e || e->moves.empty()) break;
        s.mainLine.push_back(e->moves.front().move);
        pos.makeMove(e->moves.front().move);
    }
    return s;
}

}  // namespace hippolyta
