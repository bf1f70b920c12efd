// The Studio's messages and its game; the engines' side is in studio_engines.cpp.
#include "adapters/studio/studio_session.h"

#include <cmath>

#include "adapters/studio/studio_records.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

using Json = StudioSession::Json;

namespace {

constexpr int kMaxJsonDepth = 16;  // deeper JSON is refused unread

// The field `key` of `m` as T, `fallback` when absent; a wrong type is the client's error.
template <typename T>
T field(const Json& m, const char* key, T fallback) {
    const auto it = m.find(key);
    if (it == m.end() || it->is_null()) return fallback;
    try {
        return it->get<T>();
    } catch (const std::exception&) {
        throw std::invalid_argument(std::string("field '") + key + "' has the wrong type");
    }
}

}  // namespace

StudioSession::StudioSession(StudioOptions options, Sender send, std::function<void()> wake)
    : options_(std::move(options)), send_(std::move(send)), wake_(std::move(wake)) {
    setGame(Position::start(), {});
}

StudioSession::~StudioSession() {
    shutdown();
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
    const std::string type = field<std::string>(m, "type", "");
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
    else if (type == "analysis")
        analysisOn_ = field<bool>(m, "on", true);
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
    for (const StudioEngine& e : options_.engines)
        list.push_back({{"name", e.name}, {"status", "ok"}});
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
    Json winrates = Json::array();
    for (const std::optional<double>& w : winrates_)
        winrates.push_back(w ? Json(*w) : Json(nullptr));
    Json review = Json::array();
    for (const ReviewEntry& r : review_) {
        const Json mark = r.loss >= kBlunderLoss   ? Json("blunder")
                          : r.loss >= kMistakeLoss ? Json("mistake")
                                                   : Json(nullptr);
        review.push_back({{"ply", r.ply},
                          {"move", moves[r.ply - 1]},
                          {"winrate", r.winrate},
                          {"loss", r.loss},
                          {"best", r.best},
                          {"mark", mark}});
    }
    Json clock = nullptr;
    if (clockMain_)
        clock = {{"main", *clockMain_},
                 {"increment", *clockIncrement_},
                 {"white", clockLeft(Color::White)},
                 {"black", clockLeft(Color::Black)},
                 {"running", clockRunning_ ? Json(sideName(*clockRunning_)) : Json(nullptr)}};
    return {{"type", "state"},
            {"size", start_.width()},
            {"moves", moves},
            {"ply", ply_},
            {"to_move", sideName(pos.sideToMove())},
            {"result", result_ ? Json(*result_) : Json(nullptr)},
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
            {"review", review},
            {"winrates", winrates},
            {"reviewing", reviewing_}};
}

void StudioSession::onNewGame(const Json& m) {
    const int size = field<int>(m, "size", 10);
    if (size < 4 || size > 11) throw ClientError{"bad_message", "size must be 4..11"};
    std::string players[2] = {field<std::string>(m, "white", "human"),
                              field<std::string>(m, "black", "human")};
    for (const std::string& p : players)
        if (p != "human" && (p.rfind("engine:", 0) != 0 || !specNamed(p.substr(7))))
            throw ClientError{"bad_message", "unknown player '" + p.substr(0, 40) +
                                                 "' (human or engine:NAME of the engines)"};
    const int level = field<int>(m, "level", 5);
    if (level < 1 || level > 10) throw ClientError{"bad_message", "level must be 1..10"};
    std::optional<double> seconds;
    if (m.contains("seconds") && !m["seconds"].is_null()) {
        seconds = field<double>(m, "seconds", 1.0);
        if (!(*seconds >= 0.1 && *seconds <= 600))
            throw ClientError{"bad_message", "seconds must be 0.1..600"};
    }
    std::optional<double> main, increment;
    if (m.contains("clock") && m["clock"].is_object()) {
        main = field<double>(m["clock"], "main", 300.0);
        increment = field<double>(m["clock"], "increment", 0.0);
        if (!(*main > 0 && *main <= 86400 && *increment >= 0 && *increment <= 3600))
            throw ClientError{"bad_message", "clock main must be 0..86400 s, increment 0..3600 s"};
    }
    cancelThinking();
    reviewing_ = false;
    players_[0] = players[0];
    players_[1] = players[1];
    gaveUp_[0] = gaveUp_[1] = false;
    failures_[0] = failures_[1] = 0;
    level_ = level;
    seconds_ = seconds;
    clockMain_ = main;
    clockIncrement_ = increment;
    setGame(Position::start(size), {});
}

