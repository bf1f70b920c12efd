"""The proof walk: reads the records in preorder and checks each against the rules.

Soundness rule: a position counts as proven only once its records are complete. While they are
being checked it is "in progress", and any reference to it (a 'Y' image, a transposition) is
refused: otherwise a position could be "proven" by citing itself. Positions proven inside an
'S' scope are not visible outside it, nor those outside inside it; the scope's own position, once
its records end, is proven in the enclosing scope (the merge's 'Y' records cite such positions).
The walk keeps its own stack, so a deep or hostile file cannot exhaust Python's recursion limit.
"""

from board import (BLACK, WHITE, NotationError, format_position, generate_moves, is_legal,
                   key_of, move_name, parse_position, play, popcount, transform)
from counting import DEFAULT_BUDGET, MAX_LOCAL_EMPTY, Counter, CountTooLarge, own_counts, regions
from proof_format import ProofError, parse_file

# The version that introduced each record letter.
RECORD_SINCE = {ord("W"): 1, ord("L"): 1, ord("C"): 1, ord("B"): 2, ord("S"): 3,
                ord("R"): 4, ord("G"): 5, ord("Y"): 6}


class Summary:
    def __init__(self, text, root_wins):
        self.text = text
        self.root_wins = root_wins
        self.records = 0
        self.count_leaves = 0
        self.bound_leaves = 0
        self.local_leaves = 0
        self.reduced_losses = 0
        self.symmetry_records = 0
        self.scopes = 0
        self.transpositions = 0

    def line(self):
        return "valid: %s for the side to move in %s (%d records, %d count leaves, " \
               "%d bound leaves, %d local leaves)" % (
                   "win" if self.root_wins else "loss", self.text, self.records,
                   self.count_leaves, self.bound_leaves, self.local_leaves)


# A line of play is at most one move per empty square (121 on 11 x 11); scopes and images add a
# few frames each. Deeper nesting is a hostile file, refused before it fills the memory.
MAX_DEPTH = 10_000

# Frame fields: the position, its key, whether the frame marked it in progress, the frame's
# kind ('M': children by moves, 'Y': one image child, 'S': a scope around the same position),
# its moves or image, and the index of the next child.
POS, KEY, OWNS, KIND, ITEMS, NEXT = range(6)


