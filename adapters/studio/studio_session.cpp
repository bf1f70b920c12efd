// The Studio's messages and its game; the engines' side is in studio_engines.cpp.
#include "adapters/studio/studio_session.h"

#include <cmath>
#include <ctime>

#include "adapters/studio/studio_records.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

constexpr int kMaxJsonDepth = 16;  // deeper JSON is refused unread

}  // namespace

StudioSession::StudioSession(StudioOptions options, Sender send, std::function<void()> wake)
    : options_(std::move(options)), send_(std::move(send)), wake_(std::move(wake)) {
    setGame(Position::start(), MoveTree{});
}

StudioSession::~StudioSession() {
    shutdown();
}

void StudioSession::setWatchers(int pages) {
    watchers_ = pages;
}

void StudioSession::handle(int client, const std::string& text) {
    Json id = nullptr;
    try {
        if (nestedDeeperThan(text, kMaxJsonDepth))
            throw ClientError{"bad_json", "JSON nested too deep"};
        Json m = Json::parse(text, nullptr, false);
        if (m.is_discarded()) throw ClientError{"bad_json", "not valid JSON"};
        if (!m.is_object()) throw ClientError{"bad_message", "a message must be a JSON object"};
        if (m.contains("id")) {
            if (!m["id"].is_number_integer())
                throw ClientError{"bad_message", "id must be an integer"};
            id = m["id"];
        }
        try {
            dispatch(client, m);
        } catch (const std::invalid_argument& e) {
            throw ClientError{"bad_message", e.what()};
        } catch (const RecordError& e) {
            throw ClientError{"bad_record", e.what()};
        } catch (const NotationError& e) {
            throw ClientError{"bad_message", e.what()};
        } catch (const nlohmann::json::exception& e) {
            throw ClientError{"bad_message", e.what()};
        } catch (const std::logic_error& e) {  // out_of_range and the like: still the input's
            throw ClientError{"bad_message", e.what()};
        }
    } catch (const ClientError& e) {
        Json error = {{"type", "error"}, {"code", e.code}, {"message", e.message}};
        if (!id.is_null()) error["id"] = id;
        send_(Recipients::one(client), error);
    }
}

void StudioSession::dispatch(int client, const Json& m) {
    const std::string type = messageField<std::string>(m, "type", "");
    const Json id = m.contains("id") ? m["id"] : Json(nullptr);
    if (type == "hello") {
        sendHello(client, id);
        return;
    }
    if (type == "save_sgf") {
        Json reply = saveSgf();
        if (!id.is_null()) reply["id"] = id;
        send_(Recipients::one(client), reply);
        return;
    }
    if (type == "new_game")
        onNewGame(m);
    else if (type == "play")
        onPlay(m);
    else if (type == "undo")
        onUndo();
    else if (type == "resign")
        onResign(m);
    else if (type == "goto")
        onGoto(m);
    else if (type == "play_line")
        onPlayLine(m);
    else if (type == "hint")
        onHint();
    else if (type == "teaching")
        onTeaching(m);
    else if (type == "analysis")
        analysisOn_ = messageField<bool>(m, "on", true);
    else if (type == "load_sgf" || type == "load_moves")
        onLoad(m, type == "load_sgf");
    else if (type == "review")
        onReview(m);
    else if (type == "review_cancel") {
        if (reviewing_) sendProgress(true);
        reviewing_ = false;
    } else
        throw ClientError{"unknown_type", "unknown message type '" + type.substr(0, 40) + "'"};
    broadcastState(client, id);
}

void StudioSession::sendHello(int client, const Json& id) {
    send_(Recipients::one(client), enginesMessage());
    Json state = stateMessage();
    if (!id.is_null()) state["id"] = id;
    send_(Recipients::one(client), state);
    if (analysisOn_ && !lastAnalysis_.is_null()) send_(Recipients::one(client), lastAnalysis_);
}

