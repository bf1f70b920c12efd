#include "adapters/render/svg_board.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/eval/final_score.h"
#include "engine/eval/territory.h"

namespace hippolyta {

namespace {

// Layout in user units: a square is kCell wide; the coordinates get a margin on the left and
// at the bottom.
constexpr int kCell = 48;
constexpr int kPad = 6;
constexpr int kLeftMargin = 26;
constexpr int kBottomMargin = 24;

struct Layout {
    int n = 0;
    int left = kPad;
    int top = kPad;
    int width = 0;
    int height = 0;

    Layout(int size, bool coordinates) : n(size) {
        if (coordinates) left = kLeftMargin;
        width = left + n * kCell + kPad;
        height = top + n * kCell + (coordinates ? kBottomMargin : kPad);
    }
    int x(int sq) const { return left + (sq % n) * kCell; }
    int y(int sq) const { return top + (n - 1 - sq / n) * kCell; }
    int cx(int sq) const { return x(sq) + kCell / 2; }
    int cy(int sq) const { return y(sq) + kCell / 2; }
};

// The rules, each selector scoped to the picture's id so that several pictures share a page.
// A rule's declarations are a list, one declaration an entry, so that no literal is long enough
// to be split into pieces.
struct CssRule {
    const char* selectors;             // comma-separated
    const char* declarations[6] = {};  // up to the first null
};

constexpr CssRule kRules[] = {
    {".light", {"fill:#f0d9b5"}},
    {".dark", {"fill:#b58863"}},
    {".frame", {"fill:#8b6a4a"}},
    {".coord", {"font:600 14px sans-serif", "fill:#7a6248"}},
    {".hl,.shade", {"fill:none"}},
    {".from>.hl", {"fill:#f7d23e", "fill-opacity:.45"}},
    {".to>.hl", {"fill:#f7d23e", "fill-opacity:.75"}},
    {".tw>.shade", {"fill:#fff", "fill-opacity:.55"}},
    {".tb>.shade", {"fill:#1a1a1a", "fill-opacity:.35"}},
    {".mark,.ring,.pw,.pb,.px", {"display:none"}},
    {".tw>.mark,.tb>.mark,.tt>.mark,.shot>.ring,.w>.pw,.b>.pb,.x>.px", {"display:inline"}},
    {".tw>.mark", {"fill:#fff", "stroke:#444", "stroke-width:1.5"}},
    {".tb>.mark", {"fill:#1e1e1e", "stroke:#e8e8e8", "stroke-width:1.5"}},
    {".tt>.mark", {"fill:#8a8a8a"}},
    {".ring", {"fill:none", "stroke:#d2452b", "stroke-width:3.5"}},
    {".lastmove",
     {"fill:none", "stroke:#1d63c4", "stroke-opacity:.7", "stroke-width:5",
      "stroke-linecap:round"}},
    {".lastshot",
     {"fill:none", "stroke:#d2452b", "stroke-opacity:.75", "stroke-width:3.5",
      "stroke-dasharray:7 6", "stroke-linecap:round"}},
};

std::string style(const std::string& id) {
    std::string css = "<style>";
    for (const CssRule& rule : kRules) {
        const std::string selectors = rule.selectors;
        for (std::size_t start = 0; start < selectors.size();) {
            const std::size_t comma = std::min(selectors.find(',', start), selectors.size());
            css += (start ? ",#" : "#") + id + " " + selectors.substr(start, comma - start);
            start = comma + 1;
        }
        for (std::size_t i = 0; i < std::size(rule.declarations) && rule.declarations[i]; ++i) {
            css += i ? ";" : "{";
            css += rule.declarations[i];
        }
        css += "}";
    }
    return css + "</style>";
}

// Glyphs drawn in a 100 x 100 box: a crowned amazon for each side and a burnt square for an
// arrow.
std::string amazonSymbol(const std::string& id, const char* fill, const char* stroke) {
    return "<symbol id=\"" + id + "\" viewBox=\"0 0 100 100\"><g fill=\"" + fill + "\" stroke=\"" +
           stroke +
           "\" stroke-width=\"4\" stroke-linejoin=\"round\">"
           "<path d=\"M21 76L11 35L33 55L50 21L67 55L89 35L79 76Z\"/>"
           "<path d=\"M19 76H81L85 89H15Z\"/><circle cx=\"11\" cy=\"32\" r=\"6\"/>"
           "<circle cx=\"50\" cy=\"17\" r=\"6.5\"/><circle cx=\"89\" cy=\"32\" r=\"6\"/></g>"
           "</symbol>";
}

std::string defs(const std::string& id) {
    return "<defs>" + amazonSymbol(id + "-amz-w", "#fbfaf4", "#262626") +
           amazonSymbol(id + "-amz-b", "#262626", "#0b0b0b") + "<symbol id=\"" + id +
           "-arrow\" viewBox=\"0 0 100 100\"><rect x=\"15\" y=\"15\" width=\"70\" height=\"70\" "
           "rx=\"14\" fill=\"#5b3b28\" stroke=\"#3b2518\" stroke-width=\"4\"/><path d=\"M35 35L65 "
           "65M65 35L35 65\" stroke=\"#d6b08a\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
           "</symbol></defs>";
}

std::string rect(const char* cls, int x, int y, int w, int h) {
    return "<rect class=\"" + std::string(cls) + "\" x=\"" + std::to_string(x) + "\" y=\"" +
           std::to_string(y) + "\" width=\"" + std::to_string(w) + "\" height=\"" +
           std::to_string(h) + "\"/>";
}

std::string glyph(const char* cls, const std::string& symbol, int x, int y) {
    return "<use class=\"" + std::string(cls) + "\" href=\"#" + symbol + "\" x=\"" +
           std::to_string(x + 3) + "\" y=\"" + std::to_string(y + 3) + "\" width=\"" +
           std::to_string(kCell - 6) + "\" height=\"" + std::to_string(kCell - 6) + "\"/>";
}

bool hasClass(const std::string& classes, const char* name) {
    return (" " + classes + " ").find(" " + std::string(name) + " ") != std::string::npos;
}

// One square's group: the highlight, the territory shade and mark, the pieces, the ring of the
// last arrow. A static picture holds only what shows; an interactive one holds everything.
std::string squareGroup(const std::string& id, const Layout& l, int sq, const std::string& cls,
                        bool all) {
    const int x = l.x(sq), y = l.y(sq);
    const auto shows = [&](const char* c) { return all || hasClass(cls, c); };
    const std::string name = squareName(sq, l.n);
    std::string g = "<g id=\"" + id + "-sq-" + name + "\" class=\"sq" +
                    (cls.empty() ? "" : " " + cls) + "\" data-sq=\"" + name + "\">";
    if (shows("from") || shows("to")) g += rect("hl", x, y, kCell, kCell);
    if (shows("tw") || shows("tb")) g += rect("shade", x, y, kCell, kCell);
    if (shows("tw") || shows("tb") || shows("tt")) {
        const int m = kCell * 3 / 8;
        g += rect("mark", x + m, y + m, kCell - 2 * m, kCell - 2 * m);
    }
    if (shows("w")) g += glyph("pw", id + "-amz-w", x, y);
    if (shows("b")) g += glyph("pb", id + "-amz-b", x, y);
    if (shows("x")) g += glyph("px", id + "-arrow", x, y);
    if (shows("shot"))
        g += "<circle class=\"ring\" cx=\"" + std::to_string(l.cx(sq)) + "\" cy=\"" +
             std::to_string(l.cy(sq)) + "\" r=\"" + std::to_string(kCell / 2 - 4) + "\"/>";
    return g + "</g>";
}

std::string coordinates(const Layout& l) {
    std::string out;
    for (int i = 0; i < l.n; ++i) {
        const int bottom = l.top + l.n * kCell;
        out += "<text class=\"coord\" x=\"" + std::to_string(l.left + i * kCell + kCell / 2) +
               "\" y=\"" + std::to_string(bottom + kBottomMargin / 2 + 1) +
               "\" text-anchor=\"middle\" dominant-baseline=\"central\">" +
               static_cast<char>('a' + i) + "</text>";
        out += "<text class=\"coord\" x=\"" + std::to_string(l.left - 7) + "\" y=\"" +
               std::to_string(l.top + (l.n - 1 - i) * kCell + kCell / 2 + 1) +
               "\" text-anchor=\"end\" dominant-baseline=\"central\">" + std::to_string(i + 1) +
               "</text>";
    }
    return out;
}

std::string segment(const Layout& l, int a, int b) {
    return "M" + std::to_string(l.cx(a)) + " " + std::to_string(l.cy(a)) + "L" +
           std::to_string(l.cx(b)) + " " + std::to_string(l.cy(b));
}

}  // namespace

TerritoryMap finalTerritory(const Position& pos, Color winner) {
    const Bitboard region = territorySquares(pos, winner);
    TerritoryMap map(pos.geometry().squareCount(), SquareShade::None);
    const SquareShade shade = winner == Color::White ? SquareShade::White : SquareShade::Black;
    forEachSquare(region, [&](int sq) { map[sq] = shade; });
    return map;
}

TerritoryMap queenTerritoryMap(const Position& pos) {
    const TerritoryCount t = countQueenTerritory(pos, Color::White);
    TerritoryMap map(pos.geometry().squareCount(), SquareShade::None);
    forEachSquare(t.ownSquares, [&](int sq) { map[sq] = SquareShade::White; });
    forEachSquare(t.opponentSquares, [&](int sq) { map[sq] = SquareShade::Black; });
    forEachSquare(t.tiedSquares, [&](int sq) { map[sq] = SquareShade::Tied; });
    return map;
}

TerritoryMap territoryOf(const Position& pos) {
    if (pos.isGameOver()) return finalTerritory(pos, opposite(pos.sideToMove()));
    return queenTerritoryMap(pos);
}

int shadedCount(const TerritoryMap& map, SquareShade side) {
    int count = 0;
    for (SquareShade s : map)
        count += s == side;
    return count;
}

std::string squareClasses(const BoardPicture& picture, int sq) {
    std::string cls;
    const auto add = [&](const char* c) { cls += cls.empty() ? c : std::string(" ") + c; };
    switch (picture.position.at(sq)) {
        case Piece::WhiteAmazon:
            add("w");
            break;
        case Piece::BlackAmazon:
            add("b");
            break;
        case Piece::Arrow:
            add("x");
            break;
        default:
            break;
    }
    if (static_cast<std::size_t>(sq) < picture.territory.size()) {
        const SquareShade s = picture.territory[sq];
        if (s == SquareShade::White) add("tw");
        if (s == SquareShade::Black) add("tb");
        if (s == SquareShade::Tied) add("tt");
    }
    if (const auto& m = picture.lastMove) {
        if (m->from == sq) add("from");
        if (m->to == sq) add("to");
        if (m->arrow == sq) add("shot");
    }
    return cls;
}

std::string renderBoardSvg(const BoardPicture& picture, const SvgOptions& options) {
    const Position& pos = picture.position;
    const int n = pos.width();
    if (!picture.territory.empty() && picture.territory.size() != std::size_t(n * n))
        throw std::invalid_argument("the territory map does not fit the board");
    if (options.pixels < 16 || options.pixels > 20000)
        throw std::invalid_argument("the picture must be 16..20000 pixels wide");
    const Layout l(n, options.coordinates);
    const std::string& id = options.idPrefix;
    const int pixelHeight = (options.pixels * l.height + l.width / 2) / l.width;
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + id +
                      "\" class=\"hb-board\" viewBox=\"0 0 " + std::to_string(l.width) + " " +
                      std::to_string(l.height) + "\" width=\"" + std::to_string(options.pixels) +
                      "\" height=\"" + std::to_string(pixelHeight) + "\" data-size=\"" +
                      std::to_string(n) + "\" data-cell=\"" + std::to_string(kCell) +
                      "\" data-left=\"" + std::to_string(l.left) + "\" data-top=\"" +
                      std::to_string(l.top) + "\" role=\"img\"" + options.extraSvgAttributes + ">";
    svg += style(id) + defs(id);
    svg += rect("frame", l.left - 2, l.top - 2, n * kCell + 4, n * kCell + 4);
    for (int sq = 0; sq < n * n; ++sq)
        svg += rect((sq % n + sq / n) % 2 ? "light" : "dark", l.x(sq), l.y(sq), kCell, kCell);
    if (options.coordinates) svg += coordinates(l);
    // Under the pieces: the amazon's path and the arrow's flight.
    const auto& m = picture.lastMove;
    if (options.interactive || m) {
        svg += "<path id=\"" + id + "-lastmove\" class=\"lastmove\" d=\"" +
               (m ? segment(l, m->from, m->to) : "") + "\"/>";
        svg += "<path id=\"" + id + "-lastshot\" class=\"lastshot\" d=\"" +
               (m ? segment(l, m->to, m->arrow) : "") + "\"/>";
    }
    for (int sq = 0; sq < n * n; ++sq)
        svg += squareGroup(id, l, sq, squareClasses(picture, sq), options.interactive);
    return svg + "</svg>\n";
}

}  // namespace hippolyta
