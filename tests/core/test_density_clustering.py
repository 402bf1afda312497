"""Alg. 3 clustering of cover cells and the §6 rule for τ."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore.density.clustering import cluster_cells, consistent_tau, tau_from_noise
from mobility_dp.dpcore.density.efpa import idct


def line(xs):
    return np.column_stack([np.asarray(xs, dtype=float), np.zeros(len(xs))])


def test_merges_by_hand():
    # totals 5, 1, 2, 10 at x = 0, 1, 3, 10; τ = 6.
    # 1) smallest is cell 1 (1): nearest centre is cell 0 (1 m) -> {0,1}, total 6, centre 0.5
    # 2) smallest is cell 2 (2): {0,1} at 2.5 m beats cell 3 at 7 m -> {0,1,2}, total 8
    # 3) smallest total is now 8 >= τ: stop.
    labels = cluster_cells(line([0, 1, 3, 10]), np.ones(4), [5, 1, 2, 10], tau=6)
    np.testing.assert_array_equal(labels, [0, 0, 0, 1])


def test_cluster_centre_is_area_weighted():
    # B (total 1) first joins A (3 m away). The centre of {A, B} is (1.3, 0) when A's
    # area is 9 (footnote 5: centroid of the union) but (2.5, 0) with equal areas.
    # C (total 2) then sits 3.23 m from the weighted centre, 3.0 m from the unweighted
    # one and 3.1 m from D: it joins D in the first case, {A, B} in the second.
    xy = np.array([[1, 0], [4, 0], [2.5, 3], [2.5, 6.1]], dtype=float)
    totals = [100, 1, 2, 100]
    np.testing.assert_array_equal(cluster_cells(xy, [9, 1, 1, 1], totals, tau=50), [0, 0, 1, 1])
    np.testing.assert_array_equal(cluster_cells(xy, [1, 1, 1, 1], totals, tau=50), [0, 0, 0, 1])


def test_no_merge_when_all_reach_tau_and_single_cluster_stops():
    np.testing.assert_array_equal(cluster_cells(line([0, 5, 9]), np.ones(3), [7, 8, 9], 7),
                                  [0, 1, 2])
    assert set(cluster_cells(line([0, 5, 9]), np.ones(3), [-4, 1, 2], 1e9)) == {0}


def test_negative_noisy_totals_merge_first():
    labels = cluster_cells(line([0, 1, 2]), np.ones(3), [100, -30, 100], 50)
    assert labels[1] in (labels[0], labels[2])


def test_inputs_are_not_modified_and_bad_inputs():
    areas = np.ones(3)
    totals = np.array([1.0, 2.0, 3.0])
    cluster_cells(line([0, 1, 2]), areas, totals, 5)
    assert np.all(areas == 1) and np.all(totals == [1, 2, 3])
    with pytest.raises(ValueError, match="areas positive"):
        cluster_cells(line([0, 1]), [1, 0], [1, 1], 5)
    with pytest.raises(ValueError, match="centroids"):
        cluster_cells(np.zeros((2, 3)), [1, 1], [1, 1], 5)


def test_tau_rule_gives_expected_rsse_of_one_percent():
    n, sigma = 168, 40.0
    tau = tau_from_noise(n, sigma)
    assert tau == pytest.approx(math.sqrt(168) * sigma / 0.01)
    # all n coefficients noisy with std σ: the time-domain RSSE is about √n·σ = 1 % of τ
    noise = idct(np.random.default_rng(0).normal(0, sigma, size=(4000, n)))
    rsse = np.sqrt((noise ** 2).sum(axis=1)).mean()
    assert rsse == pytest.approx(0.01 * tau, rel=0.01)


def test_consistent_tau_by_hand_and_against_brute_force():
    # six cells of total 10 on a line; τ(m) = 10·m. m = 1 -> τ = 10 merges nothing (6
    # clusters, τ(6) = 60 > 10); m = 2 -> τ = 20 pairs them up (3 clusters, τ(3) = 30 > 20);
    # m = 3 -> τ = 30: the pairs of 20 merge on into one cluster, τ(1) = 10 <= 30.
    xy, areas, totals = line(range(6)), np.ones(6), np.full(6, 10.0)
    tau, labels = consistent_tau(xy, areas, totals, lambda m: 10.0 * m)
    assert tau == 30 and labels.max() + 1 == 1
    rng = np.random.default_rng(3)
    for _ in range(20):
        n = 25
        xy, totals = rng.random((n, 2)) * 1000, rng.exponential(50, n)
        tau_of = lambda m: 40.0 * min(m, 7) ** 0.5            # noqa: E731
        ok = [tau_of(cluster_cells(xy, np.ones(n), totals, tau_of(m)).max() + 1) <= tau_of(m)
              for m in range(1, n + 1)]
        tau, labels = consistent_tau(xy, np.ones(n), totals, tau_of)
        assert tau == tau_of(ok.index(True) + 1)
        np.testing.assert_array_equal(labels, cluster_cells(xy, np.ones(n), totals, tau))
    # a τ that does not depend on m is used as it is
    tau, labels = consistent_tau(line([0, 1, 3, 10]), np.ones(4), [5, 1, 2, 10], lambda m: 6.0)
    assert tau == 6 and list(labels) == [0, 0, 0, 1]