Json StudioSession::enginesMessage() const {
    Json list = Json::array();
    // Names only: a page has no use for the command lines, which tell of this computer's
    // folders and settings to anyone who can open the page.
    for (const StudioEngine& e : options_.engines) {
        const bool analystFailed = &e == &options_.engines[0] && gaveUp_[2];
        if (!e.missing.empty())
            list.push_back({{"name", e.name}, {"status", "failed"}, {"message", e.missing}});
        else if (analystFailed)
            list.push_back({{"name", e.name},
                            {"status", "failed"},
                            {"message", "could not be restarted; start a new game to try again"}});
        else
            list.push_back({{"name", e.name}, {"status", "ok"}});
    }
    return {{"type", "engines"},
            {"engines", list},
            {"analysis_engine", options_.engines.empty() ? "" : options_.engines[0].name}};
}

// The state goes to every page; the one that asked gets it with its id.
void StudioSession::broadcastState(int client, const Json& id) {
    Json state = stateMessage();
    if (client < 0 || id.is_null()) {
        send_(Recipients::all(), state);
        return;
    }
    send_(Recipients::allBut(client), state);
    state["id"] = id;
    send_(Recipients::one(client), state);
}

Json StudioSession::stateMessage() const {
    const Position pos = shown();
    Json moves = Json::array();
    for (Move m : moves_)
        moves.push_back(formatMove(m, start_.width()));
    Json clock = nullptr;
    if (clockMain_)
        clock = {{"main", *clockMain_},
                 {"increment", *clockIncrement_},
                 {"white", clockLeft(Color::White)},
                 {"black", clockLeft(Color::Black)},
                 {"running", clockRunning_ ? Json(sideName(*clockRunning_)) : Json(nullptr)}};
    const NodeData& here = data(static_cast<std::size_t>(ply_));
    const NodeData& end = data(moves_.size());
    const Json graph = graphJson();
    return {{"type", "state"},
            {"size", start_.width()},
            {"moves", moves},
            {"ply", ply_},
            {"to_move", sideName(pos.sideToMove())},
            {"result", result_ ? Json(*result_) : Json(nullptr)},
            {"score", end.decided ? Json(*end.decided) : Json(nullptr)},
            {"decided", here.decided ? Json(*here.decided) : Json(nullptr)},
            {"moves_left", here.movesLeft ? Json(*here.movesLeft) : Json(nullptr)},
            {"players", {{"white", players_[0]}, {"black", players_[1]}}},
            {"level", seconds_ ? Json(nullptr) : Json(level_)},
            {"seconds", seconds_ ? Json(*seconds_) : Json(nullptr)},
            {"clock", clock},
            {"amazons", amazonsJson(pos)},
            {"arrows", arrowsJson(pos)},
            {"last_move", ply_ > 0 ? moves[ply_ - 1] : Json(nullptr)},
            {"thinking", thinking_ ? Json(sideName(*thinking_)) : Json(nullptr)},
            {"engine_seconds", lastMoveSeconds_},
            {"analysis", analysisOn_},
            {"review", reviewJson()},
            {"branches", branchesJson()},
            {"node", line_[ply_]},
            {"winrates", graph["winrates"]},
            {"leads", graph["leads"]},
            {"teaching", teaching_},
            {"teaching_threshold", teachThreshold_},
            {"reviewing", reviewing_}};
}

