#include "engine/core/records/game_record.h"

#include <algorithm>

#include "engine/core/notation.h"

namespace hippolyta {

void GameRecord::addMove(Move m, Color mover, std::optional<double> left) {
    moves.push_back(m);
    movers.push_back(mover);
    timeLeft.push_back(left);
}

int MoveTree::add(int parent, Move m, Color mover) {
    if (const int existing = child(parent, m); existing >= 0) return existing;
    const int id = static_cast<int>(nodes.size());
    nodes.push_back(Node{m, mover, parent, {}, {}, {}});
    nodes[parent].children.push_back(id);
    return id;
}

int MoveTree::child(int parent, Move m) const {
    for (int c : nodes[parent].children)
        if (nodes[c].move == m) return c;
    return -1;
}

void MoveTree::cut(int node) {
    if (node <= 0) return;
    std::vector<int>& siblings = nodes[nodes[node].parent].children;
    siblings.erase(std::remove(siblings.begin(), siblings.end(), node), siblings.end());
    nodes[node].parent = -1;
}

std::vector<int> MoveTree::lineFrom(int from) const {
    std::vector<int> line;
    for (int n = from; n >= 0; n = nodes[n].parent)
        line.push_back(n);
    std::reverse(line.begin(), line.end());
    for (int n = from; !nodes[n].children.empty();) {
        n = nodes[n].children.front();
        line.push_back(n);
    }
    return line;
}

std::vector<Move> MoveTree::movesOf(const std::vector<int>& line) const {
    std::vector<Move> moves;
    for (std::size_t i = 1; i < line.size(); ++i)
        moves.push_back(nodes[line[i]].move);
    return moves;
}

std::size_t MoveTree::moveCount() const {
    std::size_t count = 0;
    std::vector<int> todo = {0};
    while (!todo.empty()) {
        const int n = todo.back();
        todo.pop_back();
        count += n != 0;
        todo.insert(todo.end(), nodes[n].children.begin(), nodes[n].children.end());
    }
    return count;
}

MoveTree treeOfRecord(const GameRecord& record) {
    MoveTree tree;
    Color next = record.start.sideToMove();
    int at = 0;
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const Color mover = i < record.movers.size() ? record.movers[i] : next;
        at = tree.add(at, record.moves[i], mover);
        next = opposite(mover);
    }
    return tree;
}

std::optional<Color> resultWinner(std::string_view result) {
    if (result.size() < 2 || result[1] != '+') return std::nullopt;
    if (result[0] == 'W' || result[0] == 'w') return Color::White;
    if (result[0] == 'B' || result[0] == 'b') return Color::Black;
    return std::nullopt;
}

Game replayRecord(const GameRecord& record, std::size_t plies) {
    Game game(record.start);
    const std::size_t count = std::min(plies, record.moves.size());
    for (std::size_t i = 0; i < count; ++i) {
        const Color mover =
            i < record.movers.size() ? record.movers[i] : game.position().sideToMove();
        if (game.position().sideToMove() != mover) game.setSideToMove(mover);
        if (!game.play(record.moves[i]))
            throw RecordError("ply " + std::to_string(i + 1) + ": " + colorName(mover) + " " +
                              formatMove(record.moves[i], record.size()) + " is illegal");
    }
    return game;
}

GameRecord recordOfGame(const Game& game) {
    GameRecord record;
    record.start = game.start();
    record.moves = game.moves();
    record.movers = game.movers();
    record.timeLeft.assign(record.moves.size(), std::nullopt);
    return record;
}

}  // namespace hippolyta
