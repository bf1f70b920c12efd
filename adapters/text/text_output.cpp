#include "adapters/text/text_output.h"

#include "engine/core/notation.h"

namespace hippolyta {

std::string aiMoveLine(Move m, BoardShape n) {
    return "* " + formatMove(m, n, MoveStyle::Parenthesis);
}

std::string winLine(Color winner) {
    return winner == Color::White ? "* White wins." : "* Black wins.";
}

std::string formatDump(const Position& pos) {
    const int w = pos.width();
    std::string out = "===\n";
    for (int row = pos.height() - 1; row >= 0; --row) {
        out += "  ";
        for (int col = 0; col < w; ++col) {
            out += ' ';
            switch (pos.at(row * w + col)) {
                case Piece::Empty:
                    out += '-';
                    break;
                case Piece::WhiteAmazon:
                    out += 'W';
                    break;
                case Piece::BlackAmazon:
                    out += 'B';
                    break;
                case Piece::Arrow:
                    out += 'S';
                    break;
            }
        }
        out += '\n';
    }
    return out + "===\n";
}

}  // namespace hippolyta