void StudioSession::onPlay(const Json& m) {
    const std::string text = field<std::string>(m, "move", "");
    if (result_ && ply_ == static_cast<int>(moves_.size()))
        throw ClientError{"game_over", "the game is over (" + *result_ + ")"};
    const Position pos = shown();
    if (engineSide(pos.sideToMove()) && ply_ == static_cast<int>(moves_.size()))
        throw ClientError{"not_your_turn", std::string("it is the engine's turn (") +
                                               sideName(pos.sideToMove()) + ")"};
    Move move;
    try {
        move = parseMove(text, pos.width());
    } catch (const NotationError& e) {
        throw ClientError{"illegal_move", e.what()};
    }
    if (!pos.isLegal(move)) throw ClientError{"illegal_move", "illegal move " + text.substr(0, 40)};
    cutAtShown();
    applyMove(move);
}

void StudioSession::onUndo() {
    if (ply_ != static_cast<int>(moves_.size())) cutAtShown();
    if (moves_.empty()) throw ClientError{"bad_message", "nothing to undo"};
    cancelThinking();
    reviewing_ = false;
    const bool againstEngine = engineSide(Color::White) != engineSide(Color::Black);
    std::vector<Move> moves = moves_;
    moves.pop_back();
    // Against an engine, back to the human's turn.
    while (againstEngine && !moves.empty()) {
        Position pos = start_;
        for (Move m : moves)
            pos.makeMove(m);
        if (!engineSide(pos.sideToMove())) break;
        moves.pop_back();
    }
    switchClock(clockRunning_);  // banks the time used so far
    const auto left = std::make_pair(clockLeft_[0], clockLeft_[1]);
    std::vector<std::optional<double>> graph = winrates_;
    setGame(start_, std::move(moves));
    graph.resize(moves_.size() + 1);
    winrates_ = graph;           // the plies kept keep their win rates
    clockLeft_[0] = left.first;  // taking back does not give time back
    clockLeft_[1] = left.second;
}

void StudioSession::onResign(const Json& m) {
    if (result_) throw ClientError{"game_over", "the game is over (" + *result_ + ")"};
    const Color loser =
        m.contains("color") ? parseColor(field<std::string>(m, "color", "")) : last().sideToMove();
    cancelThinking();
    setResult(std::string(1, colorLetter(opposite(loser))) + "+R");
}

void StudioSession::onGoto(const Json& m) {
    const int ply = field<int>(m, "ply", 0);
    if (ply < 0 || ply > static_cast<int>(moves_.size()))
        throw ClientError{"bad_message", "ply must be 0.." + std::to_string(moves_.size())};
    ply_ = ply;
    changed();
}

void StudioSession::onLoad(const Json& m, bool sgf) {
    const std::string text = field<std::string>(m, sgf ? "sgf" : "text", "");
    if (text.size() > options_.maxRecordBytes)
        throw ClientError{"too_large", "the record is over " +
                                           std::to_string(options_.maxRecordBytes / 1024) + " KiB"};
    const int size = field<int>(m, "size", 10);
    if (!sgf && (size < 4 || size > 11)) throw ClientError{"bad_message", "size must be 4..11"};
    const GameRecord record = sgf ? readSgf(text) : readMoveList(text, size);
    // The Studio's games alternate from the start position's side to move.
    Position pos = record.start;
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        if (i < record.movers.size() && record.movers[i] != pos.sideToMove())
            throw ClientError{"bad_record", "move " + std::to_string(i + 1) +
                                                " is out of turn (two moves of one colour)"};
        pos.makeMove(record.moves[i]);
    }
    cancelThinking();
    reviewing_ = false;
    players_[0] = players_[1] = "human";
    clockMain_.reset();
    setGame(record.start, record.moves);
    if (!result_ && !record.result.empty() && resultWinner(record.result))
        setResult(record.result.substr(0, 8));
}

