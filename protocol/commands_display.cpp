// Display commands for GUIs and humans: the queen-distance territory map (GoGui dboard), the
// evaluation's terms explained, and GoGui's list of analyze commands.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/eval/evaluation.h"
#include "engine/eval/territory.h"
#include "engine/search/move_prior.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

namespace {

// GoGui's analyze commands, type/label/command. Streaming commands are left out: GoGui waits
// for a whole answer. amz-time_debug comes from the time management work.
constexpr const char* kAnalyzeCommands[] = {
    "dboard/Territory/amz-territory",         "string/Territory (text)/amz-territory text",
    "string/Explain evaluation/amz-explain",  "string/Show board/showboard",
    "string/Position string/amz-position",    "string/Legal move count/amz-legal_moves count",
    "string/Time settings/amz-time_settings", "string/Time debug/amz-time_debug",
};

// Who reaches sq first by queen moves: +1 Black, -1 White (GoGui draws a dboard's positive
// values black and its negative values white), 0 for an equal distance, nobody, or occupied.
int owner(const TerritoryCount& white, int sq) {
    if (testBit(white.ownSquares, sq)) return -1;
    if (testBit(white.opponentSquares, sq)) return 1;
    return 0;
}

std::string territoryBoard(const Position& pos) {
    const TerritoryCount white = countQueenTerritory(pos, Color::White);
    const int w = pos.width();
    std::string out;
    for (int row = pos.height() - 1; row >= 0; --row) {
        out += '\n';
        for (int col = 0; col < w; ++col) {
            if (col) out += ' ';
            out += std::to_string(owner(white, row * w + col));
        }
    }
    return out;
}

char territoryLetter(const Position& pos, const TerritoryCount& white, int sq) {
    if (pos.at(sq) != Piece::Empty) return pieceSymbol(pos.at(sq));
    if (testBit(white.tiedSquares, sq)) return '=';
    const int o = owner(white, sq);
    return o < 0 ? 'w' : o > 0 ? 'b' : '.';
}

// For humans: w/b a square White/Black reaches first, = equal distance, . nobody.
std::string territoryText(const Position& pos) {
    const TerritoryCount white = countQueenTerritory(pos, Color::White);
    std::string out =
        labelledGrid(pos.shape(), [&](int sq) { return territoryLetter(pos, white, sq); });
    const int nobody = popCount(pos.emptySquares()) - white.own - white.opponent - white.tied;
    out += "First: white " + std::to_string(white.own) + ", black " +
           std::to_string(white.opponent) + "; equal " + std::to_string(white.tied) + "; nobody " +
           std::to_string(nobody);
    return out;
}

std::string territoryCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    if (args.size() == 1 && args[0] != "text") args.syntaxError("expected 'text'");
    const Position& pos = state.game().position();
    return args.empty() ? territoryBoard(pos) : territoryText(pos);
}

std::string termLine(const char* name, double raw, const TermWeights& w, double phase) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%-9s %10s %7s %12s", name, fixedDecimals(raw, 3).c_str(),
                  fixedDecimals(w.at(phase), 3).c_str(),
                  fixedDecimals(w.at(phase) * raw, 3).c_str());
    return std::string(buf) + "\n";
}

// EvalTerms keeps the first four amazons; a set-up position may have more.
std::string mobilityLine(const Position& pos, Color side, const int* mobility) {
    std::string out = std::string("Mobility ") + colorName(side) + ":";
    int i = 0;
    forEachSquare(pos.amazons(side), [&](int sq) {
        out += ' ';
        out += squareName(sq, pos.shape());
        out += ' ';
        out += std::to_string(i < 4 ? mobility[i] : amazonMobility(pos, sq));
        ++i;
    });
    return out + "\n";
}

