// The named engine constants: every one has a range that its built-in value and the shipped
// weights respect, and a value outside it (or a fraction for a whole-number one) is refused
// with a message, leaving the config unchanged.
#include <gtest/gtest.h>

#include "engine/core/checked_text.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

TEST(Parameters, OutOfRangeAndFractionsAreRefusedAndChangeNothing) {
    EngineConfig c;
    const uint32_t before = c.search.firstChunk;
    for (const char* bad :
         {"first_chunk=-1", "first_chunk=1e30", "first_chunk=0", "first_chunk=2.5",
          "playout_plies=-3", "exploration=-0.1", "eval.win_scale=0", "ordering=4",
          "prior.hem=1e30", "endgame_budget=1e300"}) {
        EXPECT_FALSE(setParameter(c, bad)) << bad;
        EXPECT_THROW(setParameterOrThrow(c, bad), ParameterError) << bad;
    }
    EXPECT_EQ(c.search.firstChunk, before);
    EXPECT_FALSE(setParameter(c, "first_chunk", -1.0));
    EXPECT_FALSE(setParameter(c, "first_chunk", 1e30));
    EXPECT_EQ(c.search.firstChunk, before);
    EXPECT_TRUE(setParameter(c, "first_chunk=12"));
    EXPECT_EQ(c.search.firstChunk, 12u);
    EXPECT_TRUE(setParameter(c, "first_chunk=1e3"));  // a whole number, however written
    EXPECT_EQ(c.search.firstChunk, 1000u);
}

TEST(Parameters, MessagesSayWhatIsWrong) {
    EXPECT_EQ(parameterProblem("first_chunk", -1),
              "first_chunk must be a whole number from 1 to 1000000, not -1");
    EXPECT_EQ(parameterProblem("first_chunk", 2.5), "first_chunk must be a whole number, not 2.5");
    EXPECT_NE(parameterProblem("no_such", 1).find("unknown constant 'no_such'"), std::string::npos);
    EXPECT_EQ(parameterProblem("exploration", 0.3), "");
    EngineConfig c;
    try {
        setParameterOrThrow(c, "exploration=lots");
        FAIL() << "no error";
    } catch (const ParameterError& e) {
        EXPECT_STREQ(e.what(), "exploration: 'lots' is not a number");
    }
    EXPECT_THROW(setParameterOrThrow(c, "exploration"), ParameterError);
}

TEST(Parameters, BuiltInValuesAndTheShippedWeightsAreInRange) {
    const EngineConfig defaults;
    const std::vector<ParameterInfo> infos = parameterInfos();
    ASSERT_EQ(infos.size(), parameterNames().size());
    for (const ParameterInfo& p : infos) {
        EXPECT_LT(p.min, p.max) << p.name;
        if (p.init) {
            EXPECT_EQ(parameterProblem(p.name, *p.init), "") << p.name;
        }
    }
    const std::string shipped =
        fileBytes(std::string(HIPPOLYTA_SOURCE_DIR) + "/engine/weights/hippolyta.weights");
    EngineConfig config;
    EXPECT_NO_THROW(applyWeights(parseWeights(shipped, "hippolyta.weights"), config));
}

TEST(Parameters, HelpListsEveryNameWithRangeAndValue) {
    const std::string help = parameterHelp();
    for (const std::string& name : parameterNames())
        EXPECT_NE(help.find("  " + name + " "), std::string::npos) << name;
    EXPECT_NE(help.find("first_chunk"), std::string::npos);
    EXPECT_NE(help.find("whole 1..1000000  8\n"), std::string::npos) << help;
    EXPECT_NE(help.find("unset"), std::string::npos);  // a board size without its own weights
}

TEST(Parameters, AWeightsFileOutOfRangeIsRefused) {
    EngineConfig config;
    WeightsFile w;
    w.values.emplace_back("first_chunk", -1);
    try {
        applyWeights(w, config);
        FAIL() << "no error";
    } catch (const WeightsError& e) {
        EXPECT_NE(std::string(e.what()).find("first_chunk must be"), std::string::npos);
    }
}

