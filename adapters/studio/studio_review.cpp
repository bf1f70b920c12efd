// The whole-game review: each position searched for a set time by the analyst, each move's
// loss in win rate for the side that played it, mistakes and blunders marked (kMistakeLoss,
// kBlunderLoss), progress with the time left, cancellable at any moment. Like the rest of the
// engines' work it is queued and its answers taken as they come (studio_engines.cpp).
#include <algorithm>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "adapters/studio/studio_territory.h"
#include "engine/core/notation.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

// Centiseconds between amz-analyze lines: at most 20, and at least a few lines in the time a
// position gets (a search stopped before its first line prints the one line it has).
int reviewInterval(double seconds) {
    return std::clamp(static_cast<int>(seconds * 100 / 3), 1, 20);
}

}  // namespace

void StudioSession::stepReview() {
    if (gaveUp_[2]) {
        reviewing_ = false;
        return;
    }
    if (!ready(Role::Analyst)) return;
    if (job_ == Job::Live) stopAnalyst();
    if (job_ == Job::Idle) startReviewPosition();
}

// Takes the position's territory lead (studio_territory.h) and queues its score (final_score
// answers only where the position is decided), the solver and the search; the link stops the
// search when its time is up, and onReviewProgress() takes the answers.
void StudioSession::startReviewPosition() {
    if (reviewPly_ > moves_.size()) {
        reviewing_ = false;
        broadcastState();
        return;
    }
    const Position pos = positionAt(reviewPly_);
    reviewDecided_.reset();
    reviewTerritory_.reset();
    reviewSolved_.reset();
    reviewRetries_ = 0;
    reviewFallback_.clear();
    reviewFallbackAsked_ = false;
    reviewTerritory_ = estimateTerritory(pos).lead;  // the Studio's own figure, no engine's
    if (pos.isGameOver()) return finishReviewPosition("");
    try {
        EngineLink& e = link(Role::Analyst);
        const double t = options_.commandTimeout;
        e.sync(start_, movesTo(reviewPly_), t);
        e.queue({"final_score", t, EngineLink::Want::Reply, {}});
        e.queue({"amz-moves_left", t, EngineLink::Want::Reply, {}});
        e.queue({"amz-solve " + std::to_string(kSolveSeconds), t, EngineLink::Want::Reply, {}});
        e.queue({std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                     std::to_string(reviewInterval(reviewSeconds_)),
                 t, EngineLink::Want::Stream, reviewSeconds_, kFirstLineGraceSeconds});
        job_ = Job::Review;
        reviewLastInfo_.clear();
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);  // the position is searched again after the restart
    }
}

void StudioSession::onReviewProgress(const EngineLink::Progress& p) {
    if (!reviewing_) return;  // cancelled: stopAnalyst() drops the rest
    if (p.command == "final_score") {
        if (p.reply && p.reply->ok && resultWinner(p.reply->text))
            reviewDecided_ = p.reply->text.substr(0, 12);
        return;
    }
    if (p.command == "amz-moves_left") {
        if (p.reply && p.reply->ok) data(reviewPly_).movesLeft = p.reply->text.substr(0, 40);
        return;
    }
    if (p.command.rfind("amz-solve", 0) == 0) {
        if (p.reply && p.reply->ok) reviewSolved_ = parseSolve(p.reply->text);
        return;
    }
    if (p.command.rfind("reg_genmove", 0) == 0) {  // the move of a lost position
        if (!p.reply) return;
        job_ = Job::Idle;
        std::string move = p.reply->ok ? p.reply->text.substr(0, 40) : "";
        std::transform(move.begin(), move.end(), move.begin(), ::tolower);
        if (move != "resign") reviewFallback_ = move;
        return finishReviewPosition(reviewLastInfo_);
    }
    if (!p.lines.empty()) reviewLastInfo_ = p.lines.back();
    if (!p.reply) return;
    job_ = Job::Idle;
    // The newest line of the answer is the search's last word.
    const std::string& text = p.reply->text;
    const std::size_t lastLine = text.rfind('\n');
    const std::string tail = lastLine == std::string::npos ? text : text.substr(lastLine + 1);
    if (tail.rfind("info", 0) == 0) reviewLastInfo_ = tail;
    // A search stopped before its first line (a loaded machine) is given twice the time again,
    // up to three times; the position is then left without a figure.
    if (reviewLastInfo_.empty() && !reviewSolved_ && !reviewDecided_ && reviewRetries_ < 3) {
        ++reviewRetries_;
        const double seconds = reviewSeconds_ * (1 << reviewRetries_);
        const Position pos = positionAt(reviewPly_);
        links_[2]->queue({std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                              std::to_string(reviewInterval(seconds)),
                          options_.commandTimeout, EngineLink::Want::Stream, seconds,
                          kFirstLineGraceSeconds});
        job_ = Job::Review;
        return;
    }
    // A proven loss has no line and the solver names no move: the side to move's move is then
    // the engine's quick choice (level 3 weighs each move by its territory, no search).
    const bool lost =
        (reviewSolved_ && !reviewSolved_->win) ||
        (reviewDecided_ && resultWinner(*reviewDecided_) != positionAt(reviewPly_).sideToMove());
    if (reviewLastInfo_.empty() && lost && !reviewFallbackAsked_) {
        reviewFallbackAsked_ = true;
        const double t = options_.commandTimeout;
        links_[2]->queue({"amz-level 3", t, EngineLink::Want::Nothing, {}});
        links_[2]->queue(
            {std::string("reg_genmove ") + sideName(positionAt(reviewPly_).sideToMove()),
             t,
             EngineLink::Want::Reply,
             {}});
        job_ = Job::Review;
        return;
    }
    finishReviewPosition(reviewLastInfo_);
}

