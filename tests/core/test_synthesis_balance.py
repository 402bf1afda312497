"""Start clocks balanced per origin zone (dpcore.od.synthesis.draws.balanced_clocks,
post-processing of the released model): each zone's hours follow their law to within about 1
where independent draws carry multinomial noise (signal), draws that share one law get no zone
structure and no hour is favoured (noise only: unbiased; a systematic sample without its random
start fails the same test). That chained trips stay in time order after it:
test_synthesis_chains.py."""
import numpy as np

from mobility_dp.dpcore.od.synthesis.draws import balanced_clocks
from mobility_dp.dpcore.random.rng import make_rng


def _clock_draws(law_of_zone, zone, rng):
    """Independent clocks: an hour of each trip's zone law and a uniform second."""
    def draw():
        cum = np.cumsum(law_of_zone, axis=1)
        u = rng.random(zone.size) * cum[zone, -1]
        hour = (cum[zone] <= u[:, None]).sum(axis=1)
        return (hour + rng.random(zone.size)) * 3600.0
    return draw


def _table(clock, zone, zones):
    return np.bincount(zone * 24 + (clock // 3600).astype(int), minlength=zones * 24).reshape(
        zones, 24)


def test_each_zones_hours_follow_their_law_far_closer_than_independent_draws():
    zones, per_zone = 60, 40
    zone = np.repeat(np.arange(zones), per_zone)
    hours = np.arange(24)
    law = np.exp(-0.5 * ((hours[None, :] - (6 + np.arange(zones)[:, None] % 14)) / 2.0) ** 2)
    law /= law.sum(axis=1, keepdims=True)     # each zone its own peak hour
    expected = per_zone * law
    rng = make_rng(0)
    draw = _clock_draws(law, zone, rng)
    plain = ((_table(draw(), zone, zones) - expected) ** 2).sum()
    got = balanced_clocks(draw, zone, rng)
    assert got.shape == zone.shape and np.all((got >= 0) & (got < 86400))
    balanced = ((_table(got, zone, zones) - expected) ** 2).sum()
    assert balanced < 0.25 * plain
    assert np.array_equal(np.bincount(zone), _table(got, zone, zones).sum(axis=1))


class _NoRandomStart:
    """Control: the draws' generator, but every zone's systematic sample starts at 0."""

    def __init__(self, rng):
        self.rng = rng

    def random(self, size=None):
        return np.zeros(size)


def _hour_bias(rng_for_balance, runs=30):
    zones, per_zone = 200, 5                    # few trips per zone: the start matters most
    zone = np.repeat(np.arange(zones), per_zone)
    law = np.full((zones, 24), 1.0 / 24)        # one law everywhere: nothing to follow
    rng = make_rng(1)
    total = np.zeros(24)
    for _ in range(runs):
        got = balanced_clocks(_clock_draws(law, zone, rng), zone, rng_for_balance(rng))
        total += _table(got, zone, zones).sum(axis=0)
    expected = runs * zones * per_zone / 24
    return np.abs(total - expected) / np.sqrt(expected)   # in binomial-ish std units


def test_noise_only_no_hour_is_favoured_and_the_control_without_random_start_is_biased():
    assert _hour_bias(lambda rng: rng).max() < 4.0
    assert _hour_bias(_NoRandomStart).max() > 8.0

