// SVG pictures of an Amazons board: coordinates, both sides' amazons, arrows, the last move
// and, optionally, a territory map. Pure formatting: no files, no streams.
//
// A picture is one self-contained <svg> (inline style, glyphs in <defs>, no fonts or images
// from outside). Every square is a group `<g id="PREFIX-sq-d1" class="sq ...">` whose classes
// say what it holds (w, b, x for White, Black, an arrow; tw, tb, tt for territory; from, to,
// shot for the last move), so pages and tests can read a picture, and the report's viewer can
// restyle an interactive one by switching classes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

enum class SquareShade : uint8_t { None, White, Black, Tied };

// One shade per square (index row * n + col, as on the board); empty: no territory map.
using TerritoryMap = std::vector<SquareShade>;

// The Olympiad's final territory of a finished game: the vacant squares of every 8-connected
// vacant region that touches one of the winner's amazons, shaded for the winner.
TerritoryMap finalTerritory(const Position& pos, Color winner);
// The queen-distance territory (engine/eval/territory.h): squares each side reaches first,
// ties shaded as Tied.
TerritoryMap queenTerritoryMap(const Position& pos);
// finalTerritory() when the side to move has no move (the other side won), else the
// queen-distance territory.
TerritoryMap territoryOf(const Position& pos);
// Number of squares shaded for `side`.
int shadedCount(const TerritoryMap& map, SquareShade side);

struct BoardPicture {
    Position position = Position::start();
    std::optional<Move> lastMove;
    TerritoryMap territory;  // empty: no shading
};

struct SvgOptions {
    int pixels = 480;                // width of the picture; the height follows
    bool coordinates = true;         // letters below, numbers on the left
    std::string idPrefix = "hb";     // ids in the picture start with this (unique per page)
    bool interactive = false;        // every square holds every layer, shown by its classes
    std::string extraSvgAttributes;  // e.g. ` data-role="viewer"`, copied into <svg ...>
};

// The picture as SVG text. In interactive mode the pieces, marks and shades of every square
// are present and only those named by the square's classes show (the picture's own <style>
// says how); the last move's line is the path with id PREFIX-lastmove.
std::string renderBoardSvg(const BoardPicture& picture, const SvgOptions& options = {});

// The classes of square sq in a picture, e.g. "w from" (without the leading "sq").
std::string squareClasses(const BoardPicture& picture, int sq);

}  // namespace hippolyta
