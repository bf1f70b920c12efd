#!/usr/bin/python3
"""The PyTorch reference for the C++ forward pass (tests/unit/nn_network_test.cpp):

  tools/neural/reference.py --net NET --positions PREFIX --out REFERENCE.txt

reads the net file and the reference positions that `hippolyta-train nn-check
--reference-positions PREFIX` wrote (PREFIX.positions, PREFIX-N.tensor), and writes for each
position its string, the value, the ownership map and the log-probabilities (normalised over all
legal moves) of at most --moves of its legal moves, spread over the list:

  position POSITION
  value V
  ownership O1 O2 ...              (n * n, square order)
  move FROM TO ARROW LOGPROB       (square indices)
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import model as model_mod  # noqa: E402


def legal_moves(tf, i):
    r = tf.pos[i]
    n2 = tf.n * tf.n
    out = []
    for p in tf.pairs[int(r["pair_start"]):int(r["pair_start"]) + int(r["pair_count"])]:
        bits = np.unpackbits(p["mask"], bitorder="little")[:n2]
        out += [(int(p["from"]), int(p["to"]), int(a)) for a in np.nonzero(bits)[0]]
    return out


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--net", required=True)
    p.add_argument("--positions", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--moves", type=int, default=48)
    a = p.parse_args(argv)
    with open(a.net, "rb") as f:
        net, _ = model_mod.load_net_bytes(f.read())
    net.eval()
    lines = []
    with open(a.positions + ".positions") as f:
        entries = [ln.split(" ", 2) for ln in f.read().splitlines() if ln]
    files = {}
    for size, index, text in entries:
        tf = files.setdefault(size, data.TensorFile(f"{a.positions}-{size}.tensor"))
        i = int(index)
        codes = torch.from_numpy(np.array(tf.pos[i:i + 1]["codes"]))
        with torch.no_grad():
            value_logit, own, maps = net(codes, tf.n)
            F, T, A, U, V, P, Q = net.split_maps(maps[0].double())
        moves = legal_moves(tf, i)
        logits = torch.tensor([float(F[f] + T[t] + A[x] + U[f] @ V[t] + P[t] @ Q[x])
                               for f, t, x in moves], dtype=torch.float64)
        logp = logits - torch.logsumexp(logits, 0)
        step = max(1, len(moves) // a.moves)
        lines.append(f"position {text}")
        lines.append(f"value {torch.sigmoid(value_logit[0].double()).item():.9g}")
        lines.append("ownership " + " ".join(f"{v:.9g}" for v in own[0].tolist()))
        lines += [f"move {f} {t} {x} {logp[k].item():.9g}"
                  for k, (f, t, x) in enumerate(moves) if k % step == 0]
    with open(a.out + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(a.out + ".tmp", a.out)


if __name__ == "__main__":
    main(sys.argv[1:])
