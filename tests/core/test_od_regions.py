"""People per pair of zones and of coarser public regions, consistent by least squares
(issue 29, item 2): cost, consistency, coverage by true-count stratum, noise-only input,
audits of the region measurement."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.od import regions as reg
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit
from ..support.reference import discrete_laplace_pmf
from .test_od_people import zoned


def _commuters(counts, regions_of_zone):
    """Users commuting between zone pairs (0, p + 1): counts[p] users on pair p."""
    user, o, d, k = [], [], [], 0
    for pair, count in enumerate(counts):
        user += list(range(k, k + count))
        o += [0] * count
        d += [pair + 1] * count
        k += count
    return zoned(np.array(user, int), np.array(o, int), np.array(d, int), len(regions_of_zone))


REGIONS = np.array([0, 0, 0, 1, 1, 2, 2])   # 7 zones in 3 regions


def test_cost_is_planned_and_spent_and_levels_agree():
    z = _commuters([3, 0, 5, 2, 1, 7], REGIONS)
    plan = reg.people_regions_cost(epsilon=1.0, region_share=0.25)
    rel = reg.release_people_regions(z, rng=make_rng(0), epsilon=1.0, regions=REGIONS,
                                     region_share=0.25)
    check_spent(plan, rel.cost)
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([0.75, 0.25])
    assert [p.sensitivity for p in rel.cost.parts] == [1, 1]
    # the least-squares zone values add up to the (unclipped) region values
    zones = rel.public["zones_consistent"]
    block = reg.block_of_pairs(REGIONS, 3)
    upper = np.triu(np.ones((7, 7), bool))
    sums = np.bincount(block, weights=zones[upper], minlength=9).reshape(3, 3)
    unclipped = (rel.public["lower"] + rel.public["upper"]) / 2.0
    positive = rel.public["lower"] > 0
    assert np.allclose(sums[positive], unclipped[positive])
    truth = rel.internal["truth_regions"]
    assert truth[0, 0] == 3 + 0 and truth[0, 1] == 5 + 2 and truth[0, 2] == 1 + 7
    with pytest.raises(ValueError, match="share"):
        reg.people_regions_cost(epsilon=1.0, region_share=1.0)
    with pytest.raises(ValueError, match="region index"):
        reg.release_people_regions(z, rng=make_rng(0), epsilon=1.0, regions=[0, 1],
                                   region_share=0.2)


@pytest.mark.parametrize("stratum", [(0, 0), (1, 5), (6, 40)])
def test_region_intervals_cover_in_every_true_count_stratum(stratum):
    """≥ 100 seeds per stratum: the 95 % intervals of the region values cover the truth."""
    lo, hi = stratum
    covered = total = 0
    for seed in range(100):
        rng = make_rng(seed)
        z = _commuters(rng.integers(lo, hi + 1, size=6), REGIONS)
        rel = reg.release_people_regions(z, rng=rng, epsilon=0.5, regions=REGIONS)
        t = rel.internal["truth_regions"][0]          # region pairs (0, 0), (0, 1), (0, 2)
        low, up = rel.public["lower"][0], rel.public["upper"][0]
        covered += int(np.sum((low <= t) & (t <= up)))
        total += t.size
    assert covered / total >= 0.95 - 2 * math.sqrt(0.05 * 0.95 / total)


def test_noise_only_input_invents_no_region_flows_and_a_wrong_margin_does():
    """One user, 40 zones in 10 regions: the region flows whose interval excludes 0 are the
    5 % the margins allow, not a structure; half the margin would 'find' far more."""
    n = 40
    regions = np.arange(n) // 4                        # 10 regions of 4 zones
    empty = zoned(np.array([0]), np.array([0]), np.array([0]), n)
    excluded = wrong = total = 0
    for seed in range(30):
        rel = reg.release_people_regions(empty, rng=make_rng(seed), epsilon=1.0,
                                         regions=regions)
        upper = np.triu(np.ones((10, 10), bool))
        truth = rel.internal["truth_regions"][upper]
        v = (rel.public["lower"] + rel.public["upper"])[upper] / 2.0
        h = rel.public["margin_of_error_95"][upper]
        off = truth == 0
        excluded += int(np.sum(np.abs(v[off]) > h[off]))
        wrong += int(np.sum(np.abs(v[off]) > 0.5 * h[off]))   # control: half the margin
        total += int(off.sum())
    assert excluded / total <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / total)
    assert wrong / total > 0.15


def _region_value(z, regions, n, eps, broken=False):
    out = np.empty(n, dtype=np.int64)
    for s in range(n):
        rng = make_rng(20_000 + s)
        _, _, y_region, _, truth, _ = reg.measure_regions(z, rng=rng, epsilon=eps,
                                                          regions=regions, region_share=0.5)
        if broken:   # trips on the region pair with the noise of one person
            trips = truth * 3
            y_region = mech.discrete_laplace(trips, sensitivity=1, epsilon=eps / 2,
                                             rng=rng).values
        out[s] = y_region[1]                             # region pair (0, 1)
    return out


def test_region_measurement_neighbour_ratio_law_and_broken_controls():
    regions = np.array([0, 1, 1])
    base = zoned(np.arange(4), np.zeros(4, int), np.r_[np.ones(2, int), np.full(2, 2)], 3)
    extra = zoned(np.r_[np.arange(4), 4, 4, 4], np.r_[np.zeros(4, int), 0, 0, 2],
                  np.r_[np.ones(2, int), np.full(2, 2), 1, 1, 2], 3)   # + a user on (0, 1)
    eps, n = 1.4, 5000
    a, b = _region_value(base, regions, n, eps), _region_value(extra, regions, n, eps)
    # the region measurement spends ε/2 (region_share 0.5): its ratio is bounded by e^(ε/2)
    assert likelihood_ratio_audit(a, b, "discrete", eps / 2).passed
    assert not likelihood_ratio_audit(_region_value(base, regions, n, eps, True),
                                      _region_value(extra, regions, n, eps, True),
                                      "discrete", eps / 2).passed
    support = np.arange(-25, 40)
    pmf = discrete_laplace_pmf(support - 4, sensitivity=1, epsilon=eps / 2)
    assert chi_square_fit(a, support, pmf).passed
    wrong = discrete_laplace_pmf(support - 4, sensitivity=1, epsilon=eps * 0.35)
    assert not chi_square_fit(a, support, wrong).passed


def test_grid_regions_number_the_squares_of_the_centroids():
    c = np.array([[0.0, 0.0], [10.0, 5.0], [1500.0, 0.0], [1600.0, 2100.0]])
    assert reg.grid_regions(c, 1000.0).tolist() == [0, 0, 1, 2]


def test_people_release_with_regions_spends_as_planned_and_counts_the_same_users():
    from mobility_dp.dpcore.od.people_flows import people_od_cost, release_people_od
    z = _commuters([3, 0, 5, 2, 1, 7], REGIONS)
    kw = dict(epsilon=2.0, publish="people", region_share=0.3)
    rel = release_people_od(z, rng=make_rng(4), regions=REGIONS, **kw)
    check_spent(people_od_cost(**kw), rel.cost)
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([1.4, 0.6])
    regions = rel.public["regions"]
    assert regions["n_regions"] == 3 and "regions" in regions["counted"]
    truth = rel.internal["truth_regions"]
    assert truth.sum() == rel.internal["truth_people"].sum() == 18
    with pytest.raises(ValueError, match="undirected"):
        people_od_cost(epsilon=1.0, directed=True, region_share=0.2)
    with pytest.raises(ValueError, match="one region per zone"):
        release_people_od(z, rng=make_rng(4), **kw)
