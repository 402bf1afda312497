"""Release functions of the density stage: cost, exactness without noise, errors, DP audit."""
import math

import numpy as np
import pytest
import scipy.sparse as sp

from mobility_dp.dpcore.density import (
    DensityInputs,
    fourier,
    lpa,
    release_density,
    release_efpa,
    release_efpa_g,
    release_lpa,
    release_lpa_direct,
    scaling,
)
from mobility_dp.dpcore.geometry.cover import reallocate
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting.progress import Cancelled

from ..support.dp_audit import likelihood_ratio_audit

# 3 towers on a line of 3 km, 4 census cells (Formula 1 weights of interval partitions).
W = sp.csr_matrix(np.array([[0.6, 0.4, 0.0, 0.0],
                            [0.0, 0.3, 0.7, 0.0],
                            [0.0, 0.0, 0.2, 0.8]]))
TOWER_XY = np.array([[500.0, 0], [1500, 0], [2500, 0]])
CELL_XY = np.array([[300.0, 0], [900, 0], [1600, 0], [2600, 0]])
CELL_AREA = np.array([600.0, 700, 900, 800])


def week(scale=1.0, n=168):
    hours = np.arange(n)
    shape = 1.2 + np.cos(2 * np.pi * (hours % 24 - 15) / 24)
    return np.round(scale * np.outer([300, 900, 500], shape))


def inputs(counts, *, ell=30, hist=None, k=None, **kw):
    return DensityInputs(counts, W, ell, TOWER_XY, np.full(3, 1000.0), CELL_XY, CELL_AREA,
                         one_visit_hist=hist, slot_visits=k, **kw)


@pytest.mark.parametrize("method,improvements,delta,expected", [
    ("efpa_g", True, 2e-6, [("discrete Laplace", 0.125, 0), ("discrete Laplace", 0.125, 0),
                            ("exponential", 0.125, 0), ("Gaussian", 0.125, 2e-6)]),
    ("efpa_g", False, 2e-6, [("Laplace", 0.25, 0), ("exponential", 0.125, 0),
                             ("Gaussian", 0.125, 2e-6)]),
    ("efpa", True, 2e-6, [("discrete Laplace", 0.125, 0), ("discrete Laplace", 0.125, 0),
                          ("exponential", 0.125, 0), ("Laplace", 0.125, 0)]),
    ("efpa", False, 0.0, [("Laplace", 0.25, 0), ("exponential", 0.125, 0),
                          ("Laplace", 0.125, 0)]),
    ("lpa", None, 2e-6, [("Laplace", 0.5, 0)]),
    ("lpa_direct", None, 0.0, [("Laplace", 0.5, 0)]),
])
def test_cost_breakdown_adds_up(method, improvements, delta, expected):
    counts = week()
    data = inputs(counts, hist=np.array([40, 120, 70]), k=int(counts.sum()))
    kw = {} if improvements is None else {"improvements": improvements}
    rel = release_density(data, method=method, epsilon=0.5, delta=delta, rng=make_rng(1), **kw)
    got = [(p.mechanism.split()[0] if not p.mechanism.startswith("discrete") else
            "discrete Laplace", p.epsilon, p.delta) for p in rel.cost.parts]
    assert got == [(m, pytest.approx(e), d) for m, e, d in expected]
    assert rel.cost.epsilon == pytest.approx(0.5)
    assert rel.cost.delta == (2e-6 if method == "efpa_g" else 0.0)
    assert rel.values.shape == (4, 168) and np.all(rel.values >= 0)
    # every part states the sensitivity it was calibrated to
    assert all(p.sensitivity and p.protects == "all visits of one user" for p in rel.cost.parts)


def test_sensitivities_in_the_cost():
    counts = week()
    rel = release_efpa_g(inputs(counts, hist=np.array([4, 12, 7]), k=int(counts.sum())),
                         epsilon=0.5, delta=1e-6, rng=make_rng(2), tau=1.0)
    hist, k, expo, gauss = rel.cost.parts
    m = rel.public["n_clusters"]
    assert (hist.sensitivity, k.sensitivity) == (1, 168)
    assert expo.sensitivity == pytest.approx(min(30, math.sqrt(30 * m)))
    assert gauss.sensitivity == pytest.approx(math.sqrt(30))
    lpa = release_lpa(inputs(counts), epsilon=0.5, rng=make_rng(2))
    assert lpa.cost.parts[0].sensitivity == 30 and lpa.public["scale"] == pytest.approx(60)


