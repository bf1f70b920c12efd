// The robustness soak (docs/robustness.md): many fast self-play games against one GTP engine
// with pondering, streaming analysis, undo, records, time commands and bad input mixed in at
// random (seeded), every answer refereed with the rules core and the engine's stderr scanned
// for sanitizer reports; or a long ponder checked against the memory cap. Driven by
// tools/hippolyta-soak.cpp.
#pragma once

#include <cstdint>
#include <string>

namespace hippolyta {

struct SoakOptions {
    std::string engine;  // the engine's command line, run by /bin/sh (exec'd in memory mode)
    int games = 100;
    int size = 8;
    bool mixedSizes = false;  // sizes 5..10 at random
    uint64_t seed = 1;
    std::string engineLog;
    std::string trafficFile;  // every line both ways, for debugging
    double timeout = 60;      // seconds for any one answer
    int maxCrashes = 5;       // stop after this many engine restarts
    double ponderSeconds = 0;
    int memoryMb = 256;
    int allowanceMb = 64;
};

// Plays o.games games; prints the figures on stdout. 0 only when nothing went wrong.
int runSoakGames(const SoakOptions& o);
// Plays one move on 10x10, ponders o.ponderSeconds under --memory o.memoryMb and prints the
// peak resident size. 0 only when it stayed within the cap plus o.allowanceMb.
int runPonderMemory(const SoakOptions& o);

}  // namespace hippolyta
