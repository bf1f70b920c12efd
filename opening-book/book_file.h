// The book's files: a versioned binary format and a plain-text form for review and version
// control.
//
// Binary (all integers little-endian):
//   header  "HIPPBOOK" magic (8 bytes), u32 version (1), u32 board size, u64 entry count,
//           u64 payload bytes, u64 FNV-1a 64 checksum of the payload
//   payload entries in increasing key order, each:
//           u64 key, 2 bits a square of the normal-orientation position (0 empty, 1 white,
//           2 black, 3 arrow; ceil(n*n/4) bytes; square sq in byte sq/4 at bit 2*(sq%4),
//           unused bits 0), u8 side to move (0 white, 1 black),
//           u32 search visits, u16 move count, then per move: u8 from, u8 to, u8 arrow,
//           u32 visits, f32 value, f32 search value
//   Moves are in the book's order (sortBookMoves); positions in the normal orientation.
// Text: a line "board N" (optional when there is a position), then one line per entry,
// "position <position string> visits N", then one line per move
// "  move <move> visits N value V search S"; '#' starts a comment line. Values print with 4
// decimals when that reads back exactly (always for values given to Book::store), otherwise
// with the shortest digits that do, so export -> import gives back the very same book.
#pragma once

#include <iosfwd>
#include <string>

#include "opening-book/book.h"

namespace hippolyta {

constexpr uint32_t kBookFormatVersion = 1;

// Writes the book atomically: a temporary file beside `path`, flushed, then renamed over it,
// so a kill at any moment leaves either the old file or the new one.
void saveBook(const Book& book, const std::string& path);
// Reads and checks a book; throws BookError (wrong magic, version, size, checksum, truncated or
// inconsistent entries, illegal moves) with a message naming the file.
Book loadBook(const std::string& path);
// The same checks on bytes in memory (for fuzzing and tests); `name` is used in messages.
Book parseBook(const std::string& bytes, const std::string& name);
std::string serializeBook(const Book& book);

void exportBookText(const Book& book, std::ostream& out);
// Throws BookError naming the line for anything malformed or illegal.
Book importBookText(std::istream& in);

}  // namespace hippolyta
