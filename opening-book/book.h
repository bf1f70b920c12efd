// The opening book: positions keyed by their normal form (symmetry.h), each with the moves the
// builder searched there, their visit counts and their backed-up values. A book holds one board
// size. This file has the in-memory book and the choice of a book move; book_file.h reads and
// writes it. No text I/O to the console here.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

// Thrown for a damaged, foreign or unreadable book; what() is a clear message for people.
class BookError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct BookMove {
    Move move;
    uint32_t visits = 0;       // the builder's search visits on this move (its weight)
    float value = 0.5f;        // backed-up win probability for the side playing the move
    float searchValue = 0.5f;  // the search's own estimate before backing up

    friend bool operator==(const BookMove& a, const BookMove& b) {
        return a.move == b.move && a.visits == b.visits && a.value == b.value &&
               a.searchValue == b.searchValue;
    }
};

// One position of the book. In Book's storage, `position` and the moves are in the normal
// orientation (the image of symmetry NormalForm::symmetry); lookup() maps them back.
struct BookEntry {
    Position position = Position::start();  // exact position: guards against hash collisions
    uint32_t searchVisits = 0;              // visits of the search that analysed it
    std::vector<BookMove> moves;            // best first: by value, then visits

    friend bool operator==(const BookEntry& a, const BookEntry& b) {
        return a.position == b.position && a.searchVisits == b.searchVisits && a.moves == b.moves;
    }
};

class Book {
  public:
    explicit Book(int boardSize);

    int boardSize() const { return boardSize_; }
    size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }

    // The entry of pos in pos's own orientation (moves mapped back, best first), or nothing
    // when pos (or any of its images) is not in the book.
    std::optional<BookEntry> lookup(const Position& pos) const;
    bool contains(const Position& pos) const;
    // Adds or replaces the entry of entry.position (given in its own orientation; moves must
    // be legal there). Values are rounded to 1e-4 (so the text form shows them exactly); moves
    // are sorted best first. Throws BookError for anything bookEntryProblem() names.
    void store(const BookEntry& entry);
    // As store(), but keeps the values exactly as given (for reading files).
    void storeExact(const BookEntry& entry);

    // Storage by key, in the normal orientation: for the builder, files, merge and export.
    const std::unordered_map<uint64_t, BookEntry>& entries() const { return entries_; }
    std::unordered_map<uint64_t, BookEntry>& entries() { return entries_; }

  private:
    int boardSize_;
    std::unordered_map<uint64_t, BookEntry> entries_;
};

// Why `entry` (in its own orientation) can't go into a book of board size n, or "" when it can:
// a position of another size, unequal or no amazons, more than 65535 moves, an illegal or
// repeated move, a value outside [0,1] (nan and -0 included).
std::string bookEntryProblem(const BookEntry& entry, int boardSize);
// The book's order: value descending, then visits descending, then packed move ascending.
void sortBookMoves(std::vector<BookMove>& moves);

// How the engine picks a book move.
struct BookPolicy {
    // Only moves with at least minVisits visits count (a barely searched move can show any
    // value). The best of them is "clearly sound" only with a value of at least minValue;
    // otherwise the engine searches. Moves whose value is within `variety` of the best's may be
    // chosen, with odds in proportion to their visits; 0 always plays the best.
    double variety = 0.02;
    uint32_t minVisits = 100;
    double minValue = 0.40;
};

// The move to play from the book at pos, or nothing (out of book, or not clearly sound, or no
// book move legal there). Deterministic for a given rng state.
std::optional<BookMove> chooseBookMove(const Book& book, const Position& pos,
                                       const BookPolicy& policy, std::mt19937_64& rng);

// The part of `book` that chooseBookMove can play under `policy`: in each entry only the moves
// it may choose (the same candidates, so the same draws give the same moves), and no entry
// where it would search instead. For a small embedded copy (the Botzone upload).
Book playableBook(const Book& book, const BookPolicy& policy);

// Merges b into a: positions only in b are added; for a position in both, the entry whose
// search had more visits wins, and moves only in the other entry are added. Throws BookError
// when the board sizes differ.
void mergeBook(Book& a, const Book& b);

}  // namespace hippolyta
