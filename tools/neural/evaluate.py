#!/usr/bin/python3
"""Held-out figures of a net file or a training checkpoint on a training-tensor file:

  tools/neural/evaluate.py (--net NET | --checkpoint CKPT) --held H.tensor

policy top-1/5/20 (the search's most visited move among the net's best over all legal moves),
the policy's cross-entropy against the visit counts, the value's log-loss against the result,
the ownership accuracy (squares that ended owned by someone, sign right), and how far the
value moves between a position's 8 symmetric images (a net trained with augmentation should
barely move it)."""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import model as model_mod  # noqa: E402


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--net", default="")
    p.add_argument("--checkpoint", default="")
    p.add_argument("--held", required=True)
    a = p.parse_args(argv)
    torch.set_num_threads(1)
    if a.net:
        with open(a.net, "rb") as f:
            net, comment = model_mod.load_net_bytes(f.read())
    elif a.checkpoint:
        ckpt = torch.load(a.checkpoint)
        s = ckpt["settings"]
        net = model_mod.Net(s["blocks"], s["channels"], s["rank"], s["hidden"])
        net.load_state_dict(ckpt["model"])
        comment = f"checkpoint step {ckpt['step']}, {ckpt['seen']} positions seen"
    else:
        sys.exit("evaluate.py: --net or --checkpoint is required")
    net.eval()
    r = data.evaluate_file(net, data.TensorFile(a.held))
    tf = data.TensorFile(a.held)
    idx = np.arange(min(len(tf), 256))
    with torch.no_grad():
        values = torch.stack([torch.sigmoid(net(data.Batch(tf, idx, k).codes, tf.n)[0])
                              for k in range(8)])
    spread = (values.max(0).values - values.min(0).values)
    print(comment)
    print(("{positions} positions: policy top1 {top1:.3f} top5 {top5:.3f} top20 {top20:.3f} "
           "cross-entropy {policy_ce:.3f}; value log-loss {value_logloss:.4f}; "
           "ownership accuracy {ownership_acc:.3f}").format(**r))
    print(f"value over the 8 symmetric images of {len(idx)} positions: mean spread "
          f"{spread.mean().item():.4f}, largest {spread.max().item():.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
