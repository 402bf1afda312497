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
from mobility_dp.dpcore.accounting.sketch import (
    K,
    SketchKey,
    carried,
    carried_values,
    fingerprint,
    sketch,
)
from mobility_dp.dpcore.random.id_hashes import mix, user_hashes

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
    contract.check_spent(ONE)
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
    stranger = carried(key._replace(secret=key.secret ^ 1), sketch(key, PEOPLE))
    with pytest.raises(ValueError, match="another key than that of .*ledger.json"):
        ledger.reserve("table", ONE, sketch=stranger, budget=Budget(5.0))
    assert ledger.datasets() == []
    first = SketchKey(key.secret % 2**63, 1)
    with pytest.raises(ValueError, match="hashing scheme 1, .*ledger.json compares sketches of "
                                         "scheme 2"):
        ledger.reserve("table", ONE, sketch=carried(first, sketch(first, PEOPLE)),
                       budget=Budget(5.0))
    unversioned = {k: v for k, v in carried(first, sketch(first, PEOPLE)).items() if k != "scheme"}
    with pytest.raises(ValueError, match="hashing scheme 1"):
        ledger.reserve("table", ONE, sketch=unversioned, budget=Budget(5.0))
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
    """The inverse of SplitMix64's finaliser (:func:`dpcore.random.id_hashes.mix`)."""
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
    keys = [SketchKey(int(k), 1) for k in rng.integers(0, 2**63 - 1, 200)]
    prints = [fingerprint(k) for k in keys]
    assert len(set(prints)) == len(keys) and all(len(p) == 16 for p in prints)
    const = "mobilitydp people sketch"
    for k, p in zip(keys[:20], prints):
        h = int(user_hashes(k.secret, [const])[0])
        assert _key_from_hash(h, const) == k.secret            # negative control: it leaks
        assert _key_from_hash(int(p, 16), const) != k.secret
    assert carried_values(carried(keys[0], [3, 1, 2]), keys[0]) == [1, 2, 3]


def _ids_from_values(values: list, secret: int) -> set:
    """Ids of 8 digits undone from scheme-1 hashes with the key: h = mix(mix(key ^ 8·φ) ^ w
    ^ φ), so w = unmix(h) ^ φ ^ mix(key ^ 8·φ), kept when it is 8 ASCII digits."""
    start = int(mix(np.asarray([(secret ^ (8 * _GOLDEN)) & _M], dtype=np.uint64))[0])
    words = [(_unmix(v) ^ _GOLDEN ^ start).to_bytes(8, "little") for v in values]
    return {int(w) for w in words if w.isdigit()}


@pytest.mark.parametrize("scheme", [1, 2])
def test_with_the_ledgers_key_scheme_1_gives_the_ids_back_and_scheme_2_does_not(tmp_path, scheme):
    """The ledger holds its key: under scheme 1 (ledgers written before scheme 2) every value
    of a population's sketch inverts to an id; under scheme 2 (SipHash-2-4) the same undoing
    finds none, and the values are not the ids' scheme-1 hashes either."""
    path = tmp_path / "ledger.json"
    if scheme == 1:                                        # a ledger of the first scheme
        path.write_text(json.dumps({"version": 2, "datasets": {}, "sketch_key": 987654321}))
    ledger = Ledger(path)
    people = np.random.default_rng(2).choice(9 * 10**7, 3000, replace=False) + 10**7
    ledger.reserve("d.gpkg", ONE, ids=people, budget=Budget(3.0)).commit(ONE)
    data = json.loads(path.read_text())
    key = ledger.sketch_key()
    assert key.scheme == scheme and data.get("sketch_scheme", 1) == scheme
    values = data["populations"]["d.gpkg"]["sketch"]
    found = _ids_from_values(values, key.secret % 2**64)
    if scheme == 1:
        assert found <= set(people.tolist()) and len(found) == K
    else:
        assert found == set()


def test_a_ledger_of_the_first_scheme_takes_the_sketches_its_spark_jobs_wrote(tmp_path):
    """A ledger written before schemes (its key alone) and a sketch a Spark job wrote for it
    then (no scheme, the fingerprint of those days): read as before, joined to the
    population; the same record is refused by a ledger of scheme 2."""
    import hashlib
    import hmac
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"version": 2, "datasets": {}, "sketch_key": 424242}))
    ledger = Ledger(old)
    ledger.reserve("direct.gpkg", ONE, ids=PEOPLE, budget=Budget(5.0)).commit(ONE)
    key = ledger.sketch_key()
    record = {k: v for k, v in carried(key, sketch(key, PEOPLE)).items() if k != "scheme"}
    then = hmac.new((424242).to_bytes(8, "big"), b"mobilitydp people sketch", hashlib.sha256)
    assert record["key_fingerprint"] == then.hexdigest()[:16]
    ledger.reserve("spark-table", ONE, sketch=record, budget=Budget(5.0)).commit(ONE)
    assert ledger.population("spark-table") == "direct.gpkg"
    with pytest.raises(ValueError, match="hashing scheme 1"):
        Ledger(tmp_path / "new.json").reserve("t", ONE, sketch=record, budget=Budget(5.0))
