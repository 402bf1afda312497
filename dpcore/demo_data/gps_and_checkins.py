"""Synthetic GPS trajectories of vehicles and check-ins at venues.

Trajectories (scale of Pratesi's Pisa dataset, §5.1 of the thesis: about
4,200 vehicles and 15,700 trips a day): vehicles are users of a
:class:`~.population.Population`; every change of place between two hours
is a trip, plus short extra outings so the mean number of trips per vehicle
and day matches ``trips_per_day``. A trip leaves so as to arrive at the
hour boundary (± 10 min), follows an L-shaped (Manhattan) path at a speed
uniform in 15–40 km/h, and is sampled every 30–180 s (uniform) with
isotropic Gaussian GPS error (σ = ``gps_sigma`` m), first and last points
included (the last gap is 30–210 s; a trip shorter than 30 s has only its
departure and arrival points).

Check-ins (Gowalla-like, the Alvim et al. experiment): venues are drawn by
density (population + jobs); each user checks in a geometric number of
times (mean ``mean_checkins``) at venues chosen by a gravity model from home.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..geometry.geography import Geography, points_in_polygons
from ..reporting.progress import Progress, report_progress
from .population import HOME, N_PLACES, Population, generate_population

THESIS_VEHICLES = 4200
THESIS_TRIPS_PER_DAY = 15700


@dataclass
class Trajectories:
    """GPS points sorted by vehicle, trip and time: ``vehicle_id``, ``trip_id`` (global,
    0..n_trips-1), ``t`` (int64 epoch seconds), ``x``, ``y`` (metres); and per trip
    ``trip_vehicle``, ``trip_origin``/``trip_dest`` (place xy, the ground truth)."""

    vehicle_id: np.ndarray
    trip_id: np.ndarray
    t: np.ndarray
    x: np.ndarray
    y: np.ndarray
    trip_vehicle: np.ndarray
    trip_origin: np.ndarray
    trip_dest: np.ndarray

    @property
    def n_trips(self) -> int:
        return int(self.trip_vehicle.size)


def _add_outings(pop: Population, trips_per_day: float, rng) -> np.ndarray:
    """States with extra 1-hour outings (10–19 h) so that trips per vehicle-day ≈ target."""
    states = pop.states.copy()
    days = pop.n_hours // 24
    for _ in range(6):  # some outings hit a busy hour: top up a few rounds
        achieved = (states[:, 1:] != states[:, :-1]).sum() / (pop.n_users * days)
        if achieved >= trips_per_day - 0.02:
            break
        n = rng.poisson((trips_per_day - achieved) / 2, size=(pop.n_users, days))
        for k in range(int(n.max(initial=0))):
            v, d = np.nonzero(n > k)
            h = d * 24 + rng.integers(10, 20, v.size)
            place = rng.integers(2, N_PLACES, v.size).astype(np.uint8)
            free = (states[v, h] == states[v, h - 1]) & (states[v, h] == states[v, h + 1])
            v, h, place = v[free], h[free], place[free]
            states[v, h] = np.where(place == states[v, h], HOME, place)
    return states


def generate_trajectories(geo: Geography, *, rng: np.random.Generator,
                          n_vehicles: int = THESIS_VEHICLES, days: int = 1,
                          trips_per_day: float = THESIS_TRIPS_PER_DAY / THESIS_VEHICLES,
                          gps_sigma: float = 10.0, start=None,
                          progress: Progress = None) -> Trajectories:
    """GPS trajectories of ``n_vehicles`` vehicles over ``days`` days (see module doc)."""
    kw = {} if start is None else {"start": start}
    pop = generate_population(geo, n_vehicles, rng=rng, days=days, **kw)
    states = _add_outings(pop, trips_per_day, rng)
    v, h = np.nonzero(states[:, 1:] != states[:, :-1])
    h = h + 1
    origin = pop.places[v, states[v, h - 1]]
    dest = pop.places[v, states[v, h]]
    moved = np.abs(dest - origin).sum(1) > 0  # a place may coincide with home
    v, h, origin, dest = v[moved], h[moved], origin[moved], dest[moved]
    n = v.size
    dxy = dest - origin
    length = np.abs(dxy).sum(1)
    duration = length / rng.uniform(15, 40, n) * 3.6
    arrive = pop.start + h * 3600.0 + rng.uniform(-600, 600, n)
    depart = arrive - duration
    report_progress(progress, 0.4)
    # sample times: cumulative U(30, 180) gaps, reset per trip, cut at arrival
    n_pts = np.floor(duration / 30).astype(np.int64) + 2
    trip = np.repeat(np.arange(n), n_pts)
    gaps = rng.uniform(30, 180, trip.size)
    first = np.cumsum(n_pts) - n_pts
    gaps[first] = 0.0
    csum = np.cumsum(gaps)
    elapsed = csum - np.repeat(csum[first], n_pts)
    keep = (elapsed < duration[trip] - 30) | (elapsed == 0)
    trip, elapsed = trip[keep], elapsed[keep]
    trip = np.concatenate([trip, np.arange(n)])  # arrival points
    elapsed = np.concatenate([elapsed, duration])
    order = np.lexsort((elapsed, trip))
    trip, elapsed = trip[order], elapsed[order]
    # L-shaped path: x first or y first, chosen per trip
    xfirst = rng.random(n) < 0.5
    s = elapsed / np.maximum(duration[trip], 1e-9) * length[trip]
    leg1 = np.where(xfirst, np.abs(dxy[:, 0]), np.abs(dxy[:, 1]))[trip]
    sx, sy = np.sign(dxy[trip, 0]), np.sign(dxy[trip, 1])
    along1, along2 = np.minimum(s, leg1), np.maximum(s - leg1, 0)
    xf = xfirst[trip]
    x = origin[trip, 0] + sx * np.where(xf, along1, along2)
    y = origin[trip, 1] + sy * np.where(xf, along2, along1)
    x += rng.normal(0, gps_sigma, x.size)
    y += rng.normal(0, gps_sigma, y.size)
    report_progress(progress, 1.0)
    return Trajectories(vehicle_id=v[trip].astype(np.int64), trip_id=trip.astype(np.int64),
                        t=np.round(depart[trip] + elapsed).astype(np.int64), x=x, y=y,
                        trip_vehicle=v.astype(np.int64), trip_origin=origin, trip_dest=dest)


@dataclass
class Checkins:
    """Check-ins: ``user``, ``venue`` (index into ``venues``), ``x``, ``y`` (venue
    position, metres); ``venues``: ``(n_venues, 2)``; ``home``: ``(n_users, 2)``."""

    user: np.ndarray
    venue: np.ndarray
    x: np.ndarray
    y: np.ndarray
    venues: np.ndarray
    home: np.ndarray


def generate_checkins(geo: Geography, *, rng: np.random.Generator, n_users: int = 10_000,
                      n_venues: int = 2_000, mean_checkins: float = 5.0,
                      distance_scale: float = None) -> Checkins:
    """Check-ins of ``n_users`` users at ``n_venues`` venues (see module doc).

    ``distance_scale``: gravity decay length in metres (default 0.3 × the
    radius of the study area).
    """
    if n_users < 1 or n_venues < 1 or not mean_checkins >= 1:
        raise ValueError("need n_users ≥ 1, n_venues ≥ 1 and mean_checkins ≥ 1")
    pop = geo.population
    pool = points_in_polygons(geo.zones, 64, rng)
    zone = rng.choice(pop.size, size=n_venues, p=pop / pop.sum())
    venues = pool[zone, rng.integers(0, 64, n_venues)]
    home_zone = rng.choice(pop.size, size=n_users, p=pop / pop.sum())
    home = pool[home_zone, rng.integers(0, 64, n_users)]
    if distance_scale is None:
        distance_scale = 0.3 * np.sqrt(sum(z.area for z in geo.zones) / np.pi)
    n_each = rng.geometric(1 / mean_checkins, n_users)
    users = np.repeat(np.arange(n_users), n_each)
    venue = np.empty(users.size, dtype=np.int64)
    ends = np.cumsum(n_each)
    for c in range(0, n_users, 2000):  # gravity choice per block of users
        stop = min(c + 2000, n_users)
        d = np.hypot(*(home[c:stop, None, :] - venues[None, :, :]).transpose(2, 0, 1))
        cdf = np.cumsum(np.exp(-d / distance_scale), axis=1)
        cdf /= cdf[:, -1:]
        e0, e1 = ends[c] - n_each[c], ends[stop - 1]
        row = users[e0:e1] - c
        flat = (cdf + np.arange(stop - c)[:, None]).ravel()
        venue[e0:e1] = (np.searchsorted(flat, row + rng.random(e1 - e0), side="right")
            - row * n_venues)
    venue = np.minimum(venue, n_venues - 1)
    return Checkins(user=users.astype(np.int64), venue=venue, x=venues[venue, 0],
                    y=venues[venue, 1], venues=venues, home=home)
