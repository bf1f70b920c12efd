// The SAU Game Platform's Amazons rules as its referee applies them (docs/fronts.md, "The
// headless referee"), on the platform's own grid: board[x][y], x the column and y the row from
// the top left, its Black on AG DJ GJ JG and moving first. Written apart from the rules core
// (engine/core/position.h), so that each checks the other on every move of a refereed game.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "adapters/sau/sau_protocol.h"

namespace hippolyta {

// A move as the platform reads it: six coordinates, any of them off the board when the text
// was short or not letters A..J.
struct PlatformStep {
    std::array<int, 6> v{};  // from x, y; to x, y; arrow x, y

    int fromX() const { return v[0]; }
    int fromY() const { return v[1]; }
    int toX() const { return v[2]; }
    int toY() const { return v[3]; }
    int arrowX() const { return v[4]; }
    int arrowY() const { return v[5]; }
    bool onBoard() const;
};

// The platform's reading of a move command: the six bytes after the first "move" and one byte
// more, each less 'A', unchecked (a byte past the end of the text reads as 0, which lands off
// the board). Empty when the text holds no "move".
std::optional<PlatformStep> readPlatformStep(const std::string& command);

class PlatformBoard {
  public:
    enum Cell { kBlack, kWhite, kEmpty, kBar };

    PlatformBoard();  // the start position, Black to move

    SauColor toMove() const { return toMove_; }
    Cell at(int x, int y) const { return cells_[x][y]; }
    // Whether the side to move may play step: on the board, its own amazon moving like a queen
    // over empty squares to an empty square, the arrow likewise from there (the square left
    // counts as empty), the arrow not on the landing square.
    bool fits(const PlatformStep& step) const;
    // Plays a step that fits; the side to move does not change (see next()).
    void play(const PlatformStep& step);
    void next() { toMove_ = toMove_ == SauColor::Black ? SauColor::White : SauColor::Black; }
    // Whether every amazon of the colour has no empty square next to it (no move, then).
    bool walledIn(SauColor c) const;
    // After a move: the winner once a side is walled in. White walled in (both included): Black.
    std::optional<SauColor> winner() const;

  private:
    bool slides(int fx, int fy, int tx, int ty) const;

    std::array<std::array<Cell, kSauBoardSize>, kSauBoardSize> cells_{};
    SauColor toMove_ = SauColor::Black;
};

}  // namespace hippolyta
