#include "protocol/book_source.h"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "engine/core/notation.h"
#include "opening-book/book_file.h"
#include "protocol/data_files.h"

namespace hippolyta {

BookSource::BookSource(BookOptions options) : options_(std::move(options)), rng_(options_.seed) {}

BookSource::Slot& BookSource::slotFor(int n) {
    const auto found = slots_.find(n);
    if (found != slots_.end()) return found->second;
    Slot& slot = slots_[n];
    const std::string size = std::to_string(n) + "x" + std::to_string(n);
    std::filesystem::path path;
    if (!options_.file.empty()) {
        path = options_.file;
    } else if (!options_.directories.empty()) {
        const std::optional<std::string> found = findDataFile(size + ".book", options_.directories);
        if (!found) {
            slot.description = "no book for " + size + " (" +
                               describeNotFound(size + ".book", options_.directories) + ")";
            // Most sizes have no book; a missing shipped one is an installation fault.
            if (n == 8 || n == 10)
                spdlog::warn("book: {}", slot.description);
            else
                spdlog::info("book: {}", slot.description);
            return slot;
        }
        path = *found;
    } else {
        slot.description = "no book (disabled)";
        return slot;
    }
    try {
        auto book = std::make_unique<Book>(loadBook(path));
        if (book->boardSize() != n) {
            slot.description = "no book for " + size + ": " + path.string() + " is a " +
                               std::to_string(book->boardSize()) + "x" +
                               std::to_string(book->boardSize()) + " book";
            return slot;
        }
        slot.description = path.string() + ": " + std::to_string(book->size()) + " positions";
        slot.book = std::move(book);
        spdlog::info("book: {}", slot.description);
    } catch (const BookError& e) {
        slot.description = std::string("no book: ") + e.what();
        spdlog::warn("book not used: {}", e.what());
    }
    return slot;
}

const Book* BookSource::bookFor(BoardShape shape) {
    return shape.isSquare() ? slotFor(shape.width).book.get() : nullptr;
}

std::string BookSource::describe(BoardShape shape) {
    if (!shape.isSquare())
        return "no book for " + shapeName(shape) + " (books are for square boards)";
    return slotFor(shape.width).description;
}

std::optional<BookMove> BookSource::choose(const Position& pos) {
    const Book* book = bookFor(pos.shape());
    if (!book) return std::nullopt;
    return chooseBookMove(*book, pos, options_.policy, rng_);
}

}  // namespace hippolyta
