"""A sketch of the people computed elsewhere (a Spark job's bounded tables) in the ledger:
``Ledger.reserve(sketch=...)`` / ``ReleaseContract(sketch=...)`` charge the population the same
ids would, and refuse a sketch made with another ledger's key, before any noise."""
from __future__ import annotations

import json

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import ReleaseContract
from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.sketch import K, carried, carried_values, fingerprint, sketch
from mobility_dp.dpcore.random.keyed import user_hashes

ONE = PrivacyCost.of("Laplace", 1.0, unit_of_privacy="user")
PEOPLE = np.arange(10**9, 10**9 + 3000)


def test_a_carried_sketch_joins_the_population_the_ids_would(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve("direct.gpkg", ONE, ids=PEOPLE, budget=Budget(5.0)).commit(ONE)
    key = ledger.sketch_key()
    table = carried(key, sketch(key, PEOPLE[::-1].astype(str)))
    assert json.loads(json.dumps(table)) == table and len(table["values"]) == K
    contract = ReleaseContract(ONE, ledger=str(tmp_path / "ledger.json"),
                               dataset_id="spark-table", budget=Budget(5.0),
                               sketch=table).reserve()
    contract.released(ONE)
    contract.finish()
    assert ledger.population("spark-table") == "direct.gpkg"
    assert ledger.population_spent("direct.gpkg") == (2.0, 0.0)
    # negative control: a sketch of other people, same key, gets a population of its own
    others = carried(key, sketch(key, PEOPLE + 10**6))
    ledger.reserve("others", ONE, sketch=others, budget=Budget(5.0)).commit(ONE)
    assert ledger.population("others") == "others"


def test_a_sketch_of_another_ledgers_key_is_refused_before_anything_is_written(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    key = ledger.sketch_key()
    stranger = carried(key ^ 1, sketch(key ^ 1, PEOPLE))
    with pytest.raises(ValueError, match="another key than that of .*ledger.json"):
        ledger.reserve("table", ONE, sketch=stranger, budget=Budget(5.0))
    assert ledger.datasets() == []
    with pytest.raises(ValueError, match="not both"):
        ledger.reserve("table", ONE, ids=PEOPLE, sketch=carried(key, sketch(key, PEOPLE)),
                       budget=Budget(5.0))
    short = dict(carried(key, sketch(key, PEOPLE, k=64), k=64))
    with pytest.raises(ValueError, match="keeps 64 values"):
        ledger.reserve("table", ONE, sketch=short, budget=Budget(5.0))
    assert ledger.datasets() == []


_M = 2**64 - 1
_C1, _C2, _GOLDEN = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0x9E3779B97F4A7C15


def _unmix(h: int) -> int:
    """The inverse of SplitMix64's finaliser (:func:`dpcore.random.keyed.mix`)."""
    h ^= (h >> 31) ^ (h >> 62)
    h = h * pow(_C2, -1, 2**64) & _M
    h ^= (h >> 27) ^ (h >> 54)
    h = h * pow(_C1, -1, 2**64) & _M
    return h ^ (h >> 30) ^ (h >> 60)


def _key_from_hash(h: int, text: str) -> int:
    """The key of ``user_hashes(key, [text])`` = h, undone word by word."""
    raw = text.encode()
    words = np.frombuffer(raw.ljust(-(-len(raw) // 8) * 8, b"\0"), "<u8").tolist()
    for w in reversed(words):
        h = _unmix(h) ^ w ^ _GOLDEN
    return _unmix(h) ^ (len(raw) * _GOLDEN & _M)


def test_the_fingerprint_is_one_way_and_tells_keys_apart():
    """The sketches' keyed hash of a known text gives its key back (SplitMix64's finaliser
    is a bijection): a keyed hash of a constant as fingerprint would publish the key. The
    HMAC fingerprint differs per key and the same undoing finds no key in it."""
    rng = np.random.default_rng(0)
    keys = [int(k) for k in rng.integers(0, 2**63 - 1, 200)]
    prints = [fingerprint(k) for k in keys]
    assert len(set(prints)) == len(keys) and all(len(p) == 16 for p in prints)
    const = "mobilitydp people sketch"
    for k, p in zip(keys[:20], prints):
        h = int(user_hashes(k, [const])[0])
        assert _key_from_hash(h, const) == k                   # negative control: it leaks
        assert _key_from_hash(int(p, 16), const) != k
    assert carried_values(carried(keys[0], [3, 1, 2]), keys[0]) == [1, 2, 3]
