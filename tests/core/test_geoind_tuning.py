"""ε tuning to a common expected distance (Alvim Eq. 2) and EMD utility loss (Eq. 3)."""
import math

import numpy as np
import pytest
from scipy import optimize

from mobility_dp.dpcore.geoind.grid import Grid
from mobility_dp.dpcore.geoind.grid_channels import make_channel
from mobility_dp.dpcore.geoind.tuning import emd, expected_distance, tune_epsilon
from mobility_dp.dpcore.random.rng import make_rng

from ..support.reference import utility_loss

GRID = Grid(0.0, 0.0, 150.0, 10, 10)


def test_expected_distance_matches_dense_sum_and_krr_closed_form():
    prior = make_rng(0).dirichlet(np.ones(GRID.size))
    dist = GRID.distances_from(np.arange(GRID.size))
    for mech, eps in (("geometric", 0.005), ("laplace", 0.005), ("krr", 3.0)):
        channel = make_channel(mech, GRID, eps)
        direct = float(prior @ (channel.dense() * dist).sum(axis=1))
        assert expected_distance(channel, prior) == pytest.approx(direct, rel=1e-12)
    other = 1.0 / (GRID.size - 1 + math.exp(3.0))
    assert expected_distance(make_channel("krr", GRID, 3.0), prior) == pytest.approx(
        other * float(prior @ dist.sum(axis=1)), rel=1e-12)


@pytest.mark.parametrize("mechanism", ["krr", "geometric", "laplace"])
def test_tuned_epsilon_reaches_the_target(mechanism):
    prior = np.ones(GRID.size)
    eps = tune_epsilon(mechanism, 300.0, prior, GRID)
    assert expected_distance(make_channel(mechanism, GRID, eps), prior) == pytest.approx(
        300.0, rel=1e-9)


def test_tuning_orders_and_errors():
    prior = np.ones(GRID.size)
    eps_g = tune_epsilon("geometric", 300.0, prior, GRID)
    eps_l = tune_epsilon("laplace", 300.0, prior, GRID)
    # both near the continuous planar Laplace value 2/Ed, lowered by the bounded grid
    assert 0.5 * 2 / 300 < eps_g < eps_l < 2 / 300
    with pytest.raises(ValueError, match="no ε"):
        tune_epsilon("krr", 1e6, prior, GRID)     # farther than any two cells
    with pytest.raises(ValueError):
        tune_epsilon("geometric", -1.0, prior, GRID)
    with pytest.raises(ValueError):
        tune_epsilon("geometric", 300.0, np.zeros(GRID.size), GRID)


def _emd_full_lp(p, q, grid):
    """Reference: the full |X|×|X| transport LP, without the surplus reduction."""
    n = grid.size
    cost = grid.distances_from(np.arange(n)).ravel()
    a_eq = np.vstack([np.kron(np.eye(n), np.ones(n)), np.kron(np.ones(n), np.eye(n))])
    return optimize.linprog(cost, A_eq=a_eq, b_eq=np.r_[p, q], bounds=(0, None),
                            method="highs").fun


def test_emd_exact():
    small = Grid(0.0, 0.0, 100.0, 4, 3)
    rng = make_rng(1)
    for _ in range(3):
        p, q = rng.dirichlet(np.ones(small.size)), rng.dirichlet(np.ones(small.size) * 0.3)
        assert emd(p, q, small) == pytest.approx(_emd_full_lp(p, q, small), rel=1e-7)
    point_a, point_b = np.eye(small.size)[0], np.eye(small.size)[small.size - 1]
    assert emd(point_a, point_b, small) == pytest.approx(100 * math.hypot(3, 2))
    assert emd(p, p, small) == 0.0


def test_utility_loss_is_zero_without_noise_and_falls_with_reports():
    rng = make_rng(2)
    weights = np.r_[np.full(50, 0.018), np.full(50, 0.002)]
    exact = make_channel("geometric", GRID, 0.15)         # e^{-22.5} per cell: no noise in practice
    assert utility_loss(rng.choice(GRID.size, 500, p=weights), exact, rng=rng) < 1e-6
    channel = make_channel("geometric", GRID, tune_epsilon("geometric", 300.0,
                                                           np.ones(GRID.size), GRID))
    small = utility_loss(rng.choice(GRID.size, 200, p=weights), channel, rng=rng, trials=3,
                         iterations=30)
    large = utility_loss(rng.choice(GRID.size, 20000, p=weights), channel, rng=rng, trials=3,
                         iterations=30)
    assert large < 0.6 * small
