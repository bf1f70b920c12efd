// The fake engines' commands (tests/fake-engines), for the tests that start them as processes.
#pragma once

#include <string>

namespace hippolyta::fake_engines {

inline const std::string kDir = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/";
// Plays the 6x6 game of game-6x6.txt.
inline const std::string kScripted =
    "exec bash " + kDir + "scripted-engine.sh " + kDir + "game-6x6.txt";
// Never answers boardsize, so never gets past the board's set-up.
inline const std::string kSilent = "exec bash " + kDir + "silent-engine.sh";

}  // namespace hippolyta::fake_engines
