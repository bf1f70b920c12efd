// The opening book's binary file (parseBook, behind loadBook). A book that parses serializes
// back to exactly the same bytes (the reader accepts only the writer's form) and reparses to
// the same book.
//
// The header's checksum would stop almost every mutation at the door, so when the first byte is
// odd the target first repairs the header (payload size and checksum) of the remaining bytes;
// with an even first byte the bytes go in untouched, so the checks themselves are fuzzed too.
#include <cstring>

#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "opening-book/book_file.h"
#include "tests/fuzz/fuzz_book.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

constexpr size_t kPayloadSizeAt = 24, kChecksumAt = 32, kHeaderBytes = 40;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    std::string bytes(fuzz::asText(data + 1, size - 1));
    if (data[0] & 1 && bytes.size() >= kHeaderBytes) {
        const std::string_view payload = std::string_view(bytes).substr(kHeaderBytes);
        setLE(bytes, kPayloadSizeAt, payload.size(), 8);
        setLE(bytes, kChecksumAt, fnv1a64(payload), 8);
    }
    std::optional<Book> book;
    try {
        book = parseBook(bytes, "fuzz.book");
    } catch (const BookError&) {
        return 0;
    }
    const std::string saved = serializeBook(*book);
    FUZZ_CHECK(saved == bytes, "a book that parses serializes to other bytes");
    try {
        FUZZ_CHECK(fuzz::sameBook(parseBook(saved, "saved.book"), *book),
                   "the reparsed book differs");
    } catch (const BookError& e) {
        fuzz::fail(std::string("our own book does not parse: ") + e.what());
    }
    return 0;
}
