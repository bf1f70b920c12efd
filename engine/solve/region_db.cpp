#include "engine/solve/region_db.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"

namespace hippolyta {

namespace {

constexpr char kRegionDbMagic[8] = {'H', 'I', 'P', 'R', 'G', 'N', 'D', 'B'};
constexpr uint64_t kNotFileA = 0xfefefefefefefefeULL;
constexpr uint64_t kNotFileH = 0x7f7f7f7f7f7f7f7fULL;

uint64_t kingDilate(uint64_t b) {
    const uint64_t side = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
    const uint64_t row = b | side;
    return side | (row << 8) | (row >> 8);
}

uint64_t componentOf(uint64_t seed, uint64_t within) {
    uint64_t comp = seed & within;
    for (;;) {
        const uint64_t next = (comp | kingDilate(comp)) & within;
        if (next == comp) return comp;
        comp = next;
    }
}

// Moves the shape to row 0 and column 0; `square` follows it.
uint64_t normalize(uint64_t shape, int& square) {
    uint64_t cols = 0;
    for (int r = 0; r < 8; ++r)
        cols |= (shape >> (8 * r)) & 0xff;
    const int minRow = __builtin_ctzll(shape) / 8;
    const int minCol = __builtin_ctzll(cols);
    square -= minRow * 8 + minCol;
    return shape >> (minRow * 8 + minCol);
}

int spanOf(uint64_t bits8) {
    return 64 - __builtin_clzll(bits8) - __builtin_ctzll(bits8);
}

// Squares a queen on `sq` reaches through `open` in the frame.
uint64_t queenRays(int sq, uint64_t open) {
    static const int dc[8] = {1, -1, 0, 0, 1, -1, 1, -1};
    static const int dr[8] = {0, 0, 1, -1, 1, -1, -1, 1};
    uint64_t out = 0;
    for (int d = 0; d < 8; ++d) {
        int c = sq % 8 + dc[d], r = sq / 8 + dr[d];
        while (c >= 0 && r >= 0 && c < 8 && r < 8 && ((open >> (r * 8 + c)) & 1)) {
            out |= uint64_t{1} << (r * 8 + c);
            c += dc[d];
            r += dr[d];
        }
    }
    return out;
}

using Table = std::unordered_map<uint64_t, std::array<uint8_t, 64>>;

// The exact moves of a lone amazon on `amazon` in `shape`, from the smaller entries.
int longestLine(const Table& table, uint64_t shape, int amazon) {
    int best = 0;
    const uint64_t empty = shape & ~(uint64_t{1} << amazon);
    for (uint64_t to = queenRays(amazon, empty); to; to &= to - 1) {
        const int t = __builtin_ctzll(to);
        const uint64_t open = (empty & ~(uint64_t{1} << t)) | (uint64_t{1} << amazon);
        for (uint64_t ar = queenRays(t, open); ar; ar &= ar - 1) {
            const int a = __builtin_ctzll(ar);
            const uint64_t comp = componentOf(uint64_t{1} << t, shape & ~(uint64_t{1} << a));
            int sq = t;
            const uint64_t key = normalize(comp, sq);
            const int rest = key == 1 ? 0 : table.at(key)[sq];
            best = std::max(best, 1 + rest);
        }
    }
    return best;
}

// The shapes of one more square than those of `smaller`.
std::vector<uint64_t> grow(const std::vector<uint64_t>& smaller) {
    std::unordered_set<uint64_t> seen;
    std::vector<uint64_t> out;
    for (const uint64_t s0 : smaller) {
        uint64_t cols = 0;
        for (int r = 0; r < 8; ++r)
            cols |= (s0 >> (8 * r)) & 0xff;
        const int width = spanOf(cols), height = (63 - __builtin_clzll(s0)) / 8 + 1;
        // Each placement in the frame that leaves room on some side, so that a square can be
        // added in every direction (an anti-diagonal needs room left and above at once).
        for (int dc = 0; dc <= (width < 8 ? 1 : 0); ++dc)
            for (int dr = 0; dr <= (height < 8 ? 1 : 0); ++dr) {
                const uint64_t s = s0 << (dr * 8 + dc);
                for (uint64_t add = kingDilate(s) & ~s; add; add &= add - 1) {
                    int unused = 0;
                    const uint64_t grown = normalize(s | (add & (~add + 1)), unused);
                    if (seen.insert(grown).second) out.push_back(grown);
                }
            }
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool entryLess(const RegionDbEntry& a, const RegionDbEntry& b) {
    return a.shape != b.shape ? a.shape < b.shape : a.amazon < b.amazon;
}

}  // namespace

RegionDatabase RegionDatabase::build(int maxCells) {
    if (maxCells < 1 || maxCells > kRegionDbMaxCells)
        throw RegionDatabaseError("region database: cells must be 1.." +
                                  std::to_string(kRegionDbMaxCells));
    RegionDatabase db;
    db.loaded_ = true;
    db.maxCells_ = maxCells;
    Table table;
    std::vector<uint64_t> shapes = {1};
    db.entries_.push_back(RegionDbEntry{1, 0, 0});
    for (int k = 2; k <= maxCells; ++k) {
        shapes = grow(shapes);
        for (const uint64_t shape : shapes) {
            std::array<uint8_t, 64> values{};
            for (uint64_t a = shape; a; a &= a - 1) {
                const int sq = __builtin_ctzll(a);
                values[sq] = static_cast<uint8_t>(longestLine(table, shape, sq));
                db.entries_.push_back(RegionDbEntry{shape, static_cast<uint8_t>(sq), values[sq]});
            }
            table.emplace(shape, values);
        }
    }
    std::sort(db.entries_.begin(), db.entries_.end(), entryLess);
    return db;
}

RegionDatabase RegionDatabase::lazy(std::function<std::string()> read, std::string name) {
    RegionDatabase db;
    db.read_ = std::move(read);
    db.name_ = std::move(name);
    return db;
}

void RegionDatabase::ensureLoaded() const {
    if (loaded_) return;
    std::string bytes;
    try {
        bytes = read_();
    } catch (const std::exception& e) {
        throw RegionDatabaseError(std::string("region database: ") + e.what());
    }
    RegionDatabase db;
    try {
        db = parse(bytes);
    } catch (const RegionDatabaseError& e) {
        throw RegionDatabaseError(name_ + ": " + e.what());
    }
    entries_ = std::move(db.entries_);
    maxCells_ = db.maxCells_;
    loaded_ = true;
}

std::string RegionDatabase::serialize() const {
    ensureLoaded();
    std::string s(kRegionDbMagic, sizeof kRegionDbMagic);
    putLE(s, kRegionDbVersion, 4);
    putLE(s, static_cast<uint32_t>(maxCells_), 4);
    putLE(s, entries_.size(), 8);
    for (const RegionDbEntry& e : entries_) {
        putLE(s, e.shape, 8);
        s += static_cast<char>(e.amazon);
        s += static_cast<char>(e.moves);
    }
    putLE(s, fnv1a64(s), 8);
    return s;
}

RegionDatabase RegionDatabase::parse(const std::string& bytes) {
    constexpr size_t kHeader = 8 + 4 + 4 + 8, kEntry = 10;
    if (bytes.size() < kHeader + 8 || std::memcmp(bytes.data(), kRegionDbMagic, 8) != 0)
        throw RegionDatabaseError("not a region database (bad magic or too short)");
    const uint64_t version = getLE(bytes, 8, 4);
    if (version != kRegionDbVersion)
        throw RegionDatabaseError("region database version " + std::to_string(version) +
                                  ", this build reads version " + std::to_string(kRegionDbVersion));
    const uint64_t count = getLE(bytes, 16, 8);
    if (count > (bytes.size() - kHeader) / kEntry || bytes.size() != kHeader + count * kEntry + 8)
        throw RegionDatabaseError("region database has the wrong size (truncated?)");
    const size_t body = bytes.size() - 8;
    if (getLE(bytes, body, 8) != fnv1a64(std::string_view(bytes.data(), body)))
        throw RegionDatabaseError("region database checksum mismatch (damaged file)");
    RegionDatabase db;
    db.loaded_ = true;
    db.maxCells_ = static_cast<int>(getLE(bytes, 12, 4));
    if (db.maxCells_ < 1 || db.maxCells_ > kRegionDbMaxCells)
        throw RegionDatabaseError("region database: bad cell limit");
    db.entries_.resize(count);
    for (uint64_t i = 0; i < count; ++i) {
        const size_t at = kHeader + i * kEntry;
        db.entries_[i] = RegionDbEntry{getLE(bytes, at, 8), static_cast<uint8_t>(bytes[at + 8]),
                                       static_cast<uint8_t>(bytes[at + 9])};
        if (i > 0 && !entryLess(db.entries_[i - 1], db.entries_[i]))
            throw RegionDatabaseError("region database entries out of order");
    }
    return db;
}

int RegionDatabase::maxCells() const {
    ensureLoaded();
    return maxCells_;
}

size_t RegionDatabase::size() const {
    ensureLoaded();
    return entries_.size();
}

const std::vector<RegionDbEntry>& RegionDatabase::entries() const {
    ensureLoaded();
    return entries_;
}

uint64_t RegionDatabase::checksum() const {
    const std::string s = serialize();
    return getLE(s, s.size() - 8, 8);
}

std::optional<int> RegionDatabase::lookupFrame(uint64_t shape, int amazon) const {
    ensureLoaded();
    const RegionDbEntry probe{shape, static_cast<uint8_t>(amazon), 0};
    const auto it = std::lower_bound(entries_.begin(), entries_.end(), probe, entryLess);
    if (it == entries_.end() || it->shape != shape || it->amazon != amazon) return std::nullopt;
    return it->moves;
}

std::optional<int> RegionDatabase::lookup(const Geometry& geo, Bitboard cells, int amazon) const {
    if (popCount(cells) > maxCells()) return std::nullopt;
    int sq = amazon;
    const std::optional<uint64_t> shape = regionFrame(geo, cells, sq);
    if (!shape) return std::nullopt;
    return lookupFrame(*shape, sq);
}

std::optional<uint64_t> regionFrame(const Geometry& geo, Bitboard cells, int& square) {
    int minCol = 99, minRow = 99, maxCol = -1, maxRow = -1;
    forEachSquare(cells, [&](int sq) {
        minCol = std::min(minCol, geo.col(sq));
        maxCol = std::max(maxCol, geo.col(sq));
        minRow = std::min(minRow, geo.row(sq));
        maxRow = std::max(maxRow, geo.row(sq));
    });
    if (maxCol < 0 || maxCol - minCol >= 8 || maxRow - minRow >= 8) return std::nullopt;
    uint64_t shape = 0;
    forEachSquare(cells, [&](int sq) {
        shape |= uint64_t{1} << ((geo.row(sq) - minRow) * 8 + geo.col(sq) - minCol);
    });
    square = (geo.row(square) - minRow) * 8 + geo.col(square) - minCol;
    return shape;
}

}  // namespace hippolyta
