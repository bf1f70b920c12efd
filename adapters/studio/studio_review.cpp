// The whole-game review: each position searched for a set time by the analyst, each move's
// loss in win rate for the side that played it, mistakes and blunders marked (kMistakeLoss,
// kBlunderLoss), progress with the time left, cancellable at any moment. Like the rest of the
// engines' work it is queued and its answers taken as they come (studio_engines.cpp).
#include <algorithm>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

constexpr int kReviewInterval = 20;  // centiseconds between amz-analyze lines

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

// Queues the search of one position; the link stops it when its time is up, and
// onReviewProgress() takes its lines and its reply.
void StudioSession::startReviewPosition() {
    if (reviewPly_ > moves_.size()) {
        reviewing_ = false;
        broadcastState();
        return;
    }
    const Position pos = positionAt(reviewPly_);
    if (pos.isGameOver()) return finishReviewPosition("");
    try {
        EngineLink& e = link(Role::Analyst);
        e.sync(start_, movesTo(reviewPly_), options_.commandTimeout);
        e.queue({std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                     std::to_string(kReviewInterval),
                 options_.commandTimeout, EngineLink::Want::Stream, reviewSeconds_});
        job_ = Job::Review;
        reviewLastInfo_.clear();
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);  // the position is searched again after the restart
    }
}

void StudioSession::onReviewProgress(const EngineLink::Progress& p) {
    if (!reviewing_) return;  // cancelled: stopAnalyst() drops the rest
    if (!p.lines.empty()) reviewLastInfo_ = p.lines.back();
    if (!p.reply) return;
    job_ = Job::Idle;
    // The newest line of the answer is the search's last word.
    const std::string& text = p.reply->text;
    const std::size_t lastLine = text.rfind('\n');
    const std::string tail = lastLine == std::string::npos ? text : text.substr(lastLine + 1);
    if (tail.rfind("info", 0) == 0) reviewLastInfo_ = tail;
    finishReviewPosition(reviewLastInfo_);
}

void StudioSession::finishReviewPosition(const std::string& lastInfo) {
    const Position pos = positionAt(reviewPly_);
    double stm = 0;  // a side that cannot move has lost
    std::string best;
    if (!pos.isGameOver()) {
        const std::vector<Candidate> candidates = parseAnalysisLine(lastInfo);
        stm = candidates.empty() ? 0.5 : candidates[0].winrate;
        if (!candidates.empty()) best = candidates[0].move;
    }
    failures_[2] = 0;
    reviewStm_.push_back(stm);
    reviewBest_.push_back(best);
    const double white = pos.sideToMove() == Color::White ? stm : 1 - stm;
    if (reviewPly_ >= 1) {
        const Color mover = positionAt(reviewPly_ - 1).sideToMove();
        const double before = reviewStm_[reviewPly_ - 1];
        const double after = pos.sideToMove() == mover ? stm : 1 - stm;
        review_.push_back({static_cast<int>(reviewPly_), white, std::max(0.0, before - after),
                           reviewBest_[reviewPly_ - 1]});
    }
    noteWinrate(reviewPly_, white);
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
