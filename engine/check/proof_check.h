// Proof certificates: a compact proof tree of a solved position, and its checker. The checker
// uses the rules core alone (engine/core: Position, move generation, notation), none of the
// solver's or the databases' code: region-count leaves are recounted by its own exhaustive
// search.
//
// File (version 7, little-endian): "HIPPROOF", u32 version, u32 n + the root position text
// (formatPosition), u8 1 if the root's mover wins (0: it loses), u64 record count, the
// records, u64 FNV-1a of everything before it.
// The records walk the proof in preorder. A node's expected result follows from the side to
// move: positions with the root's mover to move have the root's result, the others the
// opposite. A position met again (by transposition) has no record the second time.
// The checker's invariant, what makes it sound: a position is proven only once its records are
// complete. From its first record to its last it is in progress, and any reference to a
// position in progress is refused, whichever record makes it (a 'W' or 'L' child, an 'R'
// child, a 'Y' image, the position itself inside its 'S' scope). So no proof can cite itself:
// every position rests on positions proven before it, or on leaves checked on the spot. The
// checker keeps the positions in progress on a stack and asserts (debug and sanitizer builds)
// that a position joins the proven set exactly once, when its records end.
//   'W' from to arrow  a win: this legal move leads to a loss for the opponent (its record
//                      follows);
//   'L'                a loss: every legal move, in generateMoves order, leads to a win for
//                      the opponent (their records follow; none if there is no move);
//   'C'                decided by counting: no region holds both colours, and the side to
//                      move has more moves left than the opponent (win) or not (loss).
//   'B'                decided by bounds (version 2 on): with each side's own regions (no
//                      amazon of the other colour) counted exactly and, in the regions holding
//                      both colours, the empty squares its amazons reach with the other side's
//                      amazons as walls (or, where that is not enough, its longest line there
//                      with them standing still), the side to move's own count is larger than
//                      the opponent's count plus reach (win), or its count plus reach is at
//                      most the opponent's count (loss). region_value.cpp says why that is
//                      sound.
//   'S'                a scope (version 3 on): the same position's proof follows, checked with
//                      a seen set of its own (positions outside it are not visible inside, nor
//                      the other way round). Once the scope's records end, its position is
//                      proven in the enclosing proof, as after any record; what was proven
//                      inside is not. The merge of a split writes each subproblem's own proof
//                      file's records in a scope of its own.
//   'R' k, k x (from to arrow)
//                      a loss with own territories reduced (version 4 on): each listed move is
//                      legal and lies in a region holding only the side to move's amazons
//                      (its territory), where it leaves exactly one move fewer than the region
//                      held before (both counted exhaustively). Every legal move, in
//                      generateMoves order, except the other moves of those territories,
//                      leads to a win for the opponent (their records follow). The dropped
//                      moves leave at most as many moves in an integer component of the game
//                      and change nothing else, so they are no better (territory_moves.h).
//   'G'                decided by local search (version 5 on): exactly one region holds both
//                      colours (at most 16 empty squares); every other region's owner has its
//                      longest line there as free moves (exhaustive count), and the side to
//                      move wins (or loses) that region alone, everything outside it walled
//                      off, when each side may also spend a free move instead of moving
//                      (exhaustive minimax). An owned region is an integer in the sum, so
//                      this is exact (local_game.h). From version 7 on, several regions may
//                      hold both colours (at most 16 empty squares in all), searched together:
//                      the game sums of region_game.h decide such positions.
//   'Y' s              the image under a symmetry (version 6 on): s (1..7, symmetry.h) keeps
//                      the board's shape, and the position's image under s has the same
//                      result, its records following (none if the image is already in the
//                      proof). Each symmetry maps queen moves to queen moves, so a position and
//                      its image have the same value. The merge of a split whose subproblems
//                      are images of each other (a symmetric root) writes these.
// Version 1 files (no 'B' records), version 2 (no 'S'), version 3 (no 'R'), version 4 (no
// 'G'), version 5 (no 'Y') and version 6 ('G' with one contested region) are still read.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/core/exact_key.h"
#include "engine/core/position.h"

namespace hippolyta {

constexpr uint32_t kProofVersion = 7;  // written; 1 to 7 are read

struct ProofSummary {
    bool valid = false;
    std::string error;      // why it is rejected
    std::string position;   // the root
    bool rootWins = false;  // the root's side to move wins (else it loses)
    uint64_t records = 0;
    uint64_t countLeaves = 0;
    uint64_t boundLeaves = 0;
    uint64_t localLeaves = 0;             // 'G' records
    uint64_t multiRegionLocalLeaves = 0;  // 'G' records with several contested regions
    uint64_t maxLeafNodes = 0;            // the costliest leaf's positions searched
    uint64_t reducedLosses = 0;           // 'R' records
};

// The positions one leaf's exhaustive counts and searches may visit ('C', 'B', 'G', an 'R'
// record's territories). A forged leaf can ask for hours of search (a 'G' record of 14 contested
// squares and 7 amazons ran past 15 minutes): past the budget it is refused as too costly to
// check, never accepted. The costliest leaf of the shipped proofs visits far fewer
// (docs/solver.md, "Check a proof").
constexpr uint64_t kLeafNodesChecked = 20'000'000;

// Counts a leaf's positions against its budget; throws std::runtime_error when it runs out.
class LeafBudget {
  public:
    explicit LeafBudget(uint64_t nodes) : limit_(nodes) {}
    void spend() {
        if (used_ == limit_)
            throw std::runtime_error("a leaf too costly to check (over " + std::to_string(limit_) +
                                     " positions)");
        ++used_;
    }
    uint64_t used() const { return used_; }

  private:
    uint64_t limit_, used_ = 0;
};

// Checks a proof file's bytes: the root's side to move has the result the file states.
ProofSummary checkProof(const std::string& bytes, uint64_t leafNodes = kLeafNodesChecked);

// The longest line of moves `side` can make alone (the checker's own count); only meaningful
// when no region holds both colours.
int checkerMovesLeft(const Position& pos, Color side);
int checkerMovesLeft(const Position& pos, Color side, LeafBudget& budget);

// A side's moves left as the checker bounds them ('B' records): `owned`, the longest line in
// the regions holding only its amazons (exhaustive count); `reach`, in the regions holding
// both colours, the empty squares its amazons reach with the other side's amazons as walls,
// or with countContested its longest line there (exhaustive count) with them standing still.
struct CheckerBounds {
    int owned = 0;
    int reach = 0;
};
CheckerBounds checkerBounds(const Position& pos, Color side, bool countContested = false);
CheckerBounds checkerBounds(const Position& pos, Color side, bool countContested,
                            LeafBudget& budget);

// Proof file framing shared by the writer and the checker.
std::string sealProof(const std::string& rootText, bool rootWins, uint64_t records,
                      const std::string& body);

// A proof file's framing read back (magic, version, checksum, lengths: its records unchecked).
struct ProofFile {
    uint32_t version = 0;
    std::string position;  // the root's text
    bool rootWins = false;
    uint64_t records = 0;  // as the header states
    std::string body;      // the records
};
// Throws std::runtime_error naming what is wrong.
ProofFile readProofFile(const std::string& bytes);

// True when no king-connected region of empty squares and amazons holds both colours.
bool checkerSeparated(const Position& pos);

}  // namespace hippolyta
