// The network inside the MCTS (engine/search/mcts_net.cpp) with the small fixture net: the
// root's children take the net's policy as priors and order, net_visits decides which nodes
// evaluate it, a fixed-seed search with it is reproducible and differs from the linear one;
// --net refuses damaged files and self-play headers name the net.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "adapters/selfplay/selfplay.h"
#include "engine/core/notation.h"
#include "engine/search/mcts.h"
#include "protocol/gtp_session.h"
#include "tests/unit/test_dir.h"
#include "tools/common/tool_options.h"

namespace hippolyta {
namespace {

const std::string kNetPath = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/nn/tiny.net";

std::shared_ptr<const SearchNet> fixtureNet() {
    static const std::shared_ptr<const SearchNet> net = loadNetOption(kNetPath, false);
    return net;
}

Game middleGame8() {
    Game g(Position::start(8));
    for (const char* m : {"c1-c6/f3", "c8-e6/e2", "f1-f2/d4"})
        EXPECT_TRUE(g.play(parseMove(m, 8)));
    return g;
}

MctsOptions options(bool withNet, uint32_t netVisits = 8) {
    MctsOptions o;
    o.memoryMb = 64;
    o.seed = 11;
    o.params.endgameBudget = 0;
    o.params.netVisits = netVisits;
    if (withNet) o.net = fixtureNet();
    return o;
}

SearchResult searchOnce(Mcts& mcts, const Game& game, uint64_t visits) {
    std::atomic<bool> stop{false};
    return mcts.search(game, SearchLimits(0, visits), stop);
}

// The net's probability of every legal move of pos, by packed move.
std::map<uint32_t, float> netPolicy(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    std::vector<float> probs;
    fixtureNet()->evaluateForSearch(pos, moves, probs);
    std::map<uint32_t, float> out;
    for (size_t i = 0; i < moves.size(); ++i)
        out[moves[i].packed()] = probs[i];
    return out;
}

// Every child's prior is its move's net probability; with `ordered`, the children come most
// probable first, as the net ranks them.
void expectNetPriors(const std::vector<ScoredMove>& children, const Position& pos, bool ordered) {
    const std::map<uint32_t, float> policy = netPolicy(pos);
    ASSERT_FALSE(children.empty());
    for (size_t i = 0; i < children.size(); ++i) {
        const auto it = policy.find(children[i].move.packed());
        ASSERT_NE(it, policy.end()) << "not a legal move";
        EXPECT_NEAR(children[i].score, it->second, 1e-6f) << "child " << i;
        if (ordered && i > 0) {
            EXPECT_GE(children[i - 1].score, children[i].score) << i;
        }
    }
    if (!ordered) return;
    // The first child is the net's favourite.
    float best = 0;
    for (const auto& [move, p] : policy)
        best = std::max(best, p);
    EXPECT_FLOAT_EQ(children.front().score, best);
}

TEST(NetSearch, RootChildrenTakeTheNetsPolicyAndOrder) {
    Mcts mcts(options(true));
    const Game game = middleGame8();
    searchOnce(mcts, game, 500);
    expectNetPriors(mcts.childPriors({}), game.position(), true);
}

TEST(NetSearch, ABusyNodeExpandedBeforeNetVisitsIsUpgraded) {
    // net_visits above expand_visits: the node under the best move was expanded with the linear
    // order, then took the net's priors for its children (and its later chunks the net's order).
    Mcts mcts(options(true, 40));
    const Game game = middleGame8();
    const SearchResult r = searchOnce(mcts, game, 4000);
    ASSERT_FALSE(r.pv.empty());
    Position pos = game.position();
    pos.makeMove(r.pv[0]);
    const std::vector<ScoredMove> children = mcts.childPriors({r.pv[0]});
    ASSERT_GT(children.size(), 8u) << "no widening past the first chunk";
    expectNetPriors(children, pos, false);
}

TEST(NetSearch, FixedSeedSearchIsReproducibleAndDiffersFromTheLinearOne) {
    const Game game = middleGame8();
    auto run = [&](bool withNet) {
        Mcts mcts(options(withNet));
        const SearchResult r = searchOnce(mcts, game, 3000);
        std::ostringstream s;
        s << r.winrate << ' ' << r.netEvaluations;
        for (const CandidateInfo& c : r.candidates)
            s << ' ' << formatMove(c.move, 8) << ':' << c.visits;
        return s.str();
    };
    const std::string first = run(true);
    EXPECT_EQ(first, run(true));
    EXPECT_NE(first, run(false));
}

TEST(NetSearch, NetVisitsGatesWhereTheNetIsEvaluated) {
    const Game game = middleGame8();
    auto evaluations = [&](bool withNet, uint32_t netVisits) {
        Mcts mcts(options(withNet, netVisits));
        return searchOnce(mcts, game, 2000).netEvaluations;
    };
    EXPECT_EQ(evaluations(false, 1), 0u);
    EXPECT_EQ(evaluations(true, 1000000), 1u);  // the root alone
    const uint64_t every = evaluations(true, 1), some = evaluations(true, 30);
    // net_visits 1: every expansion evaluates the net, and each ends its simulation.
    EXPECT_GT(every, 500u);
    EXPECT_LE(every, 2000u + 1);
    EXPECT_GT(some, 1u);
    EXPECT_LT(some, every / 2);
}

TEST(NetSearch, NetResultsStayWithinAQuarterOfTheMemoryCap) {
    // Each net result keeps every legal move (over 600 in this 8x8 middle game, 8 bytes each):
    // with a 1 MB cap, the quarter for net results holds at most 256 KB / 4.8 KB = 53 of them.
    // Past it the search goes on with the linear model.
    const Game game = middleGame8();
    MctsOptions o = options(true, 1);
    o.memoryMb = 1;
    Mcts mcts(o);
    const SearchResult r = searchOnce(mcts, game, 2000);
    EXPECT_EQ(r.visits, 2000u);
    EXPECT_GT(r.netEvaluations, 5u);
    EXPECT_LE(r.netEvaluations, 54u);
}

TEST(NetSearch, ANetForOneBoardSizeStaysOffTheOthers) {
    // The shipped net plays 10x10 alone (netBoardSize): on 8x8 the search never evaluates it.
    auto evaluations = [](int netBoardSize, const Game& game) {
        MctsOptions o = options(true, 1);
        o.netBoardSize = netBoardSize;
        Mcts mcts(o);
        return searchOnce(mcts, game, 300).netEvaluations;
    };
    EXPECT_EQ(evaluations(10, middleGame8()), 0u);
    EXPECT_GT(evaluations(8, middleGame8()), 1u);
    EXPECT_GT(evaluations(0, middleGame8()), 1u);
    EXPECT_GT(evaluations(10, Game(Position::start(10))), 1u);
}

TEST(NetSearch, TwoThreadsWithTheNetFinish) {
    MctsOptions o = options(true, 4);
    o.threads = 2;
    Mcts mcts(o);
    const SearchResult r = searchOnce(mcts, middleGame8(), 3000);
    EXPECT_TRUE(r.move.has_value());
    EXPECT_EQ(r.simulations, 3000u);
    EXPECT_GT(r.netEvaluations, 1u);
}

TEST(NetSearch, DamagedOrMissingNetFilesAreRefused) {
    std::ifstream in(kNetPath, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(bytes.size(), 100u);
    bytes[bytes.size() / 2] ^= 0x10;
    TestDir scratch;
    const std::string bad = (scratch / "damaged.net").string();
    std::ofstream(bad, std::ios::binary) << bytes;
    try {
        loadNetOption(bad, false);
        FAIL() << "a damaged net was accepted";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
    }
    EXPECT_THROW(loadNetOption(bad + ".missing", false), UsageError);
    EXPECT_EQ(loadNetOption(bad, true), nullptr);  // --no-net: not even read
    EXPECT_EQ(loadNetOption("", false), nullptr);
    // The engine refuses it at start: exit code 2 and a one-line message.
    const std::string cmd = std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta --net " + bad +
                            " bench </dev/null >/dev/null 2>" + bad + ".err";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
    std::ifstream err(bad + ".err");
    std::string line;
    ASSERT_TRUE(std::getline(err, line));
    EXPECT_NE(line.find("--net"), std::string::npos) << line;
}

TEST(NetSearch, ExplainShowsTheNetBesideTheLinearModel) {
    auto explain = [](std::shared_ptr<const SearchNet> net, int netBoardSize = 0) {
        EngineConfig config;
        config.net = std::move(net);
        config.netBoardSize = netBoardSize;
        std::istringstream in("boardsize 8\namz-explain\nquit\n");
        std::ostringstream out;
        EXPECT_EQ(runGtpSession(in, out, config, GtpOptions{}), 0);
        return out.str();
    };
    const std::string linear = explain(nullptr), withNet = explain(fixtureNet());
    EXPECT_EQ(linear.find("Network"), std::string::npos) << linear;
    // The net's value for the side to move, then five ranked lines of two moves each.
    const Position start = Position::start(8);
    MoveList moves;
    start.generateMoves(moves);
    std::vector<float> probs;
    const float value = fixtureNet()->evaluateForSearch(start, moves, probs);
    char line[64];
    std::snprintf(line, sizeof line, "Network value: %.3f (white)\n", value);
    EXPECT_NE(withNet.find(line), std::string::npos) << withNet;
    const size_t table = withNet.find("Top moves: network, linear prior\n");
    ASSERT_NE(table, std::string::npos) << withNet;
    const size_t top = std::max_element(probs.begin(), probs.end()) - probs.begin();
    EXPECT_NE(withNet.find("\n1 " + formatMove(moves[top], 8) + " ", table), std::string::npos)
        << withNet;
    EXPECT_NE(withNet.find("\n5 ", table), std::string::npos) << withNet;
    // The linear part is the same with and without the net.
    EXPECT_EQ(withNet.rfind(linear.substr(0, linear.find("Win probability")), 0), 0u);
    // A net kept to 10x10 says nothing on 8x8.
    EXPECT_EQ(explain(fixtureNet(), 10), linear);
}

TEST(NetSearch, SelfPlayHeaderNamesTheNet) {
    SelfPlayConfig c;
    c.size = 8;
    const std::string linear = selfPlayHeader(c).settings;
    c.net = fixtureNet();
    const std::string withNet = selfPlayHeader(c).settings;
    char checksum[24];
    std::snprintf(checksum, sizeof checksum, "%016llx",
                  static_cast<unsigned long long>(c.net->netChecksum()));
    EXPECT_EQ(withNet.rfind("player=mcts+net net=" + std::string(checksum) + " ", 0), 0u)
        << withNet;
    EXPECT_EQ(linear.rfind("player=mcts ", 0), 0u) << linear;
    EXPECT_NE(c.net->netChecksum(), 0u);
}

}  // namespace
}  // namespace hippolyta