std::string explain(const Game& game, const EvalWeights& weights) {
    const Position& pos = game.position();
    const Color me = pos.sideToMove();
    EvalTerms t;
    const double score = evaluate(pos, weights, &t);
    std::string out = std::string("Side to move: ") + colorName(me) + "\n";
    if (game.isOver())
        out += std::string("Game over: ") + colorName(me) + " has no legal move, " +
               colorName(opposite(me)) + " wins\n";
    out += "Phase: w " + fixedDecimals(t.w, 3) + ", phase " + fixedDecimals(t.phase, 3) + "\n";
    out += "term             raw  weight contribution\n";
    const std::array<TermWeights, kEvalTerms> tw = termWeightsFor(weights, pos.width());
    const std::array<double, kEvalTerms> raw = t.values();
    for (int k = 0; k < kEvalTerms; ++k)
        out += termLine(kEvalTermNames[k], raw[k], tw[k], t.phase);
    out += mobilityLine(pos, me, t.ownMobility);
    out += mobilityLine(pos, opposite(me), t.oppMobility);
    out += "Score: " + fixedDecimals(score, 3) + " (" + colorName(me) + "'s view)\n";
    const double p = game.isOver() ? 0.0 : winProbability(score, weights);
    return out + "Win probability: " + fixedDecimals(p, 3) + " (" + colorName(me) + ")";
}

// The `top` most probable of moves under probs, "move probability" each, most probable first.
std::vector<std::string> topMoves(const MoveList& moves, std::vector<float> probs, BoardShape shape,
                                  size_t top) {
    std::vector<size_t> order(moves.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    top = std::min(top, order.size());
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
                      [&](size_t a, size_t b) { return probs[a] > probs[b]; });
    std::vector<std::string> out;
    for (size_t i = 0; i < top; ++i)
        out.push_back(formatMove(moves[order[i]], shape) + " " + fixedDecimals(probs[order[i]], 3));
    return out;
}

// With a network loaded: its value, and its policy's top moves beside the learned linear
// prior's (a softmax of its scores over the legal moves).
std::string explainNet(const Position& pos, const SearchNet& net, const PriorWeights& prior) {
    MoveList moves;
    pos.generateMoves(moves);
    if (moves.empty()) return "";
    std::vector<float> netProbs;
    const float value = net.evaluateForSearch(pos, moves, netProbs);
    std::vector<ScoredMove> scored;
    scoreMovesLearned(pos, prior, scored);
    std::vector<float> linear(moves.size());
    float top = -INFINITY;
    for (const ScoredMove& m : scored)
        top = std::max(top, m.score);
    double sum = 0;
    for (const ScoredMove& m : scored)
        sum += std::exp(m.score - top);
    std::sort(scored.begin(), scored.end(), [](const ScoredMove& x, const ScoredMove& y) {
        return x.move.packed() < y.move.packed();
    });
    for (size_t i = 0; i < moves.size(); ++i) {  // the same moves, in another order
        const auto it = std::lower_bound(
            scored.begin(), scored.end(), moves[i].packed(),
            [](const ScoredMove& x, uint32_t packed) { return x.move.packed() < packed; });
        linear[i] = static_cast<float>(std::exp(it->score - top) / sum);
    }
    const Color me = pos.sideToMove();
    std::string out = "\nNetwork value: " + fixedDecimals(value, 3) + " (" + colorName(me) + ")";
    out += "\nTop moves: network, linear prior";
    const auto a = topMoves(moves, netProbs, pos.shape(), 5);
    const auto b = topMoves(moves, linear, pos.shape(), 5);
    for (size_t i = 0; i < a.size(); ++i) {
        char line[96];
        std::snprintf(line, sizeof line, "\n%zu %-22s %s", i + 1, a[i].c_str(), b[i].c_str());
        out += line;
    }
    return out;
}

std::string goguiAnalyzeCommands() {
    std::string out;
    for (const char* line : kAnalyzeCommands)
        out += std::string(out.empty() ? "" : "\n") + line;
    return out;
}

}  // namespace

void registerDisplayCommands(CommandRegistry& registry) {
    registry.add("amz-territory [text]", territoryCommand);
    registry.add("amz-explain", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        const EngineConfig& config = state.engine().config();
        std::string out = explain(state.game(), config.eval);
        if (config.net && netPlaysOn(state.game().position(), config.netBoardSize))
            out += explainNet(state.game().position(), *config.net, config.prior);
        return out;
    });
    registry.add("gogui-analyze_commands", [](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        return goguiAnalyzeCommands();
    });
}

}  // namespace hippolyta
