#include "opening-book/book.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"

#include "opening-book/symmetry.h"

namespace hippolyta {

namespace {

// Rounded to 1e-4 as the float nearest its 4-decimal text, so that the text form shows it
// exactly. fixedDecimals never prints -0; nan and inf read back as such (refused afterwards).
float quantized(float v) {
    const std::string text = fixedDecimals(v, 4);
    // strtof, not strtod: the float nearest the text, without rounding twice.
    char* end = nullptr;
    const float q = std::strtof(text.c_str(), &end);
    return end == text.c_str() + text.size() ? q : v;
}

bool goodValue(float v) {
    return v >= 0.0f && v <= 1.0f && !std::signbit(v);  // false for nan
}

// True when `stored` is the image of `query` under s (square by square and side to move).
bool isImage(const Position& stored, const Position& query, int s) {
    const int n = query.width();
    if (stored.width() != n || stored.sideToMove() != query.sideToMove()) return false;
    for (int sq = 0; sq < n * n; ++sq)
        if (stored.at(transformSquare(sq, n, s)) != query.at(sq)) return false;
    return true;
}

}  // namespace

std::string bookEntryProblem(const BookEntry& entry, int boardSize) {
    const Position& pos = entry.position;
    if (pos.width() != boardSize || !pos.geometry().isSquare())
        return "a " + shapeName(pos.shape()) + " position in a book for " +
               std::to_string(boardSize) + "x" + std::to_string(boardSize);
    const int white = popCount(pos.amazons(Color::White));
    const int black = popCount(pos.amazons(Color::Black));
    if (white != black || white == 0)
        return std::to_string(white) + " white and " + std::to_string(black) +
               " black amazons (a book position needs equal numbers, at least one)";
    if (entry.moves.size() > 65535) return "more than 65535 moves";
    std::vector<uint32_t> packed;
    packed.reserve(entry.moves.size());
    for (const BookMove& bm : entry.moves) {
        if (!pos.isLegal(bm.move)) return "an illegal move";
        if (!goodValue(bm.value) || !goodValue(bm.searchValue)) return "a move value outside [0,1]";
        packed.push_back(bm.move.packed());
    }
    std::sort(packed.begin(), packed.end());
    if (std::adjacent_find(packed.begin(), packed.end()) != packed.end())
        return "a move listed twice";
    return "";
}

void sortBookMoves(std::vector<BookMove>& moves) {
    std::sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
        if (a.value != b.value) return a.value > b.value;
        if (a.visits != b.visits) return a.visits > b.visits;
        return a.move.packed() < b.move.packed();
    });
}

Book::Book(int boardSize) : boardSize_(boardSize) {
    if (boardSize < kMinBoardSize || boardSize > kMaxBoardSize)
        throw BookError("book board size " + std::to_string(boardSize) + " is not 4..11");
}

std::optional<BookEntry> Book::lookup(const Position& pos) const {
    if (pos.width() != boardSize_ || !pos.geometry().isSquare() || entries_.empty())
        return std::nullopt;
    const NormalForm nf = normalForm(pos);
    const auto it = entries_.find(nf.key);
    if (it == entries_.end() || !isImage(it->second.position, pos, nf.symmetry))
        return std::nullopt;
    const int back = inverseSymmetry(nf.symmetry);
    BookEntry out;
    out.position = pos;
    out.searchVisits = it->second.searchVisits;
    out.moves.reserve(it->second.moves.size());
    for (BookMove bm : it->second.moves) {
        bm.move = transformMove(bm.move, boardSize_, back);
        if (pos.isLegal(bm.move)) out.moves.push_back(bm);  // defensive: the check is cheap
    }
    return out;
}

bool Book::contains(const Position& pos) const {
    return lookup(pos).has_value();
}

void Book::store(const BookEntry& entry) {
    BookEntry q = entry;
    for (BookMove& bm : q.moves) {
        bm.value = quantized(bm.value);
        bm.searchValue = quantized(bm.searchValue);
    }
    storeExact(q);
}

