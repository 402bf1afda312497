"""Issue 25 item 4: every margin of error the mobility report prints covers its value, by
true-count stratum (0, 1–5, > 5). The trips per weekday used to be sums of counts clipped at 0
with the margin of unclipped noise: coverage 0.78 (50 users, 2 trips each, ε = 1)."""
import numpy as np
from scipy import stats

from mobility_dp.dpcore.od import report
from mobility_dp.dpcore.od.trip_arrays import Trips
from mobility_dp.dpcore.random.rng import make_rng

STRATA = {"0": lambda t: t == 0, "1–5": lambda t: (t >= 1) & (t <= 5), "> 5": lambda t: t > 5}
#: printed value → its margin key, for each statistic the report prints margins for
PRINTED = {"visits": [("counts", "margin_of_error_95"),
                      ("per_zone", "per_zone_margin_of_error_95")],
           "od": [("counts", "margin_of_error_95")],
           "trips_over_time": [("counts", "margin_of_error_95"),
                               ("per_weekday", "per_weekday_margin_of_error_95"),
                               ("per_hour", "per_hour_margin_of_error_95")]}


def _trips(n_users=50, per_user=2, n_zones=6, seed=0):
    rng = make_rng(seed)
    user = np.repeat(np.arange(n_users), per_user)
    n = user.size
    start = 1_700_000_000 + rng.uniform(0, 7 * 86400, n)
    origin, dest = rng.uniform(0, 6000, (n, 2)), rng.uniform(0, 6000, (n, 2))
    trips = Trips(user, origin, dest, start, start + 900.0, np.hypot(*(dest - origin).T))
    zone = lambda p: np.minimum((p[:, 0] // 1000).astype(int), n_zones - 1)  # noqa: E731
    return trips, zone(origin), zone(dest), n_zones


def _coverage(runs, clipped_sums=False):
    """{(statistic, printed, stratum): (covered, total)} over ``runs`` seeds."""
    trips, o, d, n_zones = _trips()
    weights = {"visits": 1, "od": 1, "trips_over_time": 1}
    tally = {}
    for seed in range(runs):
        rel = report.release_report(trips, o, d, n_zones=n_zones, epsilon=1.0, weights=weights,
                                    max_trips=2, rng=make_rng(seed))
        for name, printed in PRINTED.items():
            out, truth = rel.values[name], rel.internal["truth"][name]
            for key, moe_key in printed:
                value = np.asarray(out[key], dtype=float)
                if clipped_sums and key != "counts":      # the old way: sums of clipped counts
                    axis = {"per_zone": 1, "per_weekday": 1, "per_hour": 0}[key]
                    value = np.asarray(out["counts"]).sum(axis=axis)
                t = np.asarray(truth[key], dtype=float)
                hit = np.abs(value - t) <= out[moe_key]
                for stratum, where in STRATA.items():
                    c, n = tally.get((name, key, stratum), (0, 0))
                    tally[(name, key, stratum)] = (c + int(hit[where(t)].sum()),
                                                   n + int(where(t).sum()))
    return tally


def _below_95(covered, total):
    """True when the coverage is significantly below 0.95 (one-sided binomial test, 1e-3)."""
    return stats.binomtest(covered, total, 0.95, alternative="less").pvalue < 1e-3


def test_every_printed_margin_covers_by_true_count_stratum():
    tally = _coverage(100)
    checked = 0
    for (name, key, stratum), (covered, total) in sorted(tally.items()):
        if total < 50:
            continue
        checked += 1
        assert not _below_95(covered, total), (name, key, stratum, covered / total, total)
    assert checked >= 10
    # negative control: sums of counts clipped at 0 (today's main) do not cover
    old = _coverage(100, clipped_sums=True)
    assert any(_below_95(*old[("trips_over_time", "per_weekday", s)]) for s in STRATA
               if old[("trips_over_time", "per_weekday", s)][1] >= 50)
