// Integration: two real engines play through the real match runner (build/bin/hippolyta-match)
// under short clocks on 6x6; the engines budget from the clock, so no game may be lost on time.
// Takes about ten seconds of wall time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/match/results_table.h"
#include "tests/unit/child_wait.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;

const fs::path kBin(HIPPOLYTA_BIN_DIR);

class TimeMatchTest : public ::testing::TestWithParam<const char*> {
  protected:
    TestDir dir_;
};

TEST_P(TimeMatchTest, NoGameIsLostOnTime) {
    const fs::path runner = kBin / "hippolyta-match", engine = kBin / "hippolyta";
    ASSERT_TRUE(fs::exists(runner)) << runner << ": build the hippolyta-match target";
    ASSERT_TRUE(fs::exists(engine)) << engine << ": build the hippolyta target";
    const std::string tc = GetParam();
    const fs::path out = dir_ / "out";
    bp::child match(runner.string(), "--engine1", engine.string() + " --seed 1", "--engine2",
                    engine.string() + " --seed 2", "--size", "6", "--tc", tc, "--games", "2",
                    "--concurrency", "2", "--out", out.string(), bp::std_out > bp::null,
                    bp::std_err > bp::null);
    if (!exitedWithin(match, std::chrono::seconds(90))) {
        match.terminate();
        FAIL() << "the match did not finish";
    }
    EXPECT_EQ(match.exit_code(), 0);
    const ParsedTable table = parseResultsTable(fileBytes(out / "results.tsv"), "results.tsv");
    ASSERT_EQ(table.rows.size(), 2u);
    for (const GameRow& r : table.rows) {
        EXPECT_EQ(r.reason, EndReason::NoMoves) << "tc " << tc << ": " << r.detail;
        EXPECT_GT(r.plies, 10) << r.detail;
    }
}

// Sudden death and Fischer: 2 s a side, or 1.5 s plus 0.05 s a move.
INSTANTIATE_TEST_SUITE_P(Clocks, TimeMatchTest, ::testing::Values("2", "1.5+0.05"));

}  // namespace
}  // namespace hippolyta
