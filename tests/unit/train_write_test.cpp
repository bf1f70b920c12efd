// hippolyta-train write: a weights file made from another keeps the start file's comment lines
// (its history) before its own command and notes, and carries the changed constant.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/file_io.h"
#include "engine/search/weights_file.h"
#include "tests/unit/cli_run.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

double valueOf(const WeightsFile& f, const std::string& name) {
    const auto it = std::find_if(f.values.begin(), f.values.end(),
                                 [&](const auto& v) { return v.first == name; });
    EXPECT_NE(it, f.values.end()) << name;
    return it == f.values.end() ? 0 : it->second;
}

TEST(TrainWrite, KeepsTheStartFilesHistory) {
    TestDir dir;
    const std::string shipped = HIPPOLYTA_SOURCE_DIR "/engine/weights/hippolyta.weights";
    const WeightsFile start = parseWeights(readWholeFile(shipped), shipped);
    ASSERT_GE(start.comments.size(), 2u);
    const std::string first = (dir / "first.weights").string();
    const CliRun run = runCliTool("hippolyta-train write --weights " + shipped +
                                  " --param exploration=0.2 --note first-note --out " + first);
    ASSERT_EQ(run.status, 0) << run.out;
    const WeightsFile made = parseWeights(readWholeFile(first), first);
    ASSERT_EQ(made.comments.size(), start.comments.size() + 2);
    EXPECT_TRUE(std::equal(start.comments.begin(), start.comments.end(), made.comments.begin()));
    EXPECT_EQ(made.comments[start.comments.size()].rfind("hippolyta-train write --weights ", 0),
              0u);
    EXPECT_EQ(made.comments.back(), "first-note");
    EXPECT_DOUBLE_EQ(valueOf(made, "exploration"), 0.2);
    EXPECT_DOUBLE_EQ(valueOf(made, "virtual_loss"), valueOf(start, "virtual_loss"));

    // A second step keeps both: the history only grows.
    const std::string second = (dir / "second.weights").string();
    ASSERT_EQ(runCliTool("hippolyta-train write --weights " + first + " --note second-note --out " +
                         second)
                  .status,
              0);
    const WeightsFile again = parseWeights(readWholeFile(second), second);
    ASSERT_EQ(again.comments.size(), made.comments.size() + 2);
    EXPECT_TRUE(std::equal(made.comments.begin(), made.comments.end(), again.comments.begin()));
    EXPECT_EQ(again.comments.back(), "second-note");
    EXPECT_DOUBLE_EQ(valueOf(again, "exploration"), 0.2);

    // Without a start file there is no history: the command and the note only.
    const std::string fresh = (dir / "fresh.weights").string();
    ASSERT_EQ(runCliTool("hippolyta-train write --note fresh-note --out " + fresh).status, 0);
    EXPECT_EQ(parseWeights(readWholeFile(fresh), fresh).comments.size(), 2u);
}

}  // namespace
}  // namespace hippolyta
