// hippolyta-studio on a desktop: the identity a second start asks for and what it makes of the
// answers (a Studio, another program, nobody) over real sockets on 127.0.0.1, the messages for
// a taken port and a failed browser, the browser program started and reaped, and SIGHUP
// turned into a call. No timing: waits have generous deadlines and end on the event.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <csignal>
#include <future>
#include <thread>

#include "adapters/studio/studio_launch.h"
#include "adapters/studio/studio_probe.h"

using namespace hippolyta;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::chrono::seconds kGenerous{60};
const std::string kPageDir = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/studio-page";

// A listening socket on a free loopback port, answering each connection with `answer` (after
// reading the request's head) on a thread of its own, until destroyed.
class OtherProgram {
  public:
    explicit OtherProgram(std::string answer) : answer_(std::move(answer)) {
        acceptor_.open(tcp::v4());
        acceptor_.bind({net::ip::make_address("127.0.0.1"), 0});
        acceptor_.listen();
        acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket s) {
            if (!ec) serve(std::move(s));
        });
        thread_ = std::thread([this] { ioc_.run(); });
    }
    ~OtherProgram() {
        net::post(ioc_, [this] { acceptor_.close(); });
        thread_.join();
    }
    unsigned short port() const { return acceptor_.local_endpoint().port(); }

  private:
    void serve(tcp::socket socket) {
        boost::system::error_code ec;
        std::string head;
        net::read_until(socket, net::dynamic_buffer(head), "\r\n\r\n", ec);
        net::write(socket, net::buffer(answer_), ec);
        socket.shutdown(tcp::socket::shutdown_both, ec);
    }

    std::string answer_;
    net::io_context ioc_;
    tcp::acceptor acceptor_{ioc_};
    std::thread thread_;
};

// A StudioServer on a free loopback port, serving on a thread of its own until destroyed.
class RunningStudio {
  public:
    RunningStudio() : studio_(options(), StudioOptions{}) {
        thread_ = std::thread([this] { studio_.run(); });
    }
    ~RunningStudio() {
        studio_.stop();
        thread_.join();
    }
    unsigned short port() const { return studio_.port(); }

  private:
    static StudioServerOptions options() {
        StudioServerOptions o;
        o.port = 0;
        o.studioDir = kPageDir;
        return o;
    }
    StudioServer studio_;
    std::thread thread_;
};

// What is in a pipe's read end now (its write end closed or drained).
std::string drain(int fd) {
    ::fcntl(fd, F_SETFL, O_NONBLOCK);
    std::string text;
    char buffer[512];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
        text.append(buffer, static_cast<std::size_t>(n));
    return text;
}

struct Pipe {
    int fds[2] = {-1, -1};
    Pipe() { EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0); }
    ~Pipe() {
        ::close(fds[0]);
        ::close(fds[1]);
    }
};

}  // namespace

TEST(StudioIdentity, OnlyTheStudiosOwnAnswerCounts) {
    EXPECT_EQ(studioIdentity(), "Hippolyta Studio\n");
    EXPECT_TRUE(isStudioAnswer(200, studioIdentity()));
    EXPECT_FALSE(isStudioAnswer(404, studioIdentity()));
    EXPECT_FALSE(isStudioAnswer(200, "<html><title>Hippolyta Studio</title></html>"));
    EXPECT_FALSE(isStudioAnswer(200, ""));
    EXPECT_EQ(std::string(kStudioIdentityPath).rfind("/.", 0), 0u) << "no page file has it";
}

TEST(StudioAddresses, WildcardsAreReachedOnLoopback) {
    EXPECT_EQ(reachableAddress("0.0.0.0"), "127.0.0.1");
    EXPECT_EQ(reachableAddress("::"), "::1");
    EXPECT_EQ(reachableAddress("127.0.0.1"), "127.0.0.1");
    EXPECT_EQ(reachableAddress("192.168.1.20"), "192.168.1.20");
    EXPECT_EQ(reachableAddress("::1"), "::1");
    EXPECT_THROW(reachableAddress("no-address"), std::invalid_argument);
    EXPECT_EQ(studioUrl("127.0.0.1", 8765), "http://127.0.0.1:8765/");
    EXPECT_EQ(studioUrl("::1", 80), "http://[::1]:80/");
}

TEST(StudioAddresses, TakenPortMessageNamesTheOptionToUse) {
    EXPECT_EQ(portInUseMessage(8765, 8766, "127.0.0.1", false),
              "port 8765 is in use by another program; start with --port 8766");
    EXPECT_EQ(portInUseMessage(8765, 8770, "0.0.0.0", true),
              "port 8765 is in use by another program; start with --listen 0.0.0.0:8770");
    EXPECT_EQ(portInUseMessage(80, 81, "::", true),
              "port 80 is in use by another program; start with --listen [::]:81");
    EXPECT_EQ(portInUseMessage(80, 0, "127.0.0.1", false),
              "port 80 is in use by another program; no free port found to suggest");
}

