// The Studio's game: a tree of moves (MoveTree) of which one line is shown. Playing at an
// earlier ply adds a variation and shows it; the other lines stay in the tree, the state names
// them as branches, and SGF keeps them. What the analysis and the review learn is kept by node,
// so it survives a reload, a branch and a switch back.
#include <algorithm>
#include <ctime>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "engine/core/move_check.h"
#include "engine/core/notation.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

constexpr std::size_t kMaxLineMoves = 200;  // a play_line longer than any game is refused

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}

// "illegal move a4-a8/a9: the amazon's path is blocked at a7", as the engine says it.
std::string illegalText(const Position& pos, Move move, const std::string& text) {
    const std::string reason = illegalMoveReason(pos, move);
    return "illegal move " + text.substr(0, 40) + (reason.empty() ? "" : ": " + reason);
}

}  // namespace

Position StudioSession::shown() const {
    return positionAt(static_cast<std::size_t>(ply_));
}

Position StudioSession::last() const {
    return positionAt(moves_.size());
}

void StudioSession::setGame(const Position& start, MoveTree tree) {
    start_ = start;
    tree_ = std::move(tree);
    data_.assign(tree_.nodes.size(), NodeData{});
    results_.clear();
    scoredNode_ = -1;
    teach_.reset();
    hint_.reset();
    date_ = today();
    reviewing_ = false;
    if (clockMain_) clockLeft_[0] = clockLeft_[1] = *clockMain_;
    clockRunning_.reset();
    showLine(tree_.mainLine().back());
}

void StudioSession::showLine(int node) {
    line_ = tree_.lineFrom(node);
    lineChanged(static_cast<int>(std::find(line_.begin(), line_.end(), node) - line_.begin()));
}

void StudioSession::lineChanged(int ply) {
    if (reviewing_) sendProgress(true);  // the review was of the other line: it ends here
    reviewing_ = false;
    moves_ = tree_.movesOf(line_);
    ply_ = ply;
    if (const auto it = results_.find(line_.back()); it != results_.end())
        setResult(it->second);
    else if (last().isGameOver())
        setResult(std::string(1, colorLetter(opposite(last().sideToMove()))) + "+");
    else {
        result_.reset();
        switchClock(last().sideToMove());
    }
    changed();
}

void StudioSession::applyMove(Move m) {
    const Color mover = shown().sideToMove();
    const bool atEnd = ply_ == static_cast<int>(moves_.size());
    const int node = tree_.add(line_[ply_], m, mover);
    data_.resize(tree_.nodes.size());
    if (!atEnd) {
        cancelThinking();
        if (node == line_[ply_ + 1]) {  // the line's own next move: a step forward
            ++ply_;
            return changed();
        }
        return showLine(node);
    }
    line_.push_back(node);
    moves_.push_back(m);
    ply_ = static_cast<int>(moves_.size());
    if (clockMain_) {
        switchClock(opposite(mover));
        clockLeft_[index(mover)] += *clockIncrement_;
    }
    if (last().isGameOver()) setResult(std::string(1, colorLetter(mover)) + "+");
    changed();
}

void StudioSession::changed() {
    ++version_;
}

void StudioSession::setResult(const std::string& result) {
    result_ = result;
    if (!line_.empty()) results_[line_.back()] = result;
    switchClock(std::nullopt);
}

StudioSession::NodeData& StudioSession::data(std::size_t ply) {
    return data_[line_[std::min(ply, line_.size() - 1)]];
}

const StudioSession::NodeData& StudioSession::data(std::size_t ply) const {
    return data_[line_[std::min(ply, line_.size() - 1)]];
}

void StudioSession::noteWinrate(std::size_t ply, double white) {
    if (ply >= line_.size()) return;
    data(ply).winrate = white;
    Json message = {{"type", "winrate"}, {"ply", ply}, {"winrate", white}};
    if (data(ply).lead) message["lead"] = *data(ply).lead;
    send_(Recipients::all(), message);
}

// The messages.

void StudioSession::onPlay(const Json& m) {
    const std::string text = messageField<std::string>(m, "move", "");
    if (result_ && ply_ == static_cast<int>(moves_.size()))
        throw ClientError{"game_over", "the game is over (" + *result_ + ")"};
    const Position pos = shown();
    if (engineSide(pos.sideToMove()) && ply_ == static_cast<int>(moves_.size()))
        throw ClientError{"not_your_turn", std::string("it is the engine's turn (") +
                                               sideName(pos.sideToMove()) + ")"};
    Move move;
    try {
        move = parseMove(text, pos.width());
    } catch (const NotationError& e) {
        throw ClientError{"illegal_move", e.what()};
    }
    if (!pos.isLegal(move)) throw ClientError{"illegal_move", illegalText(pos, move, text)};
    const bool atEnd = ply_ == static_cast<int>(moves_.size());
    applyMove(move);
    if (atEnd && !result_) teachAfter(move);
}

