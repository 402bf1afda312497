"""Privacy accounting: random generators, costs, budgets and the ledger.

Every release function of dpcore returns a :class:`Release` whose
:class:`PrivacyCost` is built from the mechanisms it actually called
(sequential composition: ε and δ add up, Dwork & Roth 2014, Thm. 3.16).

The ledger is a JSON file keyed by dataset id. A release first *reserves*
its planned cost (refused if the dataset's total budget would be exceeded),
then draws its noise, then *commits* the cost it actually spent. A failed
release gives its reservation back; a process killed mid-release leaves its
reservation counted as spent, which errs on the side of privacy.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import json
import math
import os
import tempfile
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

import numpy as np

try:  # POSIX file locks; the plugin also runs on Windows, where msvcrt is used.
    import fcntl
except ImportError:  # pragma: no cover - exercised on Windows only
    fcntl = None
    import msvcrt

#: Relative slack for float sums when comparing a cost with a budget. It is
#: relative, not absolute: δ budgets are tiny (1e-9 is a typical δ), and a
#: pure ε budget (δ = 0) must refuse any δ > 0.
_REL_TOLERANCE = 1e-9


def _within(value: float, limit: float) -> bool:
    """value ≤ limit up to float rounding (relative)."""
    return value <= limit * (1.0 + _REL_TOLERANCE)


class Cancelled(Exception):
    """Raised by a ``progress`` callback when the user cancels a run."""


class BudgetExceeded(ValueError):
    """The release would spend more than the dataset's remaining budget."""


Progress = Optional[Callable[[float], None]]


def report_progress(progress: Progress, fraction: float) -> None:
    """Call ``progress(fraction)`` if a callback was given (it may raise Cancelled)."""
    if progress is not None:
        progress(min(1.0, max(0.0, float(fraction))))


def make_rng(seed: Optional[int] = None) -> np.random.Generator:
    """A numpy Generator; ``seed=None`` draws fresh entropy from the OS.

    A seeded generator makes a run reproducible, which is for tests and
    demos only: a published release must not be seeded.
    """
    if seed is None:
        return np.random.default_rng(np.random.SeedSequence())
    if isinstance(seed, bool) or int(seed) != seed or int(seed) < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.default_rng(int(seed))


def check_epsilon(epsilon: float, name: str = "epsilon") -> float:
    epsilon = float(epsilon)
    if not (epsilon > 0 and math.isfinite(epsilon)):
        raise ValueError(f"{name} must be a positive finite number, got {epsilon}")
    return epsilon


def check_delta(delta: float, name: str = "delta") -> float:
    delta = float(delta)
    if not (0.0 <= delta < 1.0):
        raise ValueError(f"{name} must be in [0, 1), got {delta}")
    return delta


@dataclass(frozen=True)
class CostPart:
    """One mechanism call: what it spent, on what sensitivity, protecting what."""

    mechanism: str
    epsilon: float
    delta: float = 0.0
    sensitivity: Optional[float] = None
    protects: str = ""
    note: str = ""

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in
                ("mechanism", "epsilon", "delta", "sensitivity", "protects", "note")}

    @classmethod
    def from_dict(cls, d: dict) -> "CostPart":
        return cls(**{k: d.get(k) for k in
                      ("mechanism", "epsilon", "delta", "sensitivity", "protects", "note")
                      if k in d})


@dataclass(frozen=True)
class PrivacyCost:
    """A list of cost parts composed sequentially (ε and δ add up)."""

    parts: tuple = ()

    @classmethod
    def of(cls, mechanism: str, epsilon: float, delta: float = 0.0, *,
           sensitivity: Optional[float] = None, protects: str = "",
           note: str = "") -> "PrivacyCost":
        return cls((CostPart(mechanism, float(epsilon), float(delta),
                             None if sensitivity is None else float(sensitivity),
                             protects, note),))

    @property
    def epsilon(self) -> float:
        return math.fsum(p.epsilon for p in self.parts)

    @property
    def delta(self) -> float:
        return math.fsum(p.delta for p in self.parts)

    def __add__(self, other: "PrivacyCost") -> "PrivacyCost":
        if not isinstance(other, PrivacyCost):
            return NotImplemented
        return PrivacyCost(self.parts + other.parts)

    @staticmethod
    def sequential(costs: Iterable["PrivacyCost"]) -> "PrivacyCost":
        total = PrivacyCost()
        for c in costs:
            total = total + c
        return total

    def to_dict(self) -> dict:
        return {"epsilon": self.epsilon, "delta": self.delta,
                "parts": [p.to_dict() for p in self.parts]}

    @classmethod
    def from_dict(cls, d: dict) -> "PrivacyCost":
        return cls(tuple(CostPart.from_dict(p) for p in d.get("parts", [])))


