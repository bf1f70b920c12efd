// Who meets whom in a tournament: the round robin and gauntlet schedules, fixed in advance, and
// the Swiss pairing of each round from the results so far (docs/tournaments.md states the rule).
// Every encounter is two games with colours swapped and the same opening.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hippolyta {

enum class TournamentFormat { RoundRobin, Gauntlet, Swiss, Olympiad };

// "round-robin", "gauntlet", "swiss", "olympiad".
const char* formatName(TournamentFormat format);
std::optional<TournamentFormat> parseFormat(std::string_view text);

// Olympiad rules: all-play-all for six or fewer entrants, else a 5-round Swiss.
constexpr int kOlympiadAllPlayAllMax = 6;
constexpr int kOlympiadSwissRounds = 5;

struct Encounter {
    int first = 0;   // entrant index with White in the encounter's first game
    int second = 0;  // with White in the second game
    friend bool operator==(const Encounter&, const Encounter&) = default;
};

struct Round {
    std::vector<Encounter> encounters;
    int bye = -1;  // Swiss with an odd number: the entrant without a game (scores 1 point)
};

// The encounters of one round of the tournament, numbered across rounds in order: encounter e
// (from 0) plays games 2e+1 (first has White) and 2e+2 (second has White) from opening e.
// Every round of a format has the same number of encounters, so numbers never shift.
int encountersPerRound(TournamentFormat format, int entrants);

// Round robin: each round is a whole cycle (every pair once, in circle-method order); colours
// of the first game alternate between cycles. Gauntlet: entrant 0 against each other entrant
// per round. Throws std::invalid_argument for Swiss or Olympiad.
std::vector<Round> fixedRounds(TournamentFormat format, int entrants, int rounds);

// The pairing of the next Swiss round from the rounds before it and each entrant's points
// (wins plus byes). Throws std::runtime_error if no pairing without a repeated encounter
// exists (too many rounds for the number of entrants).
Round swissRound(int entrants, const std::vector<Round>& played, const std::vector<int>& points);

}  // namespace hippolyta
