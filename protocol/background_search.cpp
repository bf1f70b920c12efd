#include "protocol/background_search.h"

#include <spdlog/spdlog.h>

namespace hippolyta {

void BackgroundSearch::start(Engine& engine, Game game, SearchLimits limits, DoneHandler onDone) {
    stop();
    stopFlag_ = false;  // set before the thread exists: a stop() right after start() holds
    thread_ = std::thread([this, &engine, game = std::move(game), limits = std::move(limits),
                           onDone = std::move(onDone)] {
        try {
            result_ = engine.chooseMove(game, limits, stopFlag_);
        } catch (const std::exception& e) {
            spdlog::error("background search failed: {}", e.what());
            result_ = SearchResult{};
        }
        if (onDone) onDone(result_, stopFlag_.load());
    });
}

std::optional<SearchResult> BackgroundSearch::stop() {
    if (!thread_.joinable()) return std::nullopt;
    stopFlag_ = true;
    thread_.join();
    return result_;
}

}  // namespace hippolyta