@pytest.mark.parametrize("method", ["efpa_g", "efpa"])
def test_without_noise_the_pipeline_reproduces_formula_1(method, noiseless_epsilon):
    counts = week()
    rel = release_density(inputs(counts), method=method, epsilon=1e9, delta=1e-6,
                          rng=make_rng(3), improvements=False, tau=0.0)
    assert rel.public["n_clusters"] == rel.public["cover_towers"].size + rel.public["cover_cells"].size
    np.testing.assert_allclose(rel.values, reallocate(counts, W), rtol=1e-3, atol=0.5)


def test_without_noise_lpa_reproduces_formula_1():
    counts = week()
    for fn in (release_lpa, release_lpa_direct):
        rel = fn(inputs(counts), epsilon=1e9, rng=make_rng(4))
        np.testing.assert_allclose(rel.values, reallocate(counts, W), atol=1e-6)


def test_improved_scaling_undoes_the_presampling_shrink(noiseless_epsilon):
    """Pre-sampled counts are a third of the truth; K and the one-visit histogram restore it."""
    truth = week(3.0)
    sampled = np.round(truth / 3)
    hist = np.round(truth.sum(axis=1) / 50).astype(int)      # one visit per user ∝ tower share
    data = inputs(sampled, hist=hist, k=int(truth.sum()))
    day = (np.arange(168) % 24 >= 8)
    improved = release_efpa_g(data, epsilon=1e9, delta=1e-6, rng=make_rng(5), tau=0.0)
    plain = release_efpa_g(data, epsilon=1e9, delta=1e-6, rng=make_rng(5), tau=0.0,
                           improvements=False)
    target = reallocate(truth, W)
    np.testing.assert_allclose(improved.values[:, day], target[:, day], rtol=0.02)
    np.testing.assert_allclose(plain.values[:, day], target[:, day] / 3, rtol=0.02)


def test_clusters_form_at_realistic_epsilon_and_info_is_complete():
    counts = week(0.2)
    rel = release_efpa_g(inputs(counts, hist=np.array([4, 12, 7]), k=int(counts.sum())),
                         epsilon=0.3, delta=2e-6, rng=make_rng(6))
    assert rel.public["n_clusters"] == 1               # totals far below τ: one cluster
    assert rel.public["tau"] == pytest.approx(math.sqrt(168) * rel.public["sigma"] / 0.01)
    assert set(rel.public) >= {"cluster", "k", "cover_totals", "k_hat", "sigma"}


def test_seeded_runs_are_reproducible_and_progress_can_cancel():
    counts = week()
    data = inputs(counts, hist=np.array([4, 12, 7]), k=int(counts.sum()))
    a = release_efpa_g(data, epsilon=1.0, delta=1e-6, rng=make_rng(7)).values
    b = release_efpa_g(data, epsilon=1.0, delta=1e-6, rng=make_rng(7)).values
    np.testing.assert_array_equal(a, b)
    seen = []

    def progress(f):
        seen.append(f)
        if f > 0.5:
            raise Cancelled()

    with pytest.raises(Cancelled):
        release_efpa(data, epsilon=1.0, rng=make_rng(7), progress=progress)
    assert seen == sorted(seen) and seen[-1] > 0.5


def test_bad_inputs_give_clear_errors():
    counts = week()
    with pytest.raises(ValueError, match="needs δ > 0"):
        release_efpa_g(inputs(counts, hist=np.ones(3, int), k=5), epsilon=1, delta=0,
                       rng=make_rng(1))
    with pytest.raises(ValueError, match="one-visit"):
        release_efpa(inputs(counts), epsilon=1, rng=make_rng(1))
    with pytest.raises(ValueError, match="positive integer"):
        inputs(counts, ell=0)
    with pytest.raises(ValueError, match="non-negative"):
        inputs(-counts)
    with pytest.raises(ValueError, match="one bin per tower"):
        inputs(counts, hist=np.ones(2, int), k=5)
    with pytest.raises(ValueError, match="towers=3"):
        inputs(counts[:2])
    with pytest.raises(ValueError, match="delta must be in"):
        release_lpa(inputs(counts), epsilon=1, delta=1.0, rng=make_rng(1))
    with pytest.raises(ValueError, match="unknown density method"):
        release_density(inputs(counts), method="fpa", epsilon=1, rng=make_rng(1))


