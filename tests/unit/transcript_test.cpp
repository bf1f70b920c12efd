// Protocol transcript tests against the real engine binary (build/bin/hippolyta).
//
// Each tests/transcripts/*.gtp file is a golden transcript: the commands sent and the exact
// output expected, line by line. Line kinds:
//   ## note            for the reader; ignored (so is a line left empty)
//   ! ARGS            extra engine arguments, split at spaces (e.g. `! --seed 7`)
//   > TEXT            a line sent to the engine (TEXT is what follows "> "; a bare ">" sends an
//                     empty line). Escapes: \r \t \\ \0 \xHH, and \c at the very end means "send
//                     no LF after this line". An LF is added otherwise.
//   < TEXT            the next output line must equal TEXT; a bare "<" is the empty line that ends
//                     every response
//   <~ REGEX          the next output line must match REGEX (ECMAScript, whole line)
//   <* REGEX          any number of next output lines (none included) matching REGEX, greedily
//   ~ MILLISECONDS    wait this long before sending the lines that follow (for pondering and
//                     streaming analysis, which run until the next input line)
//   ~> REGEX          wait until an output line matching REGEX has arrived (up to 30 s)
//                     before sending the lines that follow: streaming tests that must not depend
//                     on how fast a loaded machine runs the engine
// The runner starts the engine, writes the input at once up to each pause (so commands always
// arrive several at a time, as Quarry sends them), closes stdin, reads all output, and checks that
// the engine exited with code 0 within the time limit and that its output is exactly the
// expected lines, nothing more. Trailing spaces are ignored when lines are compared (GTP puts a
// space after `=id` even when the result is empty); the unit tests check exact bytes.
//
// A second test feeds about 1 MB of random bytes (fixed seed) and then checks that the engine
// still answers correctly, kept its position, and exits 0.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "tests/unit/engine_pipe.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const fs::path kTranscriptDir = fs::path(HIPPOLYTA_SOURCE_DIR) / "tests" / "transcripts";
const fs::path kEngine = fs::path(HIPPOLYTA_BIN_DIR) / "hippolyta";

EngineRun runEngine(const std::vector<std::string>& args, const std::vector<InputChunk>& input) {
    return runEngine(EngineLaunch{kEngine.string(), args}, input);
}

struct Expectation {
    enum class Kind { Exact, Regex, Repeated };
    std::string text;
    Kind kind = Kind::Exact;
    int fileLine = 0;
};

struct Transcript {
    std::vector<std::string> args;
    std::vector<InputChunk> input{InputChunk{}};
    std::vector<Expectation> expected;
};

std::string unescape(const std::string& text, int fileLine) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            out += text[i];
            continue;
        }
        if (++i >= text.size())
            throw std::runtime_error("dangling \\ on line " + std::to_string(fileLine));
        switch (text[i]) {
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case '0':
                out += '\0';
                break;
            case '\\':
                out += '\\';
                break;
            case 'x':
                out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
                i += 2;
                break;
            default:
                throw std::runtime_error("unknown escape on line " + std::to_string(fileLine));
        }
    }
    return out;
}

Transcript readTranscript(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("cannot open " + path.string());
    Transcript t;
    int lineNo = 0;
    for (std::string line; std::getline(file, line);) {
        ++lineNo;
        if (line.empty() || line.starts_with("##")) continue;
        const auto rest = [&](size_t prefix) {
            return line.size() > prefix ? line.substr(prefix + 1) : std::string();
        };
        if (line.starts_with("<~")) {
            t.expected.push_back({rest(2), Expectation::Kind::Regex, lineNo});
        } else if (line.starts_with("<*")) {
            t.expected.push_back({rest(2), Expectation::Kind::Repeated, lineNo});
        } else if (line.starts_with("<")) {
            t.expected.push_back({rest(1), Expectation::Kind::Exact, lineNo});
        } else if (line.starts_with(">")) {
            std::string text = rest(1);
            const bool noNewline = text.ends_with("\\c");
            if (noNewline) text.resize(text.size() - 2);
            t.input.back().text += unescape(text, lineNo);
            if (!noNewline) t.input.back().text += '\n';
        } else if (line.starts_with("~>")) {
            t.input.push_back({std::chrono::milliseconds(0), "", std::regex(rest(2))});
        } else if (line.starts_with("~")) {
            t.input.push_back({std::chrono::milliseconds(std::stoi(rest(1))), "", std::nullopt});
        } else if (line.starts_with("!")) {
            std::istringstream words(rest(1));
            for (std::string w; words >> w;)
                t.args.push_back(w);
        } else {
            throw std::runtime_error(path.filename().string() + ":" + std::to_string(lineNo) +
                                     ": unknown line kind");
        }
    }
    return t;
}

std::string rtrim(std::string s) {
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
}

std::vector<std::string> outputLines(const std::string& output) {
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        lines.push_back(rtrim(line));
    return lines;
}

