// A StudioSession driven through its message API, with the messages it sent kept for the
// tests to look at (studio_session_test.cpp, studio_tree_test.cpp).
#pragma once

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "adapters/studio/studio_session.h"

namespace hippolyta::studio_test {

using Json = nlohmann::json;

// The moves of tests/fake-engines/game-6x6.txt.
inline std::vector<std::string> scriptMoves() {
    std::ifstream in(std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/game-6x6.txt");
    std::vector<std::string> moves;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') moves.push_back(line);
    return moves;
}

class Studio {
  public:
    explicit Studio(std::vector<StudioEngine> engines, double moveTimeout = 30,
                    double commandTimeout = 30) {
        StudioOptions o;
        o.engines = std::move(engines);
        o.moveTimeout = moveTimeout;
        o.commandTimeout = commandTimeout;
        o.maxRestarts = 2;
        session_ = std::make_unique<StudioSession>(o, [this](const Recipients& to, const Json& m) {
            sent_.push_back({to, m});
        });
    }
    // Sends one message as `client` and returns the messages it caused (ticks excluded).
    std::vector<Json> send(const Json& message, int client = 0) {
        const std::size_t from = sent_.size();
        session_->handle(client, message.is_string() ? message.get<std::string>() : message.dump());
        return since(from);
    }
    // Ticks until a message satisfies `pred` (returned) or `seconds` pass (null).
    Json tickUntil(const std::function<bool(const Json&)>& pred, double seconds = 30) {
        const auto end = std::chrono::steady_clock::now() +
                         std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        std::size_t seen = sent_.size();
        while (std::chrono::steady_clock::now() < end) {
            session_->tick();
            for (; seen < sent_.size(); ++seen)
                if (pred(sent_[seen].second)) return sent_[seen].second;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return nullptr;
    }
    Json lastState() const {
        for (auto it = sent_.rbegin(); it != sent_.rend(); ++it)
            if (it->second["type"] == "state") return it->second;
        return nullptr;
    }
    std::vector<Json> all(const std::string& type) const {
        std::vector<Json> out;
        for (const auto& [client, m] : sent_)
            if (m["type"] == type) out.push_back(m);
        return out;
    }
    // Where the first message that satisfies `pred` was sent, in the order of all; -1 if none.
    long indexOf(const std::function<bool(const Json&)>& pred) const {
        for (std::size_t i = 0; i < sent_.size(); ++i)
            if (pred(sent_[i].second)) return static_cast<long>(i);
        return -1;
    }
    const std::vector<std::pair<Recipients, Json>>& sent() const { return sent_; }
    StudioSession& session() { return *session_; }

  private:
    std::vector<Json> since(std::size_t from) const {
        std::vector<Json> out;
        for (std::size_t i = from; i < sent_.size(); ++i)
            out.push_back(sent_[i].second);
        return out;
    }
    std::vector<std::pair<Recipients, Json>> sent_;
    std::unique_ptr<StudioSession> session_;
};

inline StudioEngine hippolytaEngine() {
    return {"hippolyta", std::string("exec ") + HIPPOLYTA_BIN_DIR + "/hippolyta --threads 1", ""};
}

inline Json errorIn(const std::vector<Json>& replies) {
    for (const Json& m : replies)
        if (m["type"] == "error") return m;
    return nullptr;
}

inline bool processGone(int pid) {
    return pid > 0 && ::kill(pid, 0) != 0;
}

}  // namespace hippolyta::studio_test
