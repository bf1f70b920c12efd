#include "adapters/text/text_output.h"

#include "engine/core/notation.h"

namespace hippolyta {

std::string aiMoveLine(Move m, int n) {
    return "* " + formatMove(m, n, MoveStyle::Parenthesis);
}

std::string winLine(Color winner) {
    return winner == Color::White ? "* White wins." : "* Black wins.";
}

std::string formatDump(const Position& pos) {
    const int n = pos.size();
    std::string out = "===\n";
    for (int row = n - 1; row >= 0; --row) {
        out += "  ";
        for (int col = 0; col < n; ++col) {
            out += ' ';
            switch (pos.at(row * n + col)) {
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
