#include "engine/core/records/text_record.h"
#include "engine/core/text_util.h"

#include <algorithm>
#include <cctype>
#include "engine/core/portable.h"

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

// Header values are single lines: line breaks become spaces.
std::string oneLine(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
}

// Removes a leading move number such as "12." or "12..." from a move line.
std::string_view dropMoveNumber(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i;
    if (i == 0 || i == s.size() || s[i] != '.') return s;
    while (i < s.size() && (s[i] == '.' || s[i] == ' '))
        ++i;
    return s.substr(i);
}

}  // namespace

std::string formatTextHeader(const GameRecord& record, bool includeResult) {
    std::string out = "# Amazons game record\n";
    auto line = [&](const char* key, const std::string& value) {
        if (!value.empty()) out += std::string(key) + ": " + oneLine(value) + "\n";
    };
    line("White", record.whiteName);
    line("Black", record.blackName);
    line("Date", record.date);
    const BoardShape shape = record.shape();
    line("Board", shape.isSquare() ? std::to_string(shape.width) : shapeName(shape));
    line("Time", record.timeControl);
    if (record.start != Position::start(shape)) line("Start", formatPosition(record.start));
    if (includeResult) {
        line("Result", record.result);
        line("Comment", record.comment);
    }
    return out + "\n";
}

std::string formatTextMove(Move m, BoardShape n) {
    return formatMove(m, n, MoveStyle::Parenthesis) + "\n";
}

std::string formatTextResult(const std::string& result, const std::string& comment) {
    std::string out = "Result: " + oneLine(result) + "\n";
    if (!comment.empty()) out += "Comment: " + oneLine(comment) + "\n";
    return out;
}

std::string writeTextRecord(const GameRecord& record) {
    std::string out = formatTextHeader(record);
    for (Move m : record.moves)
        out += formatTextMove(m, record.shape());
    return out;
}

GameRecord readTextRecord(std::string_view text) {
    GameRecord record;
    BoardShape n(kDefaultBoardSize);
    std::string startText;
    std::vector<std::pair<int, std::string>> moveLines;  // line number, move text
    int lineNo = 0;
    for (std::size_t pos = 0; pos <= text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        std::string line = trimmed(raw);
        if (line.empty() || line[0] == '#') continue;
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) {  // a move, perhaps numbered, perhaps with a comment
            line = trimmed(line.substr(0, line.find('#')));
            moveLines.emplace_back(lineNo, std::string(dropMoveNumber(line)));
            continue;
        }
        const std::string key = lowerCase(trimmed(line.substr(0, colon)));
        // A CR inside a value reads as the writer would write it (see oneLine).
        const std::string value = oneLine(trimmed(line.substr(colon + 1)));
        if (key == "white") {
            record.whiteName = value;
        } else if (key == "black") {
            record.blackName = value;
        } else if (key == "date") {
            record.date = value;
        } else if (key == "time") {
            record.timeControl = value;
        } else if (key == "result") {
            record.result = value;
        } else if (key == "comment") {
            record.comment = value;
        } else if (key == "start") {
            startText = value;
        } else if (key == "board") {
            try {
                n = parseShape(value);
            } catch (const NotationError&) {
                n = BoardShape(0);
            }
            if (!n.isSupported())
                throw RecordError("text record line " + std::to_string(lineNo) + ": board size '" +
                                  value + "' is not 4..11");
        }  // other keys are kept for people, not read
    }
    try {
        record.start = startText.empty() ? Position::start(n) : parsePosition(startText);
    } catch (const NotationError& e) {
        throw RecordError(std::string("text record: ") + e.what());
    }
    if (record.start.shape() != n)
        throw RecordError("text record: the Start position is not " + shapeName(n));
    Position pos = record.start;
    for (const auto& [number, moveText] : moveLines) {
        const std::string where = "text record line " + std::to_string(number) + ": ";
        Move m;
        try {
            m = parseMove(moveText, n);
        } catch (const NotationError& e) {
            throw RecordError(where + e.what());
        }
        if (!pos.isLegal(m))
            throw RecordError(where + colorName(pos.sideToMove()) + " " + moveText + " is illegal");
        record.addMove(m, pos.sideToMove());
        pos.makeMove(m);
    }
    return record;
}

}  // namespace hippolyta
