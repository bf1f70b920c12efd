// The Studio's one game and its engines, driven by the page's messages (docs/studio-protocol.md)
// and by tick(): no sockets here. handle() takes one message of one client, tick() moves the
// engines on (a move to choose, live analysis, a whole-game review, the clock); neither ever
// waits for an engine (adapters/studio/engine_link.h), so one engine that hangs stalls no page.
// Everything the pages must see goes out through the Sender, addressed to one client or to all.
// The server calls both from one thread of its own; the tests call them directly.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "adapters/studio/engine_link.h"
#include "adapters/studio/studio_records.h"
#include "engine/core/position.h"
#include "engine/core/records/game_record.h"

namespace hippolyta {

struct StudioEngine {
    std::string name;
    std::string command;
    std::string missing;  // why it cannot start (no such program), for the pages; else empty
};

struct StudioOptions {
    std::vector<StudioEngine> engines;  // the first also analyses
    bool engineStderr = false;          // pass the engines' stderr to ours
    double commandTimeout = 30;         // seconds for any exchange but a move
    double moveTimeout = 60;            // seconds for a move, beyond its own budget
    int maxRestarts = 3;                // consecutive failed restarts before giving up
    std::size_t maxRecordBytes = 256 * 1024;
};

// Review marks: a move that loses this much win rate (0..1) or more.
constexpr double kMistakeLoss = 0.10;
constexpr double kBlunderLoss = 0.20;

// Who gets a message: one page, every page, or every page but one.
struct Recipients {
    enum class Kind { One, All, AllBut };
    Kind kind = Kind::All;
    int page = -1;  // One, AllBut: that page's number

    static Recipients one(int page) { return {Kind::One, page}; }
    static Recipients all() { return {Kind::All, -1}; }
    static Recipients allBut(int page) { return {Kind::AllBut, page}; }
    bool includes(int client) const {
        return kind == Kind::All || (kind == Kind::One) == (client == page);
    }
};

class StudioSession {
  public:
    using Json = nlohmann::json;
    using Sender = std::function<void(const Recipients& to, const Json& message)>;

    // `wake` (may be empty) is called from other threads when an engine has written something:
    // the caller should tick() soon.
    StudioSession(StudioOptions options, Sender send, std::function<void()> wake = {});
    ~StudioSession();
    StudioSession(const StudioSession&) = delete;
    StudioSession& operator=(const StudioSession&) = delete;

    // One message from a page: a reply or an error goes back, never an exception.
    void handle(int client, const std::string& text);
    // Takes the engines' replies and gives them their next commands; never waits for one.
    void tick();
    // True while something runs that tick() must follow closely.
    bool active() const;
    // Quits every engine (the server's last call).
    void shutdown();
    // How many pages are connected: with none, the live analysis stops (it starts again when
    // one comes back), so that no engine searches for nobody.
    void setWatchers(int pages);

    // For tests and the measurements.
    const std::vector<Move>& moves() const { return moves_; }
    const MoveTree& tree() const { return tree_; }
    std::optional<std::string> result() const { return result_; }
    int enginePid(Color side) const;
    int analystPid() const;
    Json stateMessage() const;

  private:
    struct ClientError {
        std::string code, message;
    };
    // What is known of one node of the game tree (by node id).
    struct NodeData {
        std::optional<double> winrate;         // White's view of the position after the node's move
        std::optional<double> lead;            // White's territory lead (studio_territory.h)
        bool reviewed = false;                 // the review below is filled in
        std::optional<double> loss;            // win rate the move lost for its mover (0..1)
        std::optional<double> leadLoss;        // squares of territory it lost for its mover
        std::string best;                      // the engine's choice in the position before it
        std::vector<std::string> bestLine;     // and its principal variation
        std::optional<std::string> decided;    // final_score of the position: "W+11"
        std::optional<std::string> movesLeft;  // amz-moves_left once walled apart
        bool study = false;  // played by play_line: a line to look at, where no engine moves
    };
    enum class Role { White, Black, Analyst };

    void dispatch(int client, const Json& m);
    void onNewGame(const Json& m);
    void onPlay(const Json& m);
    void onUndo();
    void onResign(const Json& m);
    void onGoto(const Json& m);
    void onPlayLine(const Json& m);
    void onLoad(const Json& m, bool sgf);
    void onReview(const Json& m);
    Json saveSgf() const;
    void sendHello(int client, const Json& id);
    // The state to every page; `client` gets it with `id`, when there is one.
    // Every page; with an asking page (client >= 0) and an id, that page gets the id too.
    void broadcastState(int client = -1, const Json& id = nullptr);
    Json enginesMessage() const;

    // The game (studio_game.cpp): a tree of moves, one line of it shown.
    Position shown() const;
    Position last() const;
    void setGame(const Position& start, MoveTree tree);
    // Shows the line through `node` (its first children after it), at `node`'s ply.
    void showLine(int node);
    // line_ changed: the moves, the result and the clock follow; `ply` is shown.
    void lineChanged(int ply);
    // Saving and loading (studio_sgf.cpp): the review as a comment and as the property HS.
    static std::string reviewComment(const NodeData& d);
    static std::string reviewProperty(const NodeData& d);
    static void takeReviewProperty(MoveTree::Node& node, NodeData& d);
    // Plays `m` at the shown ply: on at the line's end, else as a variation (or the line's
    // own next move, which is only a step forward).
    void applyMove(Move m);
    void changed();  // the game or the shown ply changed
    void setResult(const std::string& result);
    NodeData& data(std::size_t ply);
    const NodeData& data(std::size_t ply) const;
    // Records White's win rate at `ply` for the graph and tells the pages.
    void noteWinrate(std::size_t ply, double white);
    Json reviewJson() const;
    Json branchesJson() const;
    Json graphJson() const;
    std::string fileName() const;
    bool engineSide(Color c) const;
    // An engine is to move at the shown line's end (not a line played for study).
    bool engineToMove() const;
    // The clock.
    double clockLeft(Color c) const;
    void switchClock(std::optional<Color> next);
    void checkFlag();