std::vector<fs::path> transcriptFiles() {
    std::vector<fs::path> files;
    if (fs::is_directory(kTranscriptDir))
        for (const auto& entry : fs::directory_iterator(kTranscriptDir))
            if (entry.path().extension() == ".gtp") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class TranscriptTest : public ::testing::TestWithParam<fs::path> {};

TEST_P(TranscriptTest, MatchesGolden) {
    ASSERT_TRUE(fs::exists(kEngine)) << kEngine << " is missing: build the hippolyta target";
    const Transcript t = readTranscript(GetParam());
    const EngineRun run = runEngine(t.args, t.input);
    ASSERT_FALSE(run.timedOut) << "the engine did not finish in time";
    EXPECT_TRUE(run.exitedNormally) << "the engine died from a signal";
    EXPECT_EQ(run.exitCode, 0);
    const std::vector<std::string> lines = outputLines(run.output);
    const std::string file = GetParam().filename().string();
    size_t next = 0;  // the output line to check next
    for (const Expectation& e : t.expected) {
        if (e.kind == Expectation::Kind::Repeated) {
            const std::regex re(e.text);
            while (next < lines.size() && std::regex_match(lines[next], re))
                ++next;
            continue;
        }
        if (next >= lines.size()) {
            ADD_FAILURE() << file << ":" << e.fileLine << ": output ended early; expected '"
                          << e.text << "'\nwhole output:\n"
                          << run.output;
            return;
        }
        const bool match = e.kind == Expectation::Kind::Regex
                               ? std::regex_match(lines[next], std::regex(e.text))
                               : lines[next] == rtrim(e.text);
        if (!match) {
            ADD_FAILURE() << file << ":" << e.fileLine << ": output line " << next + 1 << " is '"
                          << lines[next] << "', expected '" << e.text << "'\nwhole output:\n"
                          << run.output;
            return;
        }
        ++next;
    }
    EXPECT_EQ(next, lines.size()) << file << ": extra output:\n" << run.output;
    EXPECT_TRUE(run.output.empty() || run.output.ends_with("\n\n")) << file;
}

INSTANTIATE_TEST_SUITE_P(Files, TranscriptTest, ::testing::ValuesIn(transcriptFiles()),
                         [](const auto& info) {
                             std::string name = info.param.stem().string();
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

TEST(Transcripts, AreThere) {
    EXPECT_GE(transcriptFiles().size(), 8u) << kTranscriptDir;
}

// Splits GTP output into responses; fails on anything that is not `=`/`?` framing.
std::vector<std::string> responses(const std::string& output) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < output.size()) {
        const size_t end = output.find("\n\n", pos);
        if (end == std::string::npos) {
            ADD_FAILURE() << "unterminated response at byte " << pos;
            break;
        }
        const std::string r = output.substr(pos, end - pos);
        EXPECT_TRUE(!r.empty() && (r[0] == '=' || r[0] == '?')) << "bad response '" << r << "'";
        out.push_back(r);
        pos = end + 2;
    }
    return out;
}

TEST(RandomInput, EngineSurvivesAndKeepsItsState) {
    ASSERT_TRUE(fs::exists(kEngine)) << kEngine << " is missing: build the hippolyta target";
    std::mt19937 rng(20240611);
    std::string input = "1 boardsize 8\n2 play w c1-c6/f3\n";
    const std::vector<std::string> nearMisses = {"play w z9-z9/z9",
                                                 "boardsize 99",
                                                 "amz-position garbage w",
                                                 "genmove",
                                                 "undo undo",
                                                 "play\tb",
                                                 "amz-perft 99",
                                                 "time_left w -5 0",
                                                 "komi x",
                                                 "set_game chess",
                                                 "play b c8-c1/c2",
                                                 "\xff\xfe\xfd",
                                                 "amz-legal_moves x",
                                                 "kgs-time_settings byoyomi 1 0 0",
                                                 "known_command"};
    int hugeLines = 0;
    std::vector<std::string> nearMissIds;
    while (input.size() < (1u << 20)) {
        const unsigned kind = rng() % 10;
        if (kind < 7) {  // random bytes, all 256 values
            const size_t len = 1 + rng() % 4096;
            for (size_t i = 0; i < len; ++i)
                input += static_cast<char>(rng() & 0xff);
        } else if (kind < 9) {  // a malformed command on a line of its own, with an id
            const std::string id = std::to_string(9000 + nearMissIds.size());
            nearMissIds.push_back(id);
            input += "\n" + id + " " + nearMisses[rng() % nearMisses.size()] + "\n";
        } else {  // a huge line over the 64 KiB cap, no LF inside
            const size_t len = 65537 + rng() % 100000;
            for (size_t i = 0; i < len; ++i) {
                char c = static_cast<char>(rng() & 0xff);
                input += c == '\n' ? 'z' : c;
            }
            input += '\n';
            ++hugeLines;
        }
    }
    input += "\n7001 amz-position\n7002 name\n";
    ASSERT_GE(hugeLines, 2) << "the seed should give a few huge lines";

    const EngineRun run = runEngine({}, {InputChunk{{}, input, std::nullopt}});
    ASSERT_FALSE(run.timedOut);
    EXPECT_TRUE(run.exitedNormally);
    EXPECT_EQ(run.exitCode, 0);
    for (const unsigned char c : run.output)
        ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f)) << "non-printable output byte " << +c;

    const std::vector<std::string> rs = responses(run.output);
    ASSERT_GE(rs.size(), 4u);
    EXPECT_EQ(rtrim(rs[0]), "=1");
    EXPECT_EQ(rtrim(rs[1]), "=2");
    Position expected = Position::start(8);
    expected.makeMove(parseMove("c1-c6/f3", 8));
    EXPECT_EQ(rs[rs.size() - 2], "=7001 " + formatPosition(expected));
    EXPECT_EQ(rs.back(), "=7002 Hippolyta");
    int tooLong = 0;
    for (const std::string& r : rs)
        tooLong += r.starts_with("? line too long");
    EXPECT_EQ(tooLong, hugeLines);
    for (const std::string& id : nearMissIds) {
        const bool failed = std::any_of(rs.begin(), rs.end(), [&](const std::string& r) {
            return r.starts_with("?" + id + " ");
        });
        EXPECT_TRUE(failed) << "no error answer for the malformed command with id " << id;
    }
}

}  // namespace
}  // namespace hippolyta
