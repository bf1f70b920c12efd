// Ratings for every entrant from all games by maximum likelihood, as BayesElo and Ordo do:
// the Bradley-Terry (logistic) model P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)), with no
// draws (Amazons has none). A weak prior keeps entrants with all wins or all losses finite: each
// entrant also gets one virtual win and one virtual loss against a virtual opponent rated 0.
// The error is the half-width of the 95% interval from the Hessian at the optimum (1.96 standard
// deviations of the rating relative to the anchor).
#pragma once

#include <vector>

namespace hippolyta {

struct DecisiveGame {
    int winner = 0;
    int loser = 0;
};

struct EloFit {
    std::vector<double> elo;
    std::vector<double> error;
};

// anchor: the index of the entrant rated 0 (its error is 0), or -1 for a mean of 0.
EloFit fitElo(int entrants, const std::vector<DecisiveGame>& games, int anchor = -1);

}  // namespace hippolyta
