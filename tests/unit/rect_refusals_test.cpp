// What does not take a rectangle refuses it with a clear error instead of misreading it: the
// self-play training data, the network's features, the opening book's text form.
#include <gtest/gtest.h>

#include <sstream>

#include "adapters/selfplay/training_data.h"
#include "engine/core/notation.h"
#include "engine/nn/features.h"
#include "opening-book/book_file.h"

namespace hippolyta {
namespace {

template <typename E, typename F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return "no error";
}

TEST(RectRefusals, TrainingDataHoldsSquareBoardsOnly) {
    SelfPlayGame g;
    g.start = Position::start(BoardShape(6, 5));
    EXPECT_EQ(errorOf<std::invalid_argument>([&] { encodeGame(g, kTrainingDataVersion); }),
              "training data: a 6x5 game; the format holds square boards only");
}

TEST(RectRefusals, NetworkFeaturesNeedASquareBoard) {
    std::vector<uint8_t> codes;
    EXPECT_EQ(errorOf<std::invalid_argument>(
                  [&] { featureCodes(Position::start(BoardShape(4, 7)), codes); }),
              "the network's features need a square board, not 4x7");
}

TEST(RectRefusals, BookTextRefusesARectanglePosition) {
    std::istringstream in("position 1B2B1/B4B/6/W4W/1W2W1 w visits 10\n");
    const std::string what = errorOf<BookError>([&] { importBookText(in); });
    EXPECT_NE(what.find("a 6x5 position: books are for square boards"), std::string::npos) << what;
}

}  // namespace
}  // namespace hippolyta