// Several moves from the shown position on (a better line to try): checked first, then played
// as one variation.
void StudioSession::onPlayLine(const Json& m) {
    const Json& list = m.contains("moves") ? m["moves"] : Json(nullptr);
    if (!list.is_array() || list.empty() || list.size() > kMaxLineMoves)
        throw ClientError{"bad_message",
                          "moves must be a list of 1.." + std::to_string(kMaxLineMoves) + " moves"};
    Position pos = shown();
    std::vector<Move> line;
    for (const Json& item : list) {
        if (!item.is_string()) throw ClientError{"bad_message", "each move must be a string"};
        const std::string text = item.get<std::string>();
        Move move;
        try {
            move = parseMove(text, pos.width());
        } catch (const NotationError& e) {
            throw ClientError{"illegal_move", e.what()};
        }
        if (pos.isGameOver() || !pos.isLegal(move))
            throw ClientError{"illegal_move", illegalText(pos, move, text) + " at ply " +
                                                  std::to_string(ply_ + line.size() + 1)};
        pos.makeMove(move);
        line.push_back(move);
    }
    const int from = ply_;
    for (Move move : line) {
        const std::size_t nodes = tree_.nodes.size();
        applyMove(move);
        if (tree_.nodes.size() > nodes) data(static_cast<std::size_t>(ply_)).study = true;
    }
    if (ply_ != from + static_cast<int>(line.size())) return;
    ply_ = from + 1;  // shown at its first move, the rest to step through
    changed();
}

void StudioSession::onUndo() {
    if (ply_ == 0) throw ClientError{"bad_message", "nothing to undo"};
    cancelThinking();
    teach_.reset();
    reviewing_ = false;
    const bool againstEngine = engineSide(Color::White) != engineSide(Color::Black);
    int target = ply_ - 1;
    // Against an engine, back to the human's turn.
    while (againstEngine && target > 0 && engineSide(positionAt(target).sideToMove()))
        --target;
    switchClock(clockRunning_);  // banks the time used so far
    const auto left = std::make_pair(clockLeft_[0], clockLeft_[1]);
    tree_.cut(line_[target + 1]);
    line_.resize(target + 1);  // the line ends here, though other branches may go on
    lineChanged(target);
    clockLeft_[0] = left.first;  // taking back does not give time back
    clockLeft_[1] = left.second;
}

void StudioSession::onGoto(const Json& m) {
    if (m.contains("node") && !m["node"].is_null()) {
        const int node = messageField<int>(m, "node", 0);
        int up = node;
        while (up > 0 && up < static_cast<int>(tree_.nodes.size()))
            up = tree_.nodes[up].parent;
        if (node < 0 || node >= static_cast<int>(tree_.nodes.size()) || up != 0)
            throw ClientError{"bad_message", "no such node in the game"};
        cancelThinking();
        return showLine(node);
    }
    const int ply = messageField<int>(m, "ply", 0);
    if (ply < 0 || ply > static_cast<int>(moves_.size()))
        throw ClientError{"bad_message", "ply must be 0.." + std::to_string(moves_.size())};
    ply_ = ply;
    changed();
}

// The state's parts.

Json StudioSession::reviewJson() const {
    Json review = Json::array();
    auto number = [](std::optional<double> v) { return v ? Json(*v) : Json(nullptr); };
    for (std::size_t ply = 1; ply < line_.size(); ++ply) {
        const NodeData& d = data(ply);
        if (!d.reviewed) continue;
        const Json mark = !d.loss                   ? Json(nullptr)
                          : *d.loss >= kBlunderLoss ? Json("blunder")
                          : *d.loss >= kMistakeLoss ? Json("mistake")
                                                    : Json(nullptr);
        review.push_back({{"ply", ply},
                          {"move", formatMove(moves_[ply - 1], start_.width())},
                          {"winrate", number(d.winrate)},
                          {"loss", number(d.loss)},
                          {"lead", number(d.lead)},
                          {"lead_loss", number(d.leadLoss)},
                          {"best", d.best},
                          {"best_line", d.bestLine},
                          {"decided", d.decided ? Json(*d.decided) : Json(nullptr)},
                          {"moves_left", d.movesLeft ? Json(*d.movesLeft) : Json(nullptr)},
                          {"mark", mark}});
    }
    return review;
}

// For each ply of the line where another move was tried: every move tried there.
Json StudioSession::branchesJson() const {
    Json branches = Json::array();
    for (std::size_t k = 0; k < line_.size(); ++k) {
        const std::vector<int>& children = tree_.nodes[line_[k]].children;
        if (children.size() < (k + 1 < line_.size() ? 2u : 1u)) continue;
        Json moves = Json::array();
        for (int c : children)
            moves.push_back({{"move", formatMove(tree_.nodes[c].move, start_.width())},
                             {"node", c},
                             {"current", k + 1 < line_.size() && line_[k + 1] == c}});
        branches.push_back({{"ply", k + 1}, {"moves", moves}});
    }
    return branches;
}

Json StudioSession::graphJson() const {
    Json winrates = Json::array(), leads = Json::array();
    for (std::size_t ply = 0; ply < line_.size(); ++ply) {
        const NodeData& d = data(ply);
        winrates.push_back(d.winrate ? Json(*d.winrate) : Json(nullptr));
        leads.push_back(d.lead ? Json(*d.lead) : Json(nullptr));
    }
    return {{"winrates", winrates}, {"leads", leads}};
}

}  // namespace hippolyta
