"""Populations in the ledger (dpcore.accounting.populations, .sketch): the same people are
recognised across copies, subsets and weekly exports, and charged per person."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import multiprocessing
import os
import re
import shutil

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import ReleaseContract
from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import BudgetExceeded, Ledger
from mobility_dp.dpcore.accounting.populations import (
    Policy,
    PopulationAmbiguous,
    period_label,
    release_period,
)
from mobility_dp.dpcore.accounting.sketch import (
    K,
    SketchKey,
    containment,
    merge,
    new_key,
    sketch,
    word_values,
)

ONE = PrivacyCost.of("Laplace", 1.0)
POLICY = Policy(Budget(52.0), horizon="2026", caps=(("week", 1.0), ("month", 4.0)))
MONDAYS = [dt.date(2026, 6, 1) + dt.timedelta(weeks=w) for w in range(8)]  # 5 in June


def weekly_people(seed=0, n=5000, weeks=8, churn=0.1):
    """The ids of ``weeks`` weekly exports: the same ``n`` people, ``churn`` replaced a week."""
    rng = np.random.default_rng(seed)
    people, fresh, out = rng.choice(10**9, n, replace=False), 10**9, []
    for _ in range(weeks):
        out.append(people.copy())
        gone = rng.choice(n, int(churn * n), replace=False)
        people[gone] = np.arange(fresh, fresh + gone.size)
        fresh += gone.size
    return out


def trips(people, rng, per_person=4):
    """A trip table's user id column: each person several times, in file order."""
    return rng.permutation(np.repeat(people, per_person))


def week(day):
    return (day, day + dt.timedelta(days=6))


def test_weekly_series_is_one_population_with_caps_per_week_and_month(tmp_path):
    rng = np.random.default_rng(1)
    ledger = Ledger(tmp_path / "ledger.json")
    weeks = weekly_people()
    first = "week1.gpkg"
    ledger.reserve(first, ONE, ids=trips(weeks[0], rng), policy=POLICY,
                   period=week(MONDAYS[0])).commit(ONE)
    # a CSV copy of the same file, the same week: the same people, refused by the week cap
    with pytest.raises(BudgetExceeded, match=f"per week exceeded for population '{first}'"):
        ledger.reserve("week1.csv", ONE, ids=trips(weeks[0], rng), period=week(MONDAYS[0]))
    # a disjoint population's file gets its own budget (it must give one)
    other = np.arange(5 * 10**9, 5 * 10**9 + 3000)
    with pytest.raises(ValueError, match="give its total privacy budget"):
        ledger.reserve("other.gpkg", ONE, ids=other, period=week(MONDAYS[0]))
    ledger.reserve("other.gpkg", ONE, ids=other, budget=Budget(1.0),
                   period=week(MONDAYS[0])).commit(ONE)
    assert ledger.population("other.gpkg") == "other.gpkg"
    # weeks 2–4 as a CSV, a reprojected copy and a 70 % subset: charged to the population
    files = ["week2.csv", "week3_3857.gpkg", "week4_subset.gpkg"]
    subset = rng.choice(weeks[3], int(0.7 * weeks[3].size), replace=False)
    for name, people, day in zip(files, [weeks[1], weeks[2], subset], MONDAYS[1:4]):
        ledger.reserve(name, ONE, ids=trips(people, rng), period=week(day)).commit(ONE)
        assert ledger.population(name) == first
    assert ledger.population_spent(first, "month", "2026-06") == (4.0, 0.0)
    # the fifth release of June is refused before any noise: nothing recorded
    before = (tmp_path / "ledger.json").read_bytes()
    with pytest.raises(BudgetExceeded, match="per month exceeded .* in 2026-06"):
        ledger.reserve("week5.gpkg", ONE, ids=trips(weeks[4], rng), period=week(MONDAYS[4]))
    assert (tmp_path / "ledger.json").read_bytes() == before
    for i in (5, 6, 7):                              # July: a new month
        ledger.reserve(f"week{i + 1}.gpkg", ONE, ids=trips(weeks[i], rng),
                       period=week(MONDAYS[i])).commit(ONE)
        assert ledger.population(f"week{i + 1}.gpkg") == first
    assert ledger.population_spent(first) == (7.0, 0.0)
    assert ledger.spent("week8.gpkg") == (1.0, 0.0)      # one line per dataset, as before
    assert ledger.population_spent("other.gpkg") == (1.0, 0.0)


