// A small JSON reader and string quoting, just enough for Botzone's turn input and answer. The
// bot's single file carries this instead of a general JSON library: it stays small and compiles
// with Botzone's GCC 7 (whose own JSON library, linked with -ljson, is not ours to test).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hippolyta {

struct JsonMember;

struct JsonValue {
    enum class Kind { Null, Boolean, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    bool isInteger = false;  // a number written without fraction or exponent that fits
    long long integer = 0;   // when isInteger
    double number = 0;
    std::string text;  // a string's value
    std::vector<JsonValue> items;
    std::vector<JsonMember> members;  // in input order
    std::string_view source;          // the value's own text within the parsed input

    bool isObject() const { return kind == Kind::Object; }
    bool isArray() const { return kind == Kind::Array; }
    // The last member named key (as most readers resolve duplicates), or null.
    const JsonValue* find(std::string_view key) const;
};

// A member of an object (a pair of a still incomplete JsonValue would not compile everywhere).
struct JsonMember {
    std::string key;
    JsonValue value;
};

class JsonError : public std::runtime_error {
  public:
    JsonError(const std::string& message, size_t offset, bool truncated)
        : std::runtime_error(message), offset_(offset), truncated_(truncated) {}
    size_t offset() const { return offset_; }
    // True if the text ended before the value did (more input could complete it).
    bool truncated() const { return truncated_; }

  private:
    size_t offset_;
    bool truncated_;
};

// Parses text holding exactly one JSON value (white space around it allowed). The result's
// string views point into text. Throws JsonError; nesting deeper than 64 is an error.
JsonValue parseJson(std::string_view text);

// s as a JSON string literal, quotes included; control characters escaped, other bytes kept.
std::string jsonQuoted(std::string_view s);

}  // namespace hippolyta
