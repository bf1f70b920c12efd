"""The rules of the Game of the Amazons on a W x H board, for the independent proof checker.

Squares are numbered row * width + col, row 0 at the bottom (rank 1), col 0 = file a, as
engine/core/bitboard.h documents. Sets of squares are Python ints used as bitboards. A position
is a tuple (white, black, arrows, side) with side 0 = White, 1 = Black to move.

Move generation order (it matters: 'L' and 'R' records list replies in this order) follows the
engine's convention: amazons by ascending square; for each, the destinations on the rank, then
the file, then the diagonal (col - row constant), then the anti-diagonal (col + row constant),
each line in ascending order of its position along the line (the column, or the row on a
file); for each destination the arrows in the same order, with the amazon's old square vacated.
"""

WHITE, BLACK = 0, 1
MIN_SIDE, MAX_SIDE = 4, 11


class NotationError(ValueError):
    pass


def popcount(b):
    return bin(b).count("1")


def squares_of(b):
    """The set bits of b, lowest first."""
    out = []
    while b:
        low = b & -b
        out.append(low.bit_length() - 1)
        b ^= low
    return out


class Board:
    """Geometry of one board shape: rays, masks, symmetries."""

    def __init__(self, width, height):
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            raise NotationError("unsupported board size %dx%d" % (width, height))
        self.width, self.height = width, height
        self.n = width * height
        self.mask = (1 << self.n) - 1
        col0 = sum(1 << (r * width) for r in range(height))
        self.not_first_col = self.mask & ~col0
        self.not_last_col = self.mask & ~(col0 << (width - 1))
        # For each square, its four lines as (negative side outwards, positive side outwards).
        self.lines = [self._lines_of(sq) for sq in range(self.n)]
        # between[(a, b)]: squares strictly between a and b when they share a line.
        self.between = {}
        for a in range(self.n):
            for neg, pos in self.lines[a]:
                for ray in (neg, pos):
                    acc = 0
                    for t in ray:
                        self.between[(a, t)] = acc
                        acc |= 1 << t

    def _lines_of(self, sq):
        w, h = self.width, self.height
        c, r = sq % w, sq // w

        def ray(dc, dr):
            out = []
            cc, rr = c + dc, r + dr
            while 0 <= cc < w and 0 <= rr < h:
                out.append(rr * w + cc)
                cc, rr = cc + dc, rr + dr
            return tuple(out)

        # Rank and both diagonals are ordered by column, the file by row: the negative side of
        # each is the one with the smaller position.
        return (
            (ray(-1, 0), ray(1, 0)),
            (ray(0, -1), ray(0, 1)),
            (ray(-1, -1), ray(1, 1)),
            (ray(-1, 1), ray(1, -1)),
        )

    def reach(self, sq, free):
        """Squares a queen on sq reaches through `free` squares, in generation order."""
        out = []
        for neg, pos in self.lines[sq]:
            run = []
            for t in neg:
                if not (free >> t) & 1:
                    break
                run.append(t)
            if run:
                run.reverse()
                out.extend(run)
            for t in pos:
                if not (free >> t) & 1:
                    break
                out.append(t)
        return out

    def reaches(self, a, b, free):
        """True when a queen on a reaches b through free squares (b itself free)."""
        between = self.between.get((a, b))
        if between is None or not (free >> b) & 1:
            return False
        return between & ~free == 0

    def dilate(self, b):
        """b with every king neighbour added (on the board)."""
        row = b | ((b << 1) & self.not_first_col) | ((b >> 1) & self.not_last_col)
        return (row | (row << self.width) | (row >> self.width)) & self.mask

    def flood(self, seed, within):
        """The squares of `within` king-connected to seed through `within` (seed included)."""
        comp = seed
        while True:
            grown = self.dilate(comp) & within | comp
            if grown == comp:
                return comp
            comp = grown

    def components(self, squares):
        """The king-connected components of a set of squares."""
        out = []
        while squares:
            comp = self.flood(squares & -squares, squares)
            out.append(comp)
            squares &= ~comp
        return out

    # Symmetries: 0 identity, 1..3 rotations by 90, 180, 270 degrees anticlockwise, 4 the
    # left-right mirror, 5 the top-bottom mirror, 6 the a1 diagonal, 7 the other diagonal
    # (engine/core/symmetry.h's numbering). A rectangle keeps 0, 2, 4 and 5 only.
    def keeps_shape(self, s):
        return self.width == self.height or s in (0, 2, 4, 5)

    def map_square(self, sq, s):
        w, mc, mr = self.width, self.width - 1, self.height - 1
        c, r = sq % w, sq // w
        nc, nr = {
            0: (c, r),
            1: (mc - r, c),
            2: (mc - c, mr - r),
            3: (r, mc - c),
            4: (mc - c, r),
            5: (c, mr - r),
            6: (r, c),
            7: (mc - r, mc - c),
        }[s]
        return nr * w + nc

    def map_set(self, b, s):
        out = 0
        for sq in squares_of(b):
            out |= 1 << self.map_square(sq, s)
        return out