def test_partial_overlap_is_refused_with_its_estimate_until_the_owner_names_it(tmp_path):
    rng = np.random.default_rng(2)
    ledger = Ledger(tmp_path / "ledger.json")
    people = rng.choice(10**9, 5000, replace=False)
    ledger.reserve("a.gpkg", ONE, ids=people, policy=POLICY,
                   period=week(MONDAYS[0])).commit(ONE)
    mixed = np.concatenate([people[:1500], np.arange(2 * 10**9, 2 * 10**9 + 3500)])
    before = (tmp_path / "ledger.json").read_bytes()
    with pytest.raises(PopulationAmbiguous, match=r"'a.gpkg' \((\d+)%\)") as err:
        ledger.reserve("mixed.gpkg", ONE, ids=mixed, budget=Budget(5.0))
    estimate = int(re.search(r"\((\d+)%\)", str(err.value)).group(1)) / 100
    assert abs(estimate - 0.3) <= 0.05
    assert (tmp_path / "ledger.json").read_bytes() == before          # no noise, no entry
    # the owner says: a population of its own
    ledger.reserve("mixed.gpkg", ONE, ids=mixed, budget=Budget(5.0),
                   population="mixed people").commit(ONE)
    assert ledger.population("mixed.gpkg") == "mixed people"
    # or the same population: then the week cap of a.gpkg's people applies
    with pytest.raises(BudgetExceeded, match="population 'a.gpkg'"):
        ledger.reserve("mixed2.gpkg", ONE, ids=mixed, population="a.gpkg",
                       period=week(MONDAYS[0]))


@pytest.mark.parametrize("true", [0.0, 0.3, 0.7, 1.0])
@pytest.mark.parametrize("scheme", [1, 2])
def test_containment_error_over_seeds(true, scheme):
    """KMV containment of A (5,000 people) in B (5,000 people, ``true`` of them A's) within
    5 points of the truth at each of 50 seeds; negative control: the estimator is not
    symmetric (A in B ≠ B in A when |B| = 2 |A|). The error grows as √(|B|/|A|): the
    sample of A is the ≈ K·|A|/|B| hashes of A below B's largest."""
    errors = []
    for seed in range(50):
        rng = np.random.default_rng(seed)
        key = SketchKey(int(rng.integers(2**63 - 1)), scheme)
        a = rng.choice(10**12, 5000, replace=False)
        b = np.concatenate([a[:int(true * a.size)], rng.choice(10**12, 5000 - int(true * 5000))
                            + 10**12])
        errors.append(abs(containment(sketch(key, a), sketch(key, b)) - true))
    assert max(errors) <= 0.05
    if 0 < true < 1:
        b2 = np.concatenate([b, rng.choice(10**12, 5000) + 2 * 10**12])
        assert abs(containment(sketch(key, b2), sketch(key, a)) - true / 2) <= 0.05
        assert abs(containment(sketch(key, b2), sketch(key, a)) - true) > 0.1


