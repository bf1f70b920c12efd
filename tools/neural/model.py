#!/usr/bin/python3
"""The policy-and-value network, as engine/nn/network.cpp runs it, and its file format.

A residual tower of 3x3 convolutions (no batch norm, so the C++ pass is the same arithmetic)
at the board's native size, then three heads: value (mean pool, hidden layer, one logit),
ownership (1x1 conv, tanh) and a factorised policy (1x1 conv to 3 + 4r maps per square):
    logit(f, t, a) = from[f] + to[t] + arrow[a] + U[f].V[t] + P[t].Q[a].
The net file layout is documented in engine/nn/net_file.h.
"""
import struct

import numpy as np
import torch
from torch import nn

FEATURE_SET = 1
PLANES = 8
FIRST_DISTANCE_PLANE = 4
MAGIC = b"HPNEURAL"
VERSION = 1
HEADS = 7


def decode_features(codes):
    """uint8 codes [B, planes, n*n] -> float input, as engine/nn/features.h featureValue()."""
    x = codes.float()
    dist = x[:, FIRST_DISTANCE_PLANE:]
    x[:, FIRST_DISTANCE_PLANE:] = torch.where(dist > 0, 1.0 / dist.clamp(min=1.0),
                                              torch.zeros_like(dist))
    return x


class Block(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.c1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.c2 = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return torch.relu(x + self.c2(torch.relu(self.c1(x))))


class Net(nn.Module):
    def __init__(self, blocks=4, channels=32, rank=8, hidden=32):
        super().__init__()
        self.arch = dict(blocks=blocks, channels=channels, rank=rank, hidden=hidden)
        self.rank = rank
        # Registration order is the file's weight order.
        self.stem = nn.Conv2d(PLANES, channels, 3, padding=1)
        self.blocks = nn.ModuleList([Block(channels) for _ in range(blocks)])
        self.policy = nn.Conv2d(channels, 3 + 4 * rank, 1)
        self.own = nn.Conv2d(channels, 1, 1)
        self.value1 = nn.Linear(channels, hidden)
        self.value2 = nn.Linear(hidden, 1)

    def forward(self, codes, n):
        """codes uint8 [B, planes, n*n] -> (value logit [B], ownership [B, n*n] in [-1, 1],
        policy maps [B, n*n, 3 + 4r])."""
        x = decode_features(codes).view(codes.shape[0], PLANES, n, n)
        x = torch.relu(self.stem(x))
        for b in self.blocks:
            x = b(x)
        value = self.value2(torch.relu(self.value1(x.mean(dim=(2, 3))))).squeeze(1)
        own = torch.tanh(self.own(x)).flatten(1)
        maps = self.policy(x).flatten(2).transpose(1, 2)
        return value, own, maps

    def split_maps(self, maps):
        r = self.rank
        return (maps[..., 0], maps[..., 1], maps[..., 2], maps[..., 3:3 + r],
                maps[..., 3 + r:3 + 2 * r], maps[..., 3 + 2 * r:3 + 3 * r], maps[..., 3 + 3 * r:])


def fnv1a64(data):
    h = 0xcbf29ce484222325
    arr = np.frombuffer(data, dtype=np.uint8)
    # Plain loop in chunks: the nets are small (a few hundred KB).
    for b in arr.tolist():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def net_bytes(model, comment):
    a = model.arch
    comment_b = comment.encode("utf-8")
    weights = np.concatenate([p.detach().cpu().numpy().astype("<f4").ravel()
                              for p in model.parameters()])
    head = MAGIC + struct.pack("<10I", VERSION, FEATURE_SET, PLANES, a["blocks"], a["channels"],
                               a["rank"], a["hidden"], HEADS, len(comment_b), len(weights))
    body = head + comment_b + weights.tobytes()
    return body + struct.pack("<Q", fnv1a64(body))


def load_net_bytes(data):
    """A Net from a net file's bytes; raises ValueError when damaged or foreign."""
    if len(data) < 56 or data[:8] != MAGIC:
        raise ValueError("not a Hippolyta network file")
    if struct.unpack("<Q", data[-8:])[0] != fnv1a64(data[:-8]):
        raise ValueError("checksum mismatch")
    (version, fset, planes, blocks, channels, rank, hidden, heads, clen,
     count) = struct.unpack("<10I", data[8:48])
    if version != VERSION or fset != FEATURE_SET or planes != PLANES or heads != HEADS:
        raise ValueError("foreign network file")
    model = Net(blocks, channels, rank, hidden)
    weights = np.frombuffer(data, dtype="<f4", count=count, offset=48 + clen)
    at = 0
    with torch.no_grad():
        for p in model.parameters():
            k = p.numel()
            p.copy_(torch.from_numpy(weights[at:at + k].copy()).view_as(p))
            at += k
    if at != count:
        raise ValueError("weight count does not match the architecture")
    return model, data[48:48 + clen].decode("utf-8")
