// The Botzone bot's opening book: the shipped 8x8 book, read from a file (hippolyta --botzone)
// or from the base64 text that tools/botzone-amalgamate.sh embeds in the single-file upload.
// A book that cannot be used is described on `err` and the bot plays without it.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "opening-book/book.h"

namespace hippolyta {

// The bytes of base64 text (RFC 4648, padded with '='; blanks and line breaks skipped), or
// nothing when the text is malformed.
std::optional<std::string> decodeBase64(std::string_view text);

// An 8x8 book from a book file's bytes (`name` is for messages), from a file, or from the base64
// text of a file; nullptr, with a "botzone: ..." line on err, when it is damaged, unreadable or
// for another board size.
std::unique_ptr<Book> parseBotzoneBook(const std::string& bytes, const std::string& name,
                                       std::ostream& err);
std::unique_ptr<Book> loadBotzoneBook(const std::string& path, std::ostream& err);
std::unique_ptr<Book> embeddedBotzoneBook(std::string_view base64, std::ostream& err);

}  // namespace hippolyta
