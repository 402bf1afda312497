"""The histograms' noise floor (``dpcore.histograms.noise_floor``) and report sentences."""
import numpy as np

from mobility_dp.dpcore.histograms import release_histograms
from mobility_dp.dpcore.histograms.describe import division_label, unit_of_privacy
from mobility_dp.dpcore.random.rng import make_rng

DAY0 = 1_606_780_800   # 2020-12-01 00:00 UTC


def test_noise_only_counts_always_warn_and_floor_is_public():
    zeros = np.zeros((24, 40), dtype=np.int64)
    floors = set()
    for seed in range(4):
        rel = release_histograms(zeros, method="static_hybrid", epsilon=1.0, rng=make_rng(seed))
        assert rel.public["warnings"] and "noise alone" in rel.public["warnings"][0]
        floors.add(rel.public["noise_only_total"])
    assert len(floors) == 1          # no data read: the same floor whatever the seed


def test_hundred_people_totals_off_by_2x_are_warned():
    rng = np.random.default_rng(1)
    silent = off_count = 0
    for cells, slots in ((10, 24), (300, 168)):
        counts = np.zeros((slots, cells), dtype=np.int64)
        for s in range(slots):     # 100 people, each in one of the first 5 cells
            counts[s, :5] = np.bincount(rng.integers(0, 5, 100), minlength=5)
        for method in ("direct", "static_hybrid", "threshold"):
            rel = release_histograms(counts, method=method, epsilon=1.0, rng=make_rng(3))
            ratio = float(np.sum(rel.values)) / counts.sum()
            off = not 0.5 <= ratio <= 2.0
            off_count += off
            silent += off and not rel.public["warnings"]
    assert off_count > 0 and silent == 0
    # a dense release holds its total and does not warn (negative control)
    dense = np.full((24, 10), 200, dtype=np.int64)
    rel = release_histograms(dense, method="static_hybrid", epsilon=1.0, rng=make_rng(0))
    assert rel.public["warnings"] == []


def test_labels_say_the_span():
    times = DAY0 + 3600.0 * np.arange(169)
    assert division_label([15, 150], times) == \
        "slots 15–150: 2020-12-01 15:00 – 2020-12-07 07:00 UTC (136 h)"
    assert division_label([6, 20], times) == "slots 6–20: 06:00 – 21:00 UTC (15 h)"
    assert "the day" in unit_of_privacy(24, 3600) and "168 hours" in unit_of_privacy(168, 3600)
    assert "whole day" not in unit_of_privacy(168, 3600)
