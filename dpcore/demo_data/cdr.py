"""Synthetic call data records calibrated to Acs & Castelluccia's Orange week (§4.1).

Each user has an activity level a ~ LogNormal(−σ²/2, σ) (mean 1; mobile
workers ×``ROAM_BOOST``). Its number of events in hour h is Poisson(λ·a·p_h)
where p is the diurnal × weekly profile (:data:`WEEKDAY`, :data:`WEEKEND`,
low around 04:00). An event happens at the user's true place of that hour
and is recorded at the nearest tower (scipy cKDTree); in an hour where the
user changes place the event is at a uniform point of the straight segment
between the two places, and a mobile worker's work-hour events are
scattered uniformly in a disc of ``ROAM_RADIUS``: these hours can hit several
towers, as in real CDR.

Calibration: a *visit* is a distinct (user, tower, hour), the paper's unit,
and N counts the users present in the data (at least one event), as the
paper's N = 1,992,846 does. λ is solved so that the mean number of visits
per present user per week hits the preset, in closed form: E[visits | a] =
Σ_h 1 − exp(−λ a p_h) for a one-tower hour (2(1 − exp(−μ/2)) for an hour
split between two towers, k(1 − exp(−μ/k)) for a roaming hour of k stops),
P(present | a) = 1 − exp(−λ a), averaged over activity quantiles. σ = 1.32
gives about the published standard deviation (18.33 for a mean of 13.55).
The paper's figures disagree, hence presets:

``mean_iris_count_91`` (default)
    a mean IRIS count of 91 per hour (§5.2, Fig. 2b): 91 × 989 × 168 / N
    ≈ 7.59 visits per user per week — the figure its utility was measured on;
``events_13_55``
    13.55 visits per user (§4.1);
``k_over_n_69``
    K / N = 137,255,052 / 1,992,846 ≈ 68.9 visits per user (§5.4.1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

import numpy as np
from scipy import optimize, special
from scipy.spatial import cKDTree

from ..reporting.progress import Progress, report_progress
from .population import N_PLACES, ROAM_RADIUS, WORK, Population, weekday_of

PRESETS = {
    "mean_iris_count_91": 91 * 989 * 168 / 1_992_846,
    "events_13_55": 13.55,
    "k_over_n_69": 137_255_052 / 1_992_846,
}
DEFAULT_PRESET = "mean_iris_count_91"
#: σ of the activity: 1.32 reproduces the published sd (18.33 for a mean of 13.55).
SIGMA = 1.32
#: No sd is published for K/N; σ = 0.8 keeps raw events ≈ 1.8 × visits there.
PRESET_SIGMA = {"mean_iris_count_91": SIGMA, "events_13_55": SIGMA, "k_over_n_69": 0.8}
ROAM_BOOST = 6.0
#: A mobile worker's work hour has this many stops; each event is at one of them.
ROAM_STOPS = 6
#: Relative event rate by hour of day (0 = midnight).
WEEKDAY = np.array([0.35, 0.2, 0.12, 0.08, 0.06, 0.08, 0.2, 0.5, 0.85, 1.0, 1.05, 1.1,
                    1.15, 1.05, 1.05, 1.1, 1.15, 1.25, 1.3, 1.2, 1.05, 0.9, 0.75, 0.55])
WEEKEND = np.array([0.5, 0.35, 0.22, 0.12, 0.08, 0.07, 0.1, 0.2, 0.4, 0.65, 0.85, 0.95,
                    1.0, 1.0, 0.95, 0.95, 1.0, 1.0, 1.0, 0.95, 0.9, 0.8, 0.7, 0.6])
_CHUNK = 100_000
_OFFSET_BITS = 32


@dataclass
class CDR:
    """Events sorted by user then time.

    ``user``: int32 user index (row of the population); ``tower``: int32
    tower index; ``time``: int64 epoch seconds; ``visits_target``: the mean
    visits per user the activity was calibrated to; ``rate``: the λ used.
    """

    user: np.ndarray
    tower: np.ndarray
    time: np.ndarray
    n_users: int
    start: float
    n_hours: int
    visits_target: float
    rate: float

    def __len__(self) -> int:
        return int(self.user.size)


def hourly_profile(start_weekday: int, n_hours: int) -> np.ndarray:
    """p_h over ``n_hours`` hours (sums to 1); day 0 has weekday ``start_weekday`` (0 = Monday)."""
    days = -(-n_hours // 24)
    prof = np.concatenate([WEEKEND if (start_weekday + d) % 7 >= 5 else WEEKDAY
                           for d in range(days)])[:n_hours]
    return prof / prof.sum()


def _quantiles(sigma: float, m: int = 4000) -> np.ndarray:
    q = (np.arange(m) + 0.5) / m
    return np.exp(special.ndtri(q) * sigma - sigma ** 2 / 2)


def expected_visits(rate: float, profile: np.ndarray, sigma: float = SIGMA):
    """Mean and sd of visits per present user when every hour is at one tower."""
    a = _quantiles(sigma)
    q = 1 - np.exp(-rate * a[:, None] * profile[None, :])
    m = q.sum(1)
    present = 1 - np.exp(-rate * a).mean()
    mean = m.mean() / present
    second = ((q * (1 - q)).sum(1) + m ** 2).mean() / present
    return float(mean), float(np.sqrt(second - mean ** 2))


def _alias_table(p: np.ndarray):
    """Walker/Vose alias table: draw from ``p`` in O(1) per sample, exactly."""
    n = p.size
    prob, alias = p * n, np.arange(n)
    small = [i for i in range(n) if prob[i] < 1]
    large = [i for i in range(n) if prob[i] >= 1]
    while small and large:
        s, g = small.pop(), large.pop()
        alias[s] = g
        prob[g] -= 1 - prob[s]
        (small if prob[g] < 1 else large).append(g)
    prob[small + large] = 1.0
    return prob, alias


def _disc(n, rng):
    r = ROAM_RADIUS * np.sqrt(rng.random(n))
    a = 2 * np.pi * rng.random(n)
    return np.column_stack([r * np.cos(a), r * np.sin(a)])


def _hour_types(pop: Population) -> np.ndarray:
    """``(4, n_hours)`` fraction of users per hour that are: plain, switching place between
    two towers, roaming; and (row 3) roaming users' plain hours (their rate is boosted)."""
    frac = np.zeros((4, pop.n_hours))
    for c in range(0, pop.n_users, _CHUNK):
        st = pop.states[c:c + _CHUNK].astype(np.intp)
        tw = np.take_along_axis(pop.place_tower[c:c + _CHUNK], st, axis=1)
        switch = np.zeros(st.shape, dtype=bool)
        switch[:, 1:] = tw[:, 1:] != tw[:, :-1]
        same = np.ones(st.shape, dtype=bool)
        same[:, 1:] = st[:, 1:] == st[:, :-1]
        roamer = pop.roaming[c:c + _CHUNK, None]
        roam = roamer & (st == WORK) & same
        frac[1] += switch.sum(0)
        frac[2] += roam.sum(0)
        frac[3] += (roamer & ~roam & ~switch).sum(0)
    frac /= pop.n_users
    frac[0] = 1 - frac[1:].sum(0)
    return frac


