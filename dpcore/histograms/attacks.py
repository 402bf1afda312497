"""The trajectory-recovery attack of Xu et al. (WWW 2017) on aggregated counts, as an audit.

Xu, Tu, Li, Zhang, Fu, Jin, "Trajectory Recovery From Ash: User Privacy Is
NOT Preserved in Aggregated Mobility Data" — the attack Chen et al. (2019,
§4.2, §7.2) use to evaluate their schemes. Unsupervised: from the counts
per cell and timestamp alone it rebuilds individual trajectories step by
step. At each step every partial trajectory gets an estimated next location
(night: it stays; day: it continues with its last velocity), and the
trajectories are linked to the next timestamp's population — the counts
expanded into one location per person — by a minimum-total-distance
assignment (``scipy.optimize.linear_sum_assignment``). This is Xu et al.'s
night/day estimation and linking step; their third step (linking the
daily pieces across days by regularity) is not needed for one-day data and
is not implemented.

When the counts of consecutive timestamps differ in total (noisy counts),
the number of trajectories is fixed by the first timestamp: extra
locations are left unassigned, and a trajectory without a location stays
where it was.

Scoring (Xu et al. §5): each true trajectory is matched to the recovered
trajectory sharing the most (timestamp, cell) points; its accuracy is that
number over its observed timestamps; the recovery accuracy is the mean over
users. Uniqueness (de Montjoye et al. 2013, used by Xu et al. §3): the share
of users whose set of top-k most visited cells no other user has.
Everything here uses the true trajectories: audit results are internal.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import linear_sum_assignment, linprog
from scipy.spatial.distance import cdist

from ..ingest import to_epoch_seconds
from ..reporting.metrics import pot_module
from ..reporting.progress import Progress, report_progress

DAY_MODELS = ("velocity", "stay")


def slot_cells(user, cell, time, *, n_cells: int, rng: np.random.Generator, start=0,
               slot_seconds: float = 3600, n_slots: int = 24) -> tuple:
    """``(user_ids, trajectories)``: each user's cell per slot, −1 where unobserved.

    One observation per user and slot, chosen uniformly when there are
    several (the bounding semantics of :mod:`dpcore.ingest`); observations
    with an invalid time or cell, or outside the slots, are ignored.
    """
    user, cell = np.asarray(user), np.asarray(cell, dtype=np.int64)
    time = np.asarray(time, dtype=float)
    if not (user.shape == cell.shape == time.shape and user.ndim == 1):
        raise ValueError("user, cell and time must be 1-D arrays of the same length")
    slot = np.floor((time - to_epoch_seconds(start)) / float(slot_seconds))
    ok = np.isfinite(slot) & (slot >= 0) & (slot < n_slots) & (cell >= 0) & (cell < n_cells)
    ids, uidx = np.unique(user[ok], return_inverse=True)
    slot, cell = slot[ok].astype(np.int64), cell[ok]
    order = np.lexsort((rng.random(slot.size), slot, uidx))
    key = uidx[order] * n_slots + slot[order]
    first = np.ones(key.size, dtype=bool)
    first[1:] = key[1:] != key[:-1]
    traj = np.full((ids.size, n_slots), -1, dtype=np.int64)
    traj.reshape(-1)[key[first]] = cell[order][first]
    return ids, traj


def _expand(counts_row: np.ndarray) -> np.ndarray:
    return np.repeat(np.arange(counts_row.size), counts_row)


#: Above this many (trajectory, location) pairs the assignment is solved as a
#: transport problem between groups (trajectories predicted at the same point,
#: locations in the same cell are interchangeable) instead of on the expanded
#: dense matrix: noisy counts can hold tens of thousands of people in a cell,
#: far too many for a dense matrix. Both are exact minimum-cost assignments.
DENSE_LIMIT = 4_000_000


def _transport_plan(a: np.ndarray, b: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """Integer optimal transport plan for integer masses ``a``, ``b`` of equal total."""
    ot = pot_module()  # POT's network simplex solves large problems fast; scipy is the fallback
    if ot is not None:
        plan = ot.emd(a.astype(float), b.astype(float), cost, numItermax=50_000_000)
    else:  # dual simplex: a vertex of the transport polytope, integral for integer masses
        n, m = cost.shape
        rows = np.concatenate([np.repeat(np.arange(n), m), n + np.tile(np.arange(m), n)])
        cols = np.concatenate([np.arange(n * m), np.arange(n * m)])
        eq = sparse.csr_matrix((np.ones(rows.size), (rows, cols)), shape=(n + m, n * m))
        res = linprog(cost.ravel(), A_eq=eq, b_eq=np.concatenate([a, b]).astype(float),
                      bounds=(0, None), method="highs-ds")
        if res.status != 0:
            raise RuntimeError(f"trajectory linking transport problem failed: {res.message}")
        plan = res.x.reshape(n, m)
    return np.rint(plan).astype(np.int64)


def _members(group: np.ndarray, edge_group: np.ndarray, flow: np.ndarray) -> np.ndarray:
    """For each edge e, ``flow[e]`` distinct items of group ``edge_group[e]`` (edges of
    one group take disjoint items), concatenated in edge order."""
    order = np.argsort(group, kind="stable")
    starts = np.searchsorted(group[order], np.arange(group.max(initial=-1) + 1))
    by = np.argsort(edge_group, kind="stable")
    before = np.cumsum(flow[by]) - flow[by]
    within = np.empty_like(before)
    within[by] = before - before[np.searchsorted(edge_group[by], edge_group[by])]
    edge = np.repeat(np.arange(flow.size), flow)
    pos = np.arange(edge.size) - np.repeat(np.cumsum(flow) - flow, flow)
    return order[starts[edge_group[edge]] + within[edge] + pos]


def _assign_rest(guess: np.ndarray, candidates: np.ndarray, xy: np.ndarray) -> tuple:
    n, m = len(guess), candidates.size
    if n == 0 or m == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    if n * m <= DENSE_LIMIT:
        return linear_sum_assignment(cdist(guess, xy[candidates]))
    points, g_of = np.unique(np.round(guess, 3), axis=0, return_inverse=True)
    g_of = g_of.reshape(-1)
    cells, c_of = np.unique(candidates, return_inverse=True)
    a = np.bincount(g_of, minlength=len(points))
    b = np.bincount(c_of, minlength=cells.size)
    cost = cdist(points, xy[cells])
    # a zero-cost dummy takes the excess on the larger side (left unassigned)
    if n > m:
        b, cost = np.append(b, n - m), np.column_stack([cost, np.zeros(len(points))])
    elif m > n:
        a, cost = np.append(a, m - n), np.vstack([cost, np.zeros(cells.size)])
    plan = _transport_plan(a, b, cost)[:len(points), :cells.size]
    eg, ec = np.nonzero(plan)
    flow = plan[eg, ec]
    return _members(g_of, eg, flow), _members(c_of, ec, flow)


def _assign(guess_cell: np.ndarray, guess: np.ndarray, candidates: np.ndarray,
            xy: np.ndarray) -> tuple:
    """(rows, cols): a minimum total distance assignment of trajectories to locations.

    Trajectories predicted exactly at a location's cell are matched to it
    first: with a metric cost some optimal assignment contains every such
    zero-cost pair (exchange argument with the triangle inequality), and it
    keeps the remaining problem small. ``guess_cell`` is −1 where the
    prediction is not a cell centre.
    """
    order_t = np.argsort(guess_cell, kind="stable")
    order_c = np.argsort(candidates, kind="stable")
    gc, cc = guess_cell[order_t], candidates[order_c]
    # rank of each item within its cell, on both sides: pair equal (cell, rank)
    rank_t = np.arange(gc.size) - np.searchsorted(gc, gc)
    rank_c = np.arange(cc.size) - np.searchsorted(cc, cc)
    key_t = np.where(gc >= 0, gc * (gc.size + cc.size + 1) + rank_t, -1)
    key_c = cc * (gc.size + cc.size + 1) + rank_c
    common, it, ic = np.intersect1d(key_t, key_c, return_indices=True)
    rows0, cols0 = order_t[it], order_c[ic]
    free_t = np.setdiff1d(np.arange(len(guess)), rows0)
    free_c = np.setdiff1d(np.arange(candidates.size), cols0)
    r, c = _assign_rest(guess[free_t], candidates[free_c], xy)
    return np.concatenate([rows0, free_t[r]]), np.concatenate([cols0, free_c[c]])


def recover_trajectories(counts, centroids, *, night=None, day_model: str = "velocity",
                         progress: Progress = None) -> np.ndarray:
    """Xu et al.'s unsupervised recovery: ``(N, S)`` cell indices (−1 before the start).

    ``counts``: ``(S, M)`` non-negative integers (post-process noisy counts
    first); ``centroids``: ``(M, 2)`` cell centres in metres; ``night``:
    ``(S,)`` booleans, True where the step *into* that timestamp is a night
    step (stay). ``day_model``: ``"velocity"`` (Xu et al.: a day step
    continues with the last velocity) or ``"stay"`` (every step predicts no
    move — stronger on data where people stop after each trip). The
    trajectories start at the first timestamp with anyone in it; N is its
    total (0 trajectories if every count is 0). A trajectory with no
    location at a timestamp keeps its previous cell.
    """
    c = np.asarray(counts)
    xy = np.asarray(centroids, dtype=float)
    if c.ndim != 2 or xy.shape != (c.shape[1], 2):
        raise ValueError("counts must be (slots, cells) and centroids (cells, 2)")
    if not np.issubdtype(c.dtype, np.integer) or (c.size and c.min() < 0):
        raise ValueError("the attack needs non-negative integer counts "
                         "(apply the consistency post-processing to noisy counts first)")
    if day_model not in DAY_MODELS:
        raise ValueError(f"day_model must be one of {DAY_MODELS}, got {day_model!r}")
    n_slots = c.shape[0]
    night = np.zeros(n_slots, bool) if night is None else np.asarray(night, dtype=bool)
    if night.shape != (n_slots,):
        raise ValueError(f"night must hold one flag per timestamp ({n_slots})")
    totals = c.sum(axis=1)
    if not totals.any():
        return np.full((0, n_slots), -1, dtype=np.int64)
    first = int(np.argmax(totals > 0))
    cells = _expand(c[first])
    traj = np.full((cells.size, n_slots), -1, dtype=np.int64)
    traj[:, first] = cells
    loc = xy[cells]
    velocity = np.zeros_like(loc)
    for t in range(first + 1, n_slots):
        candidates = _expand(c[t])
        new = traj[:, t - 1].copy()
        if candidates.size:
            moving = not night[t] and day_model == "velocity"
            guess_cell = (np.where(np.any(velocity != 0, axis=1), -1, traj[:, t - 1])
                if moving else traj[:, t - 1])
            rows, cols = _assign(guess_cell, loc + velocity if moving else loc,
                                 candidates, xy)
            new[rows] = candidates[cols]
        traj[:, t] = new
        new_loc = xy[new]
        velocity = new_loc - loc
        loc = new_loc
        report_progress(progress, t / max(n_slots - 1, 1))
    return traj


def _one_hot(traj: np.ndarray, n_cells: int) -> sparse.csr_matrix:
    rows, slots = np.nonzero(traj >= 0)
    cols = slots * n_cells + traj[rows, slots]
    return sparse.csr_matrix((np.ones(rows.size, dtype=np.int32), (rows, cols)),
                             shape=(traj.shape[0], traj.shape[1] * n_cells))


def recovery_accuracy(true_traj, recovered, *, n_cells: int) -> tuple:
    """``(accuracy, best)`` per true trajectory: the share of its observed
    (timestamp, cell) points found in the best-matching recovered trajectory,
    and that trajectory's index (−1 and NaN for a user never observed)."""
    truth, rec = np.asarray(true_traj), np.asarray(recovered)
    if truth.ndim != 2 or rec.ndim != 2 or truth.shape[1] != rec.shape[1]:
        raise ValueError("true and recovered trajectories need the same number of timestamps")
    observed = (truth >= 0).sum(axis=1)
    if rec.shape[0] == 0:
        return np.where(observed > 0, 0.0, np.nan), np.full(truth.shape[0], -1)
    shared = (_one_hot(truth, n_cells) @ _one_hot(rec, n_cells).T).tocsr()
    best = np.asarray(shared.argmax(axis=1)).ravel()
    hits = np.asarray(shared.max(axis=1).todense()).ravel()
    with np.errstate(invalid="ignore", divide="ignore"):
        accuracy = np.where(observed > 0, hits / observed, np.nan)
    return accuracy, np.where(observed > 0, best, -1)


