#!/usr/bin/python3
"""Writes the net file the engine reads (engine/nn/net_file.h) from a training checkpoint:

  tools/neural/export.py --checkpoint DIR/checkpoint.pt --out NET [--comment TEXT]

or, with --random SEED --blocks B --channels C --rank R --hidden H, an untrained net with
PyTorch's default initialisation times --scale (for test fixtures)."""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model as model_mod  # noqa: E402
from train import write_net  # noqa: E402


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--checkpoint", default="")
    p.add_argument("--out", required=True)
    p.add_argument("--comment", default="")
    p.add_argument("--random", type=int, default=None)
    p.add_argument("--scale", type=float, default=1.0,
                   help="with --random: multiply every weight (larger, more varied outputs)")
    for k, v in dict(blocks=4, channels=32, rank=8, hidden=32).items():
        p.add_argument("--" + k, type=int, default=v)
    a = p.parse_args(argv)
    if a.random is not None:
        torch.manual_seed(a.random)
        net = model_mod.Net(a.blocks, a.channels, a.rank, a.hidden)
        with torch.no_grad():
            for param in net.parameters():
                param.mul_(a.scale)
        comment = a.comment or f"untrained, torch.manual_seed({a.random}), scale {a.scale}"
    else:
        if not a.checkpoint:
            sys.exit("export.py: --checkpoint or --random is required")
        ckpt = torch.load(a.checkpoint)
        s = ckpt["settings"]
        net = model_mod.Net(s["blocks"], s["channels"], s["rank"], s["hidden"])
        net.load_state_dict(ckpt["model"])
        comment = a.comment or (f"tools/neural/train.py step {ckpt['step']}, {ckpt['seen']} "
                                f"positions seen; settings {json.dumps(s)}")
    write_net(net, a.out, comment)


if __name__ == "__main__":
    main(sys.argv[1:])