// A weights file's text with its checksum, as hippolyta-train would seal it.
std::string sealed(const std::string& body) {
    return body + checksumLine(body);
}

// Renamed constants are read under their new names, from --param and from files, with a notice.
TEST(RetiredParameters, RenamedOnesSetTheirSuccessors) {
    EngineConfig c;
    std::string notice;
    setParameterOrThrow(c, "solver_budget=1234", &notice);
    EXPECT_EQ(c.search.endgameBudget, 1234u);
    EXPECT_NE(notice.find("solver_budget is now endgame_budget"), std::string::npos) << notice;
    const WeightsFile w = parseWeights(
        sealed("hippolyta-weights 1\nsolver_max_empty 30\nexploration 0.2\n"), "old.weights");
    ASSERT_EQ(w.values.size(), 2u);
    EXPECT_EQ(w.values[0].first, "endgame_max_empty");
    ASSERT_EQ(w.notices.size(), 1u);
    EXPECT_NE(w.notices[0].find("old.weights line 2: solver_max_empty is now endgame_max_empty"),
              std::string::npos)
        << w.notices[0];
    // The old and the new name of one constant are one constant.
    EXPECT_THROW(
        parseWeights(sealed("hippolyta-weights 1\nsolver_budget 3\nendgame_budget 4\n"), "w"),
        WeightsError);
}

// A removed constant at its off value changes nothing and says so; at another value it is
// refused, naming the constant and the release that removed it.
TEST(RetiredParameters, RemovedOnesAreIgnoredOnlyAtTheirOffValue) {
    EngineConfig c;
    const EngineConfig before;
    std::string notice;
    for (const char* off :
         {"two_level=0", "minimax_weight=0", "rerank_top=0", "eval_order_visits=0",
          "endgame_bounds=0", "eval.ownership.open=0", "eval.10x10.ownership.end=0",
          "two_level_widening_base=3", "prior_bias=0"}) {
        notice.clear();
        EXPECT_NO_THROW(setParameterOrThrow(c, off, &notice)) << off;
        EXPECT_NE(notice.find("removed in release 0.3.0"), std::string::npos) << off << notice;
    }
    EXPECT_EQ(getParameter(c, "exploration"), getParameter(before, "exploration"));
    for (const char* on :
         {"two_level=1", "minimax_weight=0.3", "rerank_top=16", "eval_order_visits=4",
          "endgame_bounds=1", "eval.8x8.ownership.open=1", "prior_bias=0.04"}) {
        try {
            setParameterOrThrow(c, on);
            ADD_FAILURE() << on << " was accepted";
        } catch (const ParameterError& e) {
            const std::string name = std::string(on).substr(0, std::string(on).find('='));
            EXPECT_NE(std::string(e.what()).find(name + " "), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("removed in release 0.3.0"), std::string::npos)
                << e.what();
        }
    }
    const WeightsFile old =
        parseWeights(sealed("hippolyta-weights 1\n# an old file\ntwo_level 0\nminimax_weight 0\n"
                            "eval.ownership.end 0\nexploration 0.3\n"),
                     "old.weights");
    ASSERT_EQ(old.values.size(), 1u);
    EXPECT_EQ(old.values[0].first, "exploration");
    EXPECT_EQ(old.notices.size(), 3u);
    try {
        parseWeights(sealed("hippolyta-weights 1\nminimax_weight 0.5\nexploration 0.3\n"), "on");
        ADD_FAILURE() << "a removed constant turned on was accepted";
    } catch (const WeightsError& e) {
        EXPECT_NE(std::string(e.what()).find("on line 2: minimax_weight 0.5: the constant was "
                                             "removed in release 0.3.0"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace hippolyta
