"""Released totals off by more than 2× are said (``dpcore.od.totals``): clipping and shrinkage
move totals; the warning reads only the noisy counts and the public noise law."""
import numpy as np

from mobility_dp.dpcore.od.flows import release_od
from mobility_dp.dpcore.od.people_flows import release_people_od
from mobility_dp.dpcore.od.totals import total_interval, total_warning
from mobility_dp.dpcore.random.rng import make_rng

from .test_scale_rule import people


def test_warning_reads_the_interval_of_the_unclipped_sum():
    assert total_interval(-50.0, 100.0) == (0.0, 0.0)
    assert total_warning(100.0, 100.0, 25.0, "x") is None
    assert "off by more than 2×" in total_warning(500.0, 100.0, 25.0, "x")
    assert "off by more than 2×" in total_warning(20.0, 100.0, 25.0, "x")
    assert "off by more than 2×" in total_warning(5.0, -80.0, 25.0, "x")


def test_noise_only_clipped_flows_warn():
    # one person with one trip on 40 zones (1,600 pairs): the clipped total is noise
    one = people(1, zones=40)
    for seed in range(5):
        rel = release_od(one.user, one.origin_zone, one.dest_zone, n_zones=40, epsilon=1.0,
                         max_trips=10, rng=make_rng(seed))
        assert rel.values.sum() > 100 * one.n
        assert any("off by more than 2×" in w for w in rel.public["warnings"])


def test_hundred_people_every_total_off_by_2x_is_warned():
    data = people(100, zones=30)
    silent_bad = checked = 0
    for seed in range(10):
        for rel in (release_people_od(data, rng=make_rng(seed), epsilon=1.0),
                    release_od(data.user, data.origin_zone, data.dest_zone, n_zones=30,
                               epsilon=1.0, max_trips=10, rng=make_rng(seed))):
            truth = data.n if "trips_per_person" in rel.public else \
                np.minimum(np.bincount(data.user), 10).sum()
            off = abs(np.log(max(rel.values.sum(), 1e-9) / truth)) > np.log(2)
            checked += off
            silent_bad += off and not rel.public["warnings"]
    assert checked > 0          # the case happens here (trips per pair: clipped noise)
    assert silent_bad == 0
    # a large population at few zones: no warning (the totals hold)
    big = people(3000, zones=3)
    rel = release_od(big.user, big.origin_zone, big.dest_zone, n_zones=3, epsilon=1.0,
                     max_trips=10, rng=make_rng(0))
    assert rel.public["warnings"] == []
