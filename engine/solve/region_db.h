// Endgame database of small lone-amazon regions: for every king-connected region of up to
// maxCells squares (translated so that its lowest row and column are 0, inside an 8 x 8 frame)
// and every square of it where the amazon stands, the exact number of moves the amazon can make
// alone there. Defective regions (fewer moves than empty squares) come out right, because the
// value is the longest line of moves, built size by size: a move leaves the amazon in the
// part of the region (less the arrow) that holds it, a smaller entry.
//
// File (version 1, little-endian): "HIPRGNDB", u32 version, u32 maxCells, u64 entry count,
// entries sorted by (shape, amazon) as u64 shape mask (bit row*8+col), u8 amazon square
// (row*8+col), u8 moves; then u64 FNV-1a of everything before it. A file of another version, a
// wrong size or checksum is refused. The database takes and gives bytes; its callers read and
// write the file (adapters/solve, tools/hippolyta-solve.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

class RegionDatabaseError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct RegionDbEntry {
    uint64_t shape = 0;
    uint8_t amazon = 0;
    uint8_t moves = 0;
};

constexpr uint32_t kRegionDbVersion = 1;
constexpr int kRegionDbMaxCells = 8;

class RegionDatabase {
  public:
    // Every region of 1..maxCells squares (1 <= maxCells <= kRegionDbMaxCells).
    static RegionDatabase build(int maxCells);
    // A database whose bytes `read` gives on its first lookup (lazily), `name` naming it in
    // errors; throws RegionDatabaseError then if `read` throws or the bytes are damaged.
    static RegionDatabase lazy(std::function<std::string()> read, std::string name);

    std::string serialize() const;
    static RegionDatabase parse(const std::string& bytes);  // throws RegionDatabaseError

    int maxCells() const;
    size_t size() const;
    // Moves available to a lone amazon on `amazon` in the region `cells` (its own square
    // included) of a board; none if the region is not in the database (too large, or more
    // than one amazon).
    std::optional<int> lookup(const Geometry& geo, Bitboard cells, int amazon) const;
    std::optional<int> lookupFrame(uint64_t shape, int amazon) const;
    const std::vector<RegionDbEntry>& entries() const;
    // Fingerprint of the contents, for the proof files' notes.
    uint64_t checksum() const;

  private:
    void ensureLoaded() const;

    std::function<std::string()> read_;
    std::string name_;
    mutable bool loaded_ = false;
    mutable int maxCells_ = 0;
    mutable std::vector<RegionDbEntry> entries_;
};

// The region `cells` of a board moved into the 8 x 8 frame (lowest row and column 0); none if
// it does not fit. `square` maps along (set to its frame square).
std::optional<uint64_t> regionFrame(const Geometry& geo, Bitboard cells, int& square);

}  // namespace hippolyta
