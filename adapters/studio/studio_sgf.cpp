// The game's records: a game loaded from SGF or a move list, and saved as SGF with every line,
// the review as comments, and the review's figures in the private property HS (docs/studio.md,
// "Review"), read back on loading, as KaTrain keeps its analysis in KT.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/eval/final_score.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

constexpr const char* kReviewProperty = "HS";
constexpr int kMaxPropertyDepth = 4;  // the property's JSON nests two deep; deeper is not ours

// A player's name as a file name's part: "engine:hippolyta" -> "hippolyta".
std::string plainName(const std::string& player) {
    std::string name = player.rfind("engine:", 0) == 0 ? player.substr(7) : player;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    return name.substr(0, 32);
}

std::string percent(std::optional<double> v) {
    if (!v) return "unknown";
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", 100 * *v);
    return text;
}

Json number(std::optional<double> v) {
    return v ? Json(*v) : Json(nullptr);  // written in full, so that it reads back the same
}

// A number of the property, when it is one and lies in [low, high].
std::optional<double> numberIn(const Json& o, const char* key, double low, double high) {
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    const double v = it->get<double>();
    return std::isfinite(v) && v >= low && v <= high ? std::optional<double>(v) : std::nullopt;
}

std::string textIn(const Json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>().substr(0, 40) : "";
}

}  // namespace

// The review of a move as its SGF comment.
std::string StudioSession::reviewComment(const NodeData& d) {
    std::string text = "win rate (White) " + percent(d.winrate) + ", loss " + percent(d.loss);
    if (d.loss && *d.loss >= kBlunderLoss)
        text += ", blunder";
    else if (d.loss && *d.loss >= kMistakeLoss)
        text += ", mistake";
    char squares[64];
    if (d.lead) {
        std::snprintf(squares, sizeof squares, "; lead (White) %+.1f squares", *d.lead);
        text += squares;
    }
    if (d.leadLoss) {
        std::snprintf(squares, sizeof squares, ", territory %s %.1f",
                      *d.leadLoss < 0 ? "gained" : "lost", std::abs(*d.leadLoss));
        text += squares;
    }
    if (d.decided) text += "; decided " + *d.decided;
    return text + (d.best.empty() ? "" : "; best " + d.best);
}

// The figures of a node as the value of HS: a JSON object with the names of the state's review
// entries; empty when there is none.
std::string StudioSession::reviewProperty(const NodeData& d) {
    Json o = Json::object();
    if (d.winrate) o["winrate"] = number(d.winrate);
    if (d.lead) o["lead"] = number(d.lead);
    if (d.reviewed) {
        o["reviewed"] = true;
        o["loss"] = number(d.loss);
        o["lead_loss"] = number(d.leadLoss);
        o["best"] = d.best;
        o["best_line"] = d.bestLine;
    }
    if (d.decided) o["decided"] = *d.decided;
    if (d.movesLeft) o["moves_left"] = *d.movesLeft;
    return o.empty() ? "" : o.dump();
}

// Reads a node's HS back into its figures and takes it off the node (the tree keeps the other
// programs' properties only). A value that is not such an object, or a field out of its range,
// is left out: the property is a file's, not a promise.
void StudioSession::takeReviewProperty(MoveTree::Node& node, NodeData& d) {
    const auto it =
        std::find_if(node.properties.begin(), node.properties.end(),
                     [](const MoveTree::Property& p) { return p.id == kReviewProperty; });
    if (it == node.properties.end()) return;
    const std::string text = it->values.empty() ? "" : it->values[0];
    node.properties.erase(it);
    if (nestedDeeperThan(text, kMaxPropertyDepth)) return;  // unread: no deep recursion
    const Json o = Json::parse(text, nullptr, false);
    if (!o.is_object()) return;
    d.winrate = numberIn(o, "winrate", 0, 1);
    d.lead = numberIn(o, "lead", -kMaxSquares, kMaxSquares);
    const auto reviewed = o.find("reviewed");
    d.reviewed = reviewed != o.end() && *reviewed == true && node.parent >= 0;
    if (d.reviewed) {
        d.loss = numberIn(o, "loss", 0, 1);
        if (d.loss) d.loss = shownLoss(*d.loss);  // marked as shown, whoever wrote it
        d.leadLoss = numberIn(o, "lead_loss", -2 * kMaxSquares, 2 * kMaxSquares);
        d.best = textIn(o, "best");
        if (const auto line = o.find("best_line"); line != o.end() && line->is_array())
            for (const Json& m : *line)
                if (m.is_string() && d.bestLine.size() < 200)
                    d.bestLine.push_back(m.get<std::string>().substr(0, 40));
    }
    if (const std::string decided = textIn(o, "decided"); resultWinner(decided))
        d.decided = decided.substr(0, 12);
    if (const std::string left = textIn(o, "moves_left"); !left.empty()) d.movesLeft = left;
}

