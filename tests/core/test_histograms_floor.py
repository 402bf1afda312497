"""The histograms' noise floor (``dpcore.histograms.noise_floor``), the automatic scheme
(``dpcore.histograms.auto``) and report sentences."""
import numpy as np
import pytest

from mobility_dp.dpcore.histograms import planned_epsilon, release_histograms
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


def _people_per_cell(mean, cells, seed):
    return make_rng(seed).poisson(mean, (24, cells)).astype(np.int64)


def test_automatic_scheme_reads_a_noisy_size_and_wins_where_it_picks():
    # a few people per cell (the small-data case): the threshold scheme; thousands: the hybrid
    small, large = _people_per_cell(0.4, 125, 0), _people_per_cell(3000.0, 12, 1)
    picks, errors = [], {"auto": [], "static_hybrid": []}
    for seed in range(5):
        rel = release_histograms(small, method="auto", epsilon=1.0, rng=make_rng(seed))
        assert rel.cost.epsilon == pytest.approx(planned_epsilon("auto", 24, epsilon=1.0))
        assert rel.cost.parts[0].sensitivity == 24          # the noisy size: ≤ 1 per slot
        picks.append(rel.public["scheme_rule"])
        assert rel.public["warnings"][0].startswith("Scheme chosen by the automatic rule")
        errors["auto"].append(np.abs(rel.values - small).mean())
        errors["static_hybrid"].append(np.abs(release_histograms(
            small, method="static_hybrid", epsilon=1.0, rng=make_rng(seed)).values - small).mean())
        big = release_histograms(large, method="auto", epsilon=1.0, rng=make_rng(seed))
        assert big.public["scheme_rule"] == "static_hybrid"
    assert set(picks) == {"threshold"}
    # negative control: the former default on the same counts errs more than the rule's pick
    assert np.median(errors["auto"]) < 0.7 * np.median(errors["static_hybrid"])


def test_automatic_scheme_on_nobody_publishes_little():
    # noise only: the rule reads a size of about 0 and picks the threshold scheme, whose
    # released total stays below the noise floor it reports
    zeros = np.zeros((24, 125), dtype=np.int64)
    for seed in range(5):
        rel = release_histograms(zeros, method="auto", epsilon=1.0, rng=make_rng(seed))
        assert rel.public["scheme_rule"] == "threshold"
        assert np.sum(rel.values) <= rel.public["noise_only_total"]
