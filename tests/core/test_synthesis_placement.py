"""Home and main-end points guided by the released home–main distances (post-processing,
dpcore.od.synthesis.place.place_pairs): points stay in their zones, noise alone moves nothing,
a real signal below the zones' scale is followed."""
import numpy as np
from shapely.geometry import box

from mobility_dp.dpcore.flows.cells import locate_points
from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace_noise
from mobility_dp.dpcore.od.compare import js
from mobility_dp.dpcore.od.noise import DISCRETE_LAPLACE, margin_of_error
from mobility_dp.dpcore.od.synthesis.parts import DISTANCE_EDGES_M, band, budget
from mobility_dp.dpcore.od.synthesis.place import Zones, place_pairs
from mobility_dp.dpcore.random.rng import make_rng

ZONES = Zones([box(x, y, x + 1000, y + 1000) for x in range(0, 6000, 1000)
               for y in range(0, 6000, 1000)])
BANDS = DISTANCE_EDGES_M.size - 1


def _people(n, seed):
    rng = make_rng(seed)
    return rng.integers(0, len(ZONES), n), rng.integers(0, len(ZONES), n)


def _bands(h, a):
    return np.bincount(band(np.hypot(*(a - h).T), DISTANCE_EDGES_M), minlength=BANDS)


def _uniform_law(home, away):
    """The band law of uniform points in the same zones (many draws)."""
    rng = make_rng(99)
    reps = 20
    h = ZONES.place(np.tile(home, reps), rng)
    a = ZONES.place(np.tile(away, reps), rng)
    return _bands(h, a) / reps


def test_points_lie_in_their_zones():
    home, away = _people(500, 1)
    target = np.zeros(BANDS)
    target[0] = 500.0   # a release asking for short distances everywhere
    h, a = place_pairs(ZONES, home, away, target, make_rng(2), margin=10.0)
    polygons = ZONES.polygons
    assert np.array_equal(locate_points(polygons, h[:, 0], h[:, 1]), home)
    assert np.array_equal(locate_points(polygons, a[:, 0], a[:, 1]), away)


def test_noise_only_moves_nothing_and_the_control_without_margin_does():
    """The released law = the uniform placement's own (nothing below the zones' scale) plus
    the part's noise at its share of ε = 1 on 300 people: the placed distances stay at the
    uniform placement's law (JS < 0.01); the same step without the noise margin (the
    control) chases the noise (JS > 0.02)."""
    eps = budget(1.0)["main_distance"]
    margin = float(margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=eps))
    home, away = _people(300, 3)
    law = _uniform_law(home, away)
    got, control = [], []
    for seed in range(5):
        noise = discrete_laplace_noise((BANDS,), sensitivity=1, epsilon=eps,
                                       rng=make_rng(10 + seed)).astype(float)
        released = np.clip(law + noise, 0.0, None)
        for m, out in ((margin, got), (0.0, control)):
            h, a = place_pairs(ZONES, home, away, released, make_rng(20 + seed), margin=m)
            out.append(js(law, _bands(h, a)))
    assert np.median(got) < 0.01
    assert np.median(control) > 0.02


def test_a_real_signal_below_the_zones_is_followed():
    """Every person's home and main end in one zone, the release saying ≥ 90 % lie within
    500 m (well above its margin): the share placed within 500 m rises from uniform's ~0.5
    to > 0.8."""
    home = make_rng(4).integers(0, len(ZONES), 2000)
    target = np.zeros(BANDS)
    target[0], target[1] = 1800.0, 200.0
    h0 = ZONES.place(home, make_rng(5))
    a0 = ZONES.place(home, make_rng(6))
    h, a = place_pairs(ZONES, home, home, target, make_rng(7), margin=60.0)
    near = np.mean(np.hypot(*(a - h).T) < 500)
    assert np.mean(np.hypot(*(a0 - h0).T) < 500) < 0.55
    assert near > 0.8