TEST(StudioProbe, FindsARunningStudio) {
    RunningStudio studio;
    EXPECT_EQ(probePort("127.0.0.1", studio.port(), kGenerous), PortHolder::studio);
}

TEST(StudioProbe, AnotherProgramIsNotAStudio) {
    for (const std::string answer :
         {"HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\n\r\nhello\n",
          "HTTP/1.1 404 Not Found\r\nContent-Length: 17\r\n\r\nHippolyta Studio\n",
          "SSH-2.0-OpenSSH_9.2\r\n", ""}) {
        OtherProgram other(answer);
        EXPECT_EQ(probePort("127.0.0.1", other.port(), kGenerous), PortHolder::other)
            << "answer: " << answer;
    }
}

TEST(StudioProbe, APortBoundButNotListeningIsRefused) {
    net::io_context ioc;
    tcp::acceptor bound(ioc);
    bound.open(tcp::v4());
    bound.bind({net::ip::make_address("127.0.0.1"), 0});
    EXPECT_EQ(probePort("127.0.0.1", bound.local_endpoint().port(), kGenerous), PortHolder::nobody);
}

TEST(StudioProbe, ATakenPortIsReportedAsSuchAndAnotherOneSuggested) {
    OtherProgram other("");
    StudioServerOptions o;
    o.port = other.port();
    o.studioDir = kPageDir;
    EXPECT_THROW(StudioServer(o, StudioOptions{}), StudioPortInUse);
    const unsigned short free = freePortNear("127.0.0.1", other.port());
    ASSERT_NE(free, 0);
    EXPECT_NE(free, other.port());
    o.port = free;
    EXPECT_NO_THROW(StudioServer(o, StudioOptions{}));
}

TEST(StudioBrowser, FailureLinesGiveTheAddress) {
    const std::string url = "http://127.0.0.1:8765/";
    EXPECT_EQ(browserStartFailure("xdg-open", url, ENOENT),
              "hippolyta-studio: cannot start xdg-open (No such file or directory); open "
              "http://127.0.0.1:8765/ in a browser");
    EXPECT_EQ(browserExitFailure("xdg-open", url, W_EXITCODE(3, 0)),
              "hippolyta-studio: xdg-open failed (exit status 3); open http://127.0.0.1:8765/ in "
              "a browser");
    EXPECT_EQ(browserExitFailure("xdg-open", url, W_EXITCODE(0, SIGKILL)),
              "hippolyta-studio: xdg-open failed (killed by signal 9); open "
              "http://127.0.0.1:8765/ in a browser");
    EXPECT_EQ(browserExitFailure("xdg-open", url, W_EXITCODE(0, 0)), "");
}

TEST(StudioBrowser, AMissingProgramIsReportedAtOnce) {
    Pipe report;
    const auto launch = BrowserLaunch::start("http://x/", "/nonexistent/open-it", report.fds[1]);
    EXPECT_FALSE(launch->started());
    EXPECT_TRUE(launch->waitFor(std::chrono::milliseconds(0)));
    EXPECT_EQ(drain(report.fds[0]),
              "hippolyta-studio: cannot start /nonexistent/open-it (No such file or directory); "
              "open http://x/ in a browser\n");
}

TEST(StudioBrowser, AFailingProgramIsReportedWhenItEnds) {
    Pipe report;
    const auto launch = BrowserLaunch::start("http://x/", "false", report.fds[1]);
    ASSERT_TRUE(launch->started());
    ASSERT_TRUE(launch->waitFor(kGenerous));
    EXPECT_EQ(WEXITSTATUS(launch->status()), 1);
    EXPECT_EQ(drain(report.fds[0]),
              "hippolyta-studio: false failed (exit status 1); open http://x/ in a browser\n");
}

TEST(StudioBrowser, ASucceedingProgramSaysNothing) {
    Pipe report;
    const auto launch = BrowserLaunch::start("http://x/", "true", report.fds[1]);
    ASSERT_TRUE(launch->started());
    ASSERT_TRUE(launch->waitFor(kGenerous));
    EXPECT_EQ(launch->status(), 0);
    EXPECT_EQ(drain(report.fds[0]), "");
}

TEST(StudioHangup, SighupCallsBackAndTheOldActionReturns) {
    struct sigaction before {};
    ::sigaction(SIGHUP, nullptr, &before);
    {
        std::promise<void> called;
        std::once_flag once;
        HangupWatch watch([&] { std::call_once(once, [&] { called.set_value(); }); });
        EXPECT_THROW(HangupWatch([] {}), std::logic_error) << "one at a time";
        ASSERT_EQ(::raise(SIGHUP), 0);
        EXPECT_EQ(called.get_future().wait_for(kGenerous), std::future_status::ready);
    }
    struct sigaction after {};
    ::sigaction(SIGHUP, nullptr, &after);
    EXPECT_EQ(after.sa_handler, before.sa_handler);
    HangupWatch again([] {});  // the slot is free again
}
