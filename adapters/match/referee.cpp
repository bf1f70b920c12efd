#include "adapters/match/referee.h"
#include "engine/core/text_util.h"
#include "engine/eval/final_score.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace hippolyta {

namespace {

using Clock = std::chrono::steady_clock;

// A lost game: thrown from deep inside the game loop, caught once at the top.
struct Forfeit {
    Color loser;
    EndReason reason;
    std::string detail;
};

EndReason reasonOf(FailureKind kind) {
    switch (kind) {
        case FailureKind::Crash:
            return EndReason::Crash;
        case FailureKind::Hang:
            return EndReason::Hang;
        case FailureKind::Protocol:
        default:
            return EndReason::Protocol;
    }
}

class Referee {
  public:
    Referee(MatchEngine& white, MatchEngine& black, const Opening& opening,
            const std::string& openingSgf, const RefereeOptions& options)
        : engines_{&white, &black},
          opening_(opening),
          openingSgf_(openingSgf),
          options_(options),
          game_(opening.start),
          clock_(options.timeControl, options.graceSeconds) {
        record_.start = opening.start;
    }

    GameResult run() {
        GameResult result;
        try {
            setUp(Color::White);
            setUp(Color::Black);
            playOpening();
            while (game_.position().hasLegalMove())
                playOneMove();
            const Color loser = game_.position().sideToMove();
            result.territory = territoryOf(game_.position(), opposite(loser));
            finish(result, opposite(loser), EndReason::NoMoves,
                   std::string(colorName(loser)) + " has no legal move");
        } catch (const Forfeit& f) {
            finish(result, opposite(f.loser), f.reason,
                   std::string(colorName(f.loser)) + ": " + f.detail);
        }
        return result;
    }

  private:
    MatchEngine& engine(Color c) { return *engines_[index(c)]; }

    // Sends a command to side's engine; any failure of the engine forfeits the game for it.
    GtpReply call(Color side, const std::string& command, double timeout) {
        try {
            return engine(side).send(command, timeout);
        } catch (const EngineFailure& e) {
            throw Forfeit{side, reasonOf(e.kind()), e.what()};
        }
    }
    void require(Color side, const std::string& command) {
        const GtpReply r = call(side, command, options_.commandTimeout);
        if (!r.ok)
            throw Forfeit{side, EndReason::Protocol,
                          "'" + command + "' failed: " + trimmed(r.text)};
    }

    void setUp(Color side) {
        try {
            engine(side).ensureStarted();
        } catch (const EngineFailure& e) {
            throw Forfeit{side, reasonOf(e.kind()), std::string("cannot start: ") + e.what()};
        }
        require(side, "boardsize " + std::to_string(game_.size()));
        require(side, "clear_board");
        const MatchTimeControl& tc = options_.timeControl;
        if (tc.kind != ClockKind::None) {
            // Engines may play without knowing the clock: a refusal here costs nothing.
            const bool kgs = engine(side).lists("kgs-time_settings");
            if (tc.kind == ClockKind::Fischer && engine(side).lists("amz-time_settings"))
                call(side,
                     "amz-time_settings fischer " + formatSeconds(tc.mainSeconds) + " " +
                         formatSeconds(tc.incrementSeconds),
                     options_.commandTimeout);
            else if (kgs || engine(side).mayKnow("time_settings"))
                call(side, timeSettingsCommand(tc, kgs), options_.commandTimeout);
        }
        if (opening_.fromPosition) require(side, "loadsgf " + openingSgf_);
    }

    void playOpening() {
        for (Move m : opening_.moves) {
            const Color mover = game_.position().sideToMove();
            const std::string text = formatMove(m, game_.size(), options_.moveStyle);
            require(Color::White, std::string("play ") + colorName(mover) + " " + text);
            require(Color::Black, std::string("play ") + colorName(mover) + " " + text);
            game_.play(m);
            record_.addMove(m, mover);
        }
    }

    void playOneMove() {
        const Color side = game_.position().sideToMove();
        const int n = game_.size();
        const std::string tl =
            clock_.timeLeftCommand(side, engine(side).lists("kgs-time_settings"));
        if (!tl.empty() && engine(side).mayKnow("time_left"))
            call(side, tl, options_.commandTimeout);  // a refusal is harmless

        const std::optional<double> deadline = clock_.deadline(side);
        const double wait = deadline ? *deadline : options_.untimedMoveTimeout;
        const auto t0 = Clock::now();
        GtpReply reply;
        try {
            reply = engine(side).send(std::string("genmove ") + colorName(side), wait);
        } catch (const EngineFailure& e) {
            if (e.kind() == FailureKind::Hang && deadline)
                throw Forfeit{side, EndReason::Time,
                              "no move within " + formatSeconds(*deadline) + " s"};
            throw Forfeit{side, reasonOf(e.kind()), e.what()};
        }
        const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
        if (!reply.ok)
            throw Forfeit{side, EndReason::Protocol, "genmove failed: " + trimmed(reply.text)};
        const std::string text = trimmed(reply.text);
        if (!clock_.charge(side, elapsed))
            throw Forfeit{side, EndReason::Time,
                          "took " + formatSeconds(elapsed) + " s, " +
                              formatSeconds(deadline.value_or(0)) + " s allowed"};
        if (lowerCase(text) == "resign")
            throw Forfeit{side, EndReason::FalseResign, "resigned with legal moves left"};
        Move m;
        try {
            m = parseMove(text, n);
        } catch (const NotationError& e) {
            throw Forfeit{side, EndReason::Illegal, "unreadable move: " + std::string(e.what())};
        }
        if (!game_.position().isLegal(m))
            throw Forfeit{side, EndReason::Illegal, "played " + text + ", which is illegal"};
        game_.play(m);
        record_.addMove(m, side, clock_.timeLeft(side));
        const Color other = opposite(side);
        require(other, std::string("play ") + colorName(side) + " " +
                           formatMove(m, n, options_.moveStyle));
    }

    void finish(GameResult& result, Color winner, EndReason reason, std::string detail) {
        result.winner = winner;
        result.reason = reason;
        result.detail = std::move(detail);
        record_.result = resultCode(winner, reason, result.territory);
        record_.comment = result.detail;
        result.record = record_;
        result.used[0] = clock_.used(Color::White);
        result.used[1] = clock_.used(Color::Black);
    }

    MatchEngine* engines_[2];
    const Opening& opening_;
    const std::string& openingSgf_;
    const RefereeOptions& options_;
    Game game_;
    GameClock clock_;
    GameRecord record_;
};

}  // namespace

GameResult playGame(MatchEngine& white, MatchEngine& black, const Opening& opening,
                    const std::string& openingSgf, const RefereeOptions& options) {
    return Referee(white, black, opening, openingSgf, options).run();
}

}  // namespace hippolyta
