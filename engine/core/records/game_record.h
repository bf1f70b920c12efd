// A game record: the start position, the moves and who played them, the players, the clock and
// the result. The common form behind SGF (sgf.h) and the plain text record (text_record.h).
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/position.h"

namespace hippolyta {

// Thrown for a malformed, truncated or illegal record; what() says where and why.
class RecordError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct GameRecord {
    Position start = Position::start();
    std::vector<Move> moves;
    std::vector<Color> movers;                    // who played each move (same length)
    std::vector<std::optional<double>> timeLeft;  // mover's clock after each move (BL/WL)

    std::string whiteName;
    std::string blackName;
    std::string date;         // DT, e.g. 2024-05-01
    std::string result;       // RE as in SGF: "W+", "B+T", "W+R", "B+F", "Void"; empty: unknown
    std::string timeControl;  // human form for the text record, e.g. "60+1"
    std::optional<double> mainTime;  // TM, seconds
    std::string overtime;            // OT, free text
    std::string comment;             // C of the root node
    std::string application;         // AP, e.g. "Hippolyta:0.1.0"

    int size() const { return start.width(); }  // the board's width (Position::width())
    BoardShape shape() const { return start.shape(); }
    // Appends a move with its mover and, if known, the mover's time left.
    void addMove(Move m, Color mover, std::optional<double> left = std::nullopt);
};

// A record's moves as a tree: the main line and its variations. nodes[0] is the start (it has
// no move); each other node holds one move, its mover, its comment and the properties a reader
// kept for a writer to give back (another program's annotations, a private property). A node's
// first child continues its line; the main line follows first children from the start.
struct MoveTree {
    struct Property {
        std::string id;
        std::vector<std::string> values;
    };
    struct Node {
        Move move;
        Color mover = Color::White;
        int parent = -1;
        std::vector<int> children;
        std::string comment;
        std::vector<Property> properties;
    };
    std::vector<Node> nodes{Node{}};

    // The child of `parent` that plays `m`, added as the last child when there is none.
    int add(int parent, Move m, Color mover);
    // The child of `parent` that plays `m`, or -1.
    int child(int parent, Move m) const;
    // Detaches `node` (not the start) and everything under it from the tree.
    void cut(int node);
    // The nodes from the start to the end of the line through first children from `from`.
    std::vector<int> lineFrom(int from) const;
    std::vector<int> mainLine() const { return lineFrom(0); }
    // The moves of the nodes of `line` (line[0] is the start).
    std::vector<Move> movesOf(const std::vector<int>& line) const;
    // The nodes that hold a move (attached ones only).
    std::size_t moveCount() const;
};

// The main line of a record as a tree without variations.
MoveTree treeOfRecord(const GameRecord& record);

// The winner named by an RE value ("W+...", "B+..."), or nothing (void, unknown, draw).
std::optional<Color> resultWinner(std::string_view result);

// The game after the first `plies` moves of the record (all by default). A move out of turn
// makes its mover the side to move, as GTP allows. Throws RecordError on an illegal move.
Game replayRecord(const GameRecord& record,
                  std::size_t plies = std::numeric_limits<std::size_t>::max());

// A record of a game's start and moves (no players, clock or result).
GameRecord recordOfGame(const Game& game);

}  // namespace hippolyta
