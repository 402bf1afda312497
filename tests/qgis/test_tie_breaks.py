"""Ties of a user's main pair are broken by a keyed hash of the user *id*, on every path that
chooses main pairs (OD flows, the mobility report, synthetic trips): one user more, with an id
that sorts before every other (so every dense user code shifts by one), moves at most one main
pair for a fixed key. A hash of the code moved most tied users' pairs."""
import numpy as np
import pytest

from ..support.od_layers import lines, zones
from .test_synthesizetrips import _window

# 60 users with two trips on two different unordered pairs of the three zones: all tied
PAIRS = [(0, 1), (1, 2), (0, 2), (0, 0), (1, 1), (2, 2)]
TIED = [(f"u{u}", *PAIRS[(u + s) % 6], 400 + 5 * u + 60 * k)
        for u in range(10, 70) for k, s in enumerate((0, 1 + u % 5))]
FIRST = [("00", 2, 1, 300)]                                     # sorts before "u10"
KEY = 77


@pytest.fixture
def spied(monkeypatch):
    """Every main-pair choice of a run, as {user id: pair}, with the tie key fixed."""
    from mobility_dp.dpcore.od import people, regions
    from mobility_dp.dpcore.od.synthesis import persons
    calls = []
    original = people.main_pairs

    def main_pairs(zoned, *, directed, rng=None, key=None):
        u, pair, n = original(zoned, directed=directed, key=KEY)
        ids = zoned.user_ids if zoned.user_ids is not None else IDS[zoned.trips.n]
        calls.append(dict(zip((str(i) for i in ids[u]), pair.tolist())))
        return u, pair, n
    for module in (people, regions, persons):
        monkeypatch.setattr(module, "main_pairs", main_pairs)
    return calls


IDS = {len(t): np.array(sorted({r[0] for r in t})) for t in (TIED, TIED + FIRST)}


def _moved(before: dict, after: dict) -> int:
    """Main pairs that differ between neighbouring datasets (the added user counts one)."""
    return sum(before.get(u) != after.get(u) for u in set(before) | set(after))


@pytest.mark.parametrize("alg, params", [
    ("mobilitydp:odflows", {"METHOD": "people_shrunk", "OD_TABLE": "memory:",
                            "FLOWS": "memory:"}),
    ("mobilitydp:mobilityreport", {"OD_METHOD": "people_shrunk", "WEIGHT_VISITS": 0,
                                   "WEIGHT_OD": 1, "WEIGHT_TRIPS_OVER_TIME": 0,
                                   "WEIGHT_TRIP_LENGTH": 0, "WEIGHT_TRAVEL_TIME": 0,
                                   "WEIGHT_TRIPS_PER_USER": 0, "WEIGHT_RADIUS_OF_GYRATION": 0,
                                   "WEIGHT_ZONES_PER_USER": 0, "WEIGHT_MOBILITY_ENTROPY": 0,
                                   "WEIGHT_TIME_BETWEEN_TRIPS": 0, "WEIGHT_TRIPS_PER_DAY": 0,
                                   "STATISTICS": "TEMPORARY_OUTPUT"}),
    ("mobilitydp:synthesizetrips", {"START": None, "END": None, "TRIPS_CAP": 10,
                                    "N_TRIPS": 50, "OUTPUT": "memory:"}),
])
def test_one_user_more_moves_at_most_one_main_pair(run_alg, spied, alg, params):
    choices = []
    for trips in (TIED, TIED + FIRST):
        spied.clear()
        p = {"INPUT": lines(trips=trips), "USER_FIELD": "user_id", "START_FIELD": "start",
             "END_FIELD": "end", "ZONES": zones(), "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 5,
             "EPSILON": 1.0, "SEED": 5, **params}
        if "START" in p:
            p["START"], p["END"] = _window()
        run_alg(alg, p)
        assert spied, "the run chose no main pairs"
        choices.append(spied[0])
    assert len(choices[1]) == len(choices[0]) + 1 == len(TIED) // 2 + 1
    assert _moved(*choices) == 1
