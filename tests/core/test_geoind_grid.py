"""Grid channels of Alvim et al.: exact rows, ε·d ratio bounds, FFT operators, samplers."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore.geoind.grid import Grid
from mobility_dp.dpcore.geoind.grid_channels import make_channel
from mobility_dp.dpcore.geoind.grid_kernels import laplace_cell_kernel
from mobility_dp.dpcore.geoind.planar import planar_laplace_noise
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit
from ..support.reference import radius_cdf

GRID = Grid(0.0, 0.0, 150.0, 7, 5)


def _worst_ratio(channel):
    """max over x ≠ x′, y of log(C[x, y]/C[x′, y]) / d(x, x′), in units of ε."""
    grid = channel.grid
    log_c = np.log(channel.dense())
    dist = grid.distances_from(np.arange(grid.size))
    worst = (log_c[:, None, :] - log_c[None, :, :]).max(axis=2)
    off = ~np.eye(grid.size, dtype=bool)
    return float((worst[off] / dist[off]).max() / channel.epsilon)


@pytest.mark.parametrize("mechanism", ["geometric", "laplace", "krr"])
@pytest.mark.parametrize("epsilon", [0.0005, 0.004, 0.05])
def test_rows_sum_to_one_and_operators_match_dense(mechanism, epsilon):
    eps = epsilon * 200 if mechanism == "krr" else epsilon
    channel = make_channel(mechanism, GRID, eps)
    dense = channel.dense()
    assert np.all(dense > 0)
    np.testing.assert_allclose(dense.sum(axis=1), 1.0, atol=1e-13)
    rng = make_rng(0)
    theta, r = rng.dirichlet(np.ones(GRID.size)), rng.random(GRID.size)
    np.testing.assert_allclose(channel.forward(theta), theta @ dense, atol=1e-14)
    np.testing.assert_allclose(channel.backward(r), dense @ r, atol=1e-13)


@pytest.mark.parametrize("mechanism", ["geometric", "laplace"])
@pytest.mark.parametrize("epsilon", [0.0005, 0.004, 0.05])
def test_remapped_metric_channels_are_exactly_eps_d_private(mechanism, epsilon):
    assert _worst_ratio(make_channel(mechanism, GRID, epsilon)) <= 1 + 1e-9


def test_geometric_ratio_bound_is_attained():
    """Two cells in the same row, the reported cell beyond one of them: ratio exactly e^{ε·d}."""
    assert _worst_ratio(make_channel("geometric", GRID, 0.004)) == pytest.approx(1.0, abs=1e-12)


def test_krr_channel_ratio_is_exactly_e_eps():
    dense = make_channel("krr", GRID, 2.0).dense()
    ratio = dense[:, None, :] / dense[None, :, :]
    assert ratio.max() == pytest.approx(math.exp(2.0), rel=1e-12)


@pytest.mark.parametrize("mechanism", ["geometric", "laplace"])
def test_paper_renormalisation_exceeds_eps_d_but_not_two_eps_d(mechanism):
    channel = make_channel(mechanism, GRID, 0.004, boundary="renormalise")
    np.testing.assert_allclose(channel.dense().sum(axis=1), 1.0, atol=1e-13)
    worst = _worst_ratio(channel)
    assert worst > 1.1 and worst <= 2.0  # above ε·d, within 2ε·d
    assert channel.guarantee() == 2 * 0.004 and channel.cost().epsilon == 2 * 0.004


def test_laplace_kernel_integrates_the_pdf():
    eps_cell = 0.6
    kernel = laplace_cell_kernel(eps_cell, 120, 120)
    assert kernel.sum() == pytest.approx(1.0, abs=1e-12)
    # the centre cell against the radial CDF bounds of its inscribed and circumscribed discs
    assert radius_cdf(0.5, eps_cell) < kernel[120, 120] < radius_cdf(math.sqrt(0.5), eps_cell)
    # every cell against Monte Carlo binning of continuous planar Laplace draws
    z = np.floor(planar_laplace_noise(400_000, eps_cell, make_rng(7)) + 0.5).astype(int)
    inside = np.all(np.abs(z) <= 3, axis=1)
    cells = (z[inside, 1] + 3) * 7 + (z[inside, 0] + 3)
    window = kernel[117:124, 117:124].ravel()
    assert chi_square_fit(cells, np.arange(49), window / window.sum()).passed
    assert not chi_square_fit(cells, np.arange(49),
                              np.roll(window, 1) / window.sum()).passed


@pytest.mark.parametrize("mechanism,epsilon", [("geometric", 0.004), ("laplace", 0.004),
                                               ("krr", 3.0)])
@pytest.mark.parametrize("boundary", ["remap", "renormalise"])
def test_sampler_fits_its_channel_row(mechanism, epsilon, boundary):
    channel = make_channel(mechanism, GRID, epsilon, boundary)
    x = 8          # second row, second column: near a corner, so the boundary rule matters
    reports = channel.sample(np.full(100_000, x), make_rng(11))
    row = channel.dense()[x]
    assert chi_square_fit(reports, np.arange(GRID.size), row).passed
    wrong = make_channel(mechanism, GRID, epsilon * 1.5, boundary).dense()[x]
    assert not chi_square_fit(reports, np.arange(GRID.size), wrong).passed


def test_sampled_reports_pass_lr_audit_and_renormalised_ones_fail():
    grid, eps = Grid(0.0, 0.0, 100.0, 4, 4), 0.01
    rng = make_rng(12)
    remap = make_channel("geometric", grid, eps)
    a, b = remap.sample(np.full(300_000, 5), rng), remap.sample(np.full(300_000, 1), rng)
    assert likelihood_ratio_audit(a, b, "discrete", eps * 100.0).passed
    paper = make_channel("geometric", grid, eps, boundary="renormalise")
    a, b = paper.sample(np.full(300_000, 0), rng), paper.sample(np.full(300_000, 5), rng)
    result = likelihood_ratio_audit(a, b, "discrete", eps * 100.0 * math.sqrt(2))
    assert not result.passed, str(result)


def test_grid_geometry_and_bad_input():
    grid = Grid.covering(10.0, 20.0, 460.0, 320.0, 150.0)
    assert (grid.nx, grid.ny, grid.size) == (3, 2, 6)
    np.testing.assert_allclose(grid.centers()[4], [10 + 225, 20 + 225])
    cells, outside = grid.cell_of([[11, 21], [459, 319], [-1000, 21], [300, 1e6]])
    np.testing.assert_array_equal(cells, [0, 5, 0, 4])
    np.testing.assert_array_equal(outside, [False, False, True, True])
    assert grid.distances_from([0])[0, 5] == pytest.approx(150 * math.hypot(1, 2))
    with pytest.raises(ValueError):
        Grid(0, 0, 0.0, 3, 3)
    with pytest.raises(ValueError):
        Grid(0, 0, 10.0, 1, 1)
    with pytest.raises(ValueError):
        make_channel("gaussian", grid, 0.01)
    with pytest.raises(ValueError):
        make_channel("geometric", grid, 0.01, boundary="wrap")
    with pytest.raises(ValueError):
        make_channel("geometric", grid, -0.01)
    with pytest.raises(ValueError, match="too wide"):
        make_channel("geometric", Grid(0, 0, 1.0, 500, 500), 1e-4)
    with pytest.raises(ValueError, match="too large"):
        make_channel("krr", Grid(0, 0, 1.0, 100, 100), 1.0).dense()
