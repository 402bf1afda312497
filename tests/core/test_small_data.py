"""Small populations (the cheapest cases of ``benchmarks/small_data.py``): each releasing
algorithm's default is never worse than the plainest method on the same data by more than the
plain method's seed spread, and its totals off by more than 2× are warned.

Data: 50 vehicles over 3 days of ``dpcore.demo_data`` on the Paris sample, on 3 km squares (a
coarse tiling); 50 people's hourly places for the histograms, their week of events for the
density; the vehicles' GPS fixes for the flows. ε = 1, m = 10, 5 seeds.
"""
import os

import numpy as np
import pytest
from shapely.geometry import box
from shapely.ops import unary_union

from mobility_dp.dpcore.demo_data import generate_cdr, generate_population, generate_trajectories
from mobility_dp.dpcore.density import density_inputs, release_density
from mobility_dp.dpcore.density.visit_release import VisitDensityInputs, release_visits
from mobility_dp.dpcore.flows.cells import locate_points
from mobility_dp.dpcore.flows.plan import plan_aggregate_flows
from mobility_dp.dpcore.flows.summary import kept_share
from mobility_dp.dpcore.geometry.cover import minimum_vertex_cover, overlap_graph, reallocate
from mobility_dp.dpcore.geometry.voronoi import voronoi_cells
from mobility_dp.dpcore.histograms import release_histograms
from mobility_dp.dpcore.ingest import bound_contributions
from mobility_dp.dpcore.ingest.visits import bound_visits
from mobility_dp.dpcore.od.compare import js
from mobility_dp.dpcore.od.flows import release_od
from mobility_dp.dpcore.od.people_flows import release_people_od
from mobility_dp.dpcore.od.report import release_report
from mobility_dp.dpcore.od.strategy import AUTO, OD_TRIPS, VISITS_PLAIN
from mobility_dp.dpcore.od.synthesis import release_synthetic_trips
from mobility_dp.dpcore.od.trip_arrays import ZonedTrips, trips_from_fixes
from mobility_dp.dpcore.random.rng import make_rng

from ..support.geography import load_paris_sample

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEEDS = range(5)
START = 1_779_667_200


def squares(zones, size):
    area = unary_union(zones)
    x0, y0, x1, y1 = area.bounds
    tiles = [box(x, y, x + size, y + size) for x in np.arange(x0, x1, size)
             for y in np.arange(y0, y1, size)]
    return [t for t in tiles if t.intersects(area)]


def _trajectories(geo):
    return generate_trajectories(geo, rng=make_rng(50), n_vehicles=50, days=3, start=START)


