#!/usr/bin/python3
"""Self-test of the independent proof checker: shipped proofs pass with the right result,
forgeries are refused. Run from anywhere: python3 tools/proof/test_hprf_check.py
"""

import contextlib
import io
import os
import struct
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import board  # noqa: E402
import hprf_check  # noqa: E402
from counting import Counter  # noqa: E402
from proof_format import parse_file, read_bytes, seal  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "fixtures", "solver")
TESTDATA = os.path.join(HERE, "testdata")
START_4X4 = "1BB1/B2B/W2W/1WW1 w"


def fixture(name):
    return read_bytes(os.path.join(FIXTURES, name))


def testdata(name):
    return read_bytes(os.path.join(TESTDATA, name))


def reseal(data, **change):
    """A proof's bytes with header fields or body changed and a correct checksum."""
    p = parse_file(data)
    fields = dict(text=p.text, root_wins=p.root_wins, records=p.records, body=p.body,
                  version=p.version)
    fields.update(change)
    return seal(fields["text"], fields["root_wins"], fields["records"], fields["body"],
                fields["version"])


class Checks(unittest.TestCase):
    def assertValid(self, data, expect_line=None):
        valid, line, _ = hprf_check.check_data(data)
        self.assertTrue(valid, line)
        if expect_line:
            self.assertEqual(line, expect_line)

    def assertInvalid(self, data, reason=None):
        valid, line, _ = hprf_check.check_data(data)
        self.assertFalse(valid, line)
        self.assertTrue(line.startswith("invalid: "), line)
        if reason:
            self.assertIn(reason, line)


class ShippedProofs(Checks):
    def test_4x4(self):
        self.assertValid(fixture("4x4.hprf"),
                         "valid: loss for the side to move in 1BB1/B2B/W2W/1WW1 w (13154 records, "
                         "34 count leaves, 0 bound leaves, 0 local leaves)")

    def test_5x4(self):
        self.assertValid(fixture("5x4.hprf"),
                         "valid: win for the side to move in 1B1B1/B3B/W3W/1W1W1 w (23356 records, "
                         "128 count leaves, 0 bound leaves, 0 local leaves)")

    def test_all_records(self):
        path = os.path.join(FIXTURES, "all-records.hprf.gz")
        if not os.path.exists(path):
            self.skipTest("no all-records fixture")
        self.assertValid(read_bytes(path),
                         "valid: loss for the side to move in 5/BxxxB/1W1W1/1xxx1/2x2 w (362 records, "
                         "15 count leaves, 54 bound leaves, 93 local leaves)")

    # Written by hippolyta-solve (testdata/README.md): scopes, images, territories, local and
    # game-sum leaves, which the repository's older fixtures do not hold.
    def test_generated(self):
        for name, head in (
                ("4x4-split-merge.hprf.gz", "valid: loss for the side to move in " + START_4X4),
                ("4x4-sym8.hprf.gz", "valid: loss for the side to move in W2W/1BB1/1BB1/W2W w"),
                ("5x4-halfturn.hprf.gz", "valid: loss for the side to move in B3W/1xxx1/1xxx1/W3B w"),
                ("4x4-local.hprf.gz", "valid: loss for the side to move in " + START_4X4),
                ("4x4-sums.hprf.gz", "valid: loss for the side to move in " + START_4X4)):
            with self.subTest(name):
                valid, line, _ = hprf_check.check_data(testdata(name))
                self.assertTrue(valid, line)
                self.assertTrue(line.startswith(head), line)

    def test_whole_4x4_game_as_one_local_leaf(self):
        # The 4x4 start has 8 empty squares: one 'G' record searches the whole game.
        self.assertValid(seal(START_4X4, False, 1, b"G"))
        self.assertInvalid(seal(START_4X4, True, 1, b"G"), "does not show a win")


