#!/usr/bin/python3
"""Reading the training-tensor files that `hippolyta-train nn-export` writes (layout in
adapters/neural/tensor_file.h and docs/neural.md), batching, the board's 8 symmetries, and the
losses and figures of the three heads."""
import struct

import numpy as np
import torch

HEADER = struct.Struct("<8sIIIIQQQIIQ")


class TensorFile:
    def __init__(self, path):
        with open(path, "rb") as f:
            head = f.read(HEADER.size)
        if len(head) < HEADER.size:
            raise ValueError(f"{path}: too short for a tensor file")
        (magic, version, n, fset, planes, npos, npairs, nvisits, mbytes, _, _) = HEADER.unpack(head)
        if magic != b"HPTENSOR" or version != 1:
            raise ValueError(f"{path}: not a version-1 training-tensor file")
        self.n, self.planes, self.feature_set = n, planes, fset
        sq = n * n
        self.pos_dtype = np.dtype([
            ("result", "<f4"), ("value", "<f4"), ("pair_start", "<u8"), ("pair_count", "<u4"),
            ("visit_start", "<u8"), ("visit_count", "<u4"), ("game", "<u4"), ("ply", "<u2"),
            ("stm", "u1"), ("pad", "u1"), ("codes", "u1", (planes, sq)), ("own", "i1", (sq,))])
        pair_dtype = np.dtype([("from", "u1"), ("to", "u1"), ("mask", "u1", (mbytes,))])
        visit_dtype = np.dtype([("from", "u1"), ("to", "u1"), ("arrow", "u1"), ("pad", "u1"),
                                ("visits", "<u4")])
        at = HEADER.size
        self.pos = np.memmap(path, self.pos_dtype, "r", at, (npos,)) if npos else \
            np.zeros(0, self.pos_dtype)
        at += npos * self.pos_dtype.itemsize
        self.pairs = np.memmap(path, pair_dtype, "r", at, (npairs,)) if npairs else \
            np.zeros(0, pair_dtype)
        at += npairs * pair_dtype.itemsize
        self.visits = np.memmap(path, visit_dtype, "r", at, (nvisits,)) if nvisits else \
            np.zeros(0, visit_dtype)

    def __len__(self):
        return len(self.pos)


def symmetry_permutation(n, k):
    """Square permutation for dihedral element k (0..7): new[sym(sq)] = old[sq]; returns
    (forward: sq -> sym(sq), inverse)."""
    rows, cols = np.divmod(np.arange(n * n), n)
    r, c = rows, cols
    if k & 4:
        r, c = c, r
    if k & 1:
        c = n - 1 - c
    if k & 2:
        r = n - 1 - r
    fwd = r * n + c
    inv = np.empty_like(fwd)
    inv[fwd] = np.arange(n * n)
    return fwd, inv


class Batch:
    """A batch in tensors: codes, targets, and the legal (from, to) pairs with arrow masks."""

    def __init__(self, tf, index, sym=0):
        n = tf.n
        sq = n * n
        fwd, inv = symmetry_permutation(n, sym)
        rec = tf.pos[np.sort(index)]
        self.n = n
        self.size = len(rec)
        self.codes = torch.from_numpy(np.ascontiguousarray(rec["codes"][:, :, inv]))
        self.own = torch.from_numpy(rec["own"][:, inv].astype(np.float32))
        self.result = torch.from_numpy(rec["result"].astype(np.float32))
        self.value = torch.from_numpy(rec["value"].astype(np.float32))
        pb, pf, pt, pm, slot = [], [], [], [], []
        vb, vf, vt, va, vw = [], [], [], [], []
        for b, r in enumerate(rec):
            s, c = int(r["pair_start"]), int(r["pair_count"])
            p = tf.pairs[s:s + c]
            pb.append(np.full(c, b)); slot.append(np.arange(c))
            pf.append(fwd[p["from"]]); pt.append(fwd[p["to"]])
            pm.append(np.unpackbits(p["mask"], axis=1, bitorder="little")[:, :sq][:, inv])
            s, c = int(r["visit_start"]), int(r["visit_count"])
            v = tf.visits[s:s + c]
            w = v["visits"].astype(np.float64)
            vb.append(np.full(c, b)); vf.append(fwd[v["from"]]); vt.append(fwd[v["to"]])
            va.append(fwd[v["arrow"]])
            vw.append(w / max(w.sum(), 1.0))
        cat = lambda xs, dt: torch.from_numpy(np.concatenate(xs).astype(dt))
        self.pair_b, self.pair_f, self.pair_t = cat(pb, np.int64), cat(pf, np.int64), cat(pt, np.int64)
        self.pair_slot = cat(slot, np.int64)
        self.pair_mask = cat(pm, np.bool_)
        self.max_pairs = int(max((len(x) for x in slot), default=1)) or 1
        self.vis_b, self.vis_f, self.vis_t = cat(vb, np.int64), cat(vf, np.int64), cat(vt, np.int64)
        self.vis_a, self.vis_w = cat(va, np.int64), cat(vw, np.float32)
        # The most visited move of each position: the first one listed (most visited first).
        first = np.concatenate([[0], np.cumsum([len(x) for x in vb])[:-1]])
        self.best = first