def expected_visits_by_type(rate: float, profile: np.ndarray, frac: np.ndarray,
                            roam_share: float, sigma: float = SIGMA) -> float:
    """E[visits per present user] when some hours span two towers or roam over stops."""
    a = _quantiles(sigma, 1000)
    mu = rate * a[:, None] * profile[None, :]
    plain = (1 - np.exp(-mu)).mean(0)
    switch = (2 * (1 - np.exp(-mu / 2))).mean(0)
    boosted = mu * ROAM_BOOST
    roam = (ROAM_STOPS * (1 - np.exp(-boosted / ROAM_STOPS))).mean(0)
    boosted_plain = (1 - np.exp(-boosted)).mean(0)
    absent = ((1 - roam_share) * np.exp(-rate * a).mean()
              + roam_share * np.exp(-rate * ROAM_BOOST * a).mean())
    return float((frac[0] * plain + frac[1] * switch + frac[2] * roam
                  + frac[3] * boosted_plain).sum() / (1 - absent))


def _activity(activity: Union[str, float], sigma: Optional[float]):
    """The weekly visits per present user and the activity's σ of a preset name or a number."""
    if isinstance(activity, str):
        if activity not in PRESETS:
            raise ValueError(f"unknown activity preset {activity!r}; "
                             f"choose one of {', '.join(PRESETS)} or give a number")
        weekly = PRESETS[activity]
        sigma = PRESET_SIGMA[activity] if sigma is None else sigma
    else:
        weekly = float(activity)
    sigma = SIGMA if sigma is None else float(sigma)
    if not sigma > 0:
        raise ValueError(f"activity dispersion sigma must be positive, got {sigma}")
    return weekly, sigma


