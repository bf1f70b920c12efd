// Whole GTP sessions: the input's lines are fed to one live session (the real input loop, with
// pondering and streamed analysis on their background threads), then `name` is asked. After any
// command sequence the engine must still answer `= Hippolyta`, and no command may end in an
// internal error (an exception other than a protocol error).
//
// The first byte picks the engine (mcts or greedy), pondering, the tree memory, the board and
// whether the shipped opening books are used; the search is cheap (16 visits). Lines that would
// take long or touch arbitrary files are rewritten: amz-perft deeper than 1 is dropped, and
// loadsgf/printsgf files go to one of four names in a scratch directory (so that a game saved by
// printsgf can be loaded back).
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "protocol/gtp_framing.h"
#include "protocol/gtp_session.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

constexpr long long kMaxPerft = 1;
constexpr uint64_t kVisits = 16;  // depth 2 on 10x10 takes 0.3 s under ASan
const char* const kName = "= Hippolyta\n\n";

std::string scratchDir;

// The line to send in place of `raw`, or nothing to skip it.
std::optional<std::string> neutralised(const std::string& raw) {
    const GtpCommand cmd = parseCommand(cleanLine(raw));
    if (cmd.name == "amz-perft" && cmd.args.size() == 1) {
        long long depth = 0;
        const std::string& w = cmd.args[0];
        const auto [end, err] = std::from_chars(w.data(), w.data() + w.size(), depth);
        if (err == std::errc() && end == w.data() + w.size() && depth > kMaxPerft)
            return std::nullopt;
    }
    if ((cmd.name == "loadsgf" || cmd.name == "printsgf") && !cmd.args.empty()) {
        std::string line = cmd.id ? *cmd.id + " " : "";
        line += cmd.name + " " + scratchDir + "/rec" +
                std::to_string(std::hash<std::string>()(cmd.args[0]) % 4) + ".sgf";
        for (size_t i = 1; i < cmd.args.size(); ++i)
            line += " " + cmd.args[i];
        return line;
    }
    return raw;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);
    std::string tmpl = (std::filesystem::temp_directory_path() / "hippolyta-fuzz-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) fuzz::fail("cannot create a scratch directory");
    scratchDir = tmpl;
    std::atexit([] {
        std::error_code ec;
        std::filesystem::remove_all(scratchDir, ec);
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const uint8_t flags = data[0];
    EngineConfig config;
    config.player = flags & 1 ? "greedy" : "mcts";
    config.threads = 1;
    config.memoryMb = 1 + (flags >> 2 & 1);
    // The endgame solver and region counting keep their code paths but with small budgets.
    config.search.endgameBudget = 300;
    config.search.regionBudgetRoot = 300;
    config.search.regionBudgetTree = 50;
    config.visits = kVisits;
    config.moveTimeSeconds = 0.05;
    config.seed = flags >> 3;
    GtpOptions options;
    options.ponder = flags & 2;
    options.maxPonderSeconds = 1;
    // Bit 7: the shipped opening books (loaded on first use for 8x8 and 10x10).
    if (flags & 0x80) options.book.directories = {HIPPOLYTA_FUZZ_BOOK_DIR};

    // Bits 4-6 pick the starting board, mostly small ones (a 10x10 search costs ten times a
    // 6x6 one); sessions can still change it with boardsize.
    constexpr int kSizes[8] = {6, 5, 7, 8, 6, 4, 5, 10};
    std::string input = "boardsize " + std::to_string(kSizes[flags >> 4 & 7]) + "\n";
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    for (size_t pos = 0; pos <= text.size();) {
        const size_t end = std::min(text.find('\n', pos), text.size());
        if (const auto line = neutralised(std::string(text.substr(pos, end - pos))))
            input += *line + "\n";
        pos = end + 1;
    }
    input += "name\n";

    GtpSession session(config, options);
    std::istringstream in(input);
    std::ostringstream out;
    FUZZ_CHECK(session.run(in, out) == 0, "the session did not exit with 0");
    const std::string answers = out.str();
    FUZZ_CHECK(answers.find("internal error") == std::string::npos,
               "a command ended in an internal error:\n" + answers);
    if (!session.state().quitRequested())
        FUZZ_CHECK(answers.ends_with(kName), "the last answer is not '= Hippolyta':\n" + answers);
    FUZZ_CHECK(session.execute("name") == kName, "name answers wrongly after the session");
    return 0;
}
