// Positions the search tests share.
#pragma once

#include <gtest/gtest.h>

#include "engine/core/game.h"
#include "engine/core/notation.h"

namespace hippolyta {

// A 10x10 game four plies in: both sides have moved two amazons and shot across the board.
inline Game tenByTenMiddleGame() {
    Game g(Position::start(10));
    for (const char* m : {"d1-d7/g7", "j7-g4/b4", "j4-j6/b6", "g10-h9/j7"})
        EXPECT_TRUE(g.play(parseMove(m, 10)));
    return g;
}

}  // namespace hippolyta