def uniqueness(true_traj, *, top_k: int = 2) -> float:
    """Share of users whose set of top-``top_k`` cells (by visits; ties: lower
    cell index) no other user shares. Users never observed are left out."""
    truth = np.asarray(true_traj)
    if int(top_k) < 1:
        raise ValueError(f"top_k must be at least 1, got {top_k}")
    rows, slots = np.nonzero(truth >= 0)
    if rows.size == 0:
        raise ValueError("no observed location: uniqueness is undefined")
    pairs, visits = np.unique(np.column_stack([rows, truth[rows, slots]]), axis=0,
                              return_counts=True)
    order = np.lexsort((pairs[:, 1], -visits, pairs[:, 0]))
    pairs = pairs[order]
    start = np.searchsorted(pairs[:, 0], pairs[:, 0], side="left")
    keep = (np.arange(pairs.shape[0]) - start) < int(top_k)
    tops = {}
    for u, cell in pairs[keep]:
        tops.setdefault(int(u), []).append(int(cell))
    keys = [frozenset(v) for v in tops.values()]
    seen = {}
    for k in keys:
        seen[k] = seen.get(k, 0) + 1
    return float(np.mean([seen[k] == 1 for k in keys]))


@dataclass
class AuditResult:
    """Outcome of :func:`trajectory_recovery_audit` (internal: uses the truth)."""

    recovered: np.ndarray          # (N, S) recovered cell indices
    accuracy: np.ndarray           # (n_users,) per true trajectory (NaN: never observed)
    best: np.ndarray               # (n_users,) index of the best-matching recovered one
    recovery_accuracy: float       # mean of ``accuracy``
    uniqueness: float              # share of users unique by their top-k cells


def trajectory_recovery_audit(counts, centroids, true_traj=None, *, night=None,
                              day_model: str = "velocity", top_k: int = 2,
                              progress: Progress = None) -> AuditResult:
    """Recover trajectories from ``counts`` and score them against ``true_traj`` if given."""
    rec = recover_trajectories(counts, centroids, night=night, day_model=day_model,
                               progress=progress)
    if true_traj is None:
        return AuditResult(rec, np.empty(0), np.empty(0, dtype=np.int64),
                           float("nan"), float("nan"))
    truth = np.asarray(true_traj)
    if truth.ndim != 2 or truth.shape[1] != rec.shape[1]:
        raise ValueError(f"the true trajectories must cover the same {rec.shape[1]} timestamps")
    acc, best = recovery_accuracy(truth, rec, n_cells=np.asarray(centroids).shape[0])
    return AuditResult(rec, acc, best, float(np.nanmean(acc)),
                       uniqueness(truth, top_k=top_k))
