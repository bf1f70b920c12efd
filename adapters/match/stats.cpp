#include "adapters/match/stats.h"

#include <cmath>
#include <limits>

namespace hippolyta {

namespace {

constexpr double kZ975 = 1.959963984540054;  // the 97.5% quantile of the normal law

double winProbability(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

}  // namespace

double eloFromScore(double p) {
    if (p <= 0) return -std::numeric_limits<double>::infinity();
    if (p >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / p - 1.0);
}

double likelihoodOfSuperiority(int wins, int losses) {
    if (wins + losses == 0) return 0.5;
    return 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

EloEstimate estimateElo(const Score& score) {
    EloEstimate e;
    const int n = score.games();
    e.los = likelihoodOfSuperiority(score.wins, score.losses);
    if (n == 0) {
        e.margin = std::numeric_limits<double>::quiet_NaN();
        return e;
    }
    const double mu = score.ratio();
    e.diff = eloFromScore(mu);
    // Variance of one game's score about the mean, then the standard error of the mean.
    const double var = (score.wins * (1 - mu) * (1 - mu) + score.losses * mu * mu +
                        score.draws * (0.5 - mu) * (0.5 - mu)) /
                       n;
    const double stderrMean = std::sqrt(var / n);
    const double hi = eloFromScore(mu + kZ975 * stderrMean);
    const double lo = eloFromScore(mu - kZ975 * stderrMean);
    e.margin = std::isfinite(hi) && std::isfinite(lo) ? (hi - lo) / 2
                                                      : std::numeric_limits<double>::quiet_NaN();
    return e;
}

SprtStatus sprt(const SprtConfig& c, int wins, int losses) {
    SprtStatus s;
    const double p0 = winProbability(c.elo0), p1 = winProbability(c.elo1);
    s.llr = wins * std::log(p1 / p0) + losses * std::log((1 - p1) / (1 - p0));
    s.lower = std::log(c.beta / (1 - c.alpha));
    s.upper = std::log((1 - c.beta) / c.alpha);
    if (s.llr >= s.upper)
        s.decision = SprtStatus::Decision::AcceptH1;
    else if (s.llr <= s.lower)
        s.decision = SprtStatus::Decision::AcceptH0;
    return s;
}

}  // namespace hippolyta