void StudioSession::onLoad(const Json& m, bool sgf) {
    const std::string text = messageField<std::string>(m, sgf ? "sgf" : "text", "");
    if (text.size() > options_.maxRecordBytes)
        throw ClientError{"too_large", "the record is over " +
                                           std::to_string(options_.maxRecordBytes / 1024) + " KiB"};
    const int size = messageField<int>(m, "size", 10);
    if (!sgf && (size < 4 || size > 11)) throw ClientError{"bad_message", "size must be 4..11"};
    MoveTree tree;
    const GameRecord record = sgf ? readSgf(text, &tree) : readMoveList(text, size);
    if (!sgf) tree = treeOfRecord(record);
    // The Studio's games alternate from the start position's side to move, in every line.
    for (std::size_t n = 1; n < tree.nodes.size(); ++n) {
        const int parent = tree.nodes[n].parent;
        const Color expected =
            parent == 0 ? record.start.sideToMove() : opposite(tree.nodes[parent].mover);
        int ply = 0;
        for (int up = static_cast<int>(n); up > 0; up = tree.nodes[up].parent)
            ++ply;
        if (tree.nodes[n].mover != expected)
            throw ClientError{"bad_record", "move " + std::to_string(ply) +
                                                " is out of turn (two moves of one colour)"};
    }
    cancelThinking();
    players_[0] = players_[1] = "human";
    clockMain_.reset();
    setGame(record.start, std::move(tree));
    for (std::size_t n = 0; n < tree_.nodes.size(); ++n)
        takeReviewProperty(tree_.nodes[n], data_[n]);
    if (!record.date.empty()) date_ = record.date.substr(0, 10);
    if (!result_ && !record.result.empty() && resultWinner(record.result))
        setResult(record.result.substr(0, 8));
}

std::string StudioSession::fileName() const {
    return plainName(players_[0]) + "-vs-" + plainName(players_[1]) + "-" +
           std::to_string(start_.width()) + "x" + std::to_string(start_.height()) + "-" + date_ +
           ".sgf";
}

// The game's main line ended by a side that could not move is scored as every other writer of
// the project scores it: RE[W+N], N the winner's territory.
Json StudioSession::saveSgf() const {
    GameRecord record;
    record.start = start_;
    record.whiteName = players_[0];
    record.blackName = players_[1];
    record.date = date_;
    const std::vector<int> main = tree_.mainLine();
    if (const auto it = results_.find(main.back()); it != results_.end())
        record.result = it->second;
    Position end = start_;
    for (Move m : tree_.movesOf(main))
        end.makeMove(m);
    if (end.isGameOver()) record.result = gameOverText(end);
    record.application = "Hippolyta Studio";
    MoveTree tree = tree_;
    for (std::size_t n = 0; n < tree.nodes.size(); ++n) {
        if (data_[n].reviewed) tree.nodes[n].comment = reviewComment(data_[n]);
        if (const std::string hs = reviewProperty(data_[n]); !hs.empty())
            tree.nodes[n].properties.push_back({kReviewProperty, {hs}});
    }
    return {{"type", "sgf"}, {"sgf", writeSgfTree(record, tree)}, {"filename", fileName()}};
}

}  // namespace hippolyta
