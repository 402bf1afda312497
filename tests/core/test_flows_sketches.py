"""Flow stage: Count-Min, Count Sketch and AGMS — linearity, shared hashes, estimator bounds."""
import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from mobility_dp.dpcore.flows.coordinator import release_flows
from mobility_dp.dpcore.flows.local_noise import LocalNoise
from mobility_dp.dpcore.flows.sketches import SketchSpec, estimate, hash_functions, sketch
from mobility_dp.dpcore.flows.vectors import FlowVectors, MoveIndex
from mobility_dp.dpcore.random.rng import make_rng


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=5, max_size=300), st.integers(0, 10 ** 6))
def test_count_min_never_underestimates_non_negative_input(values, seed):
    f = np.array(values, dtype=float)
    spec = SketchSpec("countmin", width=7, depth=3, seed=seed)
    est = estimate(sketch(f, spec), spec, f.size)
    assert np.all(est >= f - 1e-9)


def test_count_min_error_bound():
    # Cormode & Muthukrishnan: P(est − f > e·‖f‖₁/w) ≤ e^{−d} per item
    rng = np.random.default_rng(0)
    f = rng.poisson(1.0, 5000).astype(float)
    spec = SketchSpec("countmin", width=200, depth=4, seed=1)
    excess = estimate(sketch(f, spec), spec, f.size) - f
    assert np.mean(excess > math.e * f.sum() / 200) <= math.exp(-4) + 0.01


def test_count_sketch_and_agms_are_unbiased_over_hash_seeds():
    f = np.zeros(400)
    f[:40] = np.arange(1, 41)
    f[40:] = np.random.default_rng(1).integers(-3, 4, 360)  # signed input is allowed
    for kind, width, depth in [("count", 32, 3), ("agms", 64, 1)]:
        est = np.array([estimate(sketch(f, SketchSpec(kind, width, depth, seed)),
                                 SketchSpec(kind, width, depth, seed), f.size)
                        for seed in range(300)])
        err = est.mean(axis=0) - f
        se = est.std(axis=0, ddof=1) / math.sqrt(est.shape[0])
        z = err / np.maximum(se, 1e-12)
        assert np.mean(np.abs(z) > 3.3) < 0.01, kind  # ~0.1 % expected under unbiasedness
    # negative control: Count-Min on the same signed input is biased upwards
    cm = np.array([estimate(sketch(f, SketchSpec("countmin", 32, 3, s)),
                            SketchSpec("countmin", 32, 3, s), f.size) for s in range(50)])
    assert (cm.mean(axis=0) - f).mean() > 3


def test_sketches_are_linear_and_hashes_shared_by_seed():
    rng = np.random.default_rng(2)
    a, b = rng.normal(size=300), rng.normal(size=300)
    for spec in [SketchSpec("countmin", 16, 3, 5), SketchSpec("count", 16, 3, 5),
                 SketchSpec("agms", 300, 1, 5)]:
        np.testing.assert_allclose(sketch(a, spec) + sketch(b, spec), sketch(a + b, spec),
                                   atol=1e-9)
        rows = sketch(sp.csr_matrix(np.vstack([a, b])), spec)
        np.testing.assert_allclose(rows.sum(axis=0), sketch(a + b, spec), atol=1e-9)
    h1 = hash_functions(SketchSpec("count", 16, 3, 5), 300)
    h2 = hash_functions(SketchSpec("count", 16, 3, 5), 300)
    h3 = hash_functions(SketchSpec("count", 16, 3, 6), 300)
    assert all(np.array_equal(x, y) for x, y in zip(h1, h2))
    assert not np.array_equal(h1[0], h3[0])
    assert np.all((h1[0] >= 0) & (h1[0] < 16)) and set(np.unique(h1[1])) == {-1, 1}


def test_sketch_spec_validation():
    with pytest.raises(ValueError, match="unknown sketch"):
        SketchSpec("bloom", 10)
    with pytest.raises(ValueError, match="at least 1"):
        SketchSpec("count", 0, 3)
    with pytest.raises(ValueError, match="one row"):
        SketchSpec("agms", 10, 3)
    with pytest.raises(ValueError, match="expected 30 counters"):
        estimate(np.zeros(5), SketchSpec("count", 10, 3), 100)


def test_count_min_release_clips_nodes_and_overestimates():
    # 300 vehicles, 200 moves, one move each: clipped noise makes Count-Min estimates too high
    s, k = 200, 300
    index = MoveIndex(np.arange(s) // 10, np.arange(s) % 10 + 20, 40)
    rows = sp.csr_matrix((np.ones(k, dtype=np.int64), (np.arange(k), np.arange(k) % s)),
                         shape=(k, s))
    fv = FlowVectors(index, rows, rows.copy(), np.arange(k))
    truth = fv.total()
    rel = release_flows(fv, epsilon=1.0, rng=make_rng(3), sketch=SketchSpec("countmin", 100, 3, 7))
    assert rel.public["clipped_values"] > 0 and rel.public["sketch"] == "countmin"
    assert np.mean(rel.values - truth) > 100  # ≈ 300 vehicles × E[max(noise, 0)]
    plain = release_flows(fv, epsilon=1.0, rng=make_rng(3), sketch=SketchSpec("count", 100, 3, 7))
    assert "clipped_values" not in plain.public
    assert abs(np.mean(plain.values - truth)) < 15  # noise std per estimate ≈ 35
    assert rel.cost.epsilon == plain.cost.epsilon == 1.0  # sketching is post-processing


def test_per_node_estimates_follow_the_thesis_coordinator():
    # aggregation="estimates": each node's vector is estimated from its own sketch, then summed
    s, k = 60, 4
    index = MoveIndex(np.arange(s) // 6, np.arange(s) % 6 + 10, 16)
    rows = sp.csr_matrix(np.random.default_rng(5).integers(0, 3, (k, s)))
    fv = FlowVectors(index, rows, rows.copy(), np.arange(k))
    spec = SketchSpec("count", 16, 3, 2)
    rel = release_flows(fv, epsilon=2.0, rng=make_rng(8), sketch=spec, aggregation="estimates")
    noisy = LocalNoise(epsilon=2.0).perturb(fv.counts, fv.trajectory_max, make_rng(8))[0]
    want = estimate(sketch(noisy, spec), spec, s).sum(axis=0)
    np.testing.assert_allclose(rel.values, want)
    assert rel.public["aggregation"] == "estimates"
    summed = release_flows(fv, epsilon=2.0, rng=make_rng(8), sketch=spec)
    np.testing.assert_allclose(summed.values, estimate(sketch(noisy.sum(axis=0), spec), spec, s))
    # AGMS's estimator is linear: both coordinators agree
    agms = SketchSpec("agms", 50, 1, 2)
    a = release_flows(fv, epsilon=2.0, rng=make_rng(8), sketch=agms, aggregation="estimates")
    b = release_flows(fv, epsilon=2.0, rng=make_rng(8), sketch=agms)
    np.testing.assert_allclose(a.values, b.values)
    with pytest.raises(ValueError, match="unknown aggregation"):
        release_flows(fv, epsilon=2.0, rng=make_rng(8), sketch=spec, aggregation="mean")