def test_sketch_is_small_keyed_and_mergeable():
    rng = np.random.default_rng(3)
    a, b = rng.choice(10**9, 8000, replace=False), rng.choice(10**9, 8000, replace=False)
    k1, k2 = new_key(), new_key()
    s = sketch(k1, a)
    assert len(s) == K and s == sorted(s) and len(set(s)) == K
    assert sketch(k1, rng.permutation(np.repeat(a, 3))) == s       # order and repeats
    assert sketch(k2, a) != s                                     # the key matters
    assert len(set(sketch(k2, a)) & set(s)) < 5
    assert merge(s, sketch(k1, b)) == sketch(k1, np.concatenate([a, b]))
    assert sketch(k1, a[:10]) == sorted(sketch(k1, a[:10]))
    assert len(sketch(k1, a[:10])) == 10                          # small sets: exact
    assert sketch(k1, a.astype(str)) == s                         # '123' is the id 123
    assert sketch(k1, a.astype(str).astype(object)) == s
    assert sketch(k1, np.asarray([str(v).encode() for v in a])) == s
    old = SketchKey(k1.secret % 2**63, 1)                         # the first scheme
    assert sketch(old, a.astype(str)) == sketch(old, a) != s


def test_periods_are_calendar_weeks_and_months():
    assert period_label(dt.date(2026, 1, 1), "week") == "2026-W01"
    assert period_label(dt.date(2027, 1, 1), "week") == "2026-W53"
    assert period_label(dt.date(2026, 6, 29), "month") == "2026-06"
    with pytest.raises(ValueError, match="week' or 'month"):
        Policy(Budget(1.0), caps=(("day", 1.0),))


def test_ledger_file_holds_no_user_id_and_no_unkeyed_hash(tmp_path):
    """Searched for: the ids as text, and their SHA-256, MD5 and unkeyed 64-bit hashes;
    negative control: a file holding unkeyed hashes is caught by the same search."""
    rng = np.random.default_rng(4)
    people = rng.choice(10**9, 3000, replace=False) + 10**9     # 10 digits: no accidents
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve("d.gpkg", ONE, ids=people, budget=Budget(3.0)).commit(ONE)

    from mobility_dp.dpcore.random.id_hashes import id_words, user_hashes
    sip0 = word_values(SketchKey(0, 2), *id_words(people)).tolist()   # SipHash, zero key

    def leaks(text):
        found = []
        for u, h0, s0 in zip(people.tolist(), user_hashes(0, people).tolist(), sip0):
            t = str(u)
            for probe in (t, hashlib.sha256(t.encode()).hexdigest(),
                          hashlib.md5(t.encode()).hexdigest(), str(h0), f"{h0:x}", str(s0),
                          f"{s0:x}"):
                if probe in text:
                    found.append(probe)
        return found

    text = (tmp_path / "ledger.json").read_text()
    assert "sketch_key" in text and len(json.loads(text)["populations"]["d.gpkg"]["sketch"]) == K
    assert leaks(text) == []
    for unkeyed in (sorted(user_hashes(0, people).tolist())[:K], sorted(sip0)[:K]):
        assert len(leaks(json.dumps({"sketch": unkeyed}))) == K    # the search would see it


def test_ledger_written_before_populations_opens_unchanged(tmp_path):
    """A ledger as the previous release wrote it: each dataset its own population, its
    budget the policy, until an overlap joins a new dataset to it."""
    path = tmp_path / "ledger.json"
    old = {"version": 2, "datasets": {
        "a.gpkg": {"budget": {"epsilon": 3.0, "delta": 0.0, "unit": "ε",
                              "unit_of_privacy": "user"},
                   "entries": [{"id": "x", "time": "2026-01-01T00:00:00+00:00", "label": "l",
                                "status": "spent", "unit": "ε",
                                "unit_of_privacy": "user", "epsilon": 1.0, "delta": 0.0,
                                "parts": []}]}}}
    path.write_text(json.dumps(old))
    ledger = Ledger(path)
    assert ledger.population("a.gpkg") == "a.gpkg" and ledger.spent("a.gpkg") == (1.0, 0.0)
    assert ledger.population_spent("a.gpkg") == (1.0, 0.0)
    user = PrivacyCost.of("Laplace", 1.0, unit_of_privacy="user")
    people = np.arange(10**6, 10**6 + 4000)
    ledger.reserve("a.gpkg", user, ids=people).commit(user)     # now a.gpkg has a sketch
    ledger.reserve("a copy.csv", user, ids=people[::-1]).commit(user)
    assert ledger.population("a copy.csv") == "a.gpkg"
    with pytest.raises(BudgetExceeded, match="population 'a.gpkg'.* of ε=3"):
        ledger.reserve("another copy.csv", user, ids=people)
    # an old ledger without any ids given stays as it was, but for the new entry
    shutil.copy(tmp_path / "ledger.json", tmp_path / "kept.json")
    path.write_text(json.dumps(old))
    ledger.reserve("a.gpkg", user).commit(user)
    data = json.loads(path.read_text())
    assert "populations" not in data and data["datasets"]["a.gpkg"]["budget"] == \
        old["datasets"]["a.gpkg"]["budget"]


