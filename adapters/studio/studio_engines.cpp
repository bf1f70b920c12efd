// The Studio's engines: the players' moves, the live analysis, and what happens when an engine
// crashes or hangs (it is killed, reported, restarted and the game replayed into it). Work is
// queued on an engine's link and its replies are acted on in tick(), as they come: nothing here
// waits for an engine.
#include <algorithm>
#include <iostream>
#include <thread>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "adapters/studio/studio_territory.h"
#include "engine/core/notation.h"

namespace hippolyta {

using Json = StudioSession::Json;
using Want = EngineLink::Want;

namespace {

constexpr int kAnalysisInterval = 30;  // centiseconds between amz-analyze lines
constexpr std::size_t kMaxCandidates = 10;

}  // namespace

void StudioSession::tick() {
    checkFlag();
    for (Role role : {Role::White, Role::Black, Role::Analyst})
        service(role);
    const Color toMove = last().sideToMove();
    const Role player = toMove == Color::White ? Role::White : Role::Black;
    if (!thinking_ && !reviewing_ && !teach_ && engineToMove() && ready(player)) startMove(toMove);
    if (teach_ || hint_)
        stepCoach();
    else if (reviewing_)
        stepReview();
    else if (analysisOn_ && !thinking_ && watchers_ > 0)
        stepAnalysis();
    else if (job_ == Job::Live || job_ == Job::Review)
        stopAnalyst();
    if (result_ && job_ == Job::Idle && scoredNode_ != line_.back()) stepScore();
}

// The score of a finished game (final_score: the winner's territory), asked once per line end.
void StudioSession::stepScore() {
    if (gaveUp_[2] || !ready(Role::Analyst) || options_.engines.empty()) return;
    try {
        EngineLink& e = link(Role::Analyst);
        e.sync(start_, moves_, options_.commandTimeout);
        e.queue({"final_score", options_.commandTimeout, Want::Reply, {}});
        scoredNode_ = line_.back();
        job_ = Job::Score;
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    }
}

bool StudioSession::active() const {
    // The live analysis needs no close watch: its lines wake the loop.
    return thinking_ || job_ == Job::Review || job_ == Job::Coach || reviewing_ || teach_ ||
           hint_ || clockRunning_ || restarting_[0] || restarting_[1] || restarting_[2] ||
           engineToMove();
}

// Engines move only at the end of the line shown, and not on a line played for study.
bool StudioSession::engineToMove() const {
    const Color toMove = last().sideToMove();
    return !result_ && ply_ == static_cast<int>(moves_.size()) && engineSide(toMove) &&
           !gaveUp_[index(toMove)] && !data_[line_.back()].study;
}

void StudioSession::shutdown() {
    // Every engine is asked at once and given a second in all; the rest are killed.
    for (auto& link : links_)
        if (link) link->askToQuit();
    const auto deadline = EngineLink::Clock::now() + std::chrono::seconds(1);
    for (auto& link : links_)
        while (link && !link->exited() && EngineLink::Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (auto& link : links_)
        link.reset();
    thinking_.reset();
    job_ = Job::Idle;
}

int StudioSession::enginePid(Color side) const {
    const auto& link = links_[index(side)];
    return link ? link->pid() : -1;
}

int StudioSession::analystPid() const {
    return links_[2] ? links_[2]->pid() : -1;
}

const StudioEngine* StudioSession::specNamed(const std::string& name) const {
    for (const StudioEngine& e : options_.engines)
        if (e.name == name) return &e;
    return nullptr;
}

const StudioEngine* StudioSession::specFor(Role role) const {
    const int r = static_cast<int>(role);
    return role == Role::Analyst ? (options_.engines.empty() ? nullptr : &options_.engines[0])
           : players_[r].rfind("engine:", 0) == 0 ? specNamed(players_[r].substr(7))
                                                  : nullptr;
}

EngineLink& StudioSession::link(Role role) {
    const int r = static_cast<int>(role);
    const StudioEngine* spec = specFor(role);
    if (!spec) throw EngineFailure(FailureKind::Crash, "no such engine");
    if (!spec->missing.empty()) throw EngineFailure(FailureKind::Crash, spec->missing);
    if (links_[r] && links_[r]->name() != spec->name) {
        links_[r].reset();
        restarting_[r] = false;
    }
    if (!links_[r])
        links_[r] =
            std::make_unique<EngineLink>(spec->name, spec->command, options_.engineStderr, wake_);
    return *links_[r];
}

bool StudioSession::ready(Role role) const {
    return !restarting_[static_cast<int>(role)];
}

Position StudioSession::positionAt(std::size_t ply) const {
    Position pos = start_;
    for (std::size_t i = 0; i < ply && i < moves_.size(); ++i)
        pos.makeMove(moves_[i]);
    return pos;
}

std::vector<Move> StudioSession::movesTo(std::size_t ply) const {
    return {moves_.begin(), moves_.begin() + static_cast<long>(std::min(ply, moves_.size()))};
}

// Polls until nothing more is whole: each reply is acted on before the next is taken.
void StudioSession::service(Role role) {
    const int r = static_cast<int>(role);
    try {
        for (EngineLink* e = links_[r].get(); e && e == links_[r].get();) {
            const EngineLink::Progress p = e->poll();
            if (restarting_[r] && !e->busy()) restarted(role);
            if (!p.reply && p.lines.empty()) return;
            onProgress(role, p);
            if (!p.reply) return;
        }
    } catch (const EngineFailure& f) {
        failed(role, f);
    } catch (const std::runtime_error& err) {  // an answer we cannot read
        failed(role, EngineFailure(FailureKind::Protocol, err.what()));
    }
}

void StudioSession::onProgress(Role role, const EngineLink::Progress& p) {
    if (role != Role::Analyst) {
        const Color side = role == Role::White ? Color::White : Color::Black;
        if (thinking_ == side && p.reply) onMove(side, p);
    } else if (job_ == Job::Review) {
        onReviewProgress(p);
    } else if (job_ == Job::Coach) {
        onCoachProgress(p);
    } else if (job_ == Job::Score) {
        if (!p.reply) return;
        job_ = Job::Idle;
        if (p.reply->ok && resultWinner(p.reply->text)) {
            data_[scoredNode_].decided = p.reply->text.substr(0, 12);
            broadcastState();
        }
    } else if (job_ == Job::Live && analysedVersion_ == version_) {
        if (p.command == "final_score" && p.reply) return onFinalScore(*p.reply);
        if (p.command == "amz-moves_left" && p.reply) {
            if (p.reply->ok) data(ply_).movesLeft = p.reply->text.substr(0, 40);
            if (shown().isGameOver()) publishAnalysis();  // no solver, no search: that is all
            return;
        }
        if (p.command.rfind("amz-solve", 0) == 0 && p.reply) {
            liveSolved_ = p.reply->ok ? parseSolve(p.reply->text) : std::nullopt;
            const Color stm = shown().sideToMove();
            if (liveSolved_ && !data(ply_).decided)
                data(ply_).decided =
                    std::string(1, colorLetter(liveSolved_->win ? stm : opposite(stm))) + "+";
            return publishAnalysis();
        }
        onAnalysisLines(p.lines);
        if (p.reply) job_ = Job::Idle;  // it ended by itself; the position stays analysed
    }
}

// Players.

double StudioSession::moveBudget(Color side) const {
    if (seconds_) return 3 * *seconds_ + options_.moveTimeout;
    if (clockMain_) return clockLeft(side) + options_.moveTimeout;
    return options_.moveTimeout;
}

void StudioSession::startMove(Color side) {
    const Role role = side == Color::White ? Role::White : Role::Black;
    try {
        EngineLink& e = link(role);
        e.sync(start_, moves_, options_.commandTimeout);
        queueSettings(e, side);
        e.queue({std::string("genmove ") + sideName(side), moveBudget(side), Want::Reply, {}});
        thinking_ = side;
        broadcastState();
    } catch (const EngineFailure& f) {
        failed(role, f);
    }
}

// The strength and time settings, when they changed; engines that lack a command answer '?',
// which changes nothing: ignored.
void StudioSession::queueSettings(EngineLink& e, Color side) {
    std::vector<std::string> settings;
    if (seconds_) {
        settings = {"amz-level 10", "time_settings 0 " + std::to_string(*seconds_) + " 1"};
    } else {
        settings = {"amz-level " + std::to_string(level_)};
        settings.push_back(clockMain_ ? "amz-time_settings fischer " + std::to_string(*clockMain_) +
                                            " " + std::to_string(*clockIncrement_)
                                      : "time_settings 0 1 0");
    }
    std::string key;
    for (const std::string& s : settings)
        key += s + "\n";
    const double t = options_.commandTimeout;
    if (e.settings != key) {
        for (const std::string& s : settings)
            e.queue({s, t, Want::Nothing, {}});
        e.settings = key;
    }
    if (clockMain_ && !seconds_)
        e.queue({std::string("time_left ") + sideName(side) + " " +
                     std::to_string(clockLeft(side)) + " 0",
                 t,
                 Want::Nothing,
                 {}});
}

void StudioSession::onMove(Color side, const EngineLink::Progress& p) {
    EngineLink& e = *links_[index(side)];
    thinking_.reset();
    lastMoveSeconds_ = p.seconds;
    std::string text = p.reply->text;
    std::transform(text.begin(), text.end(), text.begin(), ::tolower);
    if (!p.reply->ok)
        throw EngineFailure(FailureKind::Protocol, e.name() + " refused genmove: " + text);
    if (text == "resign") {
        setResult(std::string(1, colorLetter(opposite(side))) + "+R");
        broadcastState();
        return;
    }
    Move m;
    try {
        m = parseMove(text, start_.width());
    } catch (const NotationError& err) {
        throw EngineFailure(FailureKind::Protocol,
                            e.name() + " answered '" + text.substr(0, 40) + "': " + err.what());
    }
    if (!last().isLegal(m))
        throw EngineFailure(FailureKind::Protocol,
                            e.name() + " played the illegal move " + text.substr(0, 40));
    e.played(m);
    failures_[index(side)] = 0;
    applyMove(m);
    broadcastState();
}

void StudioSession::cancelThinking() {
    if (!thinking_) return;
    // A move cannot be taken back mid-search: the engine is killed and started again on demand.
    links_[index(*thinking_)].reset();
    thinking_.reset();
}

// What an engine's failure does: report, kill, restart and replay, give up after a few tries.
void StudioSession::failed(Role role, const std::exception& e) {
    const int r = static_cast<int>(role);
    const std::string name = links_[r] ? links_[r]->name() : "engine";
    links_[r].reset();
    if (role != Role::Analyst && thinking_ == (role == Role::White ? Color::White : Color::Black))
        thinking_.reset();
    if (role == Role::Analyst) job_ = Job::Idle, analysedVersion_ = ~0u;
    if (const StudioEngine* spec = specFor(role); spec && !spec->missing.empty())
        return giveUp(role, spec->name, spec->missing);  // no program to start: said at once
    if (restarting_[r]) {  // the replay failed: one more try, the pages told once the tries end
        std::cerr << "hippolyta-studio: restart: " << e.what() << "\n";
        return restart(role, name);
    }
    std::cerr << "hippolyta-studio: " << e.what() << "\n";
    const auto* failure = dynamic_cast<const EngineFailure*>(&e);
    const bool hung = failure && failure->kind() == FailureKind::Hang;
    send_(Recipients::all(), {{"type", "engine"},
                              {"name", name},
                              {"status", hung ? "hung" : "crashed"},
                              {"message", e.what()}});
    restart(role, name);
}

// Starts the engine again and queues the game's replay; restarted() tells the pages once the
// engine has taken it all. Gives up after options_.maxRestarts tries in a row.
void StudioSession::restart(Role role, const std::string& name) {
    const int r = static_cast<int>(role);
    restarting_[r] = false;
    while (++failures_[r] <= options_.maxRestarts) {
        try {
            link(role).sync(start_, role == Role::Analyst ? movesTo(ply_) : moves_,
                            options_.commandTimeout);
            restarting_[r] = true;
            return;
        } catch (const EngineFailure& again) {
            links_[r].reset();
            std::cerr << "hippolyta-studio: restart: " << again.what() << "\n";
        }
    }
    giveUp(role, name, "could not be restarted; start a new game to try again");
}

void StudioSession::giveUp(Role role, const std::string& name, const std::string& message) {
    gaveUp_[static_cast<int>(role)] = true;
    if (role == Role::Analyst) analysisOn_ = reviewing_ = false;
    send_(Recipients::all(),
          {{"type", "engine"}, {"name", name}, {"status", "failed"}, {"message", message}});
    broadcastState();
}

void StudioSession::restarted(Role role) {
    restarting_[static_cast<int>(role)] = false;
    send_(Recipients::all(), {{"type", "engine"},
                              {"name", links_[static_cast<int>(role)]->name()},
                              {"status", "restarted"},
                              {"message", "restarted and the game replayed into it"}});
    broadcastState();
}

// The analyst.

void StudioSession::stopAnalyst() {
    if (job_ == Job::Idle) return;
    job_ = Job::Idle;
    analysedVersion_ = ~0u;
    try {
        if (links_[2]) links_[2]->abandon();
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    }
}

// Queues the shown position's score, moves left, solver and search; publishAnalysis() sends the
// first analysis (the Studio's territory, and what is decided) once the solver answered, and
// onAnalysisLines() the search's.
void StudioSession::stepAnalysis() {
    if (gaveUp_[2] || !ready(Role::Analyst)) return;
    if (job_ == Job::Review || (job_ == Job::Live && analysedVersion_ != version_)) stopAnalyst();
    if (job_ != Job::Idle || analysedVersion_ == version_) return;
    try {
        EngineLink& e = link(Role::Analyst);
        const Position pos = shown();
        const double t = options_.commandTimeout;
        e.sync(start_, movesTo(ply_), t);
        e.queue({"final_score", t, Want::Reply, {}});
        e.queue({"amz-moves_left", t, Want::Reply, {}});
        if (!pos.isGameOver())
            e.queue({"amz-solve " + std::to_string(kSolveSeconds), t, Want::Reply, {}});
        if (!pos.isGameOver())
            e.queue({std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                         std::to_string(kAnalysisInterval),
                     t,
                     Want::Stream,
                     {}});
        analysedVersion_ = version_;
        liveSolved_.reset();
        job_ = Job::Live;
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    }
}

// A decided position (final_score answers): its value is exact, whatever the search says.
void StudioSession::onFinalScore(const GtpReply& reply) {
    if (!reply.ok || !resultWinner(reply.text)) return;
    data(ply_).decided = reply.text.substr(0, 12);
    noteWinrate(ply_, *resultWinner(reply.text) == Color::White ? 1.0 : 0.0);
}

void StudioSession::publishAnalysis() {
    const Position pos = shown();
    territory_ = territoryRows(territoryPicture(pos), pos.shape());
    const double lead = estimateTerritory(pos).lead;
    NodeData& here = data(ply_);
    here.lead = lead;
    double exact = -1;  // White's exact value where the position is decided, else -1
    if (here.decided)
        exact = resultWinner(*here.decided) == Color::White ? 1 : 0;
    else if (pos.isGameOver())
        exact = whiteView(0, pos.sideToMove());
    else if (liveSolved_)
        exact = whiteView(liveSolved_->win ? 1 : 0, pos.sideToMove());
    Json candidates = Json::array();
    if (liveSolved_ && liveSolved_->win)  // the search prints nothing for a proven position
        candidates.push_back({{"move", liveSolved_->move},
                              {"visits", 0},
                              {"winrate", 1.0},
                              {"pv", {liveSolved_->move}},
                              {"proven", true}});
    lastAnalysis_ = {
        {"type", "analysis"},
        {"ply", ply_},
        {"to_move", sideName(pos.sideToMove())},
        {"winrate", exact >= 0 ? Json(exact) : Json(nullptr)},
        {"lead", lead},
        {"decided", here.decided ? Json(*here.decided) : Json(nullptr)},
        {"moves_left", here.movesLeft ? Json(*here.movesLeft) : Json(nullptr)},
        {"solved", liveSolved_ ? Json(liveSolved_->win ? "win" : "loss") : Json(nullptr)},
        {"candidates", candidates},
        {"territory", territory_}};
    send_(Recipients::all(), lastAnalysis_);
    if (exact >= 0) noteWinrate(ply_, exact);
    if (pos.isGameOver()) job_ = Job::Idle;  // nothing to analyse
}

void StudioSession::onAnalysisLines(const std::vector<std::string>& lines) {
    if (lines.empty() || lastAnalysis_.is_null()) return;
    const std::vector<Candidate> candidates = parseAnalysisLine(lines.back());
    if (candidates.empty()) return;
    failures_[2] = 0;
    const std::optional<std::string>& decided = data(ply_).decided;
    const Color stm = shown().sideToMove();
    const double white = decided       ? (resultWinner(*decided) == Color::White ? 1.0 : 0.0)
                         : liveSolved_ ? whiteView(liveSolved_->win ? 1 : 0, stm)
                                       : whiteView(candidates[0].winrate, stm);
    lastAnalysis_["candidates"] = candidatesJson(candidates, kMaxCandidates);
    lastAnalysis_["winrate"] = white;
    send_(Recipients::all(), lastAnalysis_);
    noteWinrate(ply_, white);
}

}  // namespace hippolyta