# Position helpers ------------------------------------------------------------------------

def key_of(board, pos):
    """One int naming a position (pieces, arrows, side to move) for seen sets."""
    n = board.n
    return pos[0] | (pos[1] << n) | (pos[2] << (2 * n)) | (pos[3] << (3 * n))


def empty_squares(board, pos):
    return board.mask & ~(pos[0] | pos[1] | pos[2])


def generate_moves(board, pos):
    """Every legal move of the side to move, in the engine's generation order."""
    free = empty_squares(board, pos)
    moves = []
    for frm in squares_of(pos[pos[3]]):
        free2 = free | (1 << frm)
        for to in board.reach(frm, free2):
            for arrow in board.reach(to, free2):
                moves.append((frm, to, arrow))
    return moves


def is_legal(board, pos, move):
    frm, to, arrow = move
    if not (pos[pos[3]] >> frm) & 1:
        return False
    free = empty_squares(board, pos) | (1 << frm)
    return board.reaches(frm, to, free) and board.reaches(to, arrow, free)


def play(pos, move):
    """The position after a legal move."""
    frm, to, arrow = move
    side = pos[3]
    moved = pos[side] ^ (1 << frm) ^ (1 << to)
    arrows = pos[2] | (1 << arrow)
    if side == WHITE:
        return (moved, pos[1], arrows, BLACK)
    return (pos[0], moved, arrows, WHITE)


def transform(board, pos, s):
    return (board.map_set(pos[0], s), board.map_set(pos[1], s), board.map_set(pos[2], s), pos[3])


# Text ------------------------------------------------------------------------------------

def parse_position(text):
    """(board, pos) from the compact text, e.g. "1BB1/B2B/W2W/1WW1 w" (ranks from the top)."""
    space = text.find(" ")
    if space < 0:
        raise NotationError("missing ' w' or ' b' after the board")
    body, side = text[:space], text[space + 1:]
    if side not in ("w", "b"):
        raise NotationError("side to move must be 'w' or 'b'")
    ranks = body.split("/")
    height = len(ranks)
    if not MIN_SIDE <= height <= MAX_SIDE:
        raise NotationError("%d ranks; the board size must be 4..11" % height)
    rows = []
    for rank in ranks:
        cells, i = [], 0
        while i < len(rank):
            ch = rank[i]
            if ch.isdigit() and ch.isascii():
                if ch == "0":
                    raise NotationError("a run of empty squares can't start with 0")
                j = i
                while j < len(rank) and rank[j].isdigit() and rank[j].isascii():
                    j += 1
                if j - i > 2:
                    raise NotationError("a rank is longer than 11 squares")
                cells.extend("." * int(rank[i:j]))
                i = j
            elif ch in "WBx":
                cells.append(ch)
                i += 1
            else:
                raise NotationError("unexpected character %r" % ch)
            if len(cells) > MAX_SIDE:
                raise NotationError("a rank is longer than 11 squares")
        rows.append(cells)
    width = len(rows[0])
    if not MIN_SIDE <= width <= MAX_SIDE:
        raise NotationError("the board width must be 4..11")
    board = Board(width, height)
    white = black = arrows = 0
    for i, cells in enumerate(rows):
        if len(cells) != width:
            raise NotationError("ranks of different lengths")
        row = height - 1 - i
        for col, ch in enumerate(cells):
            bit = 1 << (row * width + col)
            if ch == "W":
                white |= bit
            elif ch == "B":
                black |= bit
            elif ch == "x":
                arrows |= bit
    if not white or not black:
        raise NotationError("each side needs at least one amazon")
    return board, (white, black, arrows, WHITE if side == "w" else BLACK)


def format_position(board, pos):
    w = board.width
    ranks = []
    for row in range(board.height - 1, -1, -1):
        out, run = "", 0
        for col in range(w):
            sq = row * w + col
            ch = "W" if (pos[0] >> sq) & 1 else "B" if (pos[1] >> sq) & 1 else (
                "x" if (pos[2] >> sq) & 1 else "")
            if not ch:
                run += 1
                continue
            if run:
                out += str(run)
            run = 0
            out += ch
        if run:
            out += str(run)
        ranks.append(out)
    return "/".join(ranks) + (" w" if pos[3] == WHITE else " b")


def square_name(board, sq):
    return "abcdefghijk"[sq % board.width] + str(sq // board.width + 1)


def move_name(board, move):
    return "%s-%s/%s" % tuple(square_name(board, sq) for sq in move)
