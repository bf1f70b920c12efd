// The binary book file: writing (atomic), reading and checking. See book_file.h for the layout.
#include "opening-book/book_file.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "engine/core/byte_order.h"
#include "engine/core/file_io.h"
#include "engine/core/fnv.h"
#include "engine/core/portable.h"
#include "opening-book/symmetry.h"

namespace hippolyta {

namespace {

constexpr char kMagic[8] = {'H', 'I', 'P', 'P', 'B', 'O', 'O', 'K'};
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 8 + 8 + 8;
constexpr size_t kMoveBytes = 3 + 4 + 4 + 4;
constexpr uintmax_t kMaxFileBytes = 256u << 20;

size_t squareBytes(int n) {
    return (static_cast<size_t>(n) * n + 3) / 4;
}
// The least bytes one entry takes: key, squares, side, search visits, move count.
size_t minEntryBytes(int n) {
    return 8 + squareBytes(n) + 1 + 4 + 2;
}

// Reads little-endian integers from a byte string, refusing to read past its end.
class Reader {
  public:
    Reader(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}

    uint64_t get(int bytes, const char* what) {
        if (remaining() < static_cast<size_t>(bytes))
            throw BookError(name_ + ": truncated (in " + what + ")");
        const uint64_t v = getLE(bytes_, pos_, bytes);
        pos_ += bytes;
        return v;
    }
    float getFloat(const char* what) { return bitCast<float>(static_cast<uint32_t>(get(4, what))); }
    size_t remaining() const { return bytes_.size() - pos_; }

