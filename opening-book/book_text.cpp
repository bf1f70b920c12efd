// The book's text form (see book_file.h): for review and version control.
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <sstream>
#include <unordered_set>

#include "engine/core/notation.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"
#include "opening-book/book_file.h"
#include "opening-book/symmetry.h"

namespace hippolyta {

namespace {

// True if all of text reads as exactly the float v.
bool readsBackAs(const std::string& text, float v) {
    char* end = nullptr;
    const float back = std::strtof(text.c_str(), &end);
    return end == text.c_str() + text.size() && !text.empty() && back == v;
}

// 4 decimals when they read back as v, else the shortest text that does.
std::string valueText(float v) {
    const std::string fixed = fixedDecimals(v, 4);
    if (readsBackAs(fixed, v) && !std::signbit(v)) return fixed;
    // The fewest significant digits that read back (9 always do for a float).
    char buf[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
        if (readsBackAs(buf, v)) break;
    }
    return buf;
}

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

class TextReader {
  public:
    Book read(std::istream& in);

  private:
    BookError fail(const std::string& why) const {
        return BookError("line " + std::to_string(line_) + ": " + why);
    }
    uint32_t count(const std::string& text, const char* what) const;
    float value(const std::string& text, const char* what) const;
    void expectWord(const std::vector<std::string>& w, size_t i, const char* word) const;
    void boardLine(const std::vector<std::string>& w);
    void positionLine(const std::vector<std::string>& w);
    void moveLine(const std::vector<std::string>& w);
    void finishEntry();

    int line_ = 0;
    std::optional<Book> book_;
    std::optional<BookEntry> entry_;
    int entryLine_ = 0;
    std::unordered_set<uint32_t> entryMoves_;
};

uint32_t TextReader::count(const std::string& text, const char* what) const {
    uint32_t v = 0;
    if (!parseInteger(std::string_view(text), v))
        throw fail(std::string("bad ") + what + " '" + text + "' (a whole number 0..4294967295)");
    return v;
}

float TextReader::value(const std::string& text, const char* what) const {
    double parsed = 0;
    const bool ok = parseDecimal(text, parsed);
    const float v = ok ? std::strtof(text.c_str(), nullptr) : 0.0f;
    if (!ok || !(v >= 0 && v <= 1) || std::signbit(v))
        throw fail(std::string("bad ") + what + " '" + text + "' (a number in [0,1])");
    return v;
}

void TextReader::expectWord(const std::vector<std::string>& w, size_t i, const char* word) const {
    if (i >= w.size() || w[i] != word)
        throw fail("expected '" + std::string(word) + "' as word " + std::to_string(i + 1));
}

void TextReader::boardLine(const std::vector<std::string>& w) {
    if (book_) throw fail("'board' must come once, before the first position");
    if (w.size() != 2) throw fail("expected 'board N'");
    const uint32_t n = count(w[1], "board size");
    if (n < static_cast<uint32_t>(kMinBoardSize) || n > static_cast<uint32_t>(kMaxBoardSize))
        throw fail("board size " + w[1] + " is not 4..11");
    book_.emplace(static_cast<int>(n));
}

void TextReader::positionLine(const std::vector<std::string>& w) {
    finishEntry();
    if (w.size() != 5) throw fail("expected 'position <board> <w|b> visits N'");
    expectWord(w, 3, "visits");
    BookEntry e;
    try {
        e.position = parsePosition(w[1] + " " + w[2]);
    } catch (const NotationError& err) {
        throw fail(err.what());
    }
    e.searchVisits = count(w[4], "visits");
    if (!e.position.geometry().isSquare())
        throw fail("a " + shapeName(e.position.shape()) + " position: books are for square boards");
    if (!book_) book_.emplace(e.position.width());
    if (e.position.width() != book_->boardSize())
        throw fail("a " + std::to_string(e.position.width()) + "x" +
                   std::to_string(e.position.width()) + " position in a book for " +
                   std::to_string(book_->boardSize()) + "x" + std::to_string(book_->boardSize()));
    if (book_->contains(e.position)) throw fail("position listed twice (or a symmetric image)");
    entry_ = std::move(e);
    entryLine_ = line_;
    entryMoves_.clear();
}

void TextReader::moveLine(const std::vector<std::string>& w) {
    if (!entry_) throw fail("a move before any position");
    if (w.size() != 8) throw fail("expected 'move <move> visits N value V search S'");
    expectWord(w, 2, "visits");
    expectWord(w, 4, "value");
    expectWord(w, 6, "search");
    BookMove bm;
    try {
        bm.move = parseMove(w[1], entry_->position.width());
    } catch (const NotationError& err) {
        throw fail(err.what());
    }
    if (!entry_->position.isLegal(bm.move)) throw fail("illegal move " + w[1]);
    if (!entryMoves_.insert(bm.move.packed()).second) throw fail("move " + w[1] + " listed twice");
    bm.visits = count(w[3], "visits");
    bm.value = value(w[5], "value");
    bm.searchValue = value(w[7], "search value");
    entry_->moves.push_back(bm);
}

void TextReader::finishEntry() {
    if (!entry_) return;
    try {
        book_->storeExact(*entry_);  // normalises the orientation; keeps the values exactly
    } catch (const BookError& err) {
        throw BookError("line " + std::to_string(entryLine_) + ": " + err.what());
    }
    entry_.reset();
}

Book TextReader::read(std::istream& in) {
    for (std::string text; std::getline(in, text);) {
        ++line_;
        const std::vector<std::string> w = words(text);
        if (w.empty() || w[0][0] == '#') continue;
        if (w[0] == "board") {
            boardLine(w);
        } else if (w[0] == "position") {
            positionLine(w);
        } else if (w[0] == "move") {
            moveLine(w);
        } else {
            throw fail("unknown line '" + w[0] + "' (expected board, position, move or #)");
        }
    }
    finishEntry();
    if (!book_)
        throw BookError("line " + std::to_string(line_) +
                        ": no board size (no 'board N' line and no position)");
    return std::move(*book_);
}

}  // namespace

void exportBookText(const Book& book, std::ostream& out) {
    const int n = book.boardSize();
    std::vector<uint64_t> keys;
    keys.reserve(book.size());
    for (const auto& [key, entry] : book.entries())
        keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    out << "# Hippolyta opening book (format: opening-book/book_file.h); positions: " << book.size()
        << "\n";
    out << "board " << n << "\n";
    for (const uint64_t key : keys) {
        const BookEntry& e = book.entries().at(key);
        out << "position " << formatPosition(e.position) << " visits " << e.searchVisits << "\n";
        for (const BookMove& bm : e.moves)
            out << "  move " << formatMove(bm.move, n, MoveStyle::Slash) << " visits " << bm.visits
                << " value " << valueText(bm.value) << " search " << valueText(bm.searchValue)
                << "\n";
    }
}

Book importBookText(std::istream& in) {
    return TextReader().read(in);
}

}  // namespace hippolyta
