// The GTP command groups; each registers its handlers by name. Handlers are small: they check
// their arguments through GtpArgs, act on GtpState and return the answer text.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine/core/game.h"
#include "engine/search/engine.h"
#include "engine/search/time_control.h"
#include "protocol/gtp_registry.h"

namespace hippolyta {

// protocol_version, name, version, known_command, list_commands, quit, list_games, set_game.
// The registry is captured for known_command and list_commands and must outlive it.
void registerMetaCommands(CommandRegistry& registry);
// boardsize, clear_board, komi, play, genmove, reg_genmove, undo, showboard, final_score.
void registerBoardCommands(CommandRegistry& registry);
// time_settings, time_left, kgs-time_settings, amz-time_settings.
void registerTimeCommands(CommandRegistry& registry);
// amz-perft, amz-position, amz-legal_moves, amz-book.
void registerExtensionCommands(CommandRegistry& registry);
// The deepest perft that amz-perft and `hippolyta perft` run: deeper runs take hours on big
// boards and cannot be interrupted.
constexpr int kMaxPerftDepth = 6;
// loadsgf, printsgf.
void registerRecordCommands(CommandRegistry& registry);
// amz-analyze, amz-genmove_analyze, amz-ponder.
void registerAnalysisCommands(CommandRegistry& registry);

// The engine's choice for the side to move of `game` under `limits`, or nothing when that side
// cannot move. A move the rules reject is never answered: it is logged and replaced.
std::optional<Move> searchLegalMove(Engine& engine, const Game& game, const SearchLimits& limits);
// The book's move for the side to move of `game` when it has a sound one (tree-search player
// only), else searchLegalMove's.
std::optional<Move> chooseEngineMove(GtpState& state, const Game& game, const SearchLimits& limits);
// genmove's work: c's move chosen under `limits`, its time charged to c's clock, and played.
// Nothing when c cannot move.
std::optional<Move> playEngineMove(GtpState& state, Color c, const SearchLimits& limits);
// One line of analysis: `info move M visits N winrate W prior P order K pv M1 M2 ...` for
// each candidate, most visited first, at most maxMoves of them.
std::string analysisInfo(const SearchResult& result, BoardShape shape, size_t maxMoves = 20);
// amz-solve, amz-moves_left (commands_solve.cpp).
void registerSolveCommands(CommandRegistry& registry);
// amz-territory, amz-explain, gogui-analyze_commands: what GUIs and humans are shown.
void registerDisplayCommands(CommandRegistry& registry);

// A square's character in board diagrams: W, B, x (arrow) or . (empty).
char pieceSymbol(Piece p);
// A board of one character a square (from `symbol(square)`), top rank first, with the
// file letters above and below and the rank numbers on both sides; starts and ends with LF.
std::string labelledGrid(BoardShape shape, const std::function<char(int)>& symbol);
// The showboard diagram: coordinates on all sides, then side to move and move number.
std::string boardDiagram(const Game& game);
// final_score's answer ("W+12"): the winner and its territory (engine/eval/final_score.h) at the
// end of the game, or once the sides are walled apart with an exact result. Empty otherwise.
std::string finalScore(const Game& game);
// amz-time_settings' answer: the settings on the first line, then each colour's clock.
std::string describeTimeControl(const TimeControl& time);

}  // namespace hippolyta
