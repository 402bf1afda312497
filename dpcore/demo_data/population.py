"""Synthetic users on a real or generated geography: places and hourly whereabouts.

Model (documented choices; the papers give no generator):

* home: a census zone drawn proportionally to its population, then one of
  ``POOL`` fixed points uniform inside that zone;
* work (a share ``EMPLOYED`` of users): a production-constrained gravity model,
  P(work zone j | home zone i) ∝ jobs_j · exp(−d_ij / (0.6 R)), with jobs
  concentrated in the centre, jobs_j ∝ (pop_j + mean pop) · exp(−r_j / (0.5 R)),
  where R is the radius of the disc as large as the study area, r_j the distance to
  the population-weighted centre;
* ``N_OTHER`` other places (shops, leisure, friends) by a shorter-range
  gravity model, P ∝ (pop_j + jobs_j) · exp(−d_ij / (0.3 R));
* hourly schedule: night at home; on weekdays workers go to work from
  7–9 h for 8–10 h (10 % of worker-days off), and go out after work with
  probability 0.35; on days off 0–2 outings of 1–4 h starting at 10–20 h;
* a share ``ROAMING`` of users are mobile workers (couriers, taxis): during work
  hours their events are scattered within ``ROAM_RADIUS`` of the work place.

:class:`Population.states` holds the per-user, per-hour ground truth: an
index into ``places`` (0 home, 1 work, 2… other). Coordinates are the
zone-pool points, so :meth:`Population.location` is exact and cheap.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

import numpy as np
from scipy.spatial import cKDTree

from ..geometry.geography import Geography, points_in_polygons, zone_centroids
from ..ingest import to_epoch_seconds
from ..reporting.progress import Progress, report_progress

HOME, WORK = 0, 1
N_OTHER = 3
N_PLACES = 2 + N_OTHER
POOL = 256
EMPLOYED = 0.65
ROAMING = 0.004
ROAM_RADIUS = 3000.0
#: Monday 10 September 2007 00:00 UTC, the first day of the Orange week of the paper.
DEFAULT_START = "2007-09-10T00:00:00"
_CHUNK = 200_000


@dataclass
class Population:
    """Users with places, nearest towers of the places and hourly states.

    ``places``: ``(n_users, N_PLACES, 2)`` float64 metres (0 home, 1 work —
    equal to home for the non-employed —, 2.. other places);
    ``place_tower``: ``(n_users, N_PLACES)`` int32 index of the nearest tower;
    ``states``: ``(n_users, n_hours)`` uint8 place index of each hour (the
    ground truth of where each user is); ``employed``, ``roaming``: bool per
    user; ``home_zone``, ``work_zone``: int32 zone index; ``start``: epoch
    seconds of hour 0; ``towers``: the tower coordinates.
    """

    places: np.ndarray
    place_tower: np.ndarray
    states: np.ndarray
    employed: np.ndarray
    roaming: np.ndarray
    home_zone: np.ndarray
    work_zone: np.ndarray
    start: float
    towers: np.ndarray

    @property
    def n_users(self) -> int:
        return int(self.states.shape[0])

    @property
    def n_hours(self) -> int:
        return int(self.states.shape[1])

    def location(self, users, hours) -> np.ndarray:
        """True ``(x, y)`` of ``users`` at ``hours`` (broadcast arrays of indices)."""
        users, hours = np.broadcast_arrays(np.asarray(users), np.asarray(hours))
        return self.places[users, self.states[users, hours]]

def _gravity_pick(home_zone, weights, dist, scale, rng):
    """Zone per user with P(j | i) ∝ weights_j · exp(−d_ij / scale), by one searchsorted."""
    p = weights[None, :] * np.exp(-dist / scale)
    cdf = np.cumsum(p / p.sum(axis=1, keepdims=True), axis=1)
    cdf[:, -1] = 1.0
    flat = (cdf + np.arange(len(cdf))[:, None]).ravel()
    idx = np.searchsorted(flat, home_zone + rng.random(home_zone.shape), side="right")
    return np.minimum(idx - home_zone * len(cdf), len(cdf) - 1)


def weekday_of(start: float) -> int:
    """Weekday (0 = Monday) of epoch seconds ``start`` in UTC."""
    return _dt.datetime.fromtimestamp(start, _dt.timezone.utc).weekday()


def _schedule(n, day_off, employed, rng):
    """``(n, 24)`` uint8 states of one day."""
    h = np.arange(24)[None, :]
    day = np.zeros((n, 24), dtype=np.uint8)
    works = employed & ~day_off & (rng.random(n) >= 0.1)
    ws = rng.integers(7, 10, n)[:, None]
    we = ws + rng.integers(8, 11, n)[:, None]
    day[works[:, None] & (h >= ws) & (h < we)] = WORK
    # evening outing after work, outings on days off
    out_n = np.where(works, (rng.random(n) < 0.35).astype(int),
                     rng.choice(3, n, p=[0.3, 0.45, 0.25]))
    for k in range(2):
        go = out_n > k
        os_ = np.where(works, we[:, 0] + rng.integers(0, 3, n), rng.integers(10, 21, n))
        oe = os_ + rng.integers(1, 5, n)
        place = rng.integers(2, N_PLACES, n).astype(np.uint8)
        mask = go[:, None] & (h >= os_[:, None]) & (h < np.minimum(oe, 24)[:, None])
        day[mask] = np.broadcast_to(place[:, None], day.shape)[mask]
    return day


def generate_population(geo: Geography, n_users: int, *, rng: np.random.Generator,
                        days: int = 7, start=DEFAULT_START,
                        progress: Progress = None) -> Population:
    """Draw ``n_users`` users on ``geo`` with ``days`` × 24 hourly states (see module doc)."""
    n_users, days = int(n_users), int(days)
    if n_users < 1 or days < 1:
        raise ValueError("the number of users and of days must be at least 1")
    start = to_epoch_seconds(start)
    if start % 86400:
        raise ValueError("the synthetic week must start at a midnight (00:00 UTC): the hourly "
                         "schedules count hours of the day from it")
    pool = points_in_polygons(geo.zones, POOL, rng)
    cent = zone_centroids(geo.zones)
    pop = geo.population
    radius = np.sqrt(sum(z.area for z in geo.zones) / np.pi)
    centre = (cent * pop[:, None]).sum(0) / pop.sum()
    jobs = (pop + pop.mean()) * np.exp(-np.hypot(*(cent - centre).T) / (0.5 * radius))
    dist = np.hypot(cent[:, None, 0] - cent[None, :, 0], cent[:, None, 1] - cent[None, :, 1])
    tree = cKDTree(geo.towers)
    pool_tower = tree.query(pool.reshape(-1, 2))[1].reshape(pool.shape[:2]).astype(np.int32)

    home_zone = rng.choice(len(pop), size=n_users, p=pop / pop.sum()).astype(np.int32)
    employed = rng.random(n_users) < EMPLOYED
    roaming = employed & (rng.random(n_users) < ROAMING / EMPLOYED)
    work_zone = np.where(employed, _gravity_pick(home_zone, jobs, dist, 0.6 * radius, rng),
                         home_zone).astype(np.int32)
    zones = np.empty((n_users, N_PLACES), dtype=np.int64)
    zones[:, HOME], zones[:, WORK] = home_zone, work_zone
    for k in range(2, N_PLACES):
        zones[:, k] = _gravity_pick(home_zone, pop + jobs, dist, 0.3 * radius, rng)
    slot = rng.integers(0, POOL, size=(n_users, N_PLACES))
    slot[~employed, WORK] = slot[~employed, HOME]
    places = pool[zones, slot]
    place_tower = pool_tower[zones, slot]
    del zones, slot
    report_progress(progress, 0.3)

    states = np.empty((n_users, days * 24), dtype=np.uint8)
    first = weekday_of(start)
    for d in range(days):
        day_off = (first + d) % 7 >= 5
        for c in range(0, n_users, _CHUNK):
            sl = slice(c, min(c + _CHUNK, n_users))
            n = sl.stop - sl.start
            states[sl, d * 24:(d + 1) * 24] = _schedule(
                n, np.full(n, day_off), employed[sl], rng)
        report_progress(progress, 0.3 + 0.7 * (d + 1) / days)
    return Population(places=places, place_tower=place_tower, states=states,
                      employed=employed, roaming=roaming, home_zone=home_zone,
                      work_zone=work_zone, start=start, towers=geo.towers)