class Forgeries(Checks):
    def test_self_image_every_symmetry_both_claims(self):
        for s in range(1, 8):
            for wins in (True, False):
                with self.subTest(s=s, wins=wins):
                    data = seal(START_4X4, wins, 1, bytes([ord("Y"), s]))
                    # The start is its own left-right mirror (4): the image cites itself.
                    self.assertInvalid(data, "in progress" if s == 4 else None)

    def test_image_cycle(self):
        # The half turn of the half turn is the position itself, still in progress.
        for wins in (True, False):
            self.assertInvalid(seal(START_4X4, wins, 2, b"Y\x02Y\x02"), "in progress")
            self.assertInvalid(seal(START_4X4, wins, 2, b"Y\x06Y\x06"), "in progress")

    def test_self_image_inside_own_scope(self):
        for wins in (True, False):
            self.assertInvalid(seal(START_4X4, wins, 2, b"SY\x04"), "in progress")
            self.assertInvalid(seal(START_4X4, wins, 4, b"SSSY\x04"), "in progress")

    def test_deep_nesting_is_refused_without_a_crash(self):
        self.assertInvalid(seal(START_4X4, False, 5000, b"S" * 5000), "end early")
        self.assertInvalid(seal(START_4X4, False, 200000, b"S" * 200000), "nested")

    def test_flipped_result(self):
        for data in (fixture("4x4.hprf"), fixture("5x4.hprf"), testdata("4x4-sums.hprf.gz"),
                     testdata("4x4-split-merge.hprf.gz")):
            p = parse_file(data)
            self.assertInvalid(reseal(data, root_wins=not p.root_wins))

    def test_truncated_body(self):
        data = fixture("4x4.hprf")
        body = parse_file(data).body
        for cut in (1, 3, 100):
            self.assertInvalid(reseal(data, body=body[:-cut]))
        self.assertInvalid(data[:-1], "checksum")
        self.assertInvalid(data[:30])

    def test_bytes_left_over(self):
        data = fixture("4x4.hprf")
        self.assertInvalid(reseal(data, body=parse_file(data).body + b"C"))

    def test_wrong_count(self):
        data = fixture("5x4.hprf")
        records = parse_file(data).records
        for wrong in (records - 1, records + 1, 0):
            self.assertInvalid(reseal(data, records=wrong), "records")

    def test_bad_checksum_magic_version(self):
        data = bytearray(fixture("4x4.hprf"))
        data[-1] ^= 1
        self.assertInvalid(bytes(data), "checksum")
        data = bytearray(fixture("4x4.hprf"))
        data[60] ^= 0x10  # a body byte, not resealed
        self.assertInvalid(bytes(data), "checksum")
        self.assertInvalid(b"HIPPROOX" + fixture("4x4.hprf")[8:], "magic")
        for version in (0, 8):
            self.assertInvalid(reseal(fixture("4x4.hprf"), version=version), "version")

    def test_records_newer_than_the_version(self):
        # Several contested regions in one 'G' need version 7; 'G' needs 5; 'Y' and 'S' need 6, 3.
        sums = testdata("4x4-sums.hprf.gz")
        self.assertInvalid(reseal(sums, version=6), "contested regions")
        self.assertInvalid(reseal(sums, version=4), "version 4")
        self.assertInvalid(reseal(testdata("4x4-split-merge.hprf.gz"), version=5))

    def test_changed_body_bytes(self):
        # Each mutation, resealed, must be refused: a changed move, a changed tag.
        data = fixture("4x4.hprf")
        body = parse_file(data).body
        for at in (1, 2, 3, 4, 5, 200, 1000, len(body) // 2):
            for delta in (1, 7):
                changed = bytearray(body)
                changed[at] = (changed[at] + delta) % 256
                with self.subTest(at=at, delta=delta):
                    self.assertInvalid(reseal(data, body=bytes(changed)))

    def test_leaves_where_they_do_not_apply(self):
        self.assertInvalid(seal(START_4X4, False, 1, b"C"), "both colours")
        self.assertInvalid(seal(START_4X4, False, 1, b"B"), "does not show")
        self.assertInvalid(seal(START_4X4, True, 1, b"L"), "must win")
        self.assertInvalid(seal(START_4X4, False, 1, b"W\x01\x05\x09"), "must lose")
        self.assertInvalid(seal(START_4X4, True, 1, b"W\x01\x05\x63"), "off the")
        self.assertInvalid(seal(START_4X4, False, 1, b"Q"), "unknown record")


class Rules(unittest.TestCase):
    def test_perft(self):
        # docs/solver.md's perft of the rectangles (depths 1 and 2) and the 5x5 start's 260.
        for text, p1, p2 in (("1B1B1/B3B/W3W/1W1W1 w", 170, 19114),
                             ("1BB1/B2B/4/W2W/1WW1 w", 170, 18704),
                             ("1B1B1/B3B/5/W3W/1W1W1 w", 260, None)):
            b, pos = board.parse_position(text)
            moves = board.generate_moves(b, pos)
            self.assertEqual(len(moves), p1)
            self.assertEqual(len(set(moves)), p1)
            if p2:
                self.assertEqual(sum(len(board.generate_moves(b, board.play(pos, m)))
                                     for m in moves), p2)

    def test_text_round_trip(self):
        for text in (START_4X4, "5/BxxxB/1W1W1/1xxx1/2x2 w", "3BB1/BW1x1B/1x4/W4W/4W1 b"):
            b, pos = board.parse_position(text)
            self.assertEqual(board.format_position(b, pos), text)

    def test_symmetries_are_a_group(self):
        b = board.Board(5, 5)
        inverse = {1: 3, 3: 1}
        for s in range(8):
            for sq in range(b.n):
                self.assertEqual(b.map_square(b.map_square(sq, s), inverse.get(s, s)), sq)

    def test_longest_line(self):
        b = board.Board(4, 4)
        counter = Counter(b)
        self.assertEqual(counter.solo(0, 1), 0)  # no empty square
        self.assertEqual(counter.solo(0b1110, 0b1), 3)  # a1 amazon, b1 c1 d1 empty
        # a2 amazon, a1 and b3 empty: whichever it goes to, the other is cut off.
        self.assertEqual(counter.solo((1 << 0) | (1 << 9), 1 << 4), 1)

    def test_leaf_evaluators_match_minimax(self):
        # On small random positions the count, bound and local leaves agree with plain
        # minimax of the whole board.
        import random
        rng = random.Random(7)

        def minimax(b, pos, memo):
            key = board.key_of(b, pos)
            if key not in memo:
                memo[key] = any(not minimax(b, board.play(pos, m), memo)
                                for m in board.generate_moves(b, pos))
            return memo[key]

        for _ in range(60):
            w, h = rng.choice([(4, 4), (5, 4), (4, 5)])
            b = board.Board(w, h)
            squares = list(range(b.n))
            rng.shuffle(squares)
            nw, nb, ne = rng.randint(1, 2), rng.randint(1, 2), rng.randint(3, 7)
            white = sum(1 << s for s in squares[:nw])
            black = sum(1 << s for s in squares[nw:nw + nb])
            empty = sum(1 << s for s in squares[nw + nb:nw + nb + ne])
            pos = (white, black, b.mask & ~(white | black | empty), rng.randint(0, 1))
            truth = minimax(b, pos, {})
            text = board.format_position(b, pos)
            for tag in b"CBG":
                for claim in (True, False):
                    valid, line, _ = hprf_check.check_data(
                        seal(text, claim, 1, bytes([tag])))
                    if valid:
                        self.assertEqual(claim, truth, (chr(tag), text, line))
                    elif claim == truth and tag != ord("B"):
                        # Count and local leaves are exact where they apply.
                        self.assertIn("both colours", line)


class CommandLine(unittest.TestCase):
    def run_main(self, args):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = hprf_check.main(args)
        return code, out.getvalue()

    def test_exit_codes(self):
        code, out = self.run_main([os.path.join(FIXTURES, "4x4.hprf")])
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("valid: loss"))
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.hprf")
            with open(bad, "wb") as f:
                f.write(seal(START_4X4, True, 1, b"Y\x04"))
            code, out = self.run_main([bad])
            self.assertEqual(code, 1)
            self.assertTrue(out.startswith("invalid: "))
            code, out = self.run_main(["--quiet", bad])
            self.assertEqual((code, out), (1, ""))
            code, _ = self.run_main([os.path.join(tmp, "missing.hprf")])
            self.assertEqual(code, 2)
        with self.assertRaises(SystemExit) as e:
            self.run_main([])
        self.assertEqual(e.exception.code, 2)

    def test_header_layout(self):
        data = seal(START_4X4, True, 3, b"xyz", 7)
        self.assertEqual(data[:8], b"HIPPROOF")
        self.assertEqual(struct.unpack_from("<II", data, 8), (7, len(START_4X4)))


if __name__ == "__main__":
    unittest.main()
