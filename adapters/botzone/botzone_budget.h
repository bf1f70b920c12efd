// The Botzone bot's time per search, adapting to a slow machine. Botzone's judge allows 1 s a
// turn (2 s on the first) of wall time. The search stops itself on time, but on a loaded
// machine the process can lose the processor for a while after the search's last check, and
// the answer then comes late. So the bot keeps a safety margin: each turn that ends later than
// planned raises it by that lateness (and half again), each punctual turn lets it decay, and
// every search gets the turn's target minus the time already spent minus the margin.
#pragma once

#include <algorithm>

namespace hippolyta {

class BotzoneTurnBudget {
  public:
    static constexpr double kMinimumSearch = 0.05;  // never ask the engine for "no limit"
    static constexpr double kMaxMargin = 0.5;       // even a very slow machine keeps some search
    static constexpr double kDecay = 0.8;           // per punctual turn

    // Seconds the search may take when `target` seconds are planned for the whole turn and
    // `elapsed` are already gone (reading the input, replaying the history).
    double searchSeconds(double target, double elapsed) const {
        return std::max(kMinimumSearch, target - elapsed - margin_);
    }

    // After a turn planned for `target` seconds took `taken`: lateness raises the margin.
    void record(double target, double taken) {
        const double late = taken - target;
        if (late > 0)
            margin_ = std::min(kMaxMargin, margin_ + 1.5 * late);
        else
            margin_ *= kDecay;
    }

    double margin() const { return margin_; }

  private:
    double margin_ = 0;
};

}  // namespace hippolyta