@dataclass(frozen=True)
class Budget:
    """A total (ε, δ) a dataset may spend over all its releases."""

    epsilon: float
    delta: float = 0.0

    def __post_init__(self):
        check_epsilon(self.epsilon, "budget epsilon")
        check_delta(self.delta, "budget delta")

    def allows(self, epsilon: float, delta: float) -> bool:
        return _within(epsilon, self.epsilon) and _within(delta, self.delta)


@dataclass
class Release:
    """Released values, their privacy cost, and non-private diagnostics.

    ``info`` holds facts about the release a report may show (parameters,
    noise scales). Anything computed from the raw data goes in ``internal``
    and must never be published.
    """

    values: Any
    cost: PrivacyCost
    info: dict = field(default_factory=dict)
    internal: dict = field(default_factory=dict)


# --------------------------------------------------------------------------
# Ledger
# --------------------------------------------------------------------------

@contextlib.contextmanager
def _locked(path: str):
    """Exclusive lock on ``path + '.lock'`` for the duration of the block."""
    lock_path = path + ".lock"
    os.makedirs(os.path.dirname(lock_path) or ".", exist_ok=True)
    with open(lock_path, "a+b") as fh:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        else:  # pragma: no cover
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_LOCK, 1)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
            else:  # pragma: no cover
                fh.seek(0)
                msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class Ledger:
    """Per-dataset privacy spending, stored in a JSON file.

    Layout::

        {"version": 1,
         "datasets": {"<id>": {"budget": {"epsilon": .., "delta": ..},
                               "entries": [{"id", "time", "label", "status",
                                            "epsilon", "delta", "parts"}]}}}

    ``status`` is ``"reserved"`` while a release runs and ``"spent"`` after it.
    Reserved entries count against the budget.
    """

    def __init__(self, path: str):
        self.path = os.path.abspath(os.fspath(path))

    # -- file access -------------------------------------------------------
    def _read(self) -> dict:
        if not os.path.exists(self.path) or os.path.getsize(self.path) == 0:
            return {"version": 1, "datasets": {}}
        try:
            with open(self.path, "r", encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"privacy ledger {self.path} is unreadable: {exc}") from exc
        if not isinstance(data, dict) or "datasets" not in data:
            raise ValueError(f"{self.path} is not a Mobility DP privacy ledger")
        return data

    def _write(self, data: dict) -> None:
        directory = os.path.dirname(self.path) or "."
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=2, sort_keys=True)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    # -- queries -----------------------------------------------------------
    def spent(self, dataset_id: str) -> tuple:
        """(ε, δ) spent or reserved so far on ``dataset_id``."""
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return _spent(ds)

    def budget(self, dataset_id: str) -> Optional[Budget]:
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return None if ds is None else Budget(**ds["budget"])

    def entries(self, dataset_id: str) -> list:
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return [] if ds is None else list(ds["entries"])

    # -- two-phase spending -----------------------------------------------
    def reserve(self, dataset_id: str, epsilon: float, delta: float,
                budget: Optional[Budget] = None, label: str = "") -> "Reservation":
        """Reserve (ε, δ) for a release, or raise :class:`BudgetExceeded`.

        The first release on a dataset fixes its total budget (``budget`` is
        then required); later calls may omit it or must give the same one
        (a budget cannot be raised once spending has started).
        """
        if not dataset_id:
            raise ValueError("a dataset id is required to use the privacy ledger")
        check_epsilon(epsilon)
        check_delta(delta)
        entry_id = uuid.uuid4().hex
        with _locked(self.path):
            data = self._read()
            if dataset_id not in data["datasets"]:
                if budget is None:
                    raise ValueError(
                        f"dataset '{dataset_id}' is new in the ledger {self.path}: "
                        "give its total privacy budget (epsilon, delta) on first use")
                data["datasets"][dataset_id] = {
                    "budget": {"epsilon": budget.epsilon, "delta": budget.delta},
                    "entries": []}
            ds = data["datasets"][dataset_id]
            stored = Budget(**ds["budget"])
            if budget is not None and not (
                    math.isclose(stored.epsilon, budget.epsilon, rel_tol=_REL_TOLERANCE)
                    and math.isclose(stored.delta, budget.delta, rel_tol=_REL_TOLERANCE)):
                raise ValueError(
                    f"dataset '{dataset_id}' has a total budget of ε={stored.epsilon:g}, "
                    f"δ={stored.delta:g} in the ledger; the run gave ε={budget.epsilon:g}, "
                    f"δ={budget.delta:g}. A budget cannot be changed once spending has started.")
            used_eps, used_delta = _spent(ds)
            if not stored.allows(used_eps + epsilon, used_delta + delta):
                raise BudgetExceeded(
                    f"privacy budget exceeded for dataset '{dataset_id}': spent ε={used_eps:g}, "
                    f"δ={used_delta:g} of ε={stored.epsilon:g}, δ={stored.delta:g}; this release "
                    f"needs ε={epsilon:g}, δ={delta:g}. No noise was drawn.")
            ds["entries"].append({"id": entry_id, "time": _now(), "label": label,
                                  "status": "reserved", "epsilon": float(epsilon),
                                  "delta": float(delta), "parts": []})
            self._write(data)
        return Reservation(self, dataset_id, entry_id, float(epsilon), float(delta))

    def _finish(self, dataset_id: str, entry_id: str, cost: Optional[PrivacyCost]) -> None:
        with _locked(self.path):
            data = self._read()
            entries = data["datasets"][dataset_id]["entries"]
            for i, e in enumerate(entries):
                if e["id"] == entry_id:
                    if cost is None:
                        del entries[i]
                    else:
                        e.update(status="spent", time=_now(), epsilon=cost.epsilon,
                                 delta=cost.delta, parts=[p.to_dict() for p in cost.parts])
                    break
            else:
                raise ValueError(f"ledger entry {entry_id} vanished from {self.path}")
            self._write(data)


