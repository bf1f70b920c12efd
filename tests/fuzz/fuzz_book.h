// Comparing opening books for the book targets.
#pragma once

#include "opening-book/book.h"

namespace hippolyta::fuzz {

inline bool sameBook(const Book& a, const Book& b) {
    return a.boardSize() == b.boardSize() && a.entries() == b.entries();
}

}  // namespace hippolyta::fuzz
