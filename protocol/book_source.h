// Where a GTP session's opening book comes from: an explicit file (--book), the shipped book for
// the board size (NxN.book in the data directories, protocol/data_files.h), or none (--no-book).
// Books load on first use for a board size; a file that fails to load is reported once on the log
// and the engine plays on without a book.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "opening-book/book.h"

namespace hippolyta {

struct BookOptions {
    std::string file;  // an explicit book (used when its board size is the game's)
    // Else NxN.book in the first of these directories that has it; both empty: no book.
    std::vector<std::string> directories;
    BookPolicy policy;
    uint64_t seed = 0;  // the choice among the best moves is deterministic for a seed
};

class BookSource {
  public:
    explicit BookSource(BookOptions options);

    // The book for n x n, or nullptr; loads it on first use.
    // Null for a rectangle: books are for square boards.
    const Book* bookFor(BoardShape shape);
    // Why bookFor(shape) is null, or where its book came from, for people.
    std::string describe(BoardShape shape);
    // The book's move at pos when it has a clearly sound one (BookPolicy), else nothing.
    std::optional<BookMove> choose(const Position& pos);

  private:
    struct Slot {
        std::unique_ptr<Book> book;
        std::string description;
    };
    Slot& slotFor(int n);

    BookOptions options_;
    std::mt19937_64 rng_;
    std::map<int, Slot> slots_;
};

}  // namespace hippolyta