def _calibrated_rate(pop: Population, profile: np.ndarray, target: float, sigma: float) -> float:
    """λ such that the expected visits per present user over the hours is ``target`` (module doc)."""
    frac = _hour_types(pop)
    share = float(pop.roaming.mean())

    def gap(r):
        return expected_visits_by_type(r, profile, frac, share, sigma) - target

    if gap(1e-6) >= 0:
        raise ValueError(f"a mean of {target:.3g} visits per user over {pop.n_hours} hours is too "
                         "low: every user present in the data has at least one visit")
    return optimize.brentq(gap, 1e-6, 1e9, xtol=1e-9, rtol=1e-10)


def _chunk_events(pop: Population, c: int, n_ev: np.ndarray, draw_hour, tree: cKDTree,
                  rng: np.random.Generator):
    """The events of users ``c, …, c + len(n_ev) - 1`` (``n_ev`` each): user, tower and time offset.

    Each event's hour is drawn from the profile (``draw_hour``), its second uniformly; in an hour
    where the user changes place it is at the place before or after with probability ½; a
    roaming worker's work-hour events are at one of the hour's stops, at the nearest tower.
    """
    n_hours, stop = pop.n_hours, c + n_ev.size
    states = pop.states.reshape(-1)
    u = np.repeat(np.arange(n_ev.size, dtype=np.int64), n_ev)
    h = draw_hour(u.size)
    key = (u << _OFFSET_BITS) | (h * 3600 + rng.integers(0, 3600, u.size))
    key.sort()
    u = key >> _OFFSET_BITS
    off = key & np.int64((1 << _OFFSET_BITS) - 1)
    del key
    h = off // 3600
    gu = u + c
    flat = gu * n_hours + h
    state = states[flat]
    prev = np.where(h > 0, states[flat - 1], state)
    before = rng.random(u.size) < 0.5
    tower = pop.place_tower.reshape(-1)[gu * N_PLACES + np.where(before, prev, state)]
    roam_users = np.flatnonzero(pop.roaming[c:stop])
    roam = np.flatnonzero(pop.roaming[gu] & (state == WORK) & (state == prev))
    if roam.size:
        stops = pop.places[roam_users + c, WORK][:, None, None, :] + _disc(
            roam_users.size * n_hours * ROAM_STOPS, rng).reshape(
            roam_users.size, n_hours, ROAM_STOPS, 2)
        rank = np.searchsorted(roam_users, u[roam])
        xy = stops[rank, h[roam], rng.integers(0, ROAM_STOPS, roam.size)]
        tower[roam] = tree.query(xy)[1]
    return gu, tower, off


def generate_cdr(pop: Population, *, rng: np.random.Generator,
                 activity: Union[str, float] = DEFAULT_PRESET, sigma: Optional[float] = None,
                 progress: Progress = None) -> CDR:
    """Phone events of every user of ``pop`` over its hours (see module doc).

    ``activity``: a preset name of :data:`PRESETS` or a mean number of visits
    per present user *per week* (scaled to the population's number of hours).
    Users drawing no event are absent from the CDR, as in real data.
    ``sigma``: dispersion of the activity (default: the preset's, else
    :data:`SIGMA`).
    """
    weekly, sigma = _activity(activity, sigma)
    n_users, n_hours = pop.n_users, pop.n_hours
    target = weekly * n_hours / 168.0
    if not 0 < target < 0.9 * n_hours:
        raise ValueError(f"mean visits per user must be in (0, {0.9 * n_hours:g}) for "
                         f"{n_hours} hours, got {target:g}")
    profile = hourly_profile(weekday_of(pop.start), n_hours)
    rate = _calibrated_rate(pop, profile, target, sigma)
    prob, alias = _alias_table(profile)

    def draw_hour(n):
        h = rng.integers(0, n_hours, n)
        return np.where(rng.random(n) < prob[h], h, alias[h])

    tree = cKDTree(pop.towers)
    act = rng.lognormal(-sigma ** 2 / 2, sigma, n_users)
    act[pop.roaming] *= ROAM_BOOST
    n_ev = rng.poisson(rate * act)
    del act
    ends = np.cumsum(n_ev)
    user = np.empty(ends[-1], dtype=np.int32)
    tower = np.empty(ends[-1], dtype=np.int32)
    time = np.empty(ends[-1], dtype=np.int64)
    for c in range(0, n_users, _CHUNK):
        stop = min(c + _CHUNK, n_users)
        e0, e1 = ends[c] - n_ev[c], ends[stop - 1]
        user[e0:e1], tower[e0:e1], off = _chunk_events(pop, c, n_ev[c:stop], draw_hour, tree, rng)
        time[e0:e1] = np.int64(round(pop.start)) + off
        report_progress(progress, stop / n_users)
    return CDR(user=user, tower=tower, time=time, n_users=n_users, start=pop.start,
               n_hours=n_hours, visits_target=target, rate=rate)
