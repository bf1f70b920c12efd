"""The framing of a Hippolyta proof certificate (.hprf), read from its documentation
(engine/check/proof_check.h): all little-endian,

    "HIPPROOF", u32 version, u32 n, n bytes of root position text, u8 result (1: the root's
    mover wins, 0: it loses), u64 record count, the records, u64 FNV-1a 64 of all before it.
"""

import gzip
import struct
import zlib

MAGIC = b"HIPPROOF"
MIN_VERSION, MAX_VERSION = 1, 7
# A root text longer than this is not a position (11 ranks of 11 squares and a side).
MAX_TEXT = 200


class ProofError(Exception):
    """The file is not a valid proof; the message says why."""


FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = (1 << 64) - 1


def fnv1a64(data):
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & MASK64
    return h


def read_bytes(path):
    """A file's bytes, decompressed when it is gzip (by its magic, not its name); OSError when
    it cannot be read, ProofError when its gzip data is damaged."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise ProofError("damaged gzip data (%s)" % e) from None
    return data


class ProofFile:
    def __init__(self, version, text, root_wins, records, body):
        self.version = version
        self.text = text
        self.root_wins = root_wins
        self.records = records
        self.body = body


def parse_file(data):
    """The header and body of a proof file; raises ProofError naming what is wrong."""
    if len(data) < len(MAGIC) or data[: len(MAGIC)] != MAGIC:
        raise ProofError("not a proof file (no HIPPROOF magic)")
    if len(data) < len(MAGIC) + 8 + 1 + 8 + 8:
        raise ProofError("truncated header")
    sealed = data[:-8]
    (stored,) = struct.unpack("<Q", data[-8:])
    if fnv1a64(sealed) != stored:
        raise ProofError("checksum mismatch (damaged or truncated file)")
    at = len(MAGIC)
    version, n = struct.unpack_from("<II", sealed, at)
    at += 8
    if not MIN_VERSION <= version <= MAX_VERSION:
        raise ProofError("unsupported version %d" % version)
    if n > MAX_TEXT or at + n + 1 + 8 > len(sealed):
        raise ProofError("bad root position length %d" % n)
    raw = sealed[at:at + n]
    at += n
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise ProofError("root position text is not ASCII") from None
    result = sealed[at]
    at += 1
    if result not in (0, 1):
        raise ProofError("bad result byte %d" % result)
    (records,) = struct.unpack_from("<Q", sealed, at)
    at += 8
    return ProofFile(version, text, result == 1, records, sealed[at:])


def seal(text, root_wins, records, body, version=7):
    """A proof file's bytes around a body (for tests and forgeries)."""
    raw = text.encode("ascii")
    head = MAGIC + struct.pack("<II", version, len(raw)) + raw
    head += bytes([1 if root_wins else 0]) + struct.pack("<Q", records)
    sealed = head + body
    return sealed + struct.pack("<Q", fnv1a64(sealed))
