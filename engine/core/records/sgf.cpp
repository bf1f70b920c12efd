#include "engine/core/records/sgf.h"
#include "engine/core/text_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>
#include "engine/core/portable.h"

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

struct Property {
    std::string id;
    std::vector<std::string> values;
};
using Node = std::vector<Property>;

// The nodes of the first game tree in the order of the text, each with its parent (-1 for
// the first); a node's first child is the one that comes first.
struct ParsedTree {
    std::vector<Node> nodes;
    std::vector<int> parent;
    // The main line: from the first node through first children.
    std::vector<int> mainLine() const {
        std::vector<int> firstChild(nodes.size(), -1);
        for (std::size_t i = nodes.size(); i-- > 1;)
            if (parent[i] >= 0) firstChild[parent[i]] = static_cast<int>(i);
        std::vector<int> line;
        for (int n = 0; n >= 0; n = firstChild[n])
            line.push_back(n);
        return line;
    }
};

// Reads the syntax of the first game tree, variations included.
class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    ParsedTree gameTree() {
        while (pos_ < text_.size() && text_[pos_] != '(')
            ++pos_;  // text before is ignored
        if (pos_ == text_.size()) throw RecordError("SGF: no game tree (no '(' found)");
        ParsedTree parsed;
        tree(parsed, -1);
        return parsed;
    }

  private:
    // Far more than any real record (a game has at most 117 moves).
    static constexpr int kMaxTreeDepth = 1000;

    RecordError error(const std::string& what) const {
        int line = 1, col = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        return RecordError("SGF line " + std::to_string(line) + " column " + std::to_string(col) +
                           ": " + what);
    }
    void skipSpace() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
            ++pos_;
    }
    char peek() {
        skipSpace();
        if (pos_ == text_.size()) throw error("unexpected end of file (truncated SGF?)");
        return text_[pos_];
    }

    // GameTree = "(" Sequence GameTree* ")"; the trees after a sequence are its variations.
    // Nesting is capped so that a hostile file cannot exhaust the stack.
    void tree(ParsedTree& parsed, int parent, int depth = 1) {
        if (depth > kMaxTreeDepth)
            throw error("game trees nested more than " + std::to_string(kMaxTreeDepth) + " deep");
        ++pos_;  // '('
        if (peek() != ';') throw error("a game tree must start with a node (';')");
        while (peek() == ';') {
            ++pos_;
            parsed.nodes.push_back(node());
            parsed.parent.push_back(parent);
            parent = static_cast<int>(parsed.nodes.size()) - 1;
        }
        while (peek() == '(')
            tree(parsed, parent, depth + 1);
        if (peek() != ')') throw error(std::string("unexpected '") + text_[pos_] + "'");
        ++pos_;
    }

    Node node() {
        Node n;
        while (std::isalpha(static_cast<unsigned char>(peek()))) {
            Property p;
            while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
                // Old SGF allowed lower-case letters inside identifiers; they carry no meaning.
                if (std::isupper(static_cast<unsigned char>(text_[pos_]))) p.id += text_[pos_];
                ++pos_;
            }
            if (p.id.empty()) throw error("a property name needs an upper-case letter");
            if (peek() != '[') throw error("property " + p.id + " has no value");
            while (peek() == '[')
                p.values.push_back(value());
            n.push_back(std::move(p));
        }
        return n;
    }

    std::string value() {
        ++pos_;  // '['
        std::string v;
        while (true) {
            if (pos_ >= text_.size()) throw error("unexpected end of file inside a value");
            const char c = text_[pos_++];
            if (c == ']') return v;
            if (c != '\\') {
                v += c;
                continue;
            }
            if (pos_ >= text_.size()) throw error("unexpected end of file inside a value");
            const char e = text_[pos_++];
            if (e == '\n' || e == '\r') {  // a soft line break: dropped
                if (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r') &&
                    text_[pos_] != e)
                    ++pos_;
                continue;
            }
            v += e;
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

const Property* find(const Node& node, std::string_view id) {
    for (const Property& p : node)
        if (p.id == id) return &p;
    return nullptr;
}

double parseNumber(const std::string& raw, const char* what) {
    const std::string s = trimmed(raw);
    double v = 0;
    if (!parseDecimal(s, v) || !std::isfinite(v))
        throw RecordError(std::string("SGF: bad ") + what + " value '" + raw + "'");
    return v;
}

// SZ[N] (square) or SZ[W:H] (columns:rows), each 4..11.
BoardShape parseSize(const std::string& raw) {
    const std::string s = trimmed(raw);
    const std::size_t colon = s.find(':');
    int w = 0, h = 0;
    const bool read =
        colon == std::string::npos
            ? parseInteger(std::string_view(s), w) && parseInteger(std::string_view(s), h)
            : parseInteger(std::string_view(trimmed(s.substr(0, colon))), w) &&
                  parseInteger(std::string_view(trimmed(s.substr(colon + 1))), h);
    const BoardShape shape(w, h);
    if (!read || !shape.isSupported())
        throw RecordError("SGF: board size SZ[" + raw + "] is not 4..11" +
                          (colon == std::string::npos ? "" : " by 4..11"));
    return shape;
}

// The squares named by one value of a point list: a point or a rectangle "aa:cc".
std::vector<int> pointList(const std::string& raw, BoardShape shape) {
    const std::string s = trimmed(raw);
    const std::size_t colon = s.find(':');
    if (colon == std::string::npos) return {parseSgfPoint(s, shape)};
    const int a = parseSgfPoint(trimmed(s.substr(0, colon)), shape);
    const int b = parseSgfPoint(trimmed(s.substr(colon + 1)), shape);
    const int w = shape.width;
    std::vector<int> squares;
    for (int r = std::min(a / w, b / w); r <= std::max(a / w, b / w); ++r)
        for (int c = std::min(a % w, b % w); c <= std::max(a % w, b % w); ++c)
            squares.push_back(r * w + c);
    return squares;
}

Move parseSgfMove(const std::string& raw, BoardShape n, std::size_t ply) {
    const std::string s = trimmed(raw);
    auto fail = [&](const std::string& why) {
        return RecordError("SGF ply " + std::to_string(ply) + ": move [" + raw + "] " + why);
    };
    if (s.empty() || s == "tt") throw fail("is a pass; Amazons has no pass");
    if (s.size() != 6) throw fail("must be three points (from, to, arrow)");
    try {
        return Move{static_cast<uint8_t>(parseSgfPoint(s.substr(0, 2), n)),
                    static_cast<uint8_t>(parseSgfPoint(s.substr(2, 2), n)),
                    static_cast<uint8_t>(parseSgfPoint(s.substr(4, 2), n))};
    } catch (const RecordError& e) {
        throw fail(std::string("has ") + e.what());
    }
}

bool isSetup(const Property& p) {
    return p.id == "AB" || p.id == "AW" || p.id == "AA" || p.id == "AE";
}

// What the reader itself takes from a node (or the writer's header writes): the rest of a
// node's properties are kept on the tree.
bool interpreted(const std::string& id) {
    static const char* const ids[] = {"FF", "GM", "CA", "AP", "SZ", "PW", "PB",
                                      "DT", "RE", "TM", "OT", "C",  "AB", "AW",
                                      "AA", "AE", "PL", "B",  "W",  "BL", "WL"};
    return std::find(std::begin(ids), std::end(ids), id) != std::end(ids);
}

// Appends `node`'s properties that the reader leaves alone to `kept`.
void keepOthers(const Node& node, std::vector<MoveTree::Property>& kept) {
    for (const Property& p : node)
        if (!interpreted(p.id)) kept.push_back({p.id, p.values});
}

std::string propertyText(const std::vector<MoveTree::Property>& properties) {
    std::string out;
    for (const MoveTree::Property& p : properties) {
        out += p.id;
        for (const std::string& v : p.values)
            out += "[" + sgfEscape(v) + "]";
    }
    return out;
}

void applySetup(Position& pos, const Property& p) {
    const Piece piece = p.id == "AB"   ? Piece::BlackAmazon
                        : p.id == "AW" ? Piece::WhiteAmazon
                        : p.id == "AA" ? Piece::Arrow
                                       : Piece::Empty;
    for (const std::string& v : p.values)
        for (int sq : pointList(v, pos.shape()))
            pos.place(sq, piece);
}

// Reads root properties that describe the game rather than the board.
void readGameInfo(const Node& root, GameRecord& record) {
    auto text = [&](const char* id, std::string& out) {
        if (const Property* p = find(root, id)) out = p->values.front();
    };
    text("PW", record.whiteName);
    text("PB", record.blackName);
    text("DT", record.date);
    text("RE", record.result);
    text("OT", record.overtime);
    text("C", record.comment);
    text("AP", record.application);
    if (const Property* p = find(root, "TM")) record.mainTime = parseNumber(p->values[0], "TM");
}

// Every line of the parsed tree as a MoveTree from the record's start (the main line first, as
// the text has it). Set-up is allowed on the main line only, where readSgf() checked it.
MoveTree variations(const ParsedTree& parsed, const std::vector<int>& mainLine,
                    const GameRecord& record) {
    const BoardShape n = record.start.shape();
    std::vector<char> onMain(parsed.nodes.size(), 0);
    for (int i : mainLine)
        onMain[i] = 1;
    MoveTree tree;
    std::vector<Position> positions = {record.start};  // by tree node
    std::vector<std::size_t> plies = {0};              // by tree node
    std::vector<int> at(parsed.nodes.size(), 0);       // parsed node -> tree node
    for (std::size_t i = 0; i < parsed.nodes.size(); ++i) {
        const int parent = parsed.parent[i] < 0 ? 0 : at[parsed.parent[i]];
        at[i] = parent;
        const Property* move = nullptr;
        for (const Property& p : parsed.nodes[i]) {
            if (isSetup(p) && !onMain[i])
                throw RecordError("SGF: set-up (" + p.id + ") in a variation");
            if (p.id == "B" || p.id == "W") move = &p;
        }
        if (!move) {  // the root, or a node of comments only: its others go to the parent
            keepOthers(parsed.nodes[i], tree.nodes[parent].properties);
            continue;
        }
        const Color mover = move->id == "W" ? Color::White : Color::Black;
        Position pos = positions[parent];
        const std::size_t ply = plies[parent] + 1;
        const Move m = parseSgfMove(move->values[0], n, ply);
        if (pos.sideToMove() != mover) pos.setSideToMove(mover);
        if (!pos.isLegal(m))
            throw RecordError("SGF variation, ply " + std::to_string(ply) + ": " +
                              colorName(mover) + " " + formatMove(m, n) + " is illegal");
        pos.makeMove(m);
        at[i] = tree.add(parent, m, mover);
        if (at[i] == static_cast<int>(positions.size())) {
            positions.push_back(pos);
            plies.push_back(ply);
        }
        if (const Property* c = find(parsed.nodes[i], "C"))
            tree.nodes[at[i]].comment = c->values[0];
        keepOthers(parsed.nodes[i], tree.nodes[at[i]].properties);
    }
    return tree;
}

// The root node's properties, up to and including PL.
std::string header(const GameRecord& record) {
    const BoardShape n = record.start.shape();
    std::string out = "(;FF[4]GM[18]CA[UTF-8]";
    auto prop = [&](const char* id, const std::string& value) {
        if (!value.empty()) out += std::string(id) + "[" + sgfEscape(value) + "]";
    };
    prop("AP", record.application);
    out += "SZ[" +
           (n.isSquare() ? std::to_string(n.width)
                         : std::to_string(n.width) + ":" + std::to_string(n.height)) +
           "]\n";
    const std::size_t infoStart = out.size();
    prop("PW", record.whiteName);
    prop("PB", record.blackName);
    prop("DT", record.date);
    prop("RE", record.result);
    if (record.mainTime) out += "TM[" + formatSeconds(*record.mainTime) + "]";
    prop("OT", record.overtime);
    if (out.size() > infoStart) out += '\n';
    prop("C", record.comment);
    if (!record.comment.empty()) out += '\n';
    const Position& start = record.start;
    auto points = [&](const char* id, Bitboard squares) {
        if (!squares) return;
        out += id;
        // Top row first, as Quarry sorts them.
        for (int row = n.height - 1; row >= 0; --row)
            for (int col = 0; col < n.width; ++col)
                if (testBit(squares, row * n.width + col)) {
                    out += '[';
                    out += sgfPoint(row * n.width + col, n);
                    out += ']';
                }
    };
    points("AW", start.amazons(Color::White));
    points("AB", start.amazons(Color::Black));
    points("AA", start.arrows());
    out += std::string("PL[") + colorLetter(start.sideToMove()) + "]";
    return out;
}

std::string moveNode(Color mover, Move m, BoardShape n) {
    return std::string(";") + colorLetter(mover) + "[" + sgfPoint(m.from, n) + sgfPoint(m.to, n) +
           sgfPoint(m.arrow, n) + "]";
}

// The line from `node` on through first children; at a node with several children each child
// follows as a variation in parentheses, the first one first.
void writeLines(const MoveTree& tree, int node, BoardShape n, std::string& out, int& count) {
    for (int at = node;;) {
        const MoveTree::Node& here = tree.nodes[at];
        if (at != 0) {
            if (count++ % 6 == 0) out += '\n';
            out += moveNode(here.mover, here.move, n);
            if (!here.comment.empty()) out += "C[" + sgfEscape(here.comment) + "]";
            out += propertyText(here.properties);
        }
        if (here.children.empty()) return;
        if (here.children.size() == 1) {
            at = here.children.front();
            continue;
        }
        for (int child : here.children) {
            out += "\n(";
            count = 0;
            writeLines(tree, child, n, out, count);
            out += ")";
        }
        return;
    }
}

}  // namespace

std::string sgfPoint(int sq, BoardShape shape) {
    const int col = sq % shape.width, row = sq / shape.width;
    return {static_cast<char>('a' + col), static_cast<char>('a' + (shape.height - 1 - row))};
}

int parseSgfPoint(std::string_view text, BoardShape shape) {
    if (text.size() != 2 || text[0] < 'a' || text[0] >= 'a' + shape.width || text[1] < 'a' ||
        text[1] >= 'a' + shape.height)
        throw RecordError("point '" + std::string(text) + "' is not on the " + shapeName(shape) +
                          " board");
    const int col = text[0] - 'a', rowFromTop = text[1] - 'a';
    return (shape.height - 1 - rowFromTop) * shape.width + col;
}

std::string sgfEscape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

GameRecord readSgf(std::string_view text, MoveTree* tree) {
    const ParsedTree parsed = Parser(text).gameTree();
    const std::vector<int> mainLine = parsed.mainLine();
    std::vector<Node> nodes;
    for (int i : mainLine)
        nodes.push_back(parsed.nodes[i]);
    const Node& root = nodes.front();
    if (const Property* gm = find(root, "GM"); gm && trimmed(gm->values[0]) != "18")
        throw RecordError("SGF: GM[" + gm->values[0] + "] is not Amazons (GM[18])");
    const Property* sz = find(root, "SZ");
    const BoardShape n = sz ? parseSize(sz->values[0]) : BoardShape(kDefaultBoardSize);

    GameRecord record;
    readGameInfo(root, record);
    // Set-up before the first move replaces the standard start; with amazons in it, it
    // describes the whole board.
    bool setup = false, amazonsGiven = false;
    std::optional<Color> toPlay;
    std::size_t firstMoveNode = nodes.size();
    for (std::size_t i = 0; i < nodes.size() && firstMoveNode == nodes.size(); ++i) {
        for (const Property& p : nodes[i]) {
            setup |= isSetup(p);
            amazonsGiven |= p.id == "AB" || p.id == "AW";
            if (p.id == "B" || p.id == "W") firstMoveNode = i;
        }
    }
    Position pos = amazonsGiven ? Position::emptyBoard(n) : Position::start(n);
    std::size_t ply = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Property* move = nullptr;
        for (const Property& p : nodes[i]) {
            if (isSetup(p)) {
                if (i > firstMoveNode || (i == firstMoveNode && ply > 0))
                    throw RecordError("SGF: set-up (" + p.id + ") after the first move");
                applySetup(pos, p);
            } else if (p.id == "PL" && ply == 0) {
                try {
                    toPlay = parseColor(trimmed(p.values[0]));
                } catch (const NotationError&) {
                    throw RecordError("SGF: bad PL[" + p.values[0] + "]");
                }
            } else if (p.id == "B" || p.id == "W") {
                if (move) throw RecordError("SGF: a node with two moves");
                move = &p;
            }
        }
        if (!move) continue;
        const Color mover = move->id == "W" ? Color::White : Color::Black;
        if (ply == 0) {
            if (!pos.amazons(Color::White) || !pos.amazons(Color::Black))
                throw RecordError("SGF: the set-up must give each side an amazon");
            // Without PL the first move says who starts.
            pos.setSideToMove(toPlay.value_or(mover));
            record.start = pos;
        }
        ++ply;
        const Move m = parseSgfMove(move->values[0], n, ply);
        if (pos.sideToMove() != mover) pos.setSideToMove(mover);
        if (!pos.isLegal(m))
            throw RecordError("SGF ply " + std::to_string(ply) + ": " + colorName(mover) + " " +
                              formatMove(m, n) + " is illegal");
        pos.makeMove(m);
        std::optional<double> left;
        if (const Property* t = find(nodes[i], mover == Color::White ? "WL" : "BL"))
            left = parseNumber(t->values[0], mover == Color::White ? "WL" : "BL");
        record.addMove(m, mover, left);
    }
    if (ply == 0) {
        if (setup && (!pos.amazons(Color::White) || !pos.amazons(Color::Black)))
            throw RecordError("SGF: the set-up must give each side an amazon");
        // Without PL and moves, White moves first, as in the standard start.
        pos.setSideToMove(toPlay.value_or(Color::White));
        record.start = pos;
    }
    if (tree) *tree = variations(parsed, mainLine, record);
    return record;
}

std::string writeSgf(const GameRecord& record) {
    const BoardShape n = record.start.shape();
    std::string out = header(record);
    const Position& start = record.start;
    Color next = start.sideToMove();  // for records built without movers
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        if (i % 6 == 0) out += '\n';
        const Color mover = i < record.movers.size() ? record.movers[i] : next;
        next = opposite(mover);
        const char letter = colorLetter(mover);
        const Move m = record.moves[i];
        out += moveNode(mover, m, n);
        if (i < record.timeLeft.size() && record.timeLeft[i])
            out += std::string(1, letter) + "L[" + formatSeconds(*record.timeLeft[i]) + "]";
    }
    out += ")\n";
    return out;
}

std::string writeSgfTree(const GameRecord& record, const MoveTree& tree) {
    std::string out = header(record) + propertyText(tree.nodes[0].properties);
    int count = 0;
    writeLines(tree, 0, record.start.shape(), out, count);
    out += ")\n";
    return out;
}

}  // namespace hippolyta
