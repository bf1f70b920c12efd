// The answer of a streaming command (amz-analyze, amz-genmove_analyze): the header `=id` goes
// out at once, lines follow while the search runs, and an empty line closes the answer. Lines
// may come from the search thread; every write is flushed at once.
#pragma once

#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace hippolyta {

class ResponseStream {
  public:
    // Where streamed answers go; without it streaming commands are refused.
    void attach(std::ostream* out) { out_ = out; }
    bool attached() const { return out_ != nullptr; }
    // Called by the session before each command: the id the header will carry.
    void prepare(std::optional<std::string> id);
    // Writes the header. The caller must have checked attached().
    void open();
    void line(std::string_view text);
    // Writes the closing empty line, if the stream is open.
    void close();
    bool isOpen() const { return open_; }
    // Whether the current command answered through the stream (its answer is then complete
    // or still streaming, and the session must not write another).
    bool usedByCommand() const { return used_; }

  private:
    void write(std::string_view text);

    std::ostream* out_ = nullptr;
    std::mutex mutex_;
    std::optional<std::string> id_;
    bool open_ = false;
    bool used_ = false;
};

}  // namespace hippolyta