class Walk:
    def __init__(self, proof, budget=DEFAULT_BUDGET):
        self.proof = proof
        try:
            self.board, self.root = parse_position(proof.text)
        except NotationError as e:
            raise ProofError("bad root position %r: %s" % (proof.text, e)) from None
        self.counter = Counter(self.board, budget)
        self.body = proof.body
        self.at = 0
        self.summary = Summary(format_position(self.board, self.root), proof.root_wins)
        self.scopes = [set()]
        self.in_progress = set()
        self.stack = []
        self.where = None  # (record number, position) of the record being checked

    # Errors carry the record and position they concern.
    def fail(self, why):
        if self.where:
            number, pos = self.where
            why = "record %d at %s: %s" % (number, format_position(self.board, pos), why)
        raise ProofError(why)

    def byte(self):
        if self.at >= len(self.body):
            self.fail("the records end early")
        value = self.body[self.at]
        self.at += 1
        return value

    def read_move(self):
        move = (self.byte(), self.byte(), self.byte())
        if max(move) >= self.board.n:
            self.fail("square index off the %dx%d board" % (self.board.width, self.board.height))
        return move

    def expects_win(self, pos):
        return self.proof.root_wins == (pos[3] == self.root[3])

    def run(self):
        self.visit(self.root)
        stack = self.stack
        while stack:
            frame = stack[-1]
            kind = frame[KIND]
            if kind == "S":
                if frame[NEXT] == 0:
                    frame[NEXT] = 1
                    self.open_record(frame[POS], frame[KEY], False)
                    continue
                stack.pop()
                self.scopes.pop()
                self.finish(frame[KEY], frame[OWNS])
                continue
            items = frame[ITEMS]
            i = frame[NEXT]
            if i < len(items):
                frame[NEXT] = i + 1
                child = play(frame[POS], items[i]) if kind == "M" else items[i]
                self.visit(child)
                continue
            stack.pop()
            self.finish(frame[KEY], frame[OWNS])
        self.where = None
        if self.at != len(self.body):
            raise ProofError("%d bytes left over after the root's proof" % (len(self.body) - self.at))
        if self.summary.records != self.proof.records:
            raise ProofError("the header says %d records, the proof holds %d" % (
                self.proof.records, self.summary.records))
        return self.summary

    def visit(self, pos):
        key = key_of(self.board, pos)
        if key in self.scopes[-1]:
            self.summary.transpositions += 1
            return
        if key in self.in_progress:
            self.fail("refers to %s, whose proof is still in progress (a cycle)" %
                      format_position(self.board, pos))
        self.in_progress.add(key)
        self.open_record(pos, key, True)

    def finish(self, key, owns):
        if owns:
            self.in_progress.discard(key)
        self.scopes[-1].add(key)

    def open_record(self, pos, key, owns):
        letter = self.byte()
        self.summary.records += 1
        self.where = (self.summary.records, pos)
        if self.summary.records > self.proof.records:
            self.fail("more records than the header's %d" % self.proof.records)
        if len(self.stack) > MAX_DEPTH:
            self.fail("records nested more than %d deep" % MAX_DEPTH)
        since = RECORD_SINCE.get(letter)
        if since is None:
            self.fail("unknown record type byte %d" % letter)
        if since > self.proof.version:
            self.fail("record '%c' in a version %d file" % (letter, self.proof.version))
        win = self.expects_win(pos)
        ch = chr(letter)
        if ch == "W":
            if not win:
                self.fail("'W' at a position the side to move must lose")
            move = self.read_move()
            if not is_legal(self.board, pos, move):
                self.fail("illegal move %s" % move_name(self.board, move))
            self.stack.append([pos, key, owns, "M", [move], 0])
        elif ch == "L" or ch == "R":
            if win:
                self.fail("'%s' at a position the side to move must win" % ch)
            moves = generate_moves(self.board, pos)
            if ch == "R":
                moves = self.reduced_moves(pos, moves)
                self.summary.reduced_losses += 1
            self.stack.append([pos, key, owns, "M", moves, 0])
        elif ch == "S":
            self.summary.scopes += 1
            self.scopes.append(set())
            self.stack.append([pos, key, owns, "S", None, 0])
        elif ch == "Y":
            self.symmetry(pos, key, owns)
        else:
            try:
                if ch == "C":
                    self.summary.count_leaves += 1
                    decided = self.count_leaf(pos, win)
                elif ch == "B":
                    self.summary.bound_leaves += 1
                    decided = self.bound_leaf(pos, win)
                else:
                    self.summary.local_leaves += 1
                    decided = self.local_leaf(pos, win)
            except CountTooLarge as e:
                self.fail("'%s' leaf too costly to check: %s" % (ch, e))
            if not decided:
                self.fail("'%s' leaf does not show a %s" % (ch, "win" if win else "loss"))
            self.finish(key, owns)

    # 'R': a loss with the side to move's territories reduced to one kept move each.
    def reduced_moves(self, pos, moves):
        k = self.byte()
        side = pos[3]
        empty = self.board.mask & ~(pos[0] | pos[1] | pos[2])
        non_arrow = self.board.mask & ~pos[2]
        kept = {}  # territory squares -> kept move
        for _ in range(k):
            move = self.read_move()
            if not is_legal(self.board, pos, move):
                self.fail("'R' lists illegal move %s" % move_name(self.board, move))
            region = self.board.flood(1 << move[0], non_arrow)
            if region & pos[1 - side]:
                self.fail("'R' move %s is not in a territory" % move_name(self.board, move))
            if region in kept:
                self.fail("'R' lists two moves of one territory")
            try:
                before = self.counter.solo(region & empty, region & pos[side])
                after_pos = play(pos, move)
                after_empty = region & ~(after_pos[0] | after_pos[1] | after_pos[2])
                after = self.counter.solo(after_empty, region & after_pos[side])
            except CountTooLarge as e:
                self.fail("'R' territory too costly to count: %s" % e)
            if after != before - 1:
                self.fail("'R' move %s leaves %d of the territory's %d moves, not one fewer" % (
                    move_name(self.board, move), after, before))
            kept[region] = move
        out = []
        for move in moves:
            region = next((r for r in kept if (r >> move[0]) & 1), None)
            if region is None or kept[region] == move:
                out.append(move)
        return out

    def symmetry(self, pos, key, owns):
        s = self.byte()
        self.summary.symmetry_records += 1
        if not 1 <= s <= 7 or not self.board.keeps_shape(s):
            self.fail("'Y' with symmetry %d, which does not keep the %dx%d board" % (
                s, self.board.width, self.board.height))
        image = transform(self.board, pos, s)
        image_key = key_of(self.board, image)
        if image_key in self.scopes[-1]:
            self.finish(key, owns)
            return
        if image_key in self.in_progress:
            self.fail("'Y' %d cites %s, whose proof is still in progress" % (
                s, format_position(self.board, image)))
        self.stack.append([pos, key, owns, "Y", [image], 0])

    # Leaves ----------------------------------------------------------------------------

    def count_leaf(self, pos, win):
        regs = regions(self.board, pos)
        if any(w and b for _, w, b in regs):
            self.fail("'C' where a region holds both colours")
        own = own_counts(self.board, self.counter, pos, regs)
        mover = pos[3]
        return (own[mover] > own[1 - mover]) == win

    def bound_leaf(self, pos, win):
        board = self.board
        regs = regions(board, pos)
        own = own_counts(board, self.counter, pos, regs)
        contested = [r for r in regs if r[1] and r[2]]
        empty = board.mask & ~(pos[0] | pos[1] | pos[2])
        # The side that must be held to its own count plus what it can make in the contested
        # regions while the other's amazons there stand still: the opponent for a win, the
        # mover for a loss.
        mover, opp = pos[3], 1 - pos[3]
        side = opp if win else mover

        def decides(reach):
            if win:
                return own[mover] > own[opp] + reach
            return own[mover] + reach <= own[opp]

        area = 0
        for comp, _, _ in contested:
            area |= comp
        amazons = pos[side] & area
        reach = popcount(board.flood(amazons, (empty & area) | amazons) & empty)
        if decides(reach):
            return True
        # Where the squares are not enough: the side's longest line there, the other side's
        # amazons standing still as walls.
        exact = 0
        for comp, _, _ in contested:
            exact += self.counter.solo(comp & empty, comp & pos[side])
        return decides(exact)

    def local_leaf(self, pos, win):
        board = self.board
        regs = regions(board, pos)
        contested = [r for r in regs if r[1] and r[2]]
        if not contested:
            self.fail("'G' where no region holds both colours")
        if len(contested) > 1 and self.proof.version < 7:
            self.fail("'G' with %d contested regions in a version %d file" % (
                len(contested), self.proof.version))
        empty = board.mask & ~(pos[0] | pos[1] | pos[2])
        area = 0
        for comp, _, _ in contested:
            area |= comp
        if popcount(area & empty) > MAX_LOCAL_EMPTY:
            self.fail("'G' with %d empty squares contested (at most %d)" % (
                popcount(area & empty), MAX_LOCAL_EMPTY))
        free = own_counts(board, self.counter, pos, regs)
        mover = pos[3]
        won = self.counter.local_win(area & empty, pos[WHITE] & area, pos[BLACK] & area, mover,
                                     free[mover] - free[1 - mover])
        return won == win


def check_bytes(data, budget=DEFAULT_BUDGET):
    """The Summary of a valid proof; raises ProofError for an invalid one. `budget`: the search
    nodes one count may take before the file is refused as too costly to check."""
    return Walk(parse_file(data), budget).run()