// The position's value for the side to move: exact where the game is over or decided, else the
// search's best candidate, else unknown (never a made-up 50%).
void StudioSession::finishReviewPosition(const std::string& lastInfo) {
    const Position pos = positionAt(reviewPly_);
    const Color stmSide = pos.sideToMove();
    std::optional<double> stm;
    std::pair<std::string, std::vector<std::string>> best;
    const std::vector<Candidate> candidates =
        pos.isGameOver() ? std::vector<Candidate>{} : parseAnalysisLine(lastInfo);
    if (!candidates.empty()) best = {candidates[0].move, candidates[0].pv};
    if (reviewSolved_ && reviewSolved_->win && (best.first.empty() || !reviewDecided_))
        best = {reviewSolved_->move, {reviewSolved_->move}};  // the proven move
    if (best.first.empty() && !reviewFallback_.empty()) best = {reviewFallback_, {reviewFallback_}};
    if (pos.isGameOver())
        stm = 0;  // a side that cannot move has lost
    else if (reviewDecided_)
        stm = resultWinner(*reviewDecided_) == stmSide ? 1.0 : 0.0;
    else if (reviewSolved_)
        stm = reviewSolved_->win ? 1.0 : 0.0;
    else if (!candidates.empty())
        stm = candidates[0].winrate;
    failures_[2] = 0;
    reviewStm_.push_back(stm);
    reviewLead_.push_back(reviewTerritory_);
    reviewBest_.push_back(best);
    NodeData& here = data(reviewPly_);
    if (reviewTerritory_) here.lead = reviewTerritory_;
    if (reviewDecided_)  // else what is known stays (the finished game's score)
        here.decided = reviewDecided_;
    else if (reviewSolved_)  // proven by the solver: the winner, no count
        here.decided =
            std::string(1, colorLetter(reviewSolved_->win ? stmSide : opposite(stmSide))) + "+";
    if (reviewPly_ >= 1) {
        const Color mover = positionAt(reviewPly_ - 1).sideToMove();
        const std::optional<double> before = reviewStm_[reviewPly_ - 1];
        const std::optional<double> after =
            stm ? std::optional<double>(stmSide == mover ? *stm : 1 - *stm) : std::nullopt;
        here.reviewed = true;
        here.loss = before && after
                        ? std::optional<double>(shownLoss(std::max(0.0, *before - *after)))
                        : std::nullopt;
        const std::optional<double> leadBefore = reviewLead_[reviewPly_ - 1];
        const double sign = mover == Color::White ? 1 : -1;
        // Not clamped: a move that lost win rate may still have won squares, and says so.
        here.leadLoss = leadBefore && reviewTerritory_
                            ? std::optional<double>(sign * (*leadBefore - *reviewTerritory_))
                            : std::nullopt;
        here.best = reviewBest_[reviewPly_ - 1].first;
        here.bestLine = reviewBest_[reviewPly_ - 1].second;
        // The engine's own choice loses nothing by its judgement: a value that fell between two
        // short searches is their noise, and "better: the same move" would say nothing.
        if (here.loss && here.best == formatMove(moves_[reviewPly_ - 1], start_.width()))
            here.loss = 0.0;
    }
    if (stm) noteWinrate(reviewPly_, whiteView(*stm, stmSide));
    ++reviewPly_;
    sendProgress();
    if (reviewPly_ > moves_.size()) reviewing_ = false;
    broadcastState();
}

void StudioSession::sendProgress(bool cancelled) {
    const std::size_t total = moves_.size() + 1;
    const std::size_t done = std::min(reviewPly_, total);
    const double perPosition = done ? secondsSince(reviewStart_) / done : reviewSeconds_;
    Json progress = {{"type", "progress"},
                     {"task", "review"},
                     {"done", done},
                     {"total", total},
                     {"eta_seconds", perPosition * static_cast<double>(total - done)}};
    if (cancelled) progress["cancelled"] = true;
    send_(Recipients::all(), progress);
}

}  // namespace hippolyta
