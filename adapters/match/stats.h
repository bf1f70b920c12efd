// Match statistics: score, Elo difference with its 95% interval, likelihood of superiority,
// and a Bernoulli SPRT for win/loss games (Amazons has no draws). Formulas in GUIDE.md §5.
#pragma once

namespace hippolyta {

struct Score {
    int wins = 0;
    int losses = 0;
    int draws = 0;

    int games() const { return wins + losses + draws; }
    // The mean game score (draws count half); 0 for no games.
    double ratio() const { return games() ? (wins + 0.5 * draws) / games() : 0.0; }
};

// Elo(p) = -400 log10(1/p - 1): +inf at p = 1, -inf at p = 0.
double eloFromScore(double p);

struct EloEstimate {
    double diff = 0;    // Elo of the mean score
    double margin = 0;  // half the width of the 95% interval (NaN if undefined)
    double los = 0.5;   // likelihood of superiority, 0..1
};

// The interval is the Elo of the 95% interval of the mean game score.
EloEstimate estimateElo(const Score& score);
// LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 with no decisive game.
double likelihoodOfSuperiority(int wins, int losses);

struct SprtConfig {
    double elo0 = 0;
    double elo1 = 10;
    double alpha = 0.05;
    double beta = 0.05;
};

struct SprtStatus {
    enum class Decision { Continue, AcceptH0, AcceptH1 };
    double llr = 0;
    double lower = 0;  // ln(beta / (1 - alpha))
    double upper = 0;  // ln((1 - beta) / alpha)
    Decision decision = Decision::Continue;
};

// Bernoulli SPRT on decisive games: H0 "engine1's win rate is that of elo0" against H1 "that of
// elo1". Draws, if any, are left out.
SprtStatus sprt(const SprtConfig& config, int wins, int losses);

}  // namespace hippolyta
