// EngineLink, the Studio's engine that is never waited on: poll() returns at once whatever the
// engine does, replies come back in order, a refused set-up or a hang fails the engine, and
// abandoned replies are dropped.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "adapters/studio/engine_link.h"
#include "engine/core/notation.h"
#include "tests/unit/fake_engines.h"

using namespace hippolyta;
using Want = EngineLink::Want;

namespace {

using fake_engines::kScripted;
using fake_engines::kSilent;

// Polls until a reply comes (returned) or the link throws (rethrown); gives up after 20 s.
EngineLink::Progress pollForReply(EngineLink& e) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < end) {
        EngineLink::Progress p = e.poll();
        if (p.reply) return p;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ADD_FAILURE() << "no reply";
    return {};
}

// Polls until the link throws; the failure's kind, or nothing after 20 s.
std::optional<FailureKind> pollForFailure(EngineLink& e) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    try {
        while (std::chrono::steady_clock::now() < end) {
            e.poll();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    } catch (const EngineFailure& f) {
        return f.kind();
    }
    return std::nullopt;
}

// The lines of the stream `command` up to its reply.
std::vector<std::string> streamLines(EngineLink& e, const EngineLink::Command& command) {
    e.queue(command);
    std::vector<std::string> lines;
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < end) {
        const EngineLink::Progress p = e.poll();
        lines.insert(lines.end(), p.lines.begin(), p.lines.end());
        if (p.reply) return lines;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ADD_FAILURE() << "no reply to " << command.text;
    return lines;
}

}  // namespace

TEST(StudioEngineLink, RepliesComeBackInOrderAfterTheSetUp) {
    std::atomic<int> wakes = 0;  // the reader tells of output, for the Studio to poll at once
    EngineLink e("fake", kScripted, false, [&] { ++wakes; });
    e.sync(Position::start(6), {}, 5);
    e.queue({"name", 5, Want::Reply, {}});
    e.queue({"genmove white", 5, Want::Reply, {}});
    EXPECT_TRUE(e.busy());
    const EngineLink::Progress name = pollForReply(e);
    EXPECT_EQ(name.command, "name");
    EXPECT_EQ(name.reply->text, "fake");
    const EngineLink::Progress move = pollForReply(e);
    EXPECT_EQ(move.command, "genmove white");
    EXPECT_TRUE(Position::start(6).isLegal(parseMove(move.reply->text, 6)));
    EXPECT_GE(move.seconds, 0.0);
    EXPECT_FALSE(e.busy());
    EXPECT_GE(wakes.load(), 4);  // a line at least for each of the four replies
}

TEST(StudioEngineLink, PollReturnsAtOnceWhileTheEngineSaysNothingAndFindsTheHang) {
    EngineLink e("silent", kSilent, false);
    e.queue({"name", 5, Want::Reply, {}});
    EXPECT_EQ(pollForReply(e).reply->text, "silent");
    // The engine hangs on boardsize: each poll comes back empty-handed, still waiting, until the
    // deadline passes and the hang is found out.
    e.queue({"boardsize 6", 0.5, Want::Success, {}});
    const EngineLink::Progress nothing = e.poll();
    EXPECT_FALSE(nothing.reply);
    EXPECT_TRUE(e.busy());
    EXPECT_EQ(pollForFailure(e), std::optional<FailureKind>(FailureKind::Hang));
}

TEST(StudioEngineLink, ARefusedSetUpFailsTheEngine) {
    EngineLink e("fake", kScripted + " --fault refuse-play --at 1", false);
    e.sync(Position::start(6), {parseMove("b1-a1/b1", 6)}, 5);
    EXPECT_EQ(pollForFailure(e), std::optional<FailureKind>(FailureKind::Protocol));
}

TEST(StudioEngineLink, ACrashIsReportedAsOne) {
    EngineLink e("fake", kScripted + " --fault crash", false);
    e.queue({"genmove white", 5, Want::Reply, {}});
    EXPECT_EQ(pollForFailure(e), std::optional<FailureKind>(FailureKind::Crash));
}

TEST(StudioEngineLink, AbandonedRepliesAreDroppedAndTheNextOnesStillCome) {
    EngineLink e("fake", kScripted, false);
    e.queue({"name", 5, Want::Reply, {}});
    e.queue({"version", 5, Want::Reply, {}});
    e.abandon();  // "name" is in flight and answered into the void; "version" is never sent
    e.queue({"protocol_version", 5, Want::Reply, {}});
    const EngineLink::Progress p = pollForReply(e);
    EXPECT_EQ(p.command, "protocol_version");
    EXPECT_EQ(p.reply->text, "2");
    EXPECT_FALSE(e.busy());
}

// A short search whose engine writes its first line late (a small endgame solved at the root on
// a slow machine) gets it within its grace; without one it is stopped with no line.
TEST(StudioEngineLink, AShortSearchWaitsForItsFirstLineWithinItsGrace) {
    const std::string engine =
        std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/late-analysis-engine.py 3";
    EngineLink e("late", engine, false);
    EXPECT_TRUE(streamLines(e, {"amz-analyze b 1", 5, Want::Stream, 0.05}).empty());
    const std::vector<std::string> lines =
        streamLines(e, {"amz-analyze b 1", 5, Want::Stream, 0.05, 10});
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("info move a1-a2/a3", 0), 0u);
}
