// Commands registered by name, and typed access to their arguments that throws GtpError.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bitboard.h"
#include "engine/core/move.h"
#include "protocol/gtp_error.h"

namespace hippolyta {

class GtpState;

// A command's arguments with checked, typed accessors. Every failure throws GtpError with a
// message naming the command's usage or the bad word.
class GtpArgs {
  public:
    GtpArgs(std::string usage, std::vector<std::string> words)
        : usage_(std::move(usage)), words_(std::move(words)) {}

    size_t size() const { return words_.size(); }
    bool empty() const { return words_.empty(); }
    const std::string& operator[](size_t i) const { return words_.at(i); }
    const std::vector<std::string>& words() const { return words_; }
    const std::string& usage() const { return usage_; }

    // Throws `wrong number of arguments (usage: ...)` unless min <= size() <= max.
    void expectCount(size_t count) const { expectCount(count, count); }
    void expectCount(size_t min, size_t max) const;

    // A decimal integer (optional leading '-'); throws a syntax error otherwise.
    long long integer(size_t i) const;
    // A finite decimal number such as 300 or 12.5.
    double number(size_t i) const;
    // w, white, b, black in any case.
    Color color(size_t i) const;
    // Move text in any accepted form on a board of that shape (syntax and bounds only).
    Move move(size_t i, BoardShape shape) const;
    // The words from `from` on, joined by single spaces.
    std::string joined(size_t from = 0) const;

    [[noreturn]] void syntaxError(const std::string& detail) const;

  private:
    std::string usage_;
    std::vector<std::string> words_;
};

// A handler answers the text after `=` or throws GtpError. It may change the session state.
using GtpHandler = std::function<std::string(GtpState&, const GtpArgs&)>;

class CommandRegistry {
  public:
    struct Entry {
        std::string usage;  // e.g. "play COLOR MOVE", shown in argument errors
        GtpHandler handler;
    };

    // Registers a command; the name is the first word of `usage`. A name registered twice is a
    // programming error (std::logic_error).
    void add(const std::string& usage, GtpHandler handler);
    const Entry* find(std::string_view name) const;
    bool contains(std::string_view name) const { return find(name) != nullptr; }
    // Every command name, sorted.
    std::vector<std::string> names() const;

  private:
    std::map<std::string, Entry, std::less<>> entries_;
};

}  // namespace hippolyta