def _reserve_in_a_process(path, barrier, results, name, ids):
    barrier.wait()
    try:
        Ledger(path).reserve(name, ONE, ids=ids, period=week(MONDAYS[1])).commit(ONE)
        results.put("released")
    except BudgetExceeded:
        results.put("refused")
    except Exception as exc:   # reported, so that a broken lock fails fast
        results.put(f"error: {exc!r}")


def test_concurrent_runs_on_one_population_are_charged_once_each(tmp_path):
    path = str(tmp_path / "ledger.json")
    people = np.arange(10**7, 10**7 + 3000)
    policy = Policy(Budget(10.0), caps=(("week", 3.0),))
    Ledger(path).reserve("base.gpkg", ONE, ids=people, policy=policy,
                         period=week(MONDAYS[0])).commit(ONE)
    ctx = multiprocessing.get_context("fork")
    n = 5
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=_reserve_in_a_process,
                         args=(path, barrier, results, f"copy{i}.csv", people))
             for i in range(n)]
    for p in procs:
        p.start()
    outcomes = sorted(results.get(timeout=60) for _ in range(n))
    for p in procs:
        p.join(timeout=60)
    assert outcomes == ["refused"] * 2 + ["released"] * 3          # week cap 3
    assert Ledger(path).population_spent("base.gpkg") == (4.0, 0.0)


def _reserve_and_die(path, ids):
    ReleaseContract(ONE, ledger=path, dataset_id="copy.csv", ids=lambda: ids).reserve()
    os._exit(0)                                  # killed: no cancel, no commit


def test_killed_run_keeps_its_population_reservation_and_failure_rule_holds(tmp_path):
    path = str(tmp_path / "ledger.json")
    people = np.arange(10**7, 10**7 + 3000)
    Ledger(path).reserve("base.gpkg", ONE, ids=people, budget=Budget(3.0)).commit(ONE)
    proc = multiprocessing.get_context("fork").Process(target=_reserve_and_die,
                                                       args=(path, people))
    proc.start()
    proc.join(30)
    assert Ledger(path).population("copy.csv") == "base.gpkg"
    assert Ledger(path).population_spent("base.gpkg") == (2.0, 0.0)
    # the failure rule: drawn → charged to the population; not drawn → cancelled
    c = ReleaseContract(ONE, ledger=path, dataset_id="copy2.csv", ids=people).reserve()
    c.fail(drawn=True)
    assert Ledger(path).population_spent("base.gpkg") == (3.0, 0.0)
    with pytest.raises(BudgetExceeded):
        ReleaseContract(ONE, ledger=path, dataset_id="copy3.csv", ids=people).reserve()
    c = ReleaseContract(PrivacyCost.of("Laplace", 0.0 + 1e-9), ledger=path,
                        dataset_id="base.gpkg").reserve()
    c.fail(drawn=False)
    assert Ledger(path).population_spent("base.gpkg") == (3.0, 0.0)