void StudioSession::onReview(const Json& m) {
    const double seconds = field<double>(m, "seconds", 1.0);
    if (!(seconds >= 0.1 && seconds <= 60))
        throw ClientError{"bad_message", "seconds must be 0.1..60"};
    if (options_.engines.empty() || gaveUp_[2])
        throw ClientError{"engine", "no engine to analyse with"};
    reviewing_ = true;
    reviewSeconds_ = seconds;
    reviewPly_ = 0;
    reviewStm_.clear();
    reviewBest_.clear();
    review_.clear();
    reviewStart_ = EngineLink::Clock::now();
    reviewLastInfo_.clear();
}

Json StudioSession::saveSgf() const {
    GameRecord record;
    record.start = start_;
    Position pos = start_;
    for (Move m : moves_) {
        record.addMove(m, pos.sideToMove());
        pos.makeMove(m);
    }
    record.whiteName = players_[0];
    record.blackName = players_[1];
    record.result = result_.value_or("");
    record.application = "Hippolyta Studio";
    std::vector<std::string> comments(moves_.size());
    for (const ReviewEntry& r : review_) {
        char text[160];
        std::snprintf(text, sizeof text, "win rate (White) %.1f%%, loss %.1f%%%s", 100 * r.winrate,
                      100 * r.loss,
                      r.loss >= kBlunderLoss   ? ", blunder"
                      : r.loss >= kMistakeLoss ? ", mistake"
                                               : "");
        comments[r.ply - 1] = text + (r.best.empty() ? "" : "; best " + r.best);
    }
    return {{"type", "sgf"},
            {"sgf", writeSgfWithComments(record, comments)},
            {"filename", "hippolyta-studio.sgf"}};
}

// The game.

Position StudioSession::shown() const {
    Position pos = start_;
    for (int i = 0; i < ply_; ++i)
        pos.makeMove(moves_[i]);
    return pos;
}

Position StudioSession::last() const {
    Position pos = start_;
    for (Move m : moves_)
        pos.makeMove(m);
    return pos;
}

void StudioSession::setGame(const Position& start, std::vector<Move> moves) {
    winrates_.clear();
    start_ = start;
    moves_ = std::move(moves);
    ply_ = static_cast<int>(moves_.size());
    result_.reset();
    review_.clear();
    if (clockMain_) {
        clockLeft_[0] = clockLeft_[1] = *clockMain_;
        clockRunning_.reset();
        switchClock(last().sideToMove());
    } else {
        clockRunning_.reset();
    }
    if (last().isGameOver())
        setResult(std::string(1, colorLetter(opposite(last().sideToMove()))) + "+");
    changed();
}

void StudioSession::cutAtShown() {
    if (ply_ == static_cast<int>(moves_.size())) return;
    cancelThinking();
    moves_.resize(ply_);
    result_.reset();
    review_.clear();
    reviewing_ = false;
    if (clockMain_) switchClock(last().sideToMove());
}

void StudioSession::applyMove(Move m) {
    const Color mover = last().sideToMove();
    moves_.push_back(m);
    ply_ = static_cast<int>(moves_.size());
    review_.clear();
    reviewing_ = false;
    if (clockMain_) {
        switchClock(opposite(mover));
        clockLeft_[index(mover)] += *clockIncrement_;
    }
    if (last().isGameOver()) setResult(std::string(1, colorLetter(mover)) + "+");
    changed();
}

void StudioSession::changed() {
    ++version_;
    winrates_.resize(moves_.size() + 1);  // a cut game drops the plies it lost
}

void StudioSession::noteWinrate(std::size_t ply, double white) {
    if (ply >= winrates_.size()) return;
    winrates_[ply] = white;
    send_(Recipients::all(), {{"type", "winrate"}, {"ply", ply}, {"winrate", white}});
}

void StudioSession::setResult(const std::string& result) {
    result_ = result;
    switchClock(std::nullopt);
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
