#include "engine/core/start_layouts.h"

#include <iterator>

namespace hippolyta {

namespace {

constexpr SquareCoord fileRank(char file, int rank) {
    return SquareCoord{file - 'a', rank - 1};
}

// White's amazons on the small boards of the solver papers, White (the first player) to move,
// rank 1 at the bottom. Sources: M. Müller's "Amazons 6x5 Solution Attempt" page
// (webdocs.cs.ualberta.ca/~mmueller/amazons/6x5-solution.html) shows 6x5 (White b1 e1 a2 f2,
// Black a4 f4 b5 e5); J. Song and M. Müller, "An Enhanced Solver for the Game of Amazons",
// IEEE TCIAIG 6(1), 2014, and J. Song's MSc thesis (U. of Alberta, 2013) solve the others. The
// same page names 5x6's first move B1-B4xD4 and 5x5's B1-B3xD3 (White on b1). Which rows we
// confirmed from a source and which we inferred is in docs/solver.md, "Board layouts". Every
// entry equals formulaLayout() of its shape (a test checks it).
constexpr StartLayout kPublished[] = {
    {BoardShape(4, 4), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(5, 5), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 5), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(5, 4), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 6), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 2), fileRank('d', 2)}}},
    {BoardShape(6, 4), {{fileRank('b', 1), fileRank('e', 1), fileRank('a', 2), fileRank('f', 2)}}},
    {BoardShape(5, 6), {{fileRank('b', 1), fileRank('d', 1), fileRank('a', 2), fileRank('e', 2)}}},
    {BoardShape(4, 7), {{fileRank('b', 1), fileRank('c', 1), fileRank('a', 3), fileRank('d', 3)}}},
    {BoardShape(6, 5), {{fileRank('b', 1), fileRank('e', 1), fileRank('a', 2), fileRank('f', 2)}}},
};

}  // namespace

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
