// The docs' GTP examples are tests: every fenced block of docs/*.md whose first line starts with
// `>` runs through the real build/bin/hippolyta, and the engine's answers must be the block's
// other lines. The marker syntax is described at the top of docs/protocol.md:
//   > TEXT     a line sent (a bare `>` sends an empty line); every other line is expected output,
//              the empty line that ends each answer included
//   …          (U+2026) inside a line matches any text; a line of `…` alone matches any number
//              of lines (none included)
//   <!-- example: ARGS -->   on the line before the block: extra engine options
//   <!-- example: skip WHY --> on the line before the block: not run (WHY says why)
// Each block runs in a fresh engine, in an empty directory of its own, with kBaseArgs (one
// thread, a fixed seed and fixed visits, so every searched move repeats), and gets each line
// only after the answers above it have arrived (so a streaming answer has its lines before the
// line that stops it). Trailing spaces are ignored.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/unit/engine_pipe.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const fs::path kDocs = fs::path(HIPPOLYTA_SOURCE_DIR) / "docs";
const fs::path kEngine = fs::path(HIPPOLYTA_BIN_DIR) / "hippolyta";
const std::vector<std::string> kBaseArgs = {"--threads", "1",   "--seed",   "1",
                                            "--visits",  "300", "--memory", "64"};
const std::string kAnyText = "\u2026";  // …

struct Example {
    std::string file;
    int line = 0;  // of the opening fence
    std::vector<std::string> args;
    std::string skip;                // why it is not run; empty when it is
    std::vector<std::string> lines;  // the block as written
};

// Names a block in gtest's messages by where it is.
void PrintTo(const Example& e, std::ostream* os) {
    *os << e.file << ":" << e.line;
}

std::string rtrim(std::string s) {
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
}

bool isSent(const std::string& line) {
    return line == ">" || line.rfind("> ", 0) == 0;
}

// The `<!-- example: ... -->` note on the line before a fence: options, or skip.
void readNote(const std::string& line, Example& e) {
    const std::string open = "<!-- example:", close = "-->";
    if (line.rfind(open, 0) != 0 || line.size() < open.size() + close.size()) return;
    std::istringstream words(line.substr(open.size(), line.size() - open.size() - close.size()));
    std::string word;
    words >> word;
    if (word == "skip") {
        std::getline(words, e.skip);
        e.skip = "skipped:" + e.skip;
        return;
    }
    for (; !word.empty(); word.clear(), words >> word)
        e.args.push_back(word);
}

std::vector<Example> examplesIn(const fs::path& path) {
    std::ifstream in(path);
    std::vector<Example> out;
    std::string previous, line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.rfind("```", 0) != 0) {
            previous = line;
            continue;
        }
        Example e{path.filename().string(), n, {}, {}, {}};
        readNote(previous, e);
        while (std::getline(in, line) && line.rfind("```", 0) != 0) {
            ++n;
            e.lines.push_back(line);
        }
        ++n;
        previous.clear();
        if (!e.lines.empty() && isSent(e.lines.front())) out.push_back(e);
    }
    return out;
}

std::vector<Example> allExamples() {
    std::vector<fs::path> docs;
    for (const auto& entry : fs::directory_iterator(kDocs))
        if (entry.path().extension() == ".md") docs.push_back(entry.path());
    std::sort(docs.begin(), docs.end());
    std::vector<Example> all;
    for (const fs::path& doc : docs)
        for (Example& e : examplesIn(doc))
            all.push_back(std::move(e));
    return all;
}

// Whether one output line fits one expected line, `…` matching any text.
bool lineMatches(const std::string& expected, const std::string& actual) {
    const size_t star = expected.find(kAnyText);
    if (star == std::string::npos) return expected == actual;
    const std::string head = expected.substr(0, star);
    if (actual.compare(0, head.size(), head) != 0) return false;
    const std::string rest = expected.substr(star + kAnyText.size());
    for (size_t at = head.size(); at <= actual.size(); ++at)
        if (lineMatches(rest, actual.substr(at))) return true;
    return false;
}

// Whether the output lines from `a` on fit the expected lines from `e` on; a line of `…`
// alone takes any number of output lines.
bool linesMatch(const std::vector<std::string>& expected, size_t e,
                const std::vector<std::string>& actual, size_t a) {
    if (e == expected.size()) return a == actual.size();
    if (expected[e] == kAnyText) {
        for (size_t k = a; k <= actual.size(); ++k)
            if (linesMatch(expected, e + 1, actual, k)) return true;
        return false;
    }
    return a < actual.size() && lineMatches(expected[e], actual[a]) &&
           linesMatch(expected, e + 1, actual, a + 1);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines)
        text += l + "\n";
    return text;
}

class DocExampleTest : public ::testing::TestWithParam<Example> {};

TEST_P(DocExampleTest, EngineAnswersAsShown) {
    const Example& ex = GetParam();
    if (!ex.skip.empty()) GTEST_SKIP() << ex.skip;
    ASSERT_TRUE(fs::exists(kEngine)) << kEngine << " is missing: build the hippolyta target";
    // Each sent line waits for the answers shown above it.
    std::vector<InputChunk> input;
    std::vector<std::string> expected;
    size_t fixedLines = 0;
    for (const std::string& line : ex.lines) {
        if (isSent(line)) {
            const std::string text = line.size() > 2 ? line.substr(2) : "";
            input.push_back({{}, text + "\n", std::nullopt, fixedLines});
            continue;
        }
        expected.push_back(rtrim(line));
        fixedLines += line != kAnyText;
    }
    TestDir dir;
    std::vector<std::string> args = kBaseArgs;
    args.insert(args.end(), ex.args.begin(), ex.args.end());
    const EngineRun run =
        runEngine(EngineLaunch{kEngine.string(), args, (dir / ".").string()}, input);
    ASSERT_FALSE(run.timedOut) << "the engine did not finish in time";
    EXPECT_EQ(run.exitCode, 0);
    std::vector<std::string> actual;
    std::istringstream out(run.output);
    for (std::string line; std::getline(out, line);)
        actual.push_back(rtrim(line));
    EXPECT_TRUE(linesMatch(expected, 0, actual, 0))
        << ex.file << ":" << ex.line << ": the engine answered\n"
        << joined(actual) << "-- where the doc shows\n"
        << joined(expected);
}

INSTANTIATE_TEST_SUITE_P(Docs, DocExampleTest, ::testing::ValuesIn(allExamples()),
                         [](const auto& info) {
                             std::string name =
                                 info.param.file + "_" + std::to_string(info.param.line);
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

TEST(DocExamples, AreFoundAndTheMatcherWorks) {
    EXPECT_GE(allExamples().size(), 30u) << "docs/protocol.md's examples were not found";
    EXPECT_TRUE(lineMatches("= d1-d7/g7", "= d1-d7/g7"));
    EXPECT_FALSE(lineMatches("= d1-d7/g7", "= d1-d7/g6"));
    EXPECT_TRUE(lineMatches("info move \u2026 visits \u2026 pv", "info move a1 visits 3 pv"));
    EXPECT_FALSE(lineMatches("info \u2026 pv", "info move a1"));
    const std::vector<std::string> expected = {"=3", "\u2026", ""};
    EXPECT_TRUE(linesMatch(expected, 0, {"=3", ""}, 0));
    EXPECT_TRUE(linesMatch(expected, 0, {"=3", "info a", "info b", ""}, 0));
    EXPECT_FALSE(linesMatch(expected, 0, {"=3", "info a"}, 0));
}

}  // namespace
}  // namespace hippolyta