void StudioSession::onNewGame(const Json& m) {
    const int size = messageField<int>(m, "size", 10);
    if (size < 4 || size > 11) throw ClientError{"bad_message", "size must be 4..11"};
    std::string players[2] = {messageField<std::string>(m, "white", "human"),
                              messageField<std::string>(m, "black", "human")};
    for (const std::string& p : players)
        if (p != "human" && (p.rfind("engine:", 0) != 0 || !specNamed(p.substr(7))))
            throw ClientError{"bad_message", "unknown player '" + p.substr(0, 40) +
                                                 "' (human or engine:NAME of the engines)"};
    const int level = messageField<int>(m, "level", 5);
    if (level < 1 || level > 10) throw ClientError{"bad_message", "level must be 1..10"};
    std::optional<double> seconds;
    if (m.contains("seconds") && !m["seconds"].is_null()) {
        seconds = messageField<double>(m, "seconds", 1.0);
        if (!(*seconds >= 0.1 && *seconds <= 600))
            throw ClientError{"bad_message", "seconds must be 0.1..600"};
    }
    std::optional<double> main, increment;
    if (m.contains("clock") && m["clock"].is_object()) {
        main = messageField<double>(m["clock"], "main", 300.0);
        increment = messageField<double>(m["clock"], "increment", 0.0);
        if (!(*main > 0 && *main <= 86400 && *increment >= 0 && *increment <= 3600))
            throw ClientError{"bad_message", "clock main must be 0..86400 s, increment 0..3600 s"};
    }
    cancelThinking();
    reviewing_ = false;
    for (int r = 0; r < 3; ++r) {  // each engine gets its tries again (the page is told)
        const StudioEngine* spec = specFor(static_cast<Role>(r));
        if (gaveUp_[r] && spec && spec->missing.empty())
            send_(Recipients::all(), {{"type", "engine"},
                                      {"name", spec->name},
                                      {"status", "ok"},
                                      {"message", "to be started again"}});
        gaveUp_[r] = false;
        failures_[r] = 0;
    }
    players_[0] = players[0];
    players_[1] = players[1];
    level_ = level;
    seconds_ = seconds;
    clockMain_ = main;
    clockIncrement_ = increment;
    setGame(Position::start(size), MoveTree{});
}

void StudioSession::onResign(const Json& m) {
    if (result_) throw ClientError{"game_over", "the game is over (" + *result_ + ")"};
    const Color loser = m.contains("color") ? parseColor(messageField<std::string>(m, "color", ""))
                                            : last().sideToMove();
    cancelThinking();
    setResult(std::string(1, colorLetter(opposite(loser))) + "+R");
    changed();
}

void StudioSession::onReview(const Json& m) {
    const double seconds = messageField<double>(m, "seconds", 1.0);
    if (!(seconds >= 0.1 && seconds <= 60))
        throw ClientError{"bad_message", "seconds must be 0.1..60"};
    if (options_.engines.empty() || gaveUp_[2])
        throw ClientError{"engine", "no engine to analyse with"};
    reviewing_ = true;
    reviewSeconds_ = seconds;
    reviewPly_ = 0;
    reviewStm_.clear();
    reviewLead_.clear();
    reviewBest_.clear();
    for (std::size_t ply = 1; ply < line_.size(); ++ply)
        data(ply).reviewed = false;
    reviewStart_ = EngineLink::Clock::now();
    reviewLastInfo_.clear();
}

bool StudioSession::engineSide(Color c) const {
    return players_[index(c)] != "human";
}

// The clock.

double StudioSession::clockLeft(Color c) const {
    double left = clockLeft_[index(c)];
    if (clockRunning_ == c)
        left -= std::chrono::duration<double>(EngineLink::Clock::now() - clockSince_).count();
    return std::max(0.0, left);
}

void StudioSession::switchClock(std::optional<Color> next) {
    if (clockRunning_) clockLeft_[index(*clockRunning_)] = clockLeft(*clockRunning_);
    clockRunning_ = clockMain_ ? next : std::nullopt;
    clockSince_ = EngineLink::Clock::now();
}

void StudioSession::checkFlag() {
    if (!clockRunning_ || result_ || clockLeft(*clockRunning_) > 0) return;
    const Color loser = *clockRunning_;
    cancelThinking();
    setResult(std::string(1, colorLetter(opposite(loser))) + "+T");
    broadcastState();
}

}  // namespace hippolyta
