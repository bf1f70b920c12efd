#include "engine/core/start_layouts.h"

#include <iterator>

namespace hippolyta {

namespace {

constexpr SquareCoord fileRank(char file, int rank) {
    return SquareCoord{file - 'a', rank - 1};
}

// White's amazons on the small boards of the solver papers, White (the first player) to move,
// rank 1 at the bottom, W columns by H rows. They stand on the "(1,2)-points in the corner" (J.
// Song and M. Mueller, "An Enhanced Solver for the Game of Amazons", IEEE TCIAIG 2014, as quoted
// by an independent solver that checked it against the paper's 5x6 figure): b1, a2 and their
// mirrors, so every entry equals cornerLayout() of its shape (a test checks it). M. Mueller's
// "Amazons 6x5 Solution Attempt" page shows 6x5 (White b1 e1 a2 f2, Black a4 f4 b5 e5). Which
// rows a source confirms is in docs/solver.md, "Board layouts".
constexpr StartLayout kPublished[] = {
    {BoardShape(4, 4), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(5, 5), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 5), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(5, 4), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 6), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(6, 4), {{fileRank('b', 1), fileRank('e', 1), fileRank('a', 2), fileRank('f', 2)}}},
    {BoardShape(5, 6), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 7), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(6, 5), {{fileRank('b', 1), fileRank('e', 1), fileRank('a', 2), fileRank('f', 2)}}},
};

}  // namespace

StartLayout cornerLayout(BoardShape shape) {
    const int last = shape.width - 1;
    return StartLayout{
        shape,
        {{SquareCoord{1, 0}, SquareCoord{last - 1, 0}, SquareCoord{0, 1}, SquareCoord{last, 1}}}};
}

StartLayout formulaLayout(BoardShape shape) {
    const int kc = (shape.width - 1) / 3, kr = (shape.height - 1) / 3;
    return StartLayout{shape,
                       {{SquareCoord{kc, 0}, SquareCoord{shape.width - 1 - kc, 0},
                         SquareCoord{0, kr}, SquareCoord{shape.width - 1, kr}}}};
}

const StartLayout* publishedLayoutsBegin() {
    return std::begin(kPublished);
}
const StartLayout* publishedLayoutsEnd() {
    return std::end(kPublished);
}

StartLayout startLayout(BoardShape shape) {
    for (const StartLayout& layout : kPublished)
        if (layout.shape == shape) return layout;
    return formulaLayout(shape);
}

}  // namespace hippolyta
