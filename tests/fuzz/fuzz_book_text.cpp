// The opening book's text form (importBookText): a book that imports exports to text that
// imports to the same book, and exporting that again gives the same text.
#include <sstream>

#include "opening-book/book_file.h"
#include "tests/fuzz/fuzz_book.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in{std::string(fuzz::asText(data, size))};
    std::optional<Book> book;
    try {
        book = importBookText(in);
    } catch (const BookError&) {
        return 0;
    }
    std::ostringstream text;
    exportBookText(*book, text);
    std::istringstream back(text.str());
    try {
        const Book again = importBookText(back);
        FUZZ_CHECK(fuzz::sameBook(again, *book), "the reimported book differs:\n" + text.str());
        std::ostringstream text2;
        exportBookText(again, text2);
        FUZZ_CHECK(text2.str() == text.str(), "exporting the reimported book gives other text");
    } catch (const BookError& e) {
        fuzz::fail(std::string("our own book text does not import: ") + e.what() + "\n" +
                   text.str());
    }
    return 0;
}
