// SGF for Amazons (FF[4], GM[18]): pure parse and format, no streams.
//
// A move is three points run together (from, to, arrow); SGF columns run from 'a' at the left
// and rows from 'a' at the TOP, so on 10x10 W[djddgd] is d1-d7/g7. SZ[N] is the N x N board,
// SZ[W:H] one of W columns by H rows (written only for rectangles). We always write SZ,
// explicit AW/AB/AA and PL. Reading is tolerant: whitespace, escapes, unknown properties,
// several games (the first is read) and variations (the main line is the record; the whole
// tree can be had as a MoveTree). A file with no
// set-up and no PL (as Quarry writes for its own games) starts from the standard position.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/records/game_record.h"

namespace hippolyta {

// Reads the main line of the first game, and with `tree` every variation too (the record's
// moves are the tree's main line), each node's comment, and the properties this reader does
// not interpret (a private one such as KaTrain's KT, GN, ...) in the node's `properties`; the
// root's go to node 0. Throws RecordError for malformed or truncated text, a game other than
// Amazons, an illegal move (in any variation), or set-up in a variation.
GameRecord readSgf(std::string_view text, MoveTree* tree = nullptr);

// Writes one game tree, ending with a newline.
std::string writeSgf(const GameRecord& record);
// Writes the record's header and the moves of `tree` from the record's start, variations in
// parentheses after their branch point, each node's comment as C[...] and its `properties`
// (node 0's in the root node). The record's moves, movers and clock are not used.
std::string writeSgfTree(const GameRecord& record, const MoveTree& tree);

// The SGF point of a square ("gj" for g1 on 10x10) and back; the reader throws RecordError.
std::string sgfPoint(int sq, BoardShape shape);
int parseSgfPoint(std::string_view text, BoardShape shape);

// A value with SGF's escapes added: '\' before ']' and '\'.
std::string sgfEscape(std::string_view text);

}  // namespace hippolyta