@pytest.fixture(scope="module")
def small():
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    tiles = squares(geo.zones, 3000.0)
    traj = _trajectories(geo)
    trips = trips_from_fixes(traj.vehicle_id, traj.trip_id, traj.t, traj.x, traj.y)
    o = locate_points(tiles, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(tiles, trips.dest[:, 0], trips.dest[:, 1])
    ok = np.flatnonzero((o >= 0) & (d >= 0))
    z = ZonedTrips(trips.subset(ok), o[ok], d[ok], len(tiles))
    pop = generate_population(geo, 50, rng=make_rng(51), days=1, start=START)
    counts = np.zeros((24, len(tiles)), dtype=np.int64)
    users = np.arange(pop.n_users)
    for h in range(24):
        xy = pop.location(users, np.full(users.size, h))
        cell = locate_points(tiles, xy[:, 0], xy[:, 1])
        counts[h] = np.bincount(cell[cell >= 0], minlength=len(tiles))
    return z, tiles, counts, geo


def truth_od(z):
    n = z.n_zones
    return np.bincount(z.origin_zone.astype(np.int64) * n + z.dest_zone,
                       minlength=n * n).reshape(n, n).astype(float)


def not_worse(default, plain):
    """The default's median error ≤ the plain method's + the plain method's seed spread."""
    default, plain = np.asarray(default), np.asarray(plain)
    return np.median(default) <= np.median(plain) + (plain.max() - plain.min())


def test_odflows_default_not_worse_and_totals_warned(small):
    z, _, _, _ = small
    t = truth_od(z)
    d_err, p_err = [], []
    for s in SEEDS:
        d = release_people_od(z, rng=make_rng(s), epsilon=1.0)
        p = release_od(z.user, z.origin_zone, z.dest_zone, n_zones=z.n_zones, epsilon=1.0,
                       max_trips=10, rng=make_rng(s))
        d_err.append(np.abs(d.values - t).mean())
        p_err.append(np.abs(p.values - t).mean())
        for rel in (d, p):
            if not 0.5 <= rel.values.sum() / t.sum() <= 2.0:
                assert rel.public["warnings"], "a total off by more than 2× without a warning"
    assert not_worse(d_err, p_err)
    # negative control: a default that released only noise would fail the comparison
    noise = [np.abs(release_od(z.user[:1], z.origin_zone[:1], z.dest_zone[:1],
                               n_zones=z.n_zones, epsilon=0.05, max_trips=10,
                               rng=make_rng(s)).values - t).mean() for s in SEEDS]
    assert not not_worse(noise, p_err)


def test_mobilityreport_defaults_not_worse(small):
    z, _, _, _ = small
    kw = dict(n_zones=z.n_zones, epsilon=1.0, weights={"visits": 1.0, "od": 1.0},
              max_trips=10)
    errs = {"visits": ([], []), "od": ([], [])}
    for s in SEEDS:
        d = release_report(z.trips, z.origin_zone, z.dest_zone, rng=make_rng(s),
                           od_method=AUTO, visits_method=AUTO, **kw)
        p = release_report(z.trips, z.origin_zone, z.dest_zone, rng=make_rng(s),
                           od_method=OD_TRIPS, visits_method=VISITS_PLAIN, **kw)
        for name, key in (("visits", "per_zone"), ("od", "counts")):
            t = np.asarray(d.internal["truth"][name][key], float)
            for k, rel in enumerate((d, p)):
                errs[name][k].append(np.abs(np.asarray(rel.values[name][key]) - t).mean())
    assert not_worse(*errs["visits"]) and not_worse(*errs["od"])


def test_publishhistograms_default_not_worse_and_totals_warned(small):
    _, _, counts, _ = small
    d_err, p_err = [], []
    for s in SEEDS:
        d = release_histograms(counts, method="auto", epsilon=1.0, rng=make_rng(s))
        p = release_histograms(counts, method="direct", epsilon=1.0, rng=make_rng(s))
        d_err.append(np.abs(d.values - counts).mean())
        p_err.append(np.abs(p.values - counts).mean())
        for rel in (d, p):
            if not 0.5 <= np.sum(rel.values) / counts.sum() <= 2.0:
                assert any("off by more than 2×" in w for w in rel.public["warnings"])
    assert not_worse(d_err, p_err)


def test_synthetic_start_hours_beat_uniform_and_never_collapse(small):
    z, tiles, _, _ = small
    window = (START, START + 4 * 86400)
    def hour(s):
        return np.bincount((np.mod(s, 86400) // 3600).astype(int), minlength=24)
    truth = hour(z.trips.start)
    assert np.count_nonzero(truth) >= 10
    scores, uniform = [], []
    for s in SEEDS:
        rel = release_synthetic_trips(z, rng=make_rng(s), epsilon=1.0, max_trips=10,
                                      trips_cap=30, polygons=tiles, window=window)
        h = hour(rel.values.zoned.trips.start)
        assert np.count_nonzero(h) >= 10
        scores.append(js(truth, h))
        # a uniform law drawn as many times (its sampling noise is the synthetic trips' too)
        uniform.append(js(truth, np.bincount(make_rng(90 + s).integers(0, 24, h.sum()),
                                             minlength=24)))
    # at 50 people the start hours fall back to the uniform law in most seeds: as good as a
    # uniform law within its seed spread, never a collapsed one (the former rule: JS 1.0 and
    # 0.79 in two of these five seeds, every trip in one or two hours)
    assert not_worse(scores, uniform) and max(scores) < 0.3


def test_sanitizedensity_default_not_worse_and_totals_warned(small):
    # one week of 50 people's events; towers: the sample's sites' Voronoi cells; census: the
    # 3 km squares; default (distinct people per tower and slot) vs LPA direct, ε = 1
    _, tiles, _, geo = small
    tess = voronoi_cells(geo.towers, unary_union(tiles))
    graph = overlap_graph(tess.cells, tiles)
    rng = make_rng(52)
    cdr = generate_cdr(generate_population(geo, 50, rng=rng), rng=rng)
    tower = tess.point_cell[cdr.tower]
    n, ell = len(tess.cells), 30
    bounded = bound_contributions(cdr.user, tower, cdr.time, n_towers=n, ell=ell,
                                  rng=make_rng(3), start=cdr.start, n_slots=168)
    fourier = density_inputs(bounded, graph.weights, tess.cells, tiles,
                             cover=minimum_vertex_cover(graph.weights))
    slot = np.floor((cdr.time - cdr.start) / 3600.0).astype(np.int64)
    visits = VisitDensityInputs(bound_visits(cdr.user, tower, slot, n_towers=n, n_slots=168,
                                             ell=ell, rng=make_rng(3)), graph.weights,
                                slot_seconds=3600.0, start=cdr.start)
    truth = reallocate(bounded.true_counts, graph.weights)
    d_err, p_err, bad = [], [], []
    for s in SEEDS:
        d = release_visits(visits, epsilon=1.0, delta=2e-6, ell=ell, rng=make_rng(s))
        p = release_density(fourier, method="lpa_direct", epsilon=1.0, rng=make_rng(s))
        d_err.append(np.abs(d.values - truth).mean())
        p_err.append(np.abs(p.values - truth).mean())
        for rel in (d, p):
            if not 0.5 <= np.sum(rel.values) / truth.sum() <= 2.0:
                assert any("off by more than 2×" in w for w in rel.public["warnings"])
        # negative control: a default with a tenth of ε loses beyond the seed spread
        bad.append(np.abs(release_density(fourier, method="lpa_direct", epsilon=0.1,
                                          rng=make_rng(s)).values - truth).mean())
    assert not_worse(d_err, p_err) and not not_worse(bad, p_err)


def test_aggregateflows_default_not_worse_and_lost_moves_warned(small):
    # central mode (the default: ≤ m moves per vehicle) vs the other bounding (≤ m distinct
    # moves, each once), against all moves; the bounding's loss is the log's and the internal
    # report's warning, the noise's the public one (read from the noisy total alone)
    _, tiles, _, geo = small
    traj = _trajectories(geo)
    fixes = (traj.vehicle_id, traj.trip_id, traj.t, traj.x, traj.y)
    errors, kept, off = {"trips": [], "distinct": []}, {}, 0
    for m in (10, 400):
        data = plan_aggregate_flows(epsilon=1.0, max_moves=m).prepare(
            (tiles, "vehicle", fixes), make_rng(0))
        truth = data[2].total().astype(float)
        for bounding in errors if m == 10 else ("trips",):
            for s in SEEDS:
                rel = plan_aggregate_flows(epsilon=1.0, max_moves=m, bounding=bounding).release(
                    data, make_rng(s))
                v = np.asarray(rel.values, dtype=float)
                low = kept_share(rel.internal)[1]
                if m == 10:   # a total under half of all moves: the log says why
                    assert low or rel.public["warnings"] or v.sum() >= 0.45 * truth.sum()
                    errors[bounding].append(np.abs(v - truth).mean())
                else:         # m = 400 keeps every move: a total 2× off is the noise's, said
                    bad = not 0.5 <= v.sum() / truth.sum() <= 2.0
                    off += bad
                    assert not bad or any("off by more than 2×" in w
                                          for w in rel.public["warnings"])
                kept.setdefault(m, []).append(low)
    assert not_worse(errors["trips"], errors["distinct"])
    # negative control: with m above every vehicle's moves nothing is lost and nothing warned
    assert not any(kept[400]) and any(kept[10])
    # the noise of m = 400 on 52 cells does put totals 2× off here, and where the noise is
    # negligible (ε = 20) the same data give no public warning
    assert off >= 3
    quiet = plan_aggregate_flows(epsilon=20.0, max_moves=10).release(data, make_rng(0))
    assert quiet.public["warnings"] == []
