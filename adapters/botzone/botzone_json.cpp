#include "adapters/botzone/botzone_json.h"

#include <cstdio>

#include "engine/core/portable.h"

namespace hippolyta {

namespace {

constexpr int kMaxJsonDepth = 64;

// Recursive descent over the text; every error names its byte offset.
class JsonReader {
  public:
    explicit JsonReader(std::string_view text) : s_(text) {}

    JsonValue document() {
        JsonValue v = value(0);
        skipSpace();
        if (i_ != s_.size()) fail("unexpected text after the value");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        const bool truncated = i_ >= s_.size();
        throw JsonError("JSON: " + (truncated ? std::string("the text ends too soon") : what) +
                            " at byte " + std::to_string(i_),
                        i_, truncated);
    }
    void skipSpace() {
        while (i_ < s_.size() &&
               (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
            ++i_;
    }
    char peek() {
        skipSpace();
        if (i_ >= s_.size()) fail("");
        return s_[i_];
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++i_;
    }
    void word(std::string_view w) {
        for (char c : w) {
            if (i_ >= s_.size()) fail("");
            if (s_[i_] != c) fail("unknown literal");
            ++i_;
        }
    }

    JsonValue value(int depth) {
        if (depth > kMaxJsonDepth) fail("nesting deeper than 64");
        const char c = peek();
        const size_t begin = i_;
        JsonValue v;
        if (c == '{') {
            object(v, depth);
        } else if (c == '[') {
            array(v, depth);
        } else if (c == '"') {
            v.kind = JsonValue::Kind::String;
            v.text = string();
        } else if (c == 't' || c == 'f') {
            v.kind = JsonValue::Kind::Boolean;
            v.boolean = c == 't';
            word(c == 't' ? "true" : "false");
        } else if (c == 'n') {
            word("null");
        } else {
            number(v);
        }
        v.source = s_.substr(begin, i_ - begin);
        return v;
    }

    void object(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Object;
        expect('{');
        if (peek() == '}') {
            ++i_;
            return;
        }
        while (true) {
            if (peek() != '"') fail("expected a member name");
            std::string key = string();
            expect(':');
            JsonValue member = value(depth + 1);
            v.members.push_back(JsonMember{std::move(key), std::move(member)});
            if (peek() == '}') break;
            expect(',');
        }
        ++i_;
    }

    void array(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Array;
        expect('[');
        if (peek() == ']') {
            ++i_;
            return;
        }
        while (true) {
            v.items.push_back(value(depth + 1));
            if (peek() == ']') break;
            expect(',');
        }
        ++i_;
    }

    std::string string() {
        ++i_;  // the opening quote
        std::string out;
        while (true) {
            if (i_ >= s_.size()) fail("");
            const char c = s_[i_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) fail("");
            const char e = s_[i_++];
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out += e;
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u':
                    out += unicodeEscape();
                    break;
                default:
                    fail("bad escape");
            }
        }
    }

    // \uXXXX: the code unit as UTF-8 (surrogates kept as they are; Botzone's input has none).
    std::string unicodeEscape() {
        unsigned code = 0;
        for (int k = 0; k < 4; ++k, ++i_) {
            if (i_ >= s_.size()) fail("");
            const char h = s_[i_];
            const int d = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
            if (d < 0) fail("bad \\u escape");
            code = code * 16 + static_cast<unsigned>(d);
        }
        std::string out;
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
        return out;
    }

    void number(JsonValue& v) {
        const size_t begin = i_;
        bool fraction = false;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '.' || c == 'e' || c == 'E' || c == '+') {
                fraction = true;
            } else if (!(c == '-' || (c >= '0' && c <= '9'))) {
                break;
            }
            ++i_;
        }
        const std::string_view digits = s_.substr(begin, i_ - begin);
        if (digits.empty()) fail("unexpected character");
        v.kind = JsonValue::Kind::Number;
        if (!fraction && parseInteger(digits, v.integer)) {
            v.isInteger = true;
            v.number = static_cast<double>(v.integer);
        } else if (!parseDecimal(digits, v.number)) {
            i_ = begin;
            fail("bad number");
        }
    }

    std::string_view s_;
    size_t i_ = 0;
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key == key) return &it->value;
    return nullptr;
}

JsonValue parseJson(std::string_view text) {
    return JsonReader(text).document();
}

std::string jsonQuoted(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

}  // namespace hippolyta
