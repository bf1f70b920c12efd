// Hints and teaching mode. A hint is the analyst's best move for the shown position after a
// short search (or the live analysis's best, when it has one). In teaching mode a human's move
// is checked before the engine answers it: the position before it is searched (its best move
// and value) and the position after it (the value left to the mover); a move that loses more
// than the threshold is taken back, and the better move is sent as a hint to try again.
#include <algorithm>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "engine/core/notation.h"

namespace hippolyta {

using Json = StudioSession::Json;
using Want = EngineLink::Want;

namespace {

constexpr int kInterval = 20;  // centiseconds between amz-analyze lines

}  // namespace

void StudioSession::onHint() {
    if (options_.engines.empty() || gaveUp_[2])
        throw ClientError{"engine", "no engine to ask for a hint"};
    if (shown().isGameOver()) throw ClientError{"game_over", "the side to move has no move"};
    if (analysisOn_ && analysedVersion_ == version_ && !lastAnalysis_.is_null() &&
        lastAnalysis_["ply"] == ply_ && !lastAnalysis_["candidates"].empty()) {
        const Json& best = lastAnalysis_["candidates"][0];
        return sendHint(best["move"], best["winrate"]);
    }
    hint_ = Pending{version_, line_[ply_], Move{}, std::nullopt, ""};
}

void StudioSession::onTeaching(const Json& m) {
    teaching_ = messageField<bool>(m, "on", true);
    const double threshold = messageField<double>(m, "threshold", teachThreshold_);
    if (!(threshold > 0 && threshold <= 1))
        throw ClientError{"bad_message", "threshold must be a share of win rate, 0..1"};
    teachThreshold_ = threshold;
    if (!teaching_) teach_.reset();
}

void StudioSession::sendHint(const std::string& move, double winrate) {
    send_(Recipients::all(), {{"type", "hint"},
                              {"ply", ply_},
                              {"node", line_[ply_]},
                              {"move", move},
                              {"winrate", winrate}});
}

// A human's move, just played at the line's end: checked before the engine may answer.
void StudioSession::teachAfter(Move played) {
    if (!teaching_ || options_.engines.empty() || gaveUp_[2] || ply_ == 0) return;
    teach_ = Pending{version_, line_[ply_], played, std::nullopt, ""};
}

// Queues the next search of the hint or the teaching check, when the analyst is free.
void StudioSession::stepCoach() {
    if (gaveUp_[2]) {
        hint_.reset();
        teach_.reset();
        return;
    }
    if (!ready(Role::Analyst)) return;
    if (job_ == Job::Live || job_ == Job::Review) stopAnalyst();
    if (job_ != Job::Idle) return;
    const int node = coachTarget();
    if (node < 0) return;
    std::vector<int> path;
    for (int n = node; n > 0; n = tree_.nodes[n].parent)
        path.push_back(n);
    std::reverse(path.begin(), path.end());
    path.insert(path.begin(), 0);
    Position pos = start_;
    for (Move m : tree_.movesOf(path))
        pos.makeMove(m);
    if (pos.isGameOver()) return finishCoach(nullptr);
    try {
        EngineLink& e = link(Role::Analyst);
        e.sync(start_, tree_.movesOf(path), options_.commandTimeout);
        e.queue({"amz-solve " + std::to_string(kSolveSeconds),
                 options_.commandTimeout,
                 Want::Reply,
                 {}});
        e.queue({std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                     std::to_string(kInterval),
                 options_.commandTimeout, Want::Stream, kCoachSeconds, kFirstLineGraceSeconds});
        job_ = Job::Coach;
        coachNode_ = node;
        coachInfo_.clear();
        coachSolved_.reset();
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    }
}

// The node whose position the hint or the teaching check needs searched next; -1 for none. The
// check goes before any hint, and searches the position before the move, then the one after.
int StudioSession::coachTarget() const {
    if (teach_) return teach_->before ? teach_->node : tree_.nodes[teach_->node].parent;
    return hint_ ? hint_->node : -1;
}

void StudioSession::onCoachProgress(const EngineLink::Progress& p) {
    if (p.command.rfind("amz-solve", 0) == 0) {
        if (p.reply && p.reply->ok) coachSolved_ = parseSolve(p.reply->text);
        return;
    }
    if (!p.lines.empty()) coachInfo_ = p.lines.back();
    if (!p.reply) return;
    job_ = Job::Idle;
    const std::string& text = p.reply->text;
    const std::size_t lastLine = text.rfind('\n');
    const std::string tail = lastLine == std::string::npos ? text : text.substr(lastLine + 1);
    if (tail.rfind("info", 0) == 0) coachInfo_ = tail;
    if (coachNode_ != coachTarget()) return;  // another move came meanwhile: searched anew
    std::vector<Candidate> candidates = parseAnalysisLine(coachInfo_);
    if (coachSolved_) {  // proven: the exact value, and the winning move where there is one
        Candidate proven;
        proven.move = coachSolved_->win    ? coachSolved_->move
                      : candidates.empty() ? ""
                                           : candidates[0].move;
        proven.winrate = coachSolved_->win ? 1 : 0;
        candidates.insert(candidates.begin(), proven);
    }
    finishCoach(candidates.empty() ? nullptr : &candidates[0]);
}

// One search done: a hint is sent; a teaching check goes on to its second search or ends.
void StudioSession::finishCoach(const Candidate* best) {
    if (teach_) {
        Pending& t = *teach_;
        if (!t.before) {
            t.before = best ? best->winrate : 0.0;
            t.better = best ? best->move : "";
            return;  // the position after the move next
        }
        const double after = best ? 1 - best->winrate : 1.0;  // the mover's, after its move
        const double loss = shownLoss(std::max(0.0, *t.before - after));  // judged as shown
        const bool takeBack = loss > teachThreshold_ && !t.better.empty() && line_.back() == t.node;
        Json message = {{"type", "teach"},
                        {"move", formatMove(t.move, start_.width())},
                        {"better", t.better},
                        {"loss", loss},
                        {"taken_back", takeBack}};
        teach_.reset();
        if (takeBack) {
            tree_.cut(t.node);
            line_.pop_back();
            lineChanged(static_cast<int>(line_.size()) - 1);
            message["ply"] = ply_;
        }
        send_(Recipients::all(), message);
        broadcastState();
        if (takeBack) sendHint(message["better"], *t.before);
        return;
    }
    if (hint_) {
        const bool current = hint_->node == line_[ply_];
        hint_.reset();
        if (current) sendHint(best ? best->move : "", best ? best->winrate : 0.0);
    }
}

}  // namespace hippolyta