  private:
    std::string_view bytes_;
    const std::string& name_;
    size_t pos_ = 0;
};

Piece pieceOfCode(unsigned code) {
    static constexpr Piece kPieces[4] = {Piece::Empty, Piece::WhiteAmazon, Piece::BlackAmazon,
                                         Piece::Arrow};
    return kPieces[code & 3];
}
unsigned codeOfPiece(Piece p) {
    return static_cast<unsigned>(p);  // Empty 0, WhiteAmazon 1, BlackAmazon 2, Arrow 3
}

void putEntry(std::string& out, uint64_t key, const BookEntry& e) {
    const Position& pos = e.position;
    const int n = pos.width();
    putLE(out, key, 8);
    // Square sq is in byte sq / 4, bits 2 * (sq % 4) and up; unused bits of the last byte 0.
    std::string squares(squareBytes(n), '\0');
    for (int sq = 0; sq < n * n; ++sq)
        squares[sq / 4] = static_cast<char>(static_cast<unsigned char>(squares[sq / 4]) |
                                            (codeOfPiece(pos.at(sq)) << (2 * (sq % 4))));
    out += squares;
    putLE(out, pos.sideToMove() == Color::White ? 0 : 1, 1);
    putLE(out, e.searchVisits, 4);
    putLE(out, e.moves.size(), 2);
    for (const BookMove& bm : e.moves) {
        putLE(out, bm.move.from, 1);
        putLE(out, bm.move.to, 1);
        putLE(out, bm.move.arrow, 1);
        putLE(out, bm.visits, 4);
        putLE(out, bitCast<uint32_t>(bm.value), 4);
        putLE(out, bitCast<uint32_t>(bm.searchValue), 4);
    }
}

// Decodes and checks entry number `index` (from 1) of a book of size n.
std::pair<uint64_t, BookEntry> readEntry(Reader& in, int n, const std::string& name,
                                         uint64_t index) {
    const std::string where = name + ": entry " + std::to_string(index) + ": ";
    const uint64_t key = in.get(8, "an entry's key");
    BookEntry e;
    e.position = Position::emptyBoard(n);
    const size_t nBytes = squareBytes(n);
    for (size_t b = 0; b < nBytes; ++b) {
        const auto byte = static_cast<unsigned>(in.get(1, "an entry's squares"));
        for (int k = 0; k < 4; ++k) {
            const unsigned code = (byte >> (2 * k)) & 3;
            const size_t sq = 4 * b + k;
            if (sq >= static_cast<size_t>(n) * n) {
                if (code) throw BookError(where + "bits set past the last square");
            } else if (code) {
                e.position.place(static_cast<int>(sq), pieceOfCode(code));
            }
        }
    }
    const uint64_t side = in.get(1, "an entry's side to move");
    if (side > 1)
        throw BookError(where + "side to move " + std::to_string(side) + " is not 0 or 1");
    e.position.setSideToMove(side ? Color::Black : Color::White);
    e.searchVisits = static_cast<uint32_t>(in.get(4, "an entry's visits"));
    const auto count = static_cast<size_t>(in.get(2, "an entry's move count"));
    if (count * kMoveBytes > in.remaining())
        throw BookError(name + ": truncated (entry " + std::to_string(index) + " lists " +
                        std::to_string(count) + " moves)");
    e.moves.resize(count);
    for (BookMove& bm : e.moves) {
        bm.move.from = static_cast<uint8_t>(in.get(1, "a move"));
        bm.move.to = static_cast<uint8_t>(in.get(1, "a move"));
        bm.move.arrow = static_cast<uint8_t>(in.get(1, "a move"));
        bm.visits = static_cast<uint32_t>(in.get(4, "a move's visits"));
        bm.value = in.getFloat("a move's value");
        bm.searchValue = in.getFloat("a move's search value");
    }
    if (const std::string why = bookEntryProblem(e, n); !why.empty()) throw BookError(where + why);
    // The key must be the position's own book key, in the normal orientation: a file can't
    // plant an entry under another position's key.
    const NormalForm nf = normalForm(e.position);
    if (nf.key != key || e.position.hash() != key)
        throw BookError(where + "the key does not match the position");
    std::vector<BookMove> sorted = e.moves;
    sortBookMoves(sorted);
    if (sorted != e.moves) {
        // Only our own writer's order is accepted, so that reading and writing is the identity.
        throw BookError(where + "moves not in the book's order");
    }
    return {key, std::move(e)};
}

std::string systemMessage(int err) {
    return std::system_category().message(err);
}

}  // namespace

std::string serializeBook(const Book& book) {
    std::vector<uint64_t> keys;
    keys.reserve(book.size());
    for (const auto& [key, entry] : book.entries())
        keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    std::string payload;
    for (const uint64_t key : keys)
        putEntry(payload, key, book.entries().at(key));
    std::string out(kMagic, sizeof kMagic);
    putLE(out, kBookFormatVersion, 4);
    putLE(out, static_cast<uint32_t>(book.boardSize()), 4);
    putLE(out, keys.size(), 8);
    putLE(out, payload.size(), 8);
    putLE(out, fnv1a64(payload), 8);
    return out + payload;
}

Book parseBook(const std::string& bytes, const std::string& name) {
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw BookError(name + ": not a Hippolyta book");
    Reader in(bytes, name);
    in.get(8, "the header");
    const uint64_t version = in.get(4, "the header");
    if (version != kBookFormatVersion)
        throw BookError(name + ": version " + std::to_string(version) + ", this engine reads " +
                        std::to_string(kBookFormatVersion));
    const uint64_t size = in.get(4, "the header");
    if (size < static_cast<uint64_t>(kMinBoardSize) || size > static_cast<uint64_t>(kMaxBoardSize))
        throw BookError(name + ": board size " + std::to_string(size) + " is not 4..11");
    const int n = static_cast<int>(size);
    const uint64_t count = in.get(8, "the header");
    const uint64_t payloadBytes = in.get(8, "the header");
    const uint64_t checksum = in.get(8, "the header");
    if (payloadBytes != in.remaining())
        throw BookError(name + ": " + (payloadBytes > in.remaining() ? "truncated" : "damaged") +
                        ": the header announces " + std::to_string(payloadBytes) +
                        " payload bytes, the file has " + std::to_string(in.remaining()));
    const std::string_view payload = std::string_view(bytes).substr(kHeaderBytes);
    if (fnv1a64(payload) != checksum) throw BookError(name + ": damaged: checksum mismatch");
    if (count > payload.size() / minEntryBytes(n))
        throw BookError(name + ": damaged: " + std::to_string(count) + " entries can't fit in " +
                        std::to_string(payload.size()) + " bytes");
    Reader entries(payload, name);
    Book book(n);
    book.entries().reserve(static_cast<size_t>(count));
    uint64_t lastKey = 0;
    for (uint64_t i = 0; i < count; ++i) {
        auto [key, entry] = readEntry(entries, n, name, i + 1);
        if (i > 0 && key <= lastKey)
            throw BookError(name + ": entry " + std::to_string(i + 1) +
                            ": keys not in increasing order");
        lastKey = key;
        book.entries().emplace(key, std::move(entry));
    }
    if (entries.remaining())
        throw BookError(name + ": damaged: " + std::to_string(entries.remaining()) +
                        " bytes after the last entry");
    return book;
}

Book loadBook(const std::string& path) {
    const std::string& name = path;
    struct stat status;
    if (::stat(path.c_str(), &status) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) throw BookError(name + ": no such file");
        throw BookError(name + ": can't read: " + systemMessage(errno));
    }
    if (!S_ISREG(status.st_mode)) throw BookError(name + ": not a regular file");
    const uintmax_t fileBytes = static_cast<uintmax_t>(status.st_size);
    if (fileBytes > kMaxFileBytes)
        throw BookError(name + ": " + std::to_string(fileBytes) +
                        " bytes; a book may not exceed 256 MB");
    std::string bytes;
    try {
        bytes = readWholeFile(path, static_cast<size_t>(kMaxFileBytes));
    } catch (const FileError& e) {
        throw BookError(e.what());
    }
    return parseBook(bytes, name);
}

void saveBook(const Book& book, const std::string& path) {
    try {
        writeFileAtomically(path, serializeBook(book));
    } catch (const FileError& e) {
        throw BookError(e.what());
    }
}

}  // namespace hippolyta
