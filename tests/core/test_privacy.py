"""Tests of the accounting modules (dpcore.accounting.costs, checks, progress, ledger):
cost composition, budgets and the privacy ledger.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.accounting import ledger_file
from mobility_dp.dpcore.accounting.checks import check_delta, check_epsilon
from mobility_dp.dpcore.accounting.costs import Budget, CostPart, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import BudgetExceeded, Ledger
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting.progress import Cancelled, report_progress

# --------------------------------------------------------------------------
# PrivacyCost: sequential composition
# --------------------------------------------------------------------------

parts = st.builds(
    CostPart,
    mechanism=st.sampled_from(["Laplace", "discrete Laplace", "Gaussian (analytic)", "SVT"]),
    epsilon=st.floats(1e-6, 10.0),
    delta=st.one_of(st.just(0.0), st.floats(1e-12, 1e-3)),
    sensitivity=st.one_of(st.none(), st.floats(0.5, 100.0)),
    protects=st.sampled_from(["", "one user", "one trajectory"]),
    note=st.text(max_size=10),
)
costs = st.lists(parts, max_size=6).map(lambda ps: PrivacyCost(tuple(ps)))


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(costs, costs)
def test_epsilon_and_delta_of_a_sum_are_sums(a, b):
    total = a + b
    assert total.parts == a.parts + b.parts
    exact = sum((Fraction(p.epsilon) for p in total.parts), Fraction(0))
    assert Fraction(total.epsilon) >= exact                      # never understated
    assert total.epsilon <= math.nextafter(math.fsum(p.epsilon for p in total.parts), math.inf)
    assert math.isclose(total.epsilon, a.epsilon + b.epsilon, rel_tol=1e-12)
    assert math.isclose(total.delta, a.delta + b.delta, rel_tol=1e-12, abs_tol=0)


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(costs, costs, costs)
def test_composition_is_associative_with_identity(a, b, c):
    assert (a + b) + c == a + (b + c) == PrivacyCost.sequential([a, b, c])
    assert a + PrivacyCost() == PrivacyCost() + a == a
    assert PrivacyCost.sequential([]) == PrivacyCost()


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(costs)
def test_to_dict_from_dict_round_trip_through_json(c):
    d = json.loads(json.dumps(c.to_dict()))
    assert PrivacyCost.from_dict(d) == c
    assert d["epsilon"] == c.epsilon and d["delta"] == c.delta
    assert len(d["parts"]) == len(c.parts)


def test_cost_of_and_bad_addition():
    c = PrivacyCost.of("Laplace", 1, sensitivity=2, protects="one user", note="b=2")
    assert c.parts == (CostPart("Laplace", 1.0, 0.0, 2.0, "one user", "b=2"),)
    assert isinstance(c.parts[0].epsilon, float) and isinstance(c.parts[0].sensitivity, float)
    with pytest.raises(TypeError):
        c + 1.0


# --------------------------------------------------------------------------
# Parameter checks, progress, Budget
# --------------------------------------------------------------------------

@pytest.mark.parametrize("eps", [0, -0.1, math.inf, math.nan, "abc"])
def test_check_epsilon_refuses(eps):
    with pytest.raises(ValueError):
        check_epsilon(eps)


@pytest.mark.parametrize("delta", [-1e-12, 1.0, 2.0, math.nan, math.inf])
def test_check_delta_refuses(delta):
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        check_delta(delta)


def test_checks_accept_and_convert():
    assert check_epsilon(1) == 1.0 and isinstance(check_epsilon(1), float)
    assert check_delta(0) == 0.0 and check_delta(0.999) == 0.999


def test_report_progress_clamps_and_propagates_cancel():
    seen = []
    report_progress(seen.append, -0.5)
    report_progress(seen.append, 0.25)
    report_progress(seen.append, 7)
    report_progress(None, 0.5)
    assert seen == [0.0, 0.25, 1.0]

    def cancel(_):
        raise Cancelled("stop")
    with pytest.raises(Cancelled):
        report_progress(cancel, 0.5)


def test_budget_validation_and_allows():
    with pytest.raises(ValueError, match="budget epsilon"):
        Budget(0.0)
    with pytest.raises(ValueError, match="budget delta"):
        Budget(1.0, 1.0)
    b = Budget(1.0, 1e-6)
    assert b.allows(1.0, 1e-6) and b.allows(math.fsum([0.1] * 10), 0.0)
    assert not b.allows(1.0 + 1e-6, 0.0)
    assert not b.allows(0.5, 1.1e-6)
    # a pure-ε budget refuses any δ > 0, however small
    assert not Budget(1.0).allows(0.1, 1e-12)


# --------------------------------------------------------------------------
# Ledger
# --------------------------------------------------------------------------

class SentinelRng:
    """A generator that fails the test if any noise is drawn from it."""

    def __getattr__(self, name):
        raise AssertionError(f"noise was drawn (rng.{name}) although the release was refused")


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.json")


def test_reserve_commit_and_entries(ledger):
    with ledger.reserve("paris", 0.5, 0.0, Budget(1.0), label="counts") as r:
        rel = mech.laplace([3.0], sensitivity=1, epsilon=0.4, rng=make_rng(1))
        r.commit(rel.cost)
    (entry,) = ledger.entries("paris")
    assert entry["status"] == "spent" and entry["label"] == "counts"
    assert entry["epsilon"] == 0.4  # the cost actually spent, not the reservation
    assert PrivacyCost.from_dict(entry) == rel.cost
    assert ledger.spent("paris") == (0.4, 0.0)
    with pytest.raises(ValueError, match="already committed"):
        r.commit(PrivacyCost.of("Laplace", 0.1))
    assert ledger.spent("paris") == (0.4, 0.0)
    assert ledger.budget("paris") == Budget(1.0)
    assert ledger.spent("other") == (0.0, 0.0) and ledger.budget("other") is None
    assert ledger.entries("other") == []


def test_cancel_and_exception_give_the_reservation_back(ledger):
    r = ledger.reserve("d", 0.6, 0.0, Budget(1.0))
    assert ledger.spent("d") == (0.6, 0.0)  # a running release counts
    with pytest.raises(BudgetExceeded):
        ledger.reserve("d", 0.6, 0.0)
    r.cancel()
    assert ledger.spent("d") == (0.0, 0.0) and ledger.entries("d") == []
    with pytest.raises(RuntimeError):
        with ledger.reserve("d", 0.6, 0.0):
            raise RuntimeError("the release failed before publishing anything")
    assert ledger.entries("d") == []
    with pytest.raises(ValueError, match="neither committed nor cancelled"):
        with ledger.reserve("d", 0.6, 0.0):
            pass
    assert ledger.entries("d") == []


def test_refusal_happens_before_any_noise(ledger):
    with ledger.reserve("d", 0.8, 0.0, Budget(1.0)) as r:
        r.commit(PrivacyCost.of("Laplace", 0.8))
    with pytest.raises(BudgetExceeded, match="No noise was drawn"):
        with ledger.reserve("d", 0.3, 0.0, Budget(1.0)) as r:
            r.commit(mech.laplace([1.0], sensitivity=1, epsilon=0.3, rng=SentinelRng()).cost)
    assert ledger.spent("d") == (0.8, 0.0) and len(ledger.entries("d")) == 1
    # the sentinel does fire when used: the check above is meaningful
    with pytest.raises(AssertionError, match="noise was drawn"):
        mech.laplace([1.0], sensitivity=1, epsilon=0.3, rng=SentinelRng())


def test_budget_is_fixed_at_first_use(ledger):
    with pytest.raises(ValueError, match="is new in the ledger"):
        ledger.reserve("d", 0.1, 0.0)  # no budget given for a new dataset
    ledger.reserve("d", 0.1, 0.0, Budget(1.0, 1e-6)).commit(PrivacyCost.of("x", 0.1))
    for other in (Budget(2.0, 1e-6), Budget(1.0, 2e-6), Budget(1.0)):
        with pytest.raises(ValueError, match="cannot be changed"):
            ledger.reserve("d", 0.1, 0.0, other)
    ledger.reserve("d", 0.1, 0.0).commit(PrivacyCost.of("x", 0.1))  # stored budget applies
    ledger.reserve("e", 5.0, 0.0, Budget(5.0)).cancel()  # datasets are independent
    assert ledger.budget("d") == Budget(1.0, 1e-6) and ledger.spent("d")[0] == pytest.approx(0.2)


def test_many_small_releases_fill_the_budget_exactly(ledger):
    for _ in range(10):
        ledger.reserve("d", 0.1, 1e-7, Budget(1.0, 1e-6)).commit(
            PrivacyCost.of("Gaussian", 0.1, 1e-7))
    with pytest.raises(BudgetExceeded):
        ledger.reserve("d", 1e-6, 0.0)
    eps, delta = ledger.spent("d")
    assert eps == pytest.approx(1.0) and delta == pytest.approx(1e-6)


def test_delta_is_checked_at_its_own_scale(ledger):
    ledger.reserve("pure", 0.1, 0.0, Budget(1.0)).cancel()
    with pytest.raises(BudgetExceeded):
        ledger.reserve("pure", 0.1, 1e-10)  # any δ > 0 exceeds a pure-ε budget
    ledger.reserve("tiny", 0.1, 1e-9, Budget(1.0, 1e-9)).commit(PrivacyCost.of("G", 0.1, 1e-9))
    with pytest.raises(BudgetExceeded):
        ledger.reserve("tiny", 0.1, 1e-10)


def test_commit_more_than_reserved_is_refused(ledger):
    r = ledger.reserve("d", 0.5, 1e-6, Budget(1.0, 1e-5))
    with pytest.raises(ValueError, match="more than"):
        r.commit(PrivacyCost.of("Laplace", 0.6))
    with pytest.raises(ValueError, match="more than"):
        r.commit(PrivacyCost.of("Gaussian", 0.5, 2e-6))
    assert ledger.entries("d")[0]["status"] == "reserved"  # still counted as reserved
    r.commit(PrivacyCost.of("Gaussian", 0.5, 1e-6))
    assert ledger.entries("d")[0]["status"] == "spent"


def test_bad_reservations_refused(ledger):
    with pytest.raises(ValueError, match="dataset id"):
        ledger.reserve("", 0.1, 0.0, Budget(1.0))
    with pytest.raises(ValueError, match="epsilon"):
        ledger.reserve("d", 0.0, 0.0, Budget(1.0))
    with pytest.raises(ValueError, match="delta"):
        ledger.reserve("d", 0.1, 1.0, Budget(1.0))
    assert not os.path.exists(ledger.path) or ledger.entries("d") == []


def test_unreadable_ledger_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="unreadable"):
        Ledger(bad).spent("d")
    bad.write_text("[1, 2]")
    with pytest.raises(ValueError, match="not a Mobility DP privacy ledger"):
        Ledger(bad).reserve("d", 0.1, 0.0, Budget(1.0))


def test_ledger_in_a_new_directory(tmp_path):
    ledger = Ledger(tmp_path / "new" / "dir" / "ledger.json")
    ledger.reserve("d", 0.1, 0.0, Budget(1.0)).commit(PrivacyCost.of("x", 0.1))
    assert ledger.spent("d") == (0.1, 0.0)


def test_write_is_atomic(ledger, monkeypatch):
    ledger.reserve("d", 0.1, 0.0, Budget(1.0)).commit(PrivacyCost.of("Laplace", 0.1))
    with open(ledger.path, "rb") as fh:
        before = fh.read()
    real_dump = json.dump

    def dump_half_then_fail(obj, fh, **kw):
        fh.write(json.dumps(obj, **kw)[:40])  # a half-written document...
        raise OSError("disk full")            # ...then the failure

    monkeypatch.setattr(ledger_file.json, "dump", dump_half_then_fail)
    with pytest.raises(ValueError, match="disk full"):   # a clear refusal, not a traceback
        ledger.reserve("d", 0.2, 0.0)
    monkeypatch.setattr(ledger_file.json, "dump", real_dump)
    with open(ledger.path, "rb") as fh:
        assert fh.read() == before  # the old ledger is intact
    leftovers = set(os.listdir(os.path.dirname(ledger.path))) - {"ledger.json", "ledger.json.lock"}
    assert leftovers == set()       # and no temporary file remains
    assert ledger.spent("d") == (0.1, 0.0)


# --------------------------------------------------------------------------
# Concurrency: processes racing for the last budget
# --------------------------------------------------------------------------

def _race(path, barrier, results):
    """One release: reserve ε=1, hold the reservation while 'running', commit."""
    barrier.wait()
    try:
        r = Ledger(path).reserve("shared", 1.0, 0.0, Budget(3.0))
    except BudgetExceeded:
        results.put("refused")
        return
    except Exception as exc:  # reported, so that a broken lock fails fast
        results.put(f"error: {exc!r}")
        return
    time.sleep(0.2)  # the reservation must count while the release runs
    try:
        r.commit(PrivacyCost.of("Laplace", 1.0))
        results.put("released")
    except Exception as exc:
        results.put(f"error: {exc!r}")


def test_concurrent_processes_cannot_overspend(tmp_path):
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                      else "spawn")
    path = str(tmp_path / "ledger.json")
    n = 8
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=_race, args=(path, barrier, results)) for _ in range(n)]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=60) for _ in range(n)]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sorted(outcomes) == ["refused"] * 5 + ["released"] * 3
    ledger = Ledger(path)
    assert ledger.spent("shared") == (3.0, 0.0)
    assert [e["status"] for e in ledger.entries("shared")] == ["spent"] * 3
