#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "adapters/training/territory_fit.h"
#include "engine/core/checked_text.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/eval/evaluation.h"
#include "engine/eval/territory_file.h"
#include "random_position.h"
#include "reference_distances.h"

namespace hippolyta {
namespace {

using L = TerritoryLayout;

// A square's class for a distance: 1..classes-2 exact up to the last reached class, which holds
// the rest; the last class is unreached.
int classOf(int distance, int classes) {
    if (distance == kUnreached) return classes - 1;
    return std::min(distance - 1, classes - 2);
}

// The cells computed square by square from breadth-first distances.
std::array<uint16_t, kMaxSquares> referenceCells(const Position& pos) {
    const Color me = pos.sideToMove(), you = opposite(me);
    const auto q0 = referenceDistances(pos, me, true), q1 = referenceDistances(pos, you, true);
    const auto k0 = referenceDistances(pos, me, false), k1 = referenceDistances(pos, you, false);
    int balance = 0;
    forEachSquare(pos.emptySquares(), [&](int s) {
        if (q0[s] < q1[s]) ++balance;
        if (q1[s] < q0[s]) --balance;
    });
    const int free = pos.width() * pos.height() - popCount(pos.amazons(me) | pos.amazons(you));
    const int stage = std::min(3, popCount(pos.arrows()) * 4 / free);
    std::array<uint16_t, kMaxSquares> cells;
    cells.fill(kNoCell);
    forEachSquare(pos.emptySquares(), [&](int s) {
        cells[s] = static_cast<uint16_t>(
            L::cell(stage, classOf(q0[s], L::kQueenClasses), classOf(q1[s], L::kQueenClasses),
                    classOf(k0[s], L::kKingClasses), classOf(k1[s], L::kKingClasses),
                    L::balanceClass(balance)));
    });
    return cells;
}

TEST(TerritoryModel, CellsMatchSquareBySquareReference) {
    std::mt19937_64 rng(47);
    for (int trial = 0; trial < 60; ++trial) {
        const int n = trial % 3 == 0 ? 8 : trial % 3 == 1 ? 10 : 6;
        const Position pos = randomPosition(n, static_cast<int>(rng() % 70), rng);
        std::array<uint16_t, kMaxSquares> cells;
        territoryCells(pos, cells);
        EXPECT_EQ(cells, referenceCells(pos)) << formatPosition(pos);
    }
}

TEST(TerritoryModel, BalanceBandsAndStages) {
    EXPECT_EQ(L::balanceClass(-30), 0);
    EXPECT_EQ(L::balanceClass(-12), 0);
    EXPECT_EQ(L::balanceClass(-11), 1);
    EXPECT_EQ(L::balanceClass(-1), 3);
    EXPECT_EQ(L::balanceClass(1), 3);
    EXPECT_EQ(L::balanceClass(2), 4);
    EXPECT_EQ(L::balanceClass(12), 6);
    EXPECT_EQ(territoryStage(Position::start(10)), 0);
    // 4x4 with two amazons a side: 12 free squares, 9 arrows: three quarters and more.
    EXPECT_EQ(territoryStage(parsePosition("WxxB/xxxx/xxx1/W2B w")), 3);
}

TEST(TerritoryModel, EvaluationSumsTheTableOverEmptySquares) {
    const Position pos = randomPosition(10, 20, 5);
    TerritoryValues values{};
    std::array<uint16_t, kMaxSquares> cells;
    territoryCells(pos, cells);
    for (int c = 0; c < L::kCells; ++c)
        values[c] = static_cast<float>((c % 7) - 3) / 4;
    double expected = 0;
    forEachSquare(pos.emptySquares(), [&](int s) { expected += values[cells[s]]; });
    EvalWeights w;
    w.territory = &values;
    EvalTerms t;
    evaluate(pos, w, &t);
    EXPECT_NEAR(t.ownership, expected, 1e-9);
    // Weighted in, it adds its weight times the sum to the score.
    EvalWeights on = w;
    on.bySize[10].value[10] = on.bySize[10].value[11] = 0.5;
    EvalTerms u;
    EXPECT_NEAR(evaluate(pos, on, &u) - evaluate(pos, w), 0.5 * expected, 1e-9);
}

TEST(TerritoryModel, CommittedTablesAreTheCompiledInOnes) {
    const std::string dir = std::string(HIPPOLYTA_SOURCE_DIR) + "/engine/weights/";
    for (const char* name : {"territory-8x8.table", "territory-10x10.table"}) {
        const TerritoryFile f = parseTerritoryFile(readWholeFile(dir + name), name);
        const TerritoryValues file = territoryValues(f.table);
        const TerritoryValues& built = builtInTerritoryValues(f.board);
        for (int c = 0; c < L::kCells; ++c)
            ASSERT_NEAR(built[c], file[c], 0.00051) << name << " cell " << c;
    }
}

TerritoryFile sampleFile() {
    TerritoryFile f;
    f.comments = {"made by hand for a test"};
    f.board = TerritoryBoard::Small;
    for (int c = 0; c < L::kCells; ++c) {
        f.table.own[c] = static_cast<float>(c % 10) / 20;
        f.table.opp[c] = static_cast<float>(c % 3) / 10;
    }
    return f;
}

bool refused(const std::string& text, const std::string& why) {
    try {
        parseTerritoryFile(text, "t.table");
    } catch (const TerritoryFileError& e) {
        return std::string(e.what()).find(why) != std::string::npos;
    }
    return false;
}

// Replaces the first `from` with `to` and seals the text again, so that only the content is wrong.
std::string resealed(std::string text, const std::string& from, const std::string& to) {
    text = text.substr(0, text.rfind("checksum "));
    text.replace(text.find(from), from.size(), to);
    return text + checksumLine(text);
}

TEST(TerritoryFile, RoundTripsAndIsRefusedWholeWhenDamaged) {
    const std::string text = formatTerritoryFile(sampleFile());
    const TerritoryFile back = parseTerritoryFile(text, "t.table");
    EXPECT_EQ(back.board, TerritoryBoard::Small);
    EXPECT_EQ(back.comments, sampleFile().comments);
    EXPECT_EQ(formatTerritoryFile(back), text);
    std::string flipped = text;
    flipped[text.size() / 2] = flipped[text.size() / 2] == '1' ? '2' : '1';
    EXPECT_TRUE(refused(flipped, "checksum mismatch"));
    EXPECT_TRUE(refused(text.substr(0, text.size() / 2), "no checksum line"));
    EXPECT_TRUE(refused("", "no checksum line"));
    EXPECT_TRUE(refused(resealed(text, "hippolyta-territory 1", "hippolyta-territory 2"),
                        "format version"));
    EXPECT_TRUE(refused(resealed(text, "hippolyta-territory", "hippolyta-weights"),
                        "not a Hippolyta territory table"));
    EXPECT_TRUE(refused(resealed(text, "board 8x8", "board 9x9"), "expected 'board 8x8'"));
    EXPECT_TRUE(refused(resealed(text, "cells 4 5 5 6 6 7", "cells 4 5 5 7 7 7"), "layout"));
    EXPECT_TRUE(refused(resealed(text, "0.00000 0.00000\n", ""), "lines of data"));
    EXPECT_TRUE(refused(resealed(text, "0.05000 0.10000", "0.95000 0.10000"), "out of range"));
    EXPECT_TRUE(refused(resealed(text, "0.05000 0.10000", "0.05000 x"), "expected 'P_OWN"));
}

TEST(TerritoryFit, LearnsWhatTheCountsSay) {
    TerritoryCounts train, validation;
    // Two cells: one the side to move always ends up owning, one nobody does.
    const int mine = L::cell(1, 0, 4, 0, 5, 3), dead = L::cell(2, 4, 4, 5, 5, 3);
    train.n[mine] = {0, 900, 100};
    train.n[dead] = {1000, 0, 0};
    validation.n[mine] = {0, 90, 10};
    validation.n[dead] = {100, 0, 0};
    TerritoryFitReport r;
    const TerritoryTable t = fitTerritory(train, validation, r);
    EXPECT_NEAR(t.own[mine], 0.9, 0.02);
    EXPECT_NEAR(t.opp[mine], 0.1, 0.02);
    EXPECT_LT(t.own[dead] + t.opp[dead], 0.02);
    const OwnershipScore s = scoreTable(t, validation);
    EXPECT_DOUBLE_EQ(s.squares, 200);
    EXPECT_DOUBLE_EQ(s.owned, 100);
    EXPECT_NEAR(s.signAccuracy, 0.9, 1e-9);
    EXPECT_NEAR(s.accuracy3, 0.95, 1e-9);
    // Nearer by queen moves: own at distance 1, the opponent unreached: own, right 90 times.
    EXPECT_NEAR(scoreQueenDistance(validation).signAccuracy, 0.9, 1e-9);
}

}  // namespace
}  // namespace hippolyta
