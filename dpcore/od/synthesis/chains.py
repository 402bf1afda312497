"""Multi-stop trajectories: a Markov model of each person's consecutive trips.

A person's day is a chain of stops: a trip starts where the previous one
ended. The stops are described relative to the person (as in :mod:`.fit`):
home (H), the other end of their main pair (W) or elsewhere (E, a zone). The
model is a Markov chain over these stops, with the zone of a stop elsewhere
drawn given the zone the person is in (the gravity model of :mod:`.generate`,
fitted to the released distances): a first-order model over zones of
consecutive trips per user, conditioned on the person's own anchors, which a
population-wide zone-to-zone transition matrix cannot be at these noise
levels (on a 1 km grid of 125 zones with 5,000 people, a zone's row holds
about 40 people's weight against a row noise of √125 · √2/ε_part ≈ 400 at
ε_part = 0.04).

Measurement (:func:`true_transitions`): each user's trips in time order; each
pair of consecutive trips adds weight 1/p (p: the user's pairs, so one user
adds at most 1: L1 sensitivity 1) to the cell (kind of trip i's origin, kind of
its destination, kind of trip i+1's destination) when trip i+1 starts in the
zone trip i ended in, and to the cell "not chained" otherwise. Kinds of main-pair
trips follow their direction (:func:`.persons.leaves_home`).

The adaptive choice (:func:`markov_of`, after PrivTrace, Wang et al. USENIX
Security 2023, which chooses between first- and second-order models per
state by its noisy count): a state (previous stop, current stop) uses its
second-order row where the noisy total of that row is ≥ CARRY_RATIO times the
noise std of a 3-cell sum; elsewhere the first-order row of the current stop
(the same noisy cells summed: no extra cost). Chained generation is used when
the noisy share of chained pairs is ≥ 1/2 (the data have multi-stop
trajectories); otherwise trips are drawn one by one as before. Both rules read
released values only.

Generation (:func:`walk`): every person starts at home and walks k steps;
the numbers of trips on their main pair (j) and others (k − j) are those the
people part drew; a move from H to W or back is a main-pair trip; a move to
elsewhere is allowed only while a trip remains to come back (so the chain
ends at an anchor unless the person has no main-pair trip left). Before each
trip but the first, the chain breaks with probability the released share of
pairs not chained (1 − ``chained_share``, post-processing): the trip starts at
a new stop in another zone, its kind drawn as trips drawn one by one draw
theirs (the origin kinds of the released ``ends``; a stop elsewhere only while
a trip other than on the main pair remains) and a zone elsewhere drawn from
the released ``other_origin`` (:func:`_breaks`). Times
(:func:`chained_times`): each tour from home gets a day (sorted in tour
order), each trip an hour of its class; within a person's day the times are sorted
in the order of the walk; the hours of the trips leaving each zone are a systematic
sample of their law (:func:`.draws.balanced_clocks`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import parts as P
from .draws import balanced_clocks, class_clocks, class_rows, clock_order, draw, with_travel

H, W, E = 0, 1, 2
CELLS = 28              # 27 (previous, current, next) kinds + "not chained"
NOT_CHAINED = 27
MAX_DAYS = 62
CHAINED_SHARE = 0.5
JUMP_TRIES = 20
DAY = 86400.0


@dataclass
class Markov:
    """Released transitions (post-processed): rows over the next stop (H, W, E)."""

    first: np.ndarray        # (3, 3) current → next
    second: np.ndarray       # (9, 3) (previous, current) → next
    second_used: np.ndarray  # (9,) bool: the adaptive choice
    chained_share: float     # noisy share of consecutive trips that chain

    @property
    def chained(self) -> bool:
        return self.chained_share >= CHAINED_SHARE


def trip_kinds(data, home, other_end, is_main, leaves):
    """Per trip: kind of its origin and of its destination (H, W, E); main-pair trips by
    their direction."""
    u = data.user

    def kind(zone):
        return np.where(zone == home[u], H, np.where(zone == other_end[u], W, E))
    ko, kd = kind(data.origin_zone), kind(data.dest_zone)
    ko = np.where(is_main, np.where(leaves, H, W), ko)
    kd = np.where(is_main, np.where(leaves, W, H), kd)
    return ko, kd


def true_transitions(data, kind_o, kind_d) -> np.ndarray:
    """The true weights of the ``transitions`` part (module doc), CELLS values."""
    user = data.user
    order = np.lexsort((data.trips.start, user))
    same = user[order][1:] == user[order][:-1]
    a, b = order[:-1][same], order[1:][same]
    if a.size == 0:
        return np.zeros(CELLS)
    chained = data.origin_zone[b] == data.dest_zone[a]
    cell = np.where(chained, (kind_o[a] * 3 + kind_d[a]) * 3 + kind_d[b], NOT_CHAINED)
    pairs = np.bincount(user[a], minlength=int(user.max()) + 1)
    return np.bincount(cell, 1.0 / pairs[user[a]], minlength=CELLS)


def markov_of(noisy, epsilon_part: float) -> Markov:
    """The released transitions from the noisy weights (module doc: the adaptive choice)."""
    v = np.clip(np.asarray(noisy, dtype=float), 0.0, None)
    chained = v[:NOT_CHAINED].sum()
    share = float(chained / max(chained + v[NOT_CHAINED], 1e-300))
    second = v[:NOT_CHAINED].reshape(9, 3)
    first = second.reshape(3, 3, 3).sum(axis=0)
    std_row = math.sqrt(3.0) * math.sqrt(2.0) / epsilon_part   # Laplace(1/ε) on 3 cells
    used = second.sum(axis=1) >= P.CARRY_RATIO * std_row
    return Markov(first, second, used, share)


def _pick(prob, allowed, rng) -> np.ndarray:
    """One column per row of ``prob`` among the ``allowed`` ones (uniform where none of
    the allowed has weight)."""
    w = np.where(allowed, prob, 0.0)
    none = w.sum(axis=1) <= 0
    w[none] = allowed[none]
    cum = np.cumsum(w, axis=1)
    u = rng.random(len(w)) * cum[:, -1]
    return np.minimum((cum <= u[:, None]).sum(axis=1), 2)


def _breaks(markov, act, t, zone, cur, prev, ro, home, away, jump_kinds, jump, rng):
    """The chain breaks of step ``t`` (module doc): who breaks, with which new stop kind and
    zone (changed in place in ``cur``, ``prev`` and ``zone``)."""
    rate = min(max(1.0 - float(markov.chained_share), 0.0), 1.0)
    if t == 0 or rate <= 0.0:
        return
    z = zone[act]
    cand = np.stack([home[act] != z, away[act] != z, ro[act] > 0], axis=1)
    e_zone = np.full(act.size, -1, dtype=np.int64)
    need = np.flatnonzero(cand[:, E])
    for _ in range(JUMP_TRIES):                   # a zone elsewhere other than the current one
        if not need.size:
            break
        e_zone[need] = jump(need.size, rng)
        need = need[e_zone[need] == z[need]]
    cand[need, E] = False
    go = np.flatnonzero((rng.random(act.size) < rate) & cand.any(axis=1))
    if not go.size:
        return
    w = np.where(cand[go], np.asarray(jump_kinds, dtype=float)[None, :], 0.0)
    kind = _pick(w, cand[go], rng)
    new_zone = np.where(kind == H, home[act[go]],
                        np.where(kind == W, away[act[go]], e_zone[go]))
    cur[act[go]], prev[act[go]], zone[act[go]] = kind, -1, new_zone


def walk(markov: Markov, k, j, home, away, elsewhere, rng, *, jump=None, jump_kinds=None):
    """Each person's chain of stops (module doc). ``k``, ``j``: trips and main-pair trips per
    person; ``home``, ``away``: their anchor zones; ``elsewhere(zone, rng)``: a zone drawn
    given the current zone. A chain breaks before a trip other than the first with
    probability 1 − ``markov.chained_share``: the trip starts at a stop of kind drawn by
    ``jump_kinds`` (H, W, E weights; default equal) in another zone, a zone elsewhere drawn by
    ``jump(size, rng)`` (default: uniform over the anchor zones given). Returns per trip, in
    (person, step) order: person, origin kind, destination kind, origin zone, destination
    zone."""
    k, j = np.asarray(k, dtype=np.int64), np.asarray(j, dtype=np.int64)
    if jump is None:
        pool = np.unique(np.concatenate([home, away]))
        jump = lambda size, r: pool[r.integers(0, pool.size, size)]   # noqa: E731
    jump_kinds = np.ones(3) if jump_kinds is None else np.clip(jump_kinds, 0.0, None)
    offset = np.cumsum(k) - k
    total = int(k.sum())
    out = {name: np.empty(total, dtype=np.int64) for name in ("ko", "kd", "oz", "dz")}
    cur, prev = np.full(k.size, H), np.full(k.size, -1)
    zone, r_main, r_other = home.copy(), j.copy(), k - j
    second = markov.second / np.maximum(markov.second.sum(axis=1, keepdims=True), 1e-300)
    first = markov.first / np.maximum(markov.first.sum(axis=1, keepdims=True), 1e-300)
    for t in range(int(k.max()) if k.size else 0):
        act = np.flatnonzero(k > t)
        _breaks(markov, act, t, zone, cur, prev, r_other, home, away, jump_kinds, jump, rng)
        c, p, rm, ro = cur[act], prev[act], r_main[act], r_other[act]
        state = np.where(p >= 0, p * 3 + c, 0)
        prob = np.where(((p >= 0) & markov.second_used[state])[:, None], second[state],
                        first[c])
        anchor = c != E
        may_leave = (ro >= 2) | ((rm == 0) & (ro >= 1))
        allowed = np.zeros((act.size, 3), dtype=bool)
        cols = np.arange(3)[None, :]
        main_col = np.where(anchor, 1 - c, -1)[:, None]
        allowed |= anchor[:, None] & (cols == main_col) & (rm > 0)[:, None]
        allowed |= anchor[:, None] & (cols == c[:, None]) & (ro > 0)[:, None]
        allowed |= ~anchor[:, None] & (cols < E) & (ro > 0)[:, None]
        allowed[:, E] = may_leave
        nxt = _pick(prob, allowed, rng)
        dz = np.where(nxt == H, home[act], away[act])
        go = np.flatnonzero(nxt == E)
        if go.size:
            dz[go] = elsewhere(zone[act[go]], rng)
        is_main = anchor & (nxt == 1 - c)
        r_main[act] -= is_main
        r_other[act] -= ~is_main
        at = offset[act] + t
        out["ko"][at], out["kd"][at], out["oz"][at], out["dz"][at] = c, nxt, zone[act], dz
        prev[act], cur[act], zone[act] = c, nxt, dz
    return np.repeat(np.arange(k.size), k), out["ko"], out["kd"], out["oz"], out["dz"]


def _tour_days(weekday_weights, tour_person, window, rng) -> np.ndarray:
    """A day per tour, in time order per person: distinct days while a person has no more
    tours than the window has days (weighted by the released weekday shares; Gumbel top-k),
    repeated days beyond; windows of more than MAX_DAYS days draw days independently."""
    w0, w1 = (float(v) for v in window)
    days = np.arange(np.floor(w0 / DAY), np.ceil(w1 / DAY)).astype(np.int64)  # in the window
    day_wd = (days + 3) % 7                              # 1970-01-01 was a Thursday
    per_wd = np.bincount(day_wd, minlength=7)
    w = np.asarray(weekday_weights, dtype=float)[day_wd] / np.maximum(per_wd[day_wd], 1)
    if not w.sum() > 0:
        w = np.ones(days.size)
    days, w = days[w > 0], w[w > 0]                      # no tour on a day of no weight
    n = tour_person.size
    if days.size > MAX_DAYS:
        chosen = days[draw(w, n, rng)]
    else:
        people, first, count = np.unique(tour_person, return_index=True, return_counts=True)
        keys = np.log(np.maximum(w, 1e-300))[None, :] + rng.gumbel(size=(people.size, days.size))
        ranked = np.argsort(-keys, axis=1)
        rank = np.arange(n) - np.repeat(first, count)    # tours are grouped by person
        chosen = days[ranked[np.repeat(np.arange(people.size), count), rank % days.size]]
    return chosen[np.lexsort((chosen, tour_person))]     # sorted within each person


def _day_clocks(model, row, group, rng) -> np.ndarray:
    """One draw of the trips' clocks (:func:`.draws.class_clocks`), sorted within each
    person's day in walk order."""
    clock = class_clocks(model.start_hour, row, rng)
    return clock[clock_order(group, clock)]


def chained_times(model, cls, dclass, person, departs_home, window, rng, zone):
    """Start and end times of walked trips (module doc); ``zone``: each trip's origin zone,
    whose hours :func:`.draws.balanced_clocks` balances."""
    tour = np.cumsum(departs_home) - 1               # every walk starts at home
    first = np.flatnonzero(departs_home)
    day = _tour_days(model.weekday, person[first], window, rng)
    group = np.cumsum(np.r_[True, (np.diff(person) != 0) | (np.diff(day[tour]) != 0)])
    row = class_rows(model.start_hour, cls)
    clock = balanced_clocks(lambda: _day_clocks(model, row, group, rng), zone, rng)
    clock = clock[clock_order(group, clock)]   # sorted within each person's day, walk order
    return with_travel(model, dclass, day[tour] * DAY + clock, window, rng)