void Book::storeExact(const BookEntry& entry) {
    if (const std::string why = bookEntryProblem(entry, boardSize_); !why.empty())
        throw BookError("can't store a book entry: " + why);
    const NormalForm nf = normalForm(entry.position);
    BookEntry e;
    e.position = transformPosition(entry.position, nf.symmetry);
    e.searchVisits = entry.searchVisits;
    e.moves = entry.moves;
    for (BookMove& bm : e.moves)
        bm.move = transformMove(bm.move, boardSize_, nf.symmetry);
    sortBookMoves(e.moves);
    entries_.insert_or_assign(nf.key, std::move(e));
}

std::optional<BookMove> chooseBookMove(const Book& book, const Position& pos,
                                       const BookPolicy& policy, std::mt19937_64& rng) {
    const std::optional<BookEntry> entry = book.lookup(pos);
    if (!entry) return std::nullopt;
    // Only sufficiently searched moves count: a move with a few visits can show any value.
    std::vector<const BookMove*> searched;
    for (const BookMove& bm : entry->moves)  // best first
        if (bm.visits >= policy.minVisits) searched.push_back(&bm);
    if (searched.empty() || searched.front()->value < policy.minValue) return std::nullopt;
    const BookMove& best = *searched.front();
    if (policy.variety <= 0) return best;
    std::vector<const BookMove*> candidates;
    uint64_t total = 0;
    for (const BookMove* bm : searched) {
        if (bm->value < best.value - policy.variety) continue;
        candidates.push_back(bm);
        total += bm->visits;
    }
    if (total == 0) return best;  // only with minVisits 0 and no visits at all
    uint64_t r = std::uniform_int_distribution<uint64_t>(0, total - 1)(rng);
    for (const BookMove* bm : candidates) {
        if (r < bm->visits) return *bm;
        r -= bm->visits;
    }
    return best;  // not reached: the draw is below the total
}

Book playableBook(const Book& book, const BookPolicy& policy) {
    Book out(book.boardSize());
    for (const auto& [key, entry] : book.entries()) {
        const BookMove* best = nullptr;
        for (const BookMove& bm : entry.moves)  // best first
            if (bm.visits >= policy.minVisits) {
                best = &bm;
                break;
            }
        if (!best || best->value < policy.minValue) continue;
        BookEntry kept{entry.position, entry.searchVisits, {}};
        for (const BookMove& bm : entry.moves) {
            const bool candidate =
                bm.visits >= policy.minVisits &&
                (policy.variety <= 0 ? &bm == best : bm.value >= best->value - policy.variety);
            if (candidate) kept.moves.push_back(bm);
        }
        out.entries().emplace(key, std::move(kept));
    }
    return out;
}

void mergeBook(Book& a, const Book& b) {
    if (a.boardSize() != b.boardSize())
        throw BookError("can't merge a " + std::to_string(b.boardSize()) + "x" +
                        std::to_string(b.boardSize()) + " book into a " +
                        std::to_string(a.boardSize()) + "x" + std::to_string(a.boardSize()) +
                        " book");
    for (const auto& [key, theirs] : b.entries()) {
        const auto it = a.entries().find(key);
        if (it == a.entries().end()) {
            a.entries().emplace(key, theirs);
            continue;
        }
        BookEntry& ours = it->second;
        if (!(ours.position == theirs.position)) continue;  // a hash collision: keep ours
        BookEntry merged = theirs.searchVisits > ours.searchVisits ? theirs : ours;
        const BookEntry& other = theirs.searchVisits > ours.searchVisits ? ours : theirs;
        std::unordered_set<uint32_t> known;
        for (const BookMove& bm : merged.moves)
            known.insert(bm.move.packed());
        for (const BookMove& bm : other.moves)
            if (known.insert(bm.move.packed()).second) merged.moves.push_back(bm);
        sortBookMoves(merged.moves);
        ours = std::move(merged);
    }
}

}  // namespace hippolyta
