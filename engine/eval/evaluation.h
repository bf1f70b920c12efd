// The Amazons evaluation (after Lieberum's Amazong, as used by Invader and Kloetzer's
// Campya): territory by queen and king distance (t1, t2), the position terms c1 and c2 and
// amazon mobility, blended with weights that move with the game phase.
//
// Phase: w = sum over empty squares reached by both sides of 2^-|D1own - D1opp| (large while
// the sides still fight over many squares, 0 once every region is settled), and
// phase = clamp(w / phaseScale, 0, 1). Each term's weight goes linearly from its `end` value
// (phase 0) to its `open` value (phase 1). The score is from the side to move's view, in
// units of about one square of territory; winProbability() maps it through a logistic.
//
// The five terms' weights are fitted (hippolyta-train eval, Texel's method) to self-play, 10x10
// on its own (eval1 and eval10 in engine/weights/candidates/; their matches:
// docs/learning-results.md, "Adopted changes"). The literals are the shipped weights file's. The
// rest (tie bonus, phase, trapped amazons, win scale) was set by hand at commit c73c900.
#pragma once

#include <array>
#include <limits>

#include "engine/core/position.h"

namespace hippolyta {

struct TermWeights {
    double open = 0;
    double end = 0;
    double at(double phase) const { return end + (open - end) * phase; }
};

// One board size's own fit of the five terms (weights names eval.10x10.t1.open, ...): a value
// set here replaces the shared one on boards of that size; NaN leaves the shared one.
struct SizeTermWeights {
    std::array<double, 10> value;  // t1.open, t1.end, t2.open, ..., mobility.end
    SizeTermWeights() { value.fill(std::numeric_limits<double>::quiet_NaN()); }
};

using SizeWeightsTable = std::array<SizeTermWeights, kMaxBoardSize + 1>;  // by board size
// The sizes fitted on their own (today 10x10), as the shipped weights file has them.
SizeWeightsTable fittedSizeWeights();

struct EvalWeights {
    // queen-distance territory
    TermWeights t1{0.16978798605594164, 0.6686904657252222};
    // king-distance territory
    TermWeights t2{0.04102180518548946, 0.5475799781684618};
    // 2 * sum(2^-D1own - 2^-D1opp)
    TermWeights c1{-0.16789040736061386, -0.08148888595719747};
    // sum clamp((D2opp - D2own) / 6, -1, 1)
    TermWeights c2{0.20786512448182298, 0.28156384448447264};
    TermWeights mobility{0.12606648803664003, 0.25229892570088286};
    double tieBonus = 0.2;        // a square both reach at the same distance, to the mover
    double phaseScale = 40;       // w at which the opening weights apply fully
    double trappedPenalty = 4.0;  // per amazon with (almost) no room, in mobility units
    double trappedBelow = 12;     // mobility under which an amazon counts as nearly trapped
    double winScale = 4.0;        // score (in squares) for a win probability of 1/(1+e^-1)
    SizeWeightsTable bySize = fittedSizeWeights();
};

// The five terms in the order of every list of them: names and members.
constexpr int kEvalTerms = 5;
inline constexpr const char* kEvalTermNames[kEvalTerms] = {"t1", "t2", "c1", "c2", "mobility"};
inline constexpr TermWeights EvalWeights::*kEvalTermMembers[kEvalTerms] = {
    &EvalWeights::t1, &EvalWeights::t2, &EvalWeights::c1, &EvalWeights::c2, &EvalWeights::mobility};

// The five terms' weights on an n x n board: the shared ones, with that size's own values.
std::array<TermWeights, kEvalTerms> termWeightsFor(const EvalWeights& weights, int size);

// The raw terms, for tests and analysis; each is from the side to move's view.
struct EvalTerms {
    double t1 = 0, t2 = 0, c1 = 0, c2 = 0, mobility = 0;
    double w = 0;      // the phase measure above
    double phase = 0;  // clamp(w / phaseScale, 0, 1)
    double score = 0;
    int ownMobility[4] = {0, 0, 0, 0};  // per amazon, lowest square first
    int oppMobility[4] = {0, 0, 0, 0};
    // The terms in kEvalTermNames' order.
    std::array<double, kEvalTerms> values() const { return {t1, t2, c1, c2, mobility}; }
};

// Score of pos for its side to move. Does not look at whether the game is over. A term whose
// weights are both zero is computed only when `terms` asks for every term.
double evaluate(const Position& pos, const EvalWeights& weights, EvalTerms* terms = nullptr);

// Win probability for the side to move from a score.
double winProbability(double score, const EvalWeights& weights);

// Mobility of one amazon as the evaluation counts it: its queen-reachable squares, each
// weighted by its number of empty king-neighbours.
int amazonMobility(const Position& pos, int square);

}  // namespace hippolyta
