#include "engine/search/endgame_search.h"

namespace hippolyta {

namespace {
constexpr size_t kMaxTableEntries = 1 << 21;
}

EndgameSearch::EndgameSearch(uint64_t nodeBudget, uint64_t regionBudget)
    : nodeBudget_(nodeBudget), regions_(regionBudget, 1 << 16) {}

bool EndgameSearch::outOfBudget() {
    if (aborted_) return true;
    if (nodes_ >= nodeBudget_ || stop_->load(std::memory_order_relaxed) ||
        ((nodes_ & 255) == 0 && std::chrono::steady_clock::now() >= deadline_))
        aborted_ = true;
    return aborted_;
}

EndgameResult EndgameSearch::solve(const Position& start, int maxPlies,
                                   const std::atomic<bool>& stop,
                                   std::chrono::steady_clock::time_point deadline) {
    stop_ = &stop;
    deadline_ = deadline;
    nodes_ = 0;
    aborted_ = false;
    table_.clear();
    if (moveStack_.size() < static_cast<size_t>(maxPlies) + 2) moveStack_.resize(maxPlies + 2);
    EndgameResult result;
    Position pos = start;
    // Shallow iterations find the quickest wins; then one unbounded iteration (within the
    // budget) proves what it can: a depth-limited proof search repeats too much work once
    // the horizon is past a few plies.
    for (int iteration = 0; iteration < 3; ++iteration) {
        const int depth = iteration < 2 ? 1 + 2 * iteration : maxPlies;
        if (depth > maxPlies) break;
        Move best{};
        const Outcome o = search(pos, depth, &best);
        if (aborted_) break;
        result.plies = depth;
        if (o != Outcome::Unknown) {
            result.outcome = o;
            if (o == Outcome::Win) result.move = best;
            break;
        }
    }
    result.nodes = nodes_;
    return result;
}

Outcome EndgameSearch::search(Position& pos, int depth, Move* bestOut) {
    ++nodes_;
    if (outOfBudget()) return Outcome::Unknown;
    if (!pos.hasLegalMove()) return Outcome::Loss;
    if (depth <= 0) return Outcome::Unknown;
    const uint64_t key = pos.hash();
    Move hashMove{};
    bool haveHashMove = false;
    if (const auto it = table_.find(key); it != table_.end()) {
        const Entry& e = it->second;
        if (e.outcome != Outcome::Unknown && (e.outcome == Outcome::Loss || !bestOut))
            return e.outcome;
        if (e.outcome == Outcome::Win) {
            *bestOut = e.best;
            return Outcome::Win;
        }
        if (e.depth >= depth) return Outcome::Unknown;
        hashMove = e.best;
        haveHashMove = true;
    }
    // Walled apart: the counts decide (when exact enough), whatever the depth.
    if (isSeparated(pos)) {
        const SeparatedAnalysis a = analyseSeparated(pos, regions_);
        if (a.outcome != Outcome::Unknown) {
            Entry e;
            e.outcome = a.outcome;
            if (a.outcome == Outcome::Win) {
                if (const auto m = separatedBestMove(pos, regions_)) e.best = *m;
                if (bestOut) *bestOut = e.best;
            }
            table_[key] = e;
            return a.outcome;
        }
    }
    HIPPOLYTA_ASSERT(static_cast<size_t>(depth) < moveStack_.size());  // sized by solve()
    std::vector<ScoredMove>& moves = moveStack_[depth];
    scoreMovesCheap(pos, moves);
    HIPPOLYTA_ASSERT(!moves.empty());  // the side to move has a legal move (checked above)
    if (haveHashMove)
        for (ScoredMove& sm : moves)
            if (sm.move == hashMove) sm.score = 1e9f;
    sortMoves(moves);

    // A move after which the opponent cannot move wins at once: look for one first.
    for (const ScoredMove& sm : moves) {
        pos.makeMove(sm.move);
        const bool stuck = !pos.hasLegalMove();
        pos.undoMove(sm.move);
        if (stuck) {
            if (bestOut) *bestOut = sm.move;
            table_[key] = Entry{Outcome::Win, 0, sm.move};
            return Outcome::Win;
        }
    }
    bool allLost = true;
    Move best = moves.front().move;
    for (size_t i = 0; i < moves.size(); ++i) {
        const Move m = moves[i].move;
        pos.makeMove(m);
        const Outcome r = search(pos, depth - 1, nullptr);
        pos.undoMove(m);
        if (r == Outcome::Loss) {
            if (bestOut) *bestOut = m;
            if (table_.size() >= kMaxTableEntries) table_.clear();
            table_[key] = Entry{Outcome::Win, 0, m};
            return Outcome::Win;
        }
        if (r != Outcome::Win) allLost = false;
        if (aborted_) return Outcome::Unknown;
    }
    if (table_.size() >= kMaxTableEntries) table_.clear();
    if (allLost) {
        table_[key] = Entry{Outcome::Loss, 0, best};
        return Outcome::Loss;
    }
    table_[key] = Entry{Outcome::Unknown, static_cast<int8_t>(depth), best};
    return Outcome::Unknown;
}

int contestedEmptySquares(const Position& pos) {
    int n = 0;
    for (const Region& r : findRegions(pos))
        if (r.contested) n += popCount(r.empty);
    return n;
}

}  // namespace hippolyta
