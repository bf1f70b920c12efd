#include "adapters/studio/studio_territory.h"

#include <array>
#include <cmath>

#include "adapters/studio/territory_table.h"
#include "engine/eval/final_score.h"
#include "engine/eval/territory.h"

namespace hippolyta {

TerritoryEstimate estimateTerritory(const Position& pos) {
    const int count = pos.width() * pos.height();
    const Bitboard white = territorySquares(pos, Color::White);
    const Bitboard black = territorySquares(pos, Color::Black);
    const Bitboard contested = white & black;
    std::array<uint16_t, kMaxSquares> cells{};
    const bool learned = contested && pos.shape().isSquare();  // the table's boards are square
    if (learned) territoryCells(pos, cells);
    const TerritoryValues& table = territoryValuesFor(pos.width());
    const double toWhite = pos.sideToMove() == Color::White ? 1 : -1;
    TerritoryEstimate e;
    e.squares.assign(static_cast<std::size_t>(count), 0.0);
    for (int sq = 0; sq < count; ++sq) {
        double v = 0;
        if (testBit(contested, sq))
            v = !learned || cells[sq] == kNoCell ? 0 : toWhite * table[cells[sq]];
        else if (testBit(white, sq))
            v = 1;
        else if (testBit(black, sq))
            v = -1;
        e.squares[static_cast<std::size_t>(sq)] = v;
        e.lead += v;
    }
    // Walled apart: the move in hand fills one of the side to move's own squares.
    const Bitboard own = pos.sideToMove() == Color::White ? white : black;
    if (!contested && own) e.lead -= 0.5 * toWhite;
    return e;
}

std::vector<double> territoryPicture(const Position& pos) {
    const int count = pos.width() * pos.height();
    const Bitboard white = territorySquares(pos, Color::White);
    const Bitboard black = territorySquares(pos, Color::Black);
    const TerritoryCount first = countQueenTerritory(pos, Color::White);
    std::vector<double> squares(static_cast<std::size_t>(count), 0.0);
    for (int sq = 0; sq < count; ++sq) {
        double& v = squares[static_cast<std::size_t>(sq)];
        if (testBit(white & black, sq))
            v = testBit(first.ownSquares, sq)        ? kReachedFirst
                : testBit(first.opponentSquares, sq) ? -kReachedFirst
                                                     : 0;
        else if (testBit(white, sq))
            v = 1;
        else if (testBit(black, sq))
            v = -1;
    }
    return squares;
}

nlohmann::json territoryRows(const std::vector<double>& squares, BoardShape shape) {
    nlohmann::json rows = nlohmann::json::array();
    for (int row = shape.height - 1; row >= 0; --row) {
        nlohmann::json cells = nlohmann::json::array();
        for (int col = 0; col < shape.width; ++col) {
            const double v = squares[static_cast<std::size_t>(row * shape.width + col)];
            cells.push_back(std::round(v * 100) / 100);
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

}  // namespace hippolyta
