"""Iterative Bayesian Update: exact recovery without noise, error falling with reports."""
import numpy as np
import pytest

from mobility_dp.dpcore.geoind.grid import Grid
from mobility_dp.dpcore.geoind.grid_channels import make_channel
from mobility_dp.dpcore.geoind.ibu import clip_to_simplex, iterative_bayesian_update, matrix_inversion, report_histogram
from mobility_dp.dpcore.geoind.tuning import emd
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting.progress import Cancelled

GRID = Grid(0.0, 0.0, 150.0, 12, 10)


def _truth(seed=0):
    """A clustered distribution: two Gaussian blobs on the grid."""
    c = GRID.centers()
    d1 = np.hypot(*(c - [500, 600]).T)
    d2 = np.hypot(*(c - [1400, 900]).T)
    p = np.exp(-(d1 / 250) ** 2) + 0.5 * np.exp(-(d2 / 200) ** 2) + 1e-3
    return p / p.sum()


@pytest.mark.parametrize("mechanism,epsilon", [("geometric", 0.006), ("laplace", 0.006),
                                               ("krr", 4.0)])
def test_converges_to_truth_on_noise_free_reports(mechanism, epsilon):
    channel = make_channel(mechanism, GRID, epsilon)
    truth = _truth()
    counts = 1e6 * channel.forward(truth)            # the exact expected report histogram
    theta, _ = iterative_bayesian_update(counts, channel, iterations=5000, tol=1e-13)
    assert np.abs(theta - truth).sum() < 0.02
    assert emd(theta, truth, GRID) < 5.0             # metres
    raw = counts / counts.sum()
    assert emd(raw, truth, GRID) > 10 * emd(theta, truth, GRID)


def test_matrix_inversion_is_exact_without_noise():
    truth = _truth()
    for mechanism, eps in (("krr", 4.0), ("geometric", 0.006)):
        channel = make_channel(mechanism, GRID, eps)
        estimate = matrix_inversion(1e6 * channel.forward(truth), channel)
        np.testing.assert_allclose(estimate, truth, atol=1e-9)


def test_error_falls_as_reports_grow():
    channel = make_channel("geometric", GRID, 0.006)
    truth = _truth()
    rng = make_rng(3)
    errors = {}
    for n in (300, 3000, 30000):
        losses = []
        for _ in range(3):
            true_cells = rng.choice(GRID.size, size=n, p=truth)
            counts = report_histogram(channel.sample(true_cells, rng), GRID.size)
            theta, _ = iterative_bayesian_update(counts, channel, iterations=300)
            losses.append(emd(theta, truth, GRID))
        errors[n] = np.mean(losses)
    assert errors[300] > errors[3000] > errors[30000]
    assert errors[30000] < 0.5 * errors[300]


def test_krr_matrix_inversion_leaves_the_simplex_and_is_clipped():
    channel = make_channel("krr", GRID, 1.0)
    rng = make_rng(4)
    counts = report_histogram(channel.sample(rng.choice(GRID.size, 200, p=_truth()), rng),
                              GRID.size)
    raw = matrix_inversion(counts, channel)
    assert raw.sum() == pytest.approx(1.0) and raw.min() < 0
    clipped = clip_to_simplex(raw)
    assert clipped.min() >= 0 and clipped.sum() == pytest.approx(1.0)


def test_progress_cancellation_and_bad_input():
    channel = make_channel("geometric", GRID, 0.006)
    counts = np.ones(GRID.size)
    seen = []
    iterative_bayesian_update(counts, channel, iterations=5, tol=0, progress=seen.append)
    assert seen == pytest.approx([0.2, 0.4, 0.6, 0.8, 1.0])

    def cancel(fraction):
        raise Cancelled()
    with pytest.raises(Cancelled):
        iterative_bayesian_update(counts, channel, progress=cancel)
    for bad in (np.zeros(GRID.size), -counts, counts[:-1]):
        with pytest.raises(ValueError):
            iterative_bayesian_update(bad, channel)
    with pytest.raises(ValueError):
        iterative_bayesian_update(counts, channel, iterations=0)
    with pytest.raises(ValueError):
        report_histogram([0, GRID.size], GRID.size)
