// The named engine constants: every one has a range that its built-in value and the shipped
// weights respect, and a value outside it (or a fraction for a whole-number one) is refused
// with a message, leaving the config unchanged.
#include <gtest/gtest.h>

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
          "prior.hem=1e30", "solver_budget=1e300"}) {
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

}  // namespace
}  // namespace hippolyta
