// A search on its own thread behind the session loop, for pondering and streaming analysis.
// start() returns at once; stop() makes the search end (it checks its flag every simulation)
// and waits for it, so that the engine is free again when stop() returns.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <thread>

#include "engine/core/game.h"
#include "engine/search/engine.h"

namespace hippolyta {

class BackgroundSearch {
  public:
    // Runs on the search thread when the search ends; `stopped` is true when stop() ended it.
    using DoneHandler = std::function<void(const SearchResult& result, bool stopped)>;

    BackgroundSearch() = default;
    BackgroundSearch(const BackgroundSearch&) = delete;
    BackgroundSearch& operator=(const BackgroundSearch&) = delete;
    ~BackgroundSearch() { stop(); }

    // Searches `game` with `engine` until `limits` or stop(). Stops a running search first.
    // The engine must not be used by anyone else until stop() has returned.
    void start(Engine& engine, Game game, SearchLimits limits, DoneHandler onDone = {});
    // Ends the search, if one was started, and returns its result. Blocks for at most the
    // time the search takes to notice its flag.
    std::optional<SearchResult> stop();
    bool active() const { return thread_.joinable(); }

  private:
    std::thread thread_;
    std::atomic<bool> stopFlag_{false};
    SearchResult result_;
};

}  // namespace hippolyta
