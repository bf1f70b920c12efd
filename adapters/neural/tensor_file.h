// The training-tensor file that tools/neural reads with numpy memmaps: the network's input
// codes (engine/nn/features.h) and its targets for each position, computed here so that Python
// never generates moves or distances. Little-endian; docs/neural.md has the layout:
//
//   header (64 bytes): "HPTENSOR", u32 version 1, u32 board size n, u32 feature set,
//     u32 planes, u64 positions, u64 pairs, u64 visits, u32 mask bytes (ceil(n*n/8)),
//     u32 reserved, u64 reserved
//   positions: f32 result, f32 search value, u64 first pair, u32 pairs, u64 first visit,
//     u32 visits, u32 game, u16 ply, u8 side to move (0 White), u8 0, u8 codes[planes * n * n],
//     i8 ownership[n * n] (+1 side to move's, -1 the opponent's, 0 neither)
//   pairs: every legal (from, to) queen step of the position: u8 from, u8 to, and the legal
//     arrow squares as a bitset (bit s of byte s / 8, least significant first)
//   visits: u8 from, u8 to, u8 arrow, u8 0, u32 visits (the root's visited moves)
//
// The pairs let the loss normalise the factorised policy over every legal move. The file is
// written whole: sections go to temporary files, then are joined, fsynced and renamed.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

constexpr uint32_t kTensorFileVersion = 1;

struct TensorSample {
    Position position = Position::start();
    float result = 0.5f;            // 1 if the side to move won
    float value = 0.5f;             // the search's winrate for the side to move
    std::vector<int8_t> ownership;  // n * n from the side to move's view, or empty (all 0)
    std::vector<std::pair<Move, uint32_t>> visits;
    uint32_t game = 0;
    int ply = 0;
};

class TensorFileWriter {
  public:
    // Writes to `path` when finish() is called; nothing is there before.
    TensorFileWriter(std::string path, int boardSize);
    ~TensorFileWriter();
    TensorFileWriter(const TensorFileWriter&) = delete;
    TensorFileWriter& operator=(const TensorFileWriter&) = delete;

    void add(const TensorSample& sample);
    uint64_t positions() const { return positions_; }
    // Joins the sections, fsyncs and renames into place. Throws std::runtime_error.
    void finish();

  private:
    std::FILE* open(const std::string& path);
    void write(std::FILE* f, const std::string& bytes, const std::string& what);

    std::string path_;
    int n_;
    std::FILE* main_ = nullptr;
    std::FILE* pairs_ = nullptr;
    std::FILE* visits_ = nullptr;
    uint64_t positions_ = 0, pairCount_ = 0, visitCount_ = 0;
    bool finished_ = false;  // else the destructor removes the temporary files
};

// Bytes of one legal-arrow bitset on an n x n board.
inline int maskBytes(int n) {
    return (n * n + 7) / 8;
}

}  // namespace hippolyta