def _spent(ds: Optional[dict]) -> tuple:
    if ds is None:
        return 0.0, 0.0
    return (math.fsum(e["epsilon"] for e in ds["entries"]),
            math.fsum(e["delta"] for e in ds["entries"]))


class Reservation:
    """A planned spending in the ledger; commit the actual cost or cancel.

    Use as a context manager: leaving the block by an exception cancels the
    reservation (no noise was published), leaving it normally without a
    commit is an error.
    """

    def __init__(self, ledger: Ledger, dataset_id: str, entry_id: str,
                 epsilon: float, delta: float):
        self.ledger, self.dataset_id, self.entry_id = ledger, dataset_id, entry_id
        self.epsilon, self.delta = epsilon, delta
        self.done = False

    def commit(self, cost: PrivacyCost) -> None:
        if self.done:
            raise ValueError("this ledger reservation was already committed or cancelled")
        if not (_within(cost.epsilon, self.epsilon) and _within(cost.delta, self.delta)):
            raise ValueError(
                f"release spent ε={cost.epsilon:g}, δ={cost.delta:g}, more than the "
                f"ε={self.epsilon:g}, δ={self.delta:g} it reserved")
        self.ledger._finish(self.dataset_id, self.entry_id, cost)
        self.done = True

    def cancel(self) -> None:
        if not self.done:
            self.ledger._finish(self.dataset_id, self.entry_id, None)
            self.done = True

    def __enter__(self) -> "Reservation":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self.cancel()
            return False
        if not self.done:
            self.cancel()
            raise ValueError("a ledger reservation was neither committed nor cancelled")
        return False
