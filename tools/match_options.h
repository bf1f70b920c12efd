// The options hippolyta-match and hippolyta-tournament share (same names, same meaning), so
// that both tools parse them alike. Header only: every tools/*.cpp is a program of its own.
#pragma once

#include <boost/program_options.hpp>
#include <stdexcept>
#include <string>

#include "adapters/match/match_runner.h"
#include "adapters/match/referee.h"

namespace hippolyta {

// Where the shared options land; the text ones are converted by applySharedOptions().
struct SharedOptions {
    int* size;
    RefereeOptions* referee;
    double* startupTimeout;
    int* concurrency;
    std::string* openingsFile;
    int* randomPlies;
    uint64_t* seed;
    std::string* outDir;
    bool* verbose;
    std::string tc = "none", moveStyle = "slash", shard = "";
    double perMove = 0;
};

inline void addSharedOptions(boost::program_options::options_description& opts, SharedOptions& o) {
    namespace po = boost::program_options;
    // clang-format off
    opts.add_options()
        ("size", po::value(o.size)->default_value(kDefaultBoardSize)->value_name("N"),
            "board size 4..11")
        ("tc", po::value(&o.tc)->default_value("none")->value_name("SPEC"),
            "time control: none, move:S (S s per move), M (sudden death), M+I (Fischer), "
            "M+NxP (byo-yomi: N periods of P s)")
        ("st", po::value(&o.perMove)->value_name("S"),
            "fixed seconds per move (same as --tc move:S)")
        ("grace", po::value(&o.referee->graceSeconds)->default_value(0.5)->value_name("S"),
            "seconds a move may overrun its time before it loses")
        ("move-timeout",
            po::value(&o.referee->untimedMoveTimeout)->default_value(60)->value_name("S"),
            "without a time control, seconds before a silent genmove counts as a hang")
        ("command-timeout",
            po::value(&o.referee->commandTimeout)->default_value(10)->value_name("S"),
            "seconds to answer any other command before it counts as a hang")
        ("startup-timeout", po::value(o.startupTimeout)->default_value(30)->value_name("S"),
            "seconds for an engine to answer its first commands")
        ("concurrency", po::value(o.concurrency)->default_value(1)->value_name("N"),
            "games in parallel")
        ("openings", po::value(o.openingsFile)->value_name("FILE"),
            "file of openings, one a line: moves, or a position string; each is played once "
            "from each side")
        ("random-plies", po::value(o.randomPlies)->default_value(2)->value_name("N"),
            "without --openings: plies of each seeded random opening")
        ("seed", po::value(o.seed)->default_value(1)->value_name("N"),
            "seed of the random openings")
        ("out", po::value(o.outDir)->value_name("DIR"),
            "directory for games (SGF, text) and the results table; rerun to resume")
        ("move-style", po::value(&o.moveStyle)->default_value("slash")->value_name("slash|dash"),
            "how moves are sent with play: slash (d1-d7/g7) or dash (d1-d7-g7)")
        ("verbose,v", po::bool_switch(o.verbose),
            "GTP traffic and the engines' stderr to stderr")
        ("shard", po::value(&o.shard)->value_name("I/N"),
            "play only games g with (g-1) mod N = I");
    // clang-format on
}

// After notify(): the time control, the move style and the shard. Throws std::invalid_argument.
inline void applySharedOptions(const boost::program_options::variables_map& vm,
                               const SharedOptions& o, int& shardIndex, int& shardCount) {
    o.referee->timeControl = vm.count("st") ? parseTimeControl("move:" + std::to_string(o.perMove))
                                            : parseTimeControl(o.tc);
    if (o.moveStyle != "slash" && o.moveStyle != "dash")
        throw std::invalid_argument("--move-style must be slash or dash");
    o.referee->moveStyle = o.moveStyle == "dash" ? MoveStyle::Dash : MoveStyle::Slash;
    if (!o.shard.empty()) std::tie(shardIndex, shardCount) = parseShard(o.shard);
}

}  // namespace hippolyta
