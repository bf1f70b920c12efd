// The SAU Game Platform's Amazons protocol (docs/fronts.md, "SAU Game Platform"), the pure part:
// its coordinates, its colours, its end rule, and the commands read from one input line. No I/O.
//
// The platform names a square by two capital letters, the column then the row, both from 'A' at
// the top left; a move is from, to and arrow run together ("AGIGEG"). Its Black starts on AG DJ
// GJ JG and moves first: our White on a4 d1 g1 j4. The geometry is ours; only the colours' names
// are swapped. The SAU column letter is our file, and the row letter r is our rank 10 - (r - 'A').
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

constexpr int kSauBoardSize = 10;

// The platform's colours. Its Black moves first, as our White does.
enum class SauColor { Black, White };
constexpr Color toOurColor(SauColor c) {
    return c == SauColor::Black ? Color::White : Color::Black;
}
constexpr SauColor toSauColor(Color c) {
    return c == Color::White ? SauColor::Black : SauColor::White;
}
const char* sauColorName(SauColor c);  // "black" / "white"

// Our square of the platform's column x and row y (0..9 each, from the top left).
int sauSquare(int x, int y);
// Six letters A..J (either case), nothing else; empty otherwise. Checks no rule.
std::optional<Move> parseSauMove(std::string_view text);
// "AGIGEG" for a4-i4/e4.
std::string formatSauMove(Move m);

// The platform's end rule: after every move, the game is over once either side has no legal
// move. When one move walls both sides in, the platform awards Black (our White); otherwise the
// side with a move wins. This differs from the standard rule (the side to move without a move
// loses) only in when the game stops, and in that double case when White (SAU) moved.
bool sauGameOver(const Position& pos);
// The winner under that rule, in our colours; only when sauGameOver(pos).
Color sauWinner(const Position& pos);

// What the platform sends (the manual also names accept, refuse, take and taked, for other
// games; they are Unknown here).
enum class SauCommandKind {
    Name,     // name?
    New,      // new black | new white
    Move,     // move XXXXXX
    Error,    // error: the last move was refused
    End,      // end [black | white]
    Quit,     // quit
    Unknown,  // anything else, or a command whose argument is missing or malformed
};

struct SauCommand {
    SauCommandKind kind = SauCommandKind::Unknown;
    std::optional<SauColor> color;  // New: ours; End: the winner, when named
    std::optional<Move> move;       // Move
    std::string text;               // the command's words as read, for logs
};

// The commands of one input line, in order. Words are separated by blanks, tabs, CRs and NULs
// (an old platform wrote a NUL after each command) and any other control byte; an argument is
// only taken from the same line. A line may hold several commands ("move AGIGEG end" when NULs
// separated them). A word that starts no command is one Unknown command. Never throws.
std::vector<SauCommand> parseSauLine(std::string_view line);

}  // namespace hippolyta
