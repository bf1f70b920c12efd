// Plain standard C++ (no spdlog, no Boost): part of the single-file Botzone upload.
#include "adapters/botzone/botzone_book.h"

#include <array>
#include <exception>

#include "adapters/botzone/botzone_protocol.h"
#include "opening-book/book_file.h"

namespace hippolyta {

namespace {

// 0..63 for a base64 digit, -1 for anything else.
std::array<int, 256> base64Digits() {
    std::array<int, 256> d{};
    d.fill(-1);
    const std::string_view alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < alphabet.size(); ++i)
        d[static_cast<unsigned char>(alphabet[i])] = static_cast<int>(i);
    return d;
}

std::unique_ptr<Book> refuseBook(const std::string& why, std::ostream& err) {
    err << "botzone: " << why << "; playing without a book" << std::endl;
    return nullptr;
}

// The book that read() returns, when it is 8x8; read() throws BookError for a bad book.
template <class Read>
std::unique_ptr<Book> botzoneBookFrom(Read read, const std::string& name, std::ostream& err) {
    try {
        auto book = std::make_unique<Book>(read());
        if (book->boardSize() == kBotzoneBoardSize) return book;
        const std::string n = std::to_string(book->boardSize());
        return refuseBook(name + " is a " + n + "x" + n + " book, not 8x8", err);
    } catch (const std::exception& e) {
        return refuseBook(e.what(), err);
    }
}

}  // namespace

std::optional<std::string> decodeBase64(std::string_view text) {
    static const std::array<int, 256> kDigits = base64Digits();
    std::string out;
    out.reserve(text.size() / 4 * 3);
    uint32_t bits = 0;
    int digits = 0, padding = 0;
    for (const char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        if (c == '=') {
            ++padding;
            continue;
        }
        const int d = kDigits[static_cast<unsigned char>(c)];
        if (d < 0 || padding > 0) return std::nullopt;  // a foreign character, or data after '='
        bits = bits << 6 | static_cast<uint32_t>(d);
        if (++digits % 4 == 0) {
            out.push_back(static_cast<char>(bits >> 16 & 0xff));
            out.push_back(static_cast<char>(bits >> 8 & 0xff));
            out.push_back(static_cast<char>(bits & 0xff));
            bits = 0;
        }
    }
    // A last group of 2 or 3 digits holds 1 or 2 bytes and is padded to 4 with '='.
    const int rest = digits % 4;
    if (rest == 1 || padding != (rest == 0 ? 0 : 4 - rest)) return std::nullopt;
    if (rest == 2) out.push_back(static_cast<char>(bits >> 4 & 0xff));
    if (rest == 3) {
        out.push_back(static_cast<char>(bits >> 10 & 0xff));
        out.push_back(static_cast<char>(bits >> 2 & 0xff));
    }
    return out;
}

std::unique_ptr<Book> parseBotzoneBook(const std::string& bytes, const std::string& name,
                                       std::ostream& err) {
    return botzoneBookFrom([&] { return parseBook(bytes, name); }, name, err);
}

std::unique_ptr<Book> loadBotzoneBook(const std::string& path, std::ostream& err) {
    return botzoneBookFrom([&] { return loadBook(path); }, path, err);
}

std::unique_ptr<Book> embeddedBotzoneBook(std::string_view base64, std::ostream& err) {
    const std::optional<std::string> bytes = decodeBase64(base64);
    if (!bytes) return refuseBook("the embedded book is not valid base64", err);
    return parseBotzoneBook(*bytes, "the embedded book", err);
}

}  // namespace hippolyta
