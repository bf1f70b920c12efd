"""Exhaustive counts that decide the proof's leaves: a side's longest line alone in its own
regions ('C', 'B', 'R', 'G'), the reach bound of contested regions ('B') and the local
minimax of contested regions with free moves ('G').

Regions are king-connected sets of non-arrow squares (empty squares and amazons). Regions never
merge: every move stays inside its region and only adds an arrow.
"""

from board import popcount, squares_of

# A hostile file could ask for a count that takes hours: past these many new search nodes for
# one count the checker gives up and calls the file invalid. The shipped proofs need at most a
# few thousand (a node costs about 20 microseconds and 200 bytes of memo here).
DEFAULT_BUDGET = 2_000_000
MAX_LOCAL_EMPTY = 16
# The memos are emptied between leaves once they hold this many positions.
MEMO_LIMIT = 2_000_000


class CountTooLarge(Exception):
    pass


class Counter:
    """Memoised counts for one board shape."""

    def __init__(self, board, budget=DEFAULT_BUDGET):
        self.board = board
        self.budget = budget  # new search nodes allowed for one count
        self.solo_memo = {}
        self.local_memo = {}
        self.nodes = 0

    # One side alone --------------------------------------------------------------------

    def solo(self, empties, amazons):
        """The longest line of moves one side's `amazons` can make alone on `empties` (every
        other square blocked)."""
        self.nodes = 0
        if len(self.solo_memo) > MEMO_LIMIT:
            self.solo_memo.clear()
        return self._solo_split(empties, amazons)

    def _solo_split(self, empties, amazons):
        total = 0
        for comp in self.board.components(empties | amazons):
            mine = comp & amazons
            if mine:
                total += self._solo_region(comp & empties, mine)
        return total

    def _solo_region(self, empties, amazons):
        key = empties | (amazons << self.board.n)
        known = self.solo_memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise CountTooLarge("a region count needs more than %d nodes" % self.budget)
        # Each move fills one empty square net (the amazon leaves one, lands on one, and the
        # arrow fills one), so the empty squares bound the line: stop once it is reached.
        bound = popcount(empties)
        best = 0
        board = self.board
        if bound:
            for frm in squares_of(amazons):
                free = empties | (1 << frm)
                others = amazons ^ (1 << frm)
                for to in board.reach(frm, free):
                    moved = others | (1 << to)
                    left = free & ~(1 << to)
                    for arrow in board.reach(to, free):
                        rest = left & ~(1 << arrow)
                        squares = rest | moved
                        if board.flood(1 << to, squares) == squares:
                            value = 1 + self._solo_region(rest, moved)
                        else:
                            value = 1 + self._solo_split(rest, moved)
                        if value > best:
                            best = value
                            if best == bound:
                                self.solo_memo[key] = best
                                return best
        self.solo_memo[key] = best
        return best

    # Contested regions with free moves -----------------------------------------------

    def local_win(self, empties, white, black, side, surplus):
        """Whether `side`, moving first in the game on these squares alone (everything else
        walled off), wins when it may also spend free moves instead of moving there, holding
        `surplus` more of them than the opponent. Free moves are integers beside the region,
        so only their difference counts."""
        self.nodes = 0
        if len(self.local_memo) > MEMO_LIMIT:
            self.local_memo.clear()
        return self._local(empties, (white, black), side, surplus)

    def _local(self, empties, amazons, side, surplus):
        board = self.board
        # A part of the area that holds one colour only is that side's integer: fold its count
        # into the surplus and drop it, so that the search goes on in the contested parts alone.
        whole = empties | amazons[0] | amazons[1]
        if board.flood(whole & -whole, whole) != whole:
            kept = 0
            for comp in board.components(whole):
                w, b = comp & amazons[0], comp & amazons[1]
                if w and b:
                    kept |= comp
                elif w or b:
                    count = self._solo_split(comp & empties, w | b)
                    surplus += count if (b if side else w) else -count
            if not kept:
                return surplus >= 1
            empties, amazons = empties & kept, (amazons[0] & kept, amazons[1] & kept)
        n = board.n
        key = (empties | (amazons[0] << n) | (amazons[1] << (2 * n))) << 1 | side
        # Outcomes are monotone in the surplus: memo keeps the largest surplus known to lose
        # and the smallest known to win.
        known = self.local_memo.get(key)
        if known is None:
            # With its amazons standing still a side can make at most as many moves as the
            # empty squares it reaches: spending free moves against that many wins.
            reach = [popcount(board.flood(a, empties | a) & empties) for a in amazons]
            known = [-reach[side], reach[1 - side] + 1]
            self.local_memo[key] = known
        if surplus <= known[0]:
            return False
        if surplus >= known[1]:
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise CountTooLarge("a local search needs more than %d nodes" % self.budget)
        won = surplus >= 1 and not self._local(empties, amazons, 1 - side, 1 - surplus)
        if not won:
            won = self._local_move_wins(empties, amazons, side, surplus)
        if won:
            known[1] = min(known[1], surplus)
        else:
            known[0] = max(known[0], surplus)
        return won

    def _local_move_wins(self, empties, amazons, side, surplus):
        board = self.board
        mine = amazons[side]
        for frm in squares_of(mine):
            free = empties | (1 << frm)
            for to in board.reach(frm, free):
                left = free & ~(1 << to)
                moved = mine ^ (1 << frm) ^ (1 << to)
                after = (moved, amazons[1]) if side == 0 else (amazons[0], moved)
                for arrow in board.reach(to, free):
                    if not self._local(left & ~(1 << arrow), after, 1 - side, -surplus):
                        return True
        return False


# Regions of a position -----------------------------------------------------------------

def regions(board, pos):
    """[(squares, white amazons, black amazons)] for each region holding an amazon."""
    out = []
    for comp in board.components(board.mask & ~pos[2]):
        w, b = comp & pos[0], comp & pos[1]
        if w or b:
            out.append((comp, w, b))
    return out


def own_counts(board, counter, pos, regs):
    """Each side's exact count in the regions holding only its amazons."""
    empty = board.mask & ~(pos[0] | pos[1] | pos[2])
    own = [0, 0]
    for comp, w, b in regs:
        if w and not b:
            own[0] += counter.solo(comp & empty, w)
        elif b and not w:
            own[1] += counter.solo(comp & empty, b)
    return own
