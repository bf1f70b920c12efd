// The Studio's engines: the players' moves, the live analysis, the whole-game review, and what
// happens when an engine crashes or hangs (it is killed, reported, restarted and the game
// replayed into it).
#include <algorithm>
#include <iostream>

#include "adapters/studio/studio_records.h"
#include "adapters/studio/studio_session.h"
#include "engine/core/notation.h"

namespace hippolyta {

using Json = StudioSession::Json;
using Clock = EngineLink::Clock;

namespace {

constexpr int kAnalysisInterval = 30;  // centiseconds between amz-analyze lines
constexpr std::size_t kMaxCandidates = 10;

}  // namespace

void StudioSession::tick() {
    checkFlag();
    const Position end = last();
    if (thinking_)
        pollMove();
    else if (!result_ && !reviewing_ && ply_ == static_cast<int>(moves_.size()) &&
             engineSide(end.sideToMove()) && !gaveUp_[index(end.sideToMove())])
        startMove(end.sideToMove());
    if (reviewing_)
        stepReview();
    else if (analysisOn_ && !thinking_)
        stepAnalysis();
    else if (job_ != Job::Idle)
        stopAnalyst();
}

bool StudioSession::active() const {
    const Color toMove = last().sideToMove();
    return thinking_ || job_ != Job::Idle || reviewing_ || analysisOn_ || clockRunning_ ||
           (!result_ && ply_ == static_cast<int>(moves_.size()) && engineSide(toMove) &&
            !gaveUp_[index(toMove)]);
}

void StudioSession::shutdown() {
    for (auto& link : links_)
        if (link) {
            link->quit();
            link.reset();
        }
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

EngineLink& StudioSession::link(Role role) {
    const int r = static_cast<int>(role);
    const StudioEngine* spec =
        role == Role::Analyst ? (options_.engines.empty() ? nullptr : &options_.engines[0])
        : players_[r].rfind("engine:", 0) == 0 ? specNamed(players_[r].substr(7))
                                               : nullptr;
    if (!spec) throw EngineFailure(FailureKind::Crash, "no such engine");
    if (links_[r] && links_[r]->name() != spec->name) links_[r].reset();
    if (!links_[r])
        links_[r] = std::make_unique<EngineLink>(spec->name, spec->command, options_.engineStderr);
    return *links_[r];
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

// Players.

double StudioSession::moveBudget(Color side) const {
    if (seconds_) return 3 * *seconds_ + options_.moveTimeout;
    if (clockMain_) return clockLeft(side) + options_.moveTimeout;
    return options_.moveTimeout;
}

void StudioSession::startMove(Color side) {
    const Role role = side == Color::White ? Role::White : Role::Black;
    const double t = options_.commandTimeout;
    try {
        EngineLink& e = link(role);
        e.sync(start_, moves_, t);
        // Engines that lack a command answer '?', which changes nothing: ignored.
        std::vector<std::string> settings;
        if (seconds_) {
            settings = {"amz-level 10", "time_settings 0 " + std::to_string(*seconds_) + " 1"};
        } else {
            settings = {"amz-level " + std::to_string(level_)};
            settings.push_back(clockMain_
                                   ? "amz-time_settings fischer " + std::to_string(*clockMain_) +
                                         " " + std::to_string(*clockIncrement_)
                                   : "time_settings 0 1 0");
        }
        std::string key;
        for (const std::string& s : settings)
            key += s + "\n";
        if (e.settings != key) {
            for (const std::string& s : settings)
                e.send(s, t);
            e.settings = key;
        }
        if (clockMain_ && !seconds_)
            e.send(std::string("time_left ") + sideName(side) + " " +
                       std::to_string(clockLeft(side)) + " 0",
                   t);
        e.post(std::string("genmove ") + sideName(side), moveBudget(side));
        thinking_ = side;
        thinkStart_ = Clock::now();
        broadcastState();
    } catch (const EngineFailure& f) {
        failed(role, f);
    }
}

void StudioSession::pollMove() {
    const Color side = *thinking_;
    const Role role = side == Color::White ? Role::White : Role::Black;
    EngineLink& e = *links_[index(side)];
    try {
        const EngineLink::Progress p = e.poll();
        if (!p.reply) return;
        thinking_.reset();
        lastMoveSeconds_ = secondsSince(thinkStart_);
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
            m = parseMove(text, start_.size());
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
    } catch (const EngineFailure& f) {
        thinking_.reset();
        failed(role, f);
    }
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
    if (role == Role::Analyst) job_ = Job::Idle, analysedVersion_ = ~0u;
    std::cerr << "hippolyta-studio: " << e.what() << "\n";
    send_(kAll, {{"type", "engine"}, {"name", name}, {"status", "crashed"}, {"message", e.what()}});
    while (++failures_[r] <= options_.maxRestarts) {
        try {
            link(role).sync(start_, role == Role::Analyst ? movesTo(ply_) : moves_,
                            options_.commandTimeout);
            send_(kAll, {{"type", "engine"},
                         {"name", name},
                         {"status", "restarted"},
                         {"message", "restarted and the game replayed into it"}});
            broadcastState();
            return;
        } catch (const EngineFailure& again) {
            links_[r].reset();
            std::cerr << "hippolyta-studio: restart: " << again.what() << "\n";
        }
    }
    gaveUp_[r] = true;
    if (role == Role::Analyst) analysisOn_ = reviewing_ = false;
    send_(kAll, {{"type", "engine"},
                 {"name", name},
                 {"status", "failed"},
                 {"message", "could not be restarted; start a new game to try again"}});
    broadcastState();
}

// The analyst.

void StudioSession::stopAnalyst() {
    if (job_ == Job::Idle) return;
    try {
        if (links_[2]) links_[2]->stopStream(options_.commandTimeout);
        job_ = Job::Idle;
        analysedVersion_ = ~0u;
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    }
}

void StudioSession::stepAnalysis() {
    if (gaveUp_[2]) return;
    if (job_ == Job::Review || (job_ == Job::Live && analysedVersion_ != version_)) stopAnalyst();
    try {
        EngineLink& e = link(Role::Analyst);
        const Position pos = shown();
        if (job_ == Job::Idle && analysedVersion_ != version_) {
            e.sync(start_, movesTo(ply_), options_.commandTimeout);
            territory_ =
                territoryJson(e.send("amz-territory", options_.commandTimeout).text, pos.size());
            analysedVersion_ = version_;
            lastAnalysis_ = {{"type", "analysis"},
                             {"ply", ply_},
                             {"to_move", sideName(pos.sideToMove())},
                             {"winrate", pos.isGameOver() ? Json(whiteView(0, pos.sideToMove()))
                                                          : Json(nullptr)},
                             {"candidates", Json::array()},
                             {"territory", territory_}};
            send_(kAll, lastAnalysis_);
            if (pos.isGameOver()) return;
            e.post(std::string("amz-analyze ") + sideName(pos.sideToMove()) + " " +
                       std::to_string(kAnalysisInterval),
                   kStreamDeadline);
            job_ = Job::Live;
        }
        if (job_ != Job::Live) return;
        const EngineLink::Progress p = e.poll();
        if (p.reply) job_ = Job::Idle;  // it ended by itself; the position stays analysed
        if (p.lines.empty()) return;
        const std::vector<Candidate> candidates = parseAnalysisLine(p.lines.back());
        if (candidates.empty()) return;
        failures_[2] = 0;
        const double white = whiteView(candidates[0].winrate, pos.sideToMove());
        lastAnalysis_["candidates"] = candidatesJson(candidates, kMaxCandidates);
        lastAnalysis_["winrate"] = white;
        send_(kAll, lastAnalysis_);
        noteWinrate(ply_, white);
    } catch (const EngineFailure& f) {
        failed(Role::Analyst, f);
    } catch (const std::runtime_error& err) {  // an answer we cannot read
        failed(Role::Analyst, EngineFailure(FailureKind::Protocol, err.what()));
    }
}

}  // namespace hippolyta