def policy_terms(model, maps, batch):
    """(log Z per position [B], log-probability of each visited move, each position's best-move
    logit, and the arrow scores S[b, t, a]) for the factorised policy."""
    F, T, A, U, V, P, Q = model.split_maps(maps)
    S = A.unsqueeze(1) + torch.bmm(P, Q.transpose(1, 2))  # [B, to, arrow]
    b, f, t = batch.pair_b, batch.pair_f, batch.pair_t
    base = F[b, f] + T[b, t] + (U[b, f] * V[b, t]).sum(-1)
    arrows = S[b, t].masked_fill(~batch.pair_mask, float("-inf"))
    pair_lse = torch.logsumexp(arrows, dim=1) + base
    padded = torch.full((batch.size, batch.max_pairs), float("-inf"))
    padded[b, batch.pair_slot] = pair_lse
    log_z = torch.logsumexp(padded, dim=1)
    vb, vf, vt, va = batch.vis_b, batch.vis_f, batch.vis_t, batch.vis_a
    vlogit = F[vb, vf] + T[vb, vt] + (U[vb, vf] * V[vb, vt]).sum(-1) + S[vb, vt, va]
    return log_z, vlogit - log_z[vb], vlogit, base, arrows


def losses(model, batch, value_mix=0.5):
    value_logit, own, maps = model(batch.codes, batch.n)
    log_z, vlogp, _, _, _ = policy_terms(model, maps, batch)
    policy = -(batch.vis_w * vlogp).sum() / batch.size
    target = (1 - value_mix) * batch.result + value_mix * batch.value
    value = torch.nn.functional.binary_cross_entropy_with_logits(value_logit, target)
    has_own = (batch.own != 0).any(dim=1).float().unsqueeze(1)
    own_p = ((own + 1) / 2).clamp(1e-6, 1 - 1e-6)
    own_t = (batch.own + 1) / 2
    own_bce = -(own_t * torch.log(own_p) + (1 - own_t) * torch.log(1 - own_p))
    ownership = (own_bce * has_own).sum() / max(has_own.sum().item() * batch.n ** 2, 1.0)
    return policy, value, ownership


@torch.no_grad()
def figures(model, batch):
    """Sums over the batch: top-1/5/20 hits of the most visited move, value log-loss against the
    result, ownership hits and squares (owned squares only), policy cross-entropy."""
    value_logit, own, maps = model(batch.codes, batch.n)
    log_z, vlogp, vlogit, base, arrows = policy_terms(model, maps, batch)
    best = vlogit[batch.best]
    # Legal moves with a higher logit than the best move, per position.
    higher = ((arrows + base.unsqueeze(1)) > best[batch.pair_b].unsqueeze(1)).sum(1)
    rank = torch.zeros(batch.size, dtype=torch.long).index_add_(0, batch.pair_b, higher)
    p = torch.sigmoid(value_logit).clamp(1e-6, 1 - 1e-6)
    logloss = -(batch.result * torch.log(p) + (1 - batch.result) * torch.log(1 - p))
    owned = batch.own != 0
    own_hits = ((torch.sign(own) == batch.own) & owned).sum().item()
    return dict(positions=batch.size, top1=(rank < 1).sum().item(), top5=(rank < 5).sum().item(),
                top20=(rank < 20).sum().item(), value_logloss=logloss.sum().item(),
                own_hits=own_hits, own_squares=owned.sum().item(),
                policy_ce=-(batch.vis_w * vlogp).sum().item())


def evaluate_file(model, tf, batch_size=256):
    total = {}
    for start in range(0, len(tf), batch_size):
        idx = np.arange(start, min(start + batch_size, len(tf)))
        for k, v in figures(model, Batch(tf, idx)).items():
            total[k] = total.get(k, 0) + v
    n = max(total.get("positions", 0), 1)
    return dict(positions=total.get("positions", 0), top1=total.get("top1", 0) / n,
                top5=total.get("top5", 0) / n, top20=total.get("top20", 0) / n,
                value_logloss=total.get("value_logloss", 0) / n,
                policy_ce=total.get("policy_ce", 0) / n,
                ownership_acc=total.get("own_hits", 0) / max(total.get("own_squares", 0), 1))
