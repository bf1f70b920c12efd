// A GTP session in memory: run a command line, get its whole response (Leela Zero style).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "protocol/gtp_session.h"

namespace hippolyta {

class GtpSessionTest : public ::testing::Test {
  protected:
    static EngineConfig testConfig() {
        EngineConfig config;
        config.seed = 7;
        return config;
    }

    // The raw response, framing included ("" for a skipped line).
    std::string run(std::string_view line) { return session_.execute(line); }

    // The result of a command that must succeed, without "= " and the closing empty line.
    std::string ok(std::string_view line) {
        const std::string r = run(line);
        EXPECT_TRUE(r.starts_with("= ") && r.ends_with("\n\n")) << line << " -> " << r;
        return r.size() >= 4 ? r.substr(2, r.size() - 4) : r;
    }

    // The message of a command that must fail.
    std::string fail(std::string_view line) {
        const std::string r = run(line);
        EXPECT_TRUE(r.starts_with("? ") && r.ends_with("\n\n")) << line << " -> " << r;
        return r.size() >= 4 ? r.substr(2, r.size() - 4) : r;
    }

    std::string position() { return ok("amz-position"); }

    GtpSession session_{testConfig(), GtpOptions{}};
};

}  // namespace hippolyta
