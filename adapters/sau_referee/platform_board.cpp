#include "adapters/sau_referee/platform_board.h"

#include <cstdlib>

namespace hippolyta {

namespace {

bool inside(int x, int y) {
    return x >= 0 && x < kSauBoardSize && y >= 0 && y < kSauBoardSize;
}

int sign(int d) {
    return (d > 0) - (d < 0);
}

PlatformBoard::Cell cellOf(SauColor c) {
    return c == SauColor::Black ? PlatformBoard::kBlack : PlatformBoard::kWhite;
}

}  // namespace

bool PlatformStep::onBoard() const {
    return inside(v[0], v[1]) && inside(v[2], v[3]) && inside(v[4], v[5]);
}

std::optional<PlatformStep> readPlatformStep(const std::string& command) {
    const size_t at = command.find("move");
    if (at == std::string::npos) return std::nullopt;
    PlatformStep step;
    for (int i = 0; i < 6; ++i) {
        const size_t k = at + 5 + static_cast<size_t>(i);
        const unsigned char c = k < command.size() ? static_cast<unsigned char>(command[k]) : 0;
        step.v[static_cast<size_t>(i)] = static_cast<int>(c) - 'A';
    }
    return step;
}

PlatformBoard::PlatformBoard() {
    for (auto& column : cells_)
        column.fill(kEmpty);
    for (const auto& [x, y] : {std::pair{0, 3}, {3, 0}, {6, 0}, {9, 3}})
        cells_[x][y] = kWhite;
    for (const auto& [x, y] : {std::pair{0, 6}, {3, 9}, {6, 9}, {9, 6}})
        cells_[x][y] = kBlack;
}

bool PlatformBoard::slides(int fx, int fy, int tx, int ty) const {
    const int dx = tx - fx, dy = ty - fy;
    if ((dx == 0 && dy == 0) || (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy))) return false;
    for (int x = fx + sign(dx), y = fy + sign(dy);; x += sign(dx), y += sign(dy)) {
        if (cells_[x][y] != kEmpty) return false;
        if (x == tx && y == ty) return true;
    }
}

bool PlatformBoard::fits(const PlatformStep& s) const {
    if (!s.onBoard() || cells_[s.fromX()][s.fromY()] != cellOf(toMove_)) return false;
    if (s.toX() == s.arrowX() && s.toY() == s.arrowY()) return false;
    if (!slides(s.fromX(), s.fromY(), s.toX(), s.toY())) return false;
    PlatformBoard lifted = *this;
    lifted.cells_[s.fromX()][s.fromY()] = kEmpty;
    return lifted.slides(s.toX(), s.toY(), s.arrowX(), s.arrowY());
}

void PlatformBoard::play(const PlatformStep& s) {
    cells_[s.fromX()][s.fromY()] = kEmpty;
    cells_[s.toX()][s.toY()] = cellOf(toMove_);
    cells_[s.arrowX()][s.arrowY()] = kBar;
}

bool PlatformBoard::walledIn(SauColor c) const {
    for (int x = 0; x < kSauBoardSize; ++x)
        for (int y = 0; y < kSauBoardSize; ++y) {
            if (cells_[x][y] != cellOf(c)) continue;
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    if ((dx || dy) && inside(x + dx, y + dy) && cells_[x + dx][y + dy] == kEmpty)
                        return false;
        }
    return true;
}

std::optional<SauColor> PlatformBoard::winner() const {
    if (walledIn(SauColor::White)) return SauColor::Black;
    if (walledIn(SauColor::Black)) return SauColor::White;
    return std::nullopt;
}

}  // namespace hippolyta
