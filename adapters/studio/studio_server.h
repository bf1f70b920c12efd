// hippolyta-studio's server: HTTP for the page's static files and a WebSocket at /ws for its
// messages (docs/studio-protocol.md), on Boost.Beast. The network runs on the caller's thread,
// the StudioSession (the game and its engines) on a thread of its own; they meet in a queue of
// incoming messages and in posts of outgoing ones. Limits keep one hostile page from hurting
// the others: request and frame size caps, a rate limit and a queue cap per connection, and
// WebSocket upgrades only from the server's own origin.
#pragma once

#include <memory>
#include <string>

#include "adapters/studio/studio_session.h"

namespace hippolyta {

struct StudioServerOptions {
    std::string address = "127.0.0.1";
    unsigned short port = 8080;
    std::string studioDir;                  // the page's files
    std::size_t maxFrameBytes = 1 << 20;    // larger messages get a too_large error
    std::size_t closeFrameBytes = 4 << 20;  // larger frames close the connection (1009)
    double messagesPerSecond = 20;          // each connection's rate, on average
    double burst = 60;                      // and in a burst
    std::size_t maxQueuedPerConnection = 64;
    std::size_t maxOutgoingPerConnection = 4096;  // a page that reads no more is dropped
};

class StudioServer {
  public:
    // Binds the address and port (0: a free port); throws std::runtime_error when it cannot.
    StudioServer(StudioServerOptions server, StudioOptions session);
    ~StudioServer();
    unsigned short port() const;
    // http://ADDRESS:PORT/
    std::string url() const;
    // From now on SIGINT and SIGTERM stop the server (once run() serves; one that comes
    // before waits for it) instead of killing the process: call it before telling anyone
    // where the server is, so that a signal sent at once still stops it cleanly.
    void catchStopSignals();
    // Serves until stop() (or a signal caught by catchStopSignals()); then quits the engines.
    void run();
    // Safe from any thread.
    void stop();

    struct Impl;  // the connections' classes share it

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace hippolyta