    // Engines.
    EngineLink& link(Role role);
    const StudioEngine* specNamed(const std::string& name) const;
    const StudioEngine* specFor(Role role) const;  // the role's engine, if it has one
    // Takes what the role's engine wrote and acts on it; a failure restarts the engine.
    void service(Role role);
    void onProgress(Role role, const EngineLink::Progress& p);
    void cancelThinking();
    void startMove(Color side);
    void queueSettings(EngineLink& e, Color side);
    void onMove(Color side, const EngineLink::Progress& p);
    void stepAnalysis();
    void publishAnalysis();  // the shown position's first analysis message
    void onFinalScore(const GtpReply& reply);
    void onAnalysisLines(const std::vector<std::string>& lines);
    void stepReview();
    void stepScore();
    // Hints and teaching mode (studio_teach.cpp).
    void onHint();
    void onTeaching(const Json& m);
    void sendHint(const std::string& move, double winrate);
    void teachAfter(Move played);
    void stepCoach();
    void onCoachProgress(const EngineLink::Progress& p);
    void finishCoach(const Candidate* best);
    int coachTarget() const;
    void startReviewPosition();
    void onReviewProgress(const EngineLink::Progress& p);
    void finishReviewPosition(const std::string& lastInfo);
    void sendProgress(bool cancelled = false);
    Position positionAt(std::size_t ply) const;
    std::vector<Move> movesTo(std::size_t ply) const;
    void stopAnalyst();
    void failed(Role role, const std::exception& e);
    void restart(Role role, const std::string& name);
    // The role's engine is given up: the pages are told `message`.
    void giveUp(Role role, const std::string& name, const std::string& message);
    void restarted(Role role);
    bool ready(Role role) const;
    double moveBudget(Color side) const;

    StudioOptions options_;
    Sender send_;
    std::function<void()> wake_;

    Position start_ = Position::start();
    MoveTree tree_;
    std::vector<NodeData> data_;  // by node id
    std::vector<int> line_;       // the nodes of the line shown, from the start (node 0)
    std::vector<Move> moves_;     // the moves of line_
    int ply_ = 0;
    std::optional<std::string> result_;            // of the line shown
    std::map<int, std::string> results_;           // by the node a line ends with
    std::string date_;                             // the game's date, for the record
    std::string players_[2] = {"human", "human"};  // "human" or "engine:NAME"
    int level_ = 5;
    std::optional<double> seconds_;
    unsigned version_ = 0;  // changes with the game or the shown ply
    int watchers_ = 1;      // pages connected

    std::optional<double> clockMain_, clockIncrement_;
    double clockLeft_[2] = {0, 0};
    std::optional<Color> clockRunning_;
    EngineLink::Clock::time_point clockSince_;

    std::unique_ptr<EngineLink> links_[3];  // white player, black player, analyst
    int failures_[3] = {0, 0, 0};
    bool gaveUp_[3] = {false, false, false};
    bool restarting_[3] = {false, false, false};  // set up again, the game replaying into it
    std::optional<Color> thinking_;

    double lastMoveSeconds_ = 0;  // the last engine move's time, genmove written to reply

    enum class Job { Idle, Live, Review, Score, Coach };  // what the analyst's work is for
    Job job_ = Job::Idle;
    bool analysisOn_ = false;
    unsigned analysedVersion_ = ~0u;
    Json territory_;
    Json lastAnalysis_;
    std::optional<Solved> liveSolved_;  // amz-solve's answer for the position analysed
    int scoredNode_ = -1;               // the line end whose final_score was asked

    // A hint asked for, or a move of the human's being checked in teaching mode.
    struct Pending {
        unsigned version;
        int node;  // the hint's position; the move checked
        Move move;
        std::optional<double> before;  // the mover's best value before the move
        std::string better;            // the best move there
    };
    static constexpr double kCoachSeconds = 0.5;
    std::optional<Pending> hint_, teach_;
    bool teaching_ = false;
    double teachThreshold_ = 0.10;
    std::string coachInfo_;
    int coachNode_ = -1;  // the node whose position the coach's search is of
    std::optional<Solved> coachSolved_;

    bool reviewing_ = false;
    double reviewSeconds_ = 1.0;
    std::size_t reviewPly_ = 0;
    std::vector<std::optional<double>> reviewStm_;   // side to move's, at each ply reviewed
    std::vector<std::optional<double>> reviewLead_;  // White's lead, at each ply reviewed
    std::vector<std::pair<std::string, std::vector<std::string>>> reviewBest_;  // move, line
    std::optional<std::string> reviewDecided_;  // final_score of the position under review
    std::optional<double> reviewTerritory_;     // its White's lead (studio_territory.h)
    std::optional<Solved> reviewSolved_;        // amz-solve's answer for it
    int reviewRetries_ = 0;                     // searches of it again that gave no line
    std::string reviewFallback_;                // a lost position's move (reg_genmove)
    bool reviewFallbackAsked_ = false;
    EngineLink::Clock::time_point reviewStart_;
    std::string reviewLastInfo_;
};

}  // namespace hippolyta
