#include "protocol/response_stream.h"

#include <utility>

namespace hippolyta {

void ResponseStream::prepare(std::optional<std::string> id) {
    id_ = std::move(id);
    used_ = false;
}

void ResponseStream::open() {
    open_ = used_ = true;
    std::string header = "=";
    if (id_) header.append(*id_);
    header.push_back('\n');
    write(header);
}

void ResponseStream::line(std::string_view text) {
    if (!open_) return;
    std::string out(text);
    out += '\n';
    write(out);
}

void ResponseStream::close() {
    if (!open_) return;
    write("\n");
    open_ = false;
}

void ResponseStream::write(std::string_view text) {
    std::lock_guard lock(mutex_);
    if (!out_) return;
    *out_ << text << std::flush;
}

}  // namespace hippolyta
