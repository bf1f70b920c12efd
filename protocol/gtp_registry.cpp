#include "protocol/gtp_registry.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "engine/core/notation.h"

namespace hippolyta {

void GtpArgs::syntaxError(const std::string& detail) const {
    throw GtpError("syntax error: " + detail + " (usage: " + usage_ + ")");
}

void GtpArgs::expectCount(size_t min, size_t max) const {
    if (words_.size() < min || words_.size() > max)
        throw GtpError("wrong number of arguments (usage: " + usage_ + ")");
}

long long GtpArgs::integer(size_t i) const {
    const std::string& w = (*this)[i];
    long long value = 0;
    const auto [end, err] = std::from_chars(w.data(), w.data() + w.size(), value);
    if (err != std::errc() || end != w.data() + w.size())
        syntaxError("'" + w + "' is not an integer");
    return value;
}

double GtpArgs::number(size_t i) const {
    const std::string& w = (*this)[i];
    double value = 0;
    const auto [end, err] = std::from_chars(w.data(), w.data() + w.size(), value);
    if (err != std::errc() || end != w.data() + w.size() || !std::isfinite(value))
        syntaxError("'" + w + "' is not a number");
    return value;
}

Color GtpArgs::color(size_t i) const {
    try {
        return parseColor((*this)[i]);
    } catch (const NotationError&) {
        syntaxError("'" + (*this)[i] + "' is not a color (w, white, b, black)");
    }
}

Move GtpArgs::move(size_t i, BoardShape shape) const {
    try {
        return parseMove((*this)[i], shape);
    } catch (const NotationError& e) {
        syntaxError(e.what());
    }
}

std::string GtpArgs::joined(size_t from) const {
    std::string out;
    for (size_t i = from; i < words_.size(); ++i) {
        if (i > from) out += ' ';
        out += words_[i];
    }
    return out;
}

void CommandRegistry::add(const std::string& usage, GtpHandler handler) {
    const std::string name = usage.substr(0, usage.find(' '));
    if (name.empty() || entries_.count(name))
        throw std::logic_error("GTP command registered twice or unnamed: '" + name + "'");
    entries_.emplace(name, Entry{usage, std::move(handler)});
}

const CommandRegistry::Entry* CommandRegistry::find(std::string_view name) const {
    const auto it = entries_.find(name);
    return it == entries_.end() ? nullptr : &it->second;
}

std::vector<std::string> CommandRegistry::names() const {
    std::vector<std::string> out;
    for (const auto& [name, entry] : entries_)
        out.push_back(name);
    return out;
}

}  // namespace hippolyta
