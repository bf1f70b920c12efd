#!/usr/bin/python3
"""Trains the network on training-tensor files on the CPU, resumably.

  tools/neural/train.py --train T.tensor --held H.tensor --dir DIR [--steps N] [...]

Batches are drawn from the training file by a generator seeded with (seed, step), each with one
of the board's 8 symmetries (square boards), so a run killed and resumed from DIR/checkpoint.pt
draws the same batches. The checkpoint is written every --checkpoint-minutes and at the end
(temporary file, fsync, rename), with the settings: resuming with other settings is refused.
DIR/train.log gets the losses and the held-out figures; --net writes the net file at the end.
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import model as model_mod  # noqa: E402

SETTINGS = ["train", "blocks", "channels", "rank", "hidden", "batch", "lr", "weight_decay",
            "value_mix", "own_weight", "seed", "steps", "symmetries"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--train", required=True)
    p.add_argument("--held", default="")
    p.add_argument("--dir", required=True, help="checkpoint and log directory")
    p.add_argument("--net", default="", help="write the net file here at the end")
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--channels", type=int, default=32)
    p.add_argument("--rank", type=int, default=8)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--batch", type=int, default=128)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--value-mix", type=float, default=0.5,
                   help="value target = (1 - m) * result + m * search value")
    p.add_argument("--own-weight", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--steps", type=int, default=1000)
    p.add_argument("--symmetries", type=int, default=8, help="1: none; 8: the dihedral group")
    p.add_argument("--checkpoint-minutes", type=float, default=5.0)
    p.add_argument("--eval-every", type=int, default=0, help="held-out figures every N steps")
    p.add_argument("--threads", type=int, default=1)
    return p.parse_args(argv)


def settings_of(args):
    s = {k: getattr(args, k) for k in SETTINGS}
    s["train"] = os.path.abspath(s["train"])
    return s


def save_atomic(obj, path):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        torch.save(obj, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_net(net, path, comment):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(model_mod.net_bytes(net, comment))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def log(args, text):
    line = time.strftime("%Y-%m-%d %H:%M:%S ") + text
    print(line, flush=True)
    with open(os.path.join(args.dir, "train.log"), "a") as f:
        f.write(line + "\n")


def held_figures(args, net):
    if not args.held:
        return ""
    tf = data.TensorFile(args.held)
    if len(tf) == 0:
        return "held out: no positions"
    r = data.evaluate_file(net, tf)
    return ("held out {positions} positions: policy top1 {top1:.3f} top5 {top5:.3f} "
            "top20 {top20:.3f} ce {policy_ce:.3f}; value log-loss {value_logloss:.4f}; "
            "ownership accuracy {ownership_acc:.3f}").format(**r)


def main(argv):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    os.makedirs(args.dir, exist_ok=True)
    settings = settings_of(args)
    torch.manual_seed(args.seed)
    net = model_mod.Net(args.blocks, args.channels, args.rank, args.hidden)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    ckpt_path = os.path.join(args.dir, "checkpoint.pt")
    step, seen, train_seconds = 0, 0, 0.0
    if os.path.exists(ckpt_path):
        ckpt = torch.load(ckpt_path)
        if ckpt["settings"] != settings:
            diff = {k: (ckpt["settings"].get(k), v) for k, v in settings.items()
                    if ckpt["settings"].get(k) != v}
            sys.exit(f"train.py: {ckpt_path} was made with other settings {diff}; "
                     "use another --dir or the same settings")
        net.load_state_dict(ckpt["model"])
        opt.load_state_dict(ckpt["optimizer"])
        step, seen, train_seconds = ckpt["step"], ckpt["seen"], ckpt["seconds"]
        log(args, f"resumed at step {step}")
    tf = data.TensorFile(args.train)
    if len(tf) == 0:
        sys.exit("train.py: no training positions")
    log(args, f"training on {len(tf)} positions ({tf.n}x{tf.n}), settings {json.dumps(settings)}")

    def checkpoint():
        save_atomic(dict(settings=settings, model=net.state_dict(), optimizer=opt.state_dict(),
                         step=step, seen=seen, seconds=train_seconds), ckpt_path)

    last_ckpt = time.time()
    sums = np.zeros(3)
    while step < args.steps:
        t0 = time.time()
        rng = np.random.default_rng([args.seed, step])
        idx = rng.integers(0, len(tf), args.batch)
        batch = data.Batch(tf, idx, int(rng.integers(0, args.symmetries)))
        pol, val, own = data.losses(net, batch, args.value_mix)
        loss = pol + val + args.own_weight * own
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        seen += batch.size
        train_seconds += time.time() - t0
        sums += [pol.item(), val.item(), own.item()]
        if step % 50 == 0 or step == args.steps:
            k = step % 50 or 50
            log(args, f"step {step}: policy {sums[0] / k:.3f} value {sums[1] / k:.4f} "
                f"ownership {sums[2] / k:.4f}; {seen} positions seen, "
                f"{seen / max(train_seconds, 1e-9):.0f} positions/s")
            sums[:] = 0
        if args.eval_every and step % args.eval_every == 0:
            log(args, f"step {step}: " + held_figures(args, net))
        if time.time() - last_ckpt > 60 * args.checkpoint_minutes:
            checkpoint()
            last_ckpt = time.time()
    checkpoint()
    log(args, f"done at step {step}, {seen} positions seen, {train_seconds:.0f} s training; "
        + held_figures(args, net))
    if args.net:
        comment = (f"tools/neural/train.py step {step}, {seen} positions seen, "
                   f"{len(tf)} training positions; settings {json.dumps(settings)}")
        write_net(net, args.net, comment)
        log(args, f"wrote {args.net}")


if __name__ == "__main__":
    main(sys.argv[1:])
