#include "adapters/sau_referee/sau_referee.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "adapters/sau_referee/platform_board.h"
#include "adapters/sau_referee/platform_channel.h"
#include "adapters/sau_referee/sau_game_files.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"
#include "engine/core/text_util.h"

namespace fs = std::filesystem;

namespace hippolyta {

namespace {

using Clock = PlatformChannel::Clock;

constexpr double kQuitGraceSeconds = 1.0;  // the platform waits 1 s after quit, then kills
constexpr double kSliceSeconds = 0.2;      // how often a wait looks at the stop flag

int slot(SauColor c) {
    return c == SauColor::Black ? 0 : 1;
}

SauColor other(SauColor c) {
    return c == SauColor::Black ? SauColor::White : SauColor::Black;
}

Clock::time_point after(double seconds) {
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// The command with its first word made absolute when it names a file here, and the folder to
// start it in: the one given, else that file's folder (the platform starts an engine in its
// own folder).
std::pair<std::string, std::string> placed(const std::string& command, const std::string& folder) {
    const size_t space = command.find(' ');
    const std::string first = command.substr(0, space);
    std::error_code ec;
    if (first.find('/') == std::string::npos || !fs::is_regular_file(first, ec))
        return {command, folder};
    const fs::path exe = fs::absolute(first, ec);
    const std::string rest = space == std::string::npos ? "" : command.substr(space);
    return {exe.string() + rest, folder.empty() ? exe.parent_path().string() : folder};
}

// One game: the two channels, the platform's board and ours, the clocks, the files.
class RefereeGame {
  public:
    RefereeGame(const SauRefereeConfig& config,
                const std::function<void(const std::string&)>& progress)
        : config_(config), progress_(progress), files_(config.outDir) {}

    SauGameResult play();

  private:
    void start();
    bool askNames();
    void playMoves();
    // One turn of `side`; false once the game is over.
    bool turn(SauColor side);
    // The mover's next move command; nothing when the deadline passes, its output ends or the
    // referee is interrupted.
    std::optional<std::string> awaitMove(SauColor side, Clock::time_point deadline);
    bool stopped() const { return config_.stop && config_.stop->load(); }
    // The game ends without a winner (SIGINT or SIGTERM), its records kept.
    void interrupt();
    // The platform's ProcessMove on a move command that came `elapsed` seconds into the turn.
    bool judge(SauColor side, const std::string& command, double elapsed);
    void accept(SauColor side, const PlatformStep& step, Move m, double elapsed);
    // `side` loses the game for `why`; `code` is the record's reason letter (T time, F forfeit).
    void lose(SauColor side, const std::string& why, char code);
    void send(SauColor side, const std::string& bytes);
    PlatformChannel::OnSkipped skipper(SauColor side);
    void note(const std::string& line);
    PlatformChannel& channel(SauColor c) { return *channels_[static_cast<size_t>(slot(c))]; }

    const SauRefereeConfig& config_;
    const std::function<void(const std::string&)>& progress_;
    SauGameFiles files_;
    std::array<std::unique_ptr<PlatformChannel>, 2> channels_;
    PlatformBoard board_;
    Game game_{Position::start(kSauBoardSize)};
    SauGameResult result_;
    bool over_ = false;
};

SauGameResult RefereeGame::play() {
    start();
    if (askNames()) playMoves();
    for (const SauColor c : {SauColor::Black, SauColor::White}) {
        send(c, "quit\n");
        channel(c).drain(skipper(c));
    }
    for (auto& ch : channels_)
        ch->finish(kQuitGraceSeconds);
    note("# " + describeSauOutcome(result_));  // no times: a transcript repeats exactly
    files_.finish(result_);
    return result_;
}

void RefereeGame::start() {
    note("# SAU Game Platform rules (hippolyta-sau-referee); Black moves first");
    for (const SauColor c : {SauColor::Black, SauColor::White}) {
        const auto [command, folder] = placed(config_.commands[static_cast<size_t>(slot(c))],
                                              config_.folders[static_cast<size_t>(slot(c))]);
        channels_[static_cast<size_t>(slot(c))] =
            std::make_unique<PlatformChannel>(command, folder);
    }
}

bool RefereeGame::askNames() {
    for (const SauColor c : {SauColor::Black, SauColor::White}) {
        send(c, "name?\n");
        const std::optional<std::string> name =
            channel(c).next("name", after(config_.nameSeconds), skipper(c));
        if (!name) {
            result_.reason = std::string(sauColorName(c)) + " gave no name (" +
                             channel(c).exitDescription() + "): no game";
            return false;
        }
        note("< " + std::string(sauColorName(c)) + ": " + escapeBytes(*name));
        result_.names[static_cast<size_t>(slot(c))] = name->substr(5);
    }
    files_.begin(result_.names);
    return true;
}

void RefereeGame::playMoves() {
    send(SauColor::Black, "new black\n");
    send(SauColor::White, "new white\n");
    for (SauColor side = SauColor::Black; turn(side); side = other(side)) {
    }
}

bool RefereeGame::turn(SauColor side) {
    double& used = result_.seconds[static_cast<size_t>(slot(side))];
    const auto turnStart = Clock::now();
    // The longest wait: the move timeout, or what is left of the time limit.
    double wait = config_.moveSeconds;
    if (config_.timeLimitSeconds > 0) wait = std::min(wait, config_.timeLimitSeconds - used);
    const auto deadline = after(std::max(0.0, wait) + 0.05);
    for (int errors = 0;;) {
        const std::optional<std::string> command = awaitMove(side, deadline);
        if (!command) {
            used += secondsSince(turnStart);
            if (stopped())
                interrupt();
            else if (channel(side).outputEnded())
                lose(side, "its engine " + channel(side).exitDescription(), 'F');
            else
                lose(side, "no move in time", 'T');
            return false;
        }
        note("< " + std::string(sauColorName(side)) + ": " + escapeBytes(*command));
        if (judge(side, *command, secondsSince(turnStart))) break;
        if (++errors >= config_.maxErrors) {
            used += secondsSince(turnStart);
            lose(side, std::to_string(errors) + " moves refused in one turn", 'F');
            return false;
        }
    }
    if (config_.timeLimitSeconds > 0 && used > config_.timeLimitSeconds && !over_)
        lose(side, "over its time limit", 'T');
    return !over_;
}

std::optional<std::string> RefereeGame::awaitMove(SauColor side, Clock::time_point deadline) {
    while (true) {
        channel(other(side)).drain(skipper(other(side)));  // out of turn: thrown away
        // In slices, so that an interrupt ends the wait soon.
        const auto slice = std::min(deadline, after(kSliceSeconds));
        std::optional<std::string> command = channel(side).next("move", slice, skipper(side));
        if (command || stopped() || Clock::now() >= deadline || channel(side).outputEnded())
            return command;
    }
}

void RefereeGame::interrupt() {
    result_.reason = "interrupted";
    note("# interrupted");
    over_ = true;
}

// The platform's ProcessMove: refused (error, the turn stays) or played. True when played.
bool RefereeGame::judge(SauColor side, const std::string& command, double elapsed) {
    const std::optional<PlatformStep> step = readPlatformStep(command);
    const bool fits = step && board_.fits(*step);
    // Our reading of the same six bytes: capitals A..J only, as the platform's board takes.
    const std::string six = command.substr(std::min<size_t>(5, command.size()), 6);
    const bool capitals =
        six.size() == 6 && six.find_first_not_of("ABCDEFGHIJ") == std::string::npos;
    const std::optional<Move> m = capitals ? parseSauMove(six) : std::nullopt;
    const bool legal = m && game_.position().isLegal(*m);
    if (fits != legal)
        result_.disagreements.push_back(
            "move " + std::to_string(game_.moves().size() + 1) + ": " + escapeBytes(command) +
            " is " + (fits ? "legal" : "illegal") + " by the platform's rules, not by ours");
    if (!fits || !legal) {
        ++result_.refused[static_cast<size_t>(slot(side))];
        send(side, "error\n");
        return false;
    }
    accept(side, *step, *m, elapsed);
    return true;
}

void RefereeGame::accept(SauColor side, const PlatformStep& step, Move m, double elapsed) {
    board_.play(step);
    game_.play(m);
    result_.moves.push_back(m);
    result_.moveSeconds.push_back(elapsed);
    result_.seconds[static_cast<size_t>(slot(side))] += elapsed;
    ++result_.moveCount[static_cast<size_t>(slot(side))];
    files_.move(result_);
    const std::string relay = "move " + formatSauMove(m) + "\n";
    const std::optional<SauColor> winner = board_.winner();
    const bool oursOver = sauGameOver(game_.position());
    if (winner.has_value() != oursOver ||
        (winner && toOurColor(*winner) != sauWinner(game_.position())))
        result_.disagreements.push_back("after move " + std::to_string(result_.moves.size()) +
                                        ": the platform's end and ours differ");
    if (!winner) {
        board_.next();
        send(other(side), relay);
        return;
    }
    send(other(side), relay + "end\n");  // one write, as the platform's denCmd
    send(side, "end\n");
    result_.winner = winner;
    result_.reason = "walled in";
    result_.recordResult = std::string(1, colorLetter(toOurColor(*winner))) + "+";
    over_ = true;
}

void RefereeGame::lose(SauColor side, const std::string& why, char code) {
    result_.winner = other(side);
    result_.reason = std::string(sauColorName(side)) + " lost: " + why;
    result_.recordResult = std::string(1, colorLetter(toOurColor(other(side)))) + "+" + code;
    note("# " + result_.reason);
    // The platform would wait; our referee ends the game for both.
    send(SauColor::Black, "end\n");
    send(SauColor::White, "end\n");
    over_ = true;
}

void RefereeGame::send(SauColor side, const std::string& bytes) {
    note("> " + std::string(sauColorName(side)) + ": " +
         escapeBytes(bytes.substr(0, bytes.size() - 1)));
    channel(side).write(bytes);
}

PlatformChannel::OnSkipped RefereeGame::skipper(SauColor side) {
    return [this, side](const std::string& text) {
        ++result_.ignored[static_cast<size_t>(slot(side))];
        note("< " + std::string(sauColorName(side)) + ": " + escapeBytes(text) + " (ignored)");
    };
}

void RefereeGame::note(const std::string& line) {
    files_.transcript(line);
    if (progress_) progress_(line);
}

}  // namespace

SauGameResult playSauGame(const SauRefereeConfig& config,
                          const std::function<void(const std::string&)>& progress) {
    RefereeGame game(config, progress);
    return game.play();
}

std::string describeSauOutcome(const SauGameResult& r) {
    const std::string after = " after " + std::to_string(r.moves.size()) + " moves";
    if (!r.winner) return r.reason + after;
    return std::string(sauColorName(*r.winner)) + " wins (" + r.reason + ")" + after;
}

std::string describeSauResult(const SauGameResult& r) {
    std::string out = describeSauOutcome(r) + "; black " + fixedDecimals(r.seconds[0], 1) +
                      " s, white " + fixedDecimals(r.seconds[1], 1) + " s";
    if (!r.disagreements.empty())
        out += "; " + std::to_string(r.disagreements.size()) + " rule disagreements";
    return out;
}

std::string escapeBytes(const std::string& bytes) {
    std::string out;
    for (const char ch : bytes) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == 0) {
            out += "\\0";
        } else if (c == '\\') {
            out += "\\\\";
        } else if (c < 0x20 || c >= 0x7f) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out += ch;
        }
    }
    return out;
}

}  // namespace hippolyta