def test_declared_policy_is_written_once_and_only_tightened_after_spending(tmp_path):
    """Ledger.declare: free before any spending; afterwards a looser total, a looser or removed
    cap or another horizon is refused (the ledger unchanged), a tighter one is accepted. A
    dataset keeps its population: naming another one later is refused."""
    ledger = Ledger(tmp_path / "ledger.json")
    assert ledger.declare("city", Policy(Budget(10.0), "per year 2026")) is None
    assert ledger.declare("city", POLICY) == Policy(Budget(10.0), "per year 2026")  # no spending
    people = np.arange(10**8, 10**8 + 2000)
    ledger.reserve("w1.gpkg", ONE, ids=people, population="city",
                   period=week(MONDAYS[0])).commit(ONE)
    assert ledger.population("w1.gpkg") == "city"
    before = (tmp_path / "ledger.json").read_bytes()
    looser = [Policy(Budget(60.0), "2026", POLICY.caps),
              Policy(Budget(52.0), "2026", (("week", 2.0), ("month", 4.0))),
              Policy(Budget(52.0), "2026", (("week", 1.0),)),
              Policy(Budget(52.0), "2027", POLICY.caps),
              Policy(Budget(52.0, 1e-6), "2026", POLICY.caps)]
    for policy in looser:
        with pytest.raises(ValueError, match="can only be tightened"):
            ledger.declare("city", policy)
    assert (tmp_path / "ledger.json").read_bytes() == before
    tighter = Policy(Budget(40.0), "2026", (("week", 0.5), ("month", 4.0)))
    assert ledger.declare("city", tighter) == POLICY
    with pytest.raises(BudgetExceeded, match="per week exceeded"):    # 1 + 1 > 0.5 · 2
        ledger.reserve("w1 copy.csv", ONE, ids=people, period=week(MONDAYS[0]))
    with pytest.raises(ValueError, match="cannot move to 'elsewhere'"):
        ledger.reserve("w1.gpkg", ONE, ids=people, population="elsewhere")


def test_a_given_budget_stays_the_datasets_own_beside_the_population(tmp_path):
    """A dataset that joins a population with a budget of its own is held to both."""
    ledger = Ledger(tmp_path / "ledger.json")
    people = np.arange(10**8, 10**8 + 2000)
    ledger.reserve("a.gpkg", ONE, ids=people, budget=Budget(10.0)).commit(ONE)
    ledger.reserve("b.csv", ONE, ids=people, budget=Budget(1.0)).commit(ONE)
    assert ledger.population("b.csv") == "a.gpkg" and ledger.budget("b.csv") == Budget(1.0, 0.0)
    with pytest.raises(BudgetExceeded, match="dataset 'b.csv'"):
        ledger.reserve("b.csv", ONE, ids=people, budget=Budget(1.0))
    ledger.reserve("a.gpkg", ONE, ids=people).commit(ONE)
    assert ledger.population_spent("a.gpkg") == (3.0, 0.0)


def test_release_period_from_window_data_or_run_date():
    day = dt.datetime(2026, 6, 1, tzinfo=dt.timezone.utc).timestamp()
    assert release_period((day, day + 6.5 * 86400)) == (
        (dt.date(2026, 6, 1), dt.date(2026, 6, 7)), "window")
    times = np.array([np.nan, day + 86400, day + 3 * 86400])
    assert release_period((None, None), times) == (
        (dt.date(2026, 6, 2), dt.date(2026, 6, 4)), "data")
    assert release_period((day, None), times)[0] == (dt.date(2026, 6, 1), dt.date(2026, 6, 4))
    assert release_period((-np.inf, np.inf), None, today=dt.date(2026, 7, 1)) == (
        (dt.date(2026, 7, 1), dt.date(2026, 7, 1)), "run date")
    assert release_period((None, None), np.array([np.nan]), today=dt.date(2026, 7, 1))[1] == \
        "run date"