def test_delta_warning_is_internal():
    counts = week()
    rel = release_lpa(inputs(counts, n_users=1000), epsilon=1, delta=1e-2, rng=make_rng(1))
    assert "1/N" in rel.internal["warnings"][0]
    rel = release_lpa(inputs(counts, n_users=1000), epsilon=1, delta=1e-4, rng=make_rng(1))
    assert rel.internal["warnings"] == []


# --------------------------------------------------------------------------
# Statistical audit of the whole release on neighbouring datasets
# --------------------------------------------------------------------------

EPS, DELTA = 1.0, 1e-3


def tiny(extra_user: bool, n_slots: int = 4) -> DensityInputs:
    """One tower = one census cell, daytime slots, ℓ = 2.

    D' adds a user with a visit in every slot: two are kept by the
    pre-sampling (slots 0 and 1), all count in K, one in the histogram.
    """
    c, h, k = np.zeros((1, n_slots)), np.array([2]), 6 + n_slots
    c[0, :4] = [3, 1, 0, 2]
    if extra_user:
        c[0, :2] += 1
        h, k = h + 1, k + n_slots
    return DensityInputs(c, sp.csr_matrix([[1.0]]), 2, np.zeros((1, 2)), np.ones(1),
                         np.zeros((1, 2)), np.ones(1), one_visit_hist=h, slot_visits=k,
                         slot_hours=10.0 + np.arange(n_slots))


def audit(fn, n, statistic=lambda v: v[0, 0], n_slots=4, **kw):
    """A statistic of the release (post-processing) on D and D': default the count in slot 0."""
    out = []
    for seed, extra in ((11, False), (12, True)):
        rng, data = make_rng(seed), tiny(extra, n_slots)
        out.append(np.array([statistic(fn(data, epsilon=EPS, delta=DELTA, rng=rng, **kw).values)
                             for _ in range(n)]))
    return likelihood_ratio_audit(out[0], out[1], 30, EPS, DELTA)


def shrink_sensitivities(monkeypatch):
    """A broken release: every sensitivity one tenth of the truth."""
    monkeypatch.setattr(scaling, "l1_sensitivity", lambda ell: ell / 10)
    monkeypatch.setattr(lpa, "l1_sensitivity", lambda ell: ell / 10)
    monkeypatch.setattr(fourier, "l2_sensitivity", lambda ell: math.sqrt(ell) / 10)
    monkeypatch.setattr(fourier, "cluster_l2_sum_bound", lambda ell, m: math.sqrt(ell) / 10)


@pytest.mark.parametrize("fn,kw,n", [
    (release_efpa_g, {"improvements": False}, 3000),
    (release_efpa, {"improvements": False}, 3000),
    (release_lpa, {}, 6000),
    (release_lpa_direct, {}, 6000),
])
def test_audit_on_neighbouring_datasets(fn, kw, n, monkeypatch):
    res = audit(fn, n, **kw)
    assert res.passed, res
    shrink_sensitivities(monkeypatch)
    broken = audit(fn, n, **kw)
    assert not broken.passed, broken


def test_audit_of_the_improved_scaling(monkeypatch):
    """The released total (Σ over slots = K̂ here) on 8 slots, where D' adds 8 to K."""
    def total(v):
        return v.sum()
    res = audit(release_efpa_g, 2500, statistic=total, n_slots=8)
    assert res.passed, res
    # broken: Δ₁(K) taken as 1 instead of the number of slots
    original = fourier.improved_tower_totals
    monkeypatch.setattr(fourier, "improved_tower_totals",
                        lambda *a, **kw: original(*a, **{**kw, "n_slots": 1}))
    broken = audit(release_efpa_g, 2500, statistic=total, n_slots=8)
    assert not broken.passed, broken
