"""Privacy accounting: random generators, costs, budgets and the ledger.

Every release function of dpcore returns a :class:`Release` whose
:class:`PrivacyCost` is built from the mechanisms it actually called
(sequential composition: ε and δ add up, Dwork & Roth 2014, Thm. 3.16).

Every cost part and every budget carries its unit (:data:`EPSILON_UNIT` "ε",
or :data:`EPSILON_PER_METRE` "ε per metre" for geo-indistinguishability) and
its unit of privacy ("user", "vehicle", "reported point", ...): costs in
different units never add up, and the ledger refuses to charge one unit
against a budget kept in another.

The ledger is a JSON file keyed by dataset id (by default the normalised
absolute path of the data source, :func:`dataset_id`). A release first *reserves*
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
import urllib.parse
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional

import numpy as np

from .secure_random import SecureGenerator

try:  # POSIX file locks; the plugin also runs on Windows, where msvcrt is used.
    import fcntl
except ImportError:  # pragma: no cover - exercised on Windows only
    fcntl = None
    import msvcrt

#: Relative slack for float sums when comparing a cost with a budget. It is
#: relative, not absolute: δ budgets are tiny (1e-9 is a typical δ), and a
#: pure ε budget (δ = 0) must refuse any δ > 0.
_REL_TOLERANCE = 1e-9


#: Units of a privacy loss. Plain ε: the ratio bound holds between datasets
#: differing in one unit of privacy. ε per metre (geo-indistinguishability,
#: Andrés et al. 2013): the bound is ε·d for inputs d metres apart.
EPSILON_UNIT = "ε"
EPSILON_PER_METRE = "ε per metre"


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
    """The random generator of a release.

    ``seed=None`` (every published release) gives a
    :class:`~dpcore.secure_random.SecureGenerator`: every random bit comes
    from the OS CSPRNG (``os.urandom``), as in Google's and OpenDP's DP
    libraries. A seed gives numpy's fast PCG64 generator, reproducible
    and not cryptographically secure: for tests and demos only, and
    reports mark such runs "reproducible: not for publication".
    """
    if seed is None:
        return SecureGenerator()
    if isinstance(seed, bool) or int(seed) != seed or int(seed) < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.default_rng(int(seed))


def make_rngs(seed: Optional[int], n: int) -> list:
    """``n`` independent generators for one release (e.g. sampling and noise apart).

    Without a seed, ``n`` secure generators; with one, the children of
    ``SeedSequence(seed)`` (reproducible, not for publication).
    """
    if seed is None:
        return [SecureGenerator() for _ in range(int(n))]
    make_rng(seed)                                       # the same checks of the seed
    return [np.random.default_rng(s) for s in np.random.SeedSequence(int(seed)).spawn(int(n))]


def child_rng(parent: np.random.Generator, seed) -> np.random.Generator:
    """A generator for a sub-task of a release run with ``parent``.

    A secure parent gets a fresh secure child (never a fast PRNG seeded from
    secure bits); a seeded parent gets ``default_rng(seed)``, ``seed`` drawn
    from the parent, so seeded runs stay reproducible.
    """
    if isinstance(parent, SecureGenerator):
        return SecureGenerator()
    return np.random.default_rng(seed)


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


_PART_FIELDS = ("mechanism", "epsilon", "delta", "sensitivity", "protects", "note", "unit",
                "unit_of_privacy", "granularity", "bound")


@dataclass(frozen=True)
class CostPart:
    """One mechanism call: what it spent, on what sensitivity, protecting what.

    ``unit`` is the unit of ``epsilon`` (:data:`EPSILON_UNIT` or
    :data:`EPSILON_PER_METRE`); ``unit_of_privacy`` a short name of what
    neighbouring datasets differ in ("user", "vehicle", "reported point";
    empty = not stated); ``protects`` may describe it in words.
    ``granularity`` and ``bound`` are the public output grid and clamping
    bound of a floating-point-safe continuous mechanism (None otherwise).
    """

    mechanism: str
    epsilon: float
    delta: float = 0.0
    sensitivity: Optional[float] = None
    protects: str = ""
    note: str = ""
    unit: str = EPSILON_UNIT
    unit_of_privacy: str = ""
    granularity: Optional[float] = None
    bound: Optional[float] = None

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in _PART_FIELDS}

    @classmethod
    def from_dict(cls, d: dict) -> "CostPart":
        return cls(**{k: d[k] for k in _PART_FIELDS if k in d})


def _common(values, what: str) -> str:
    """The one non-empty value of ``values`` (or ""); ValueError if they differ."""
    distinct = sorted({v for v in values if v})
    if len(distinct) > 1:
        raise ValueError(f"a privacy cost cannot mix {what}s ({' and '.join(distinct)}): "
                         "their losses do not add up")
    return distinct[0] if distinct else ""


@dataclass(frozen=True)
class PrivacyCost:
    """A list of cost parts composed sequentially (ε and δ add up).

    All parts share one unit and one unit of privacy (checked on
    construction): ε per metre and plain ε never add up.
    """

    parts: tuple = ()

    def __post_init__(self):
        _common((p.unit for p in self.parts), "unit")
        _common((p.unit_of_privacy for p in self.parts), "unit of privacy")

    @classmethod
    def of(cls, mechanism: str, epsilon: float, delta: float = 0.0, *,
           sensitivity: Optional[float] = None, protects: str = "",
           note: str = "", unit: str = EPSILON_UNIT,
           unit_of_privacy: str = "", granularity: Optional[float] = None,
           bound: Optional[float] = None) -> "PrivacyCost":
        opt = lambda v: None if v is None else float(v)
        return cls((CostPart(mechanism, float(epsilon), float(delta), opt(sensitivity),
                             protects, note, unit, unit_of_privacy, opt(granularity),
                             opt(bound)),))

    @property
    def epsilon(self) -> float:
        return math.fsum(p.epsilon for p in self.parts)

    @property
    def delta(self) -> float:
        return math.fsum(p.delta for p in self.parts)

    @property
    def unit(self) -> str:
        """The unit of :attr:`epsilon` (plain ε for an empty cost)."""
        return _common((p.unit for p in self.parts), "unit") or EPSILON_UNIT

    @property
    def unit_of_privacy(self) -> str:
        return _common((p.unit_of_privacy for p in self.parts), "unit of privacy")

    def with_unit_of_privacy(self, unit_of_privacy: str) -> "PrivacyCost":
        """This cost with every part's unit of privacy set (where not already stated)."""
        return PrivacyCost(tuple(p if p.unit_of_privacy else
                                 CostPart(**{**p.to_dict(), "unit_of_privacy": unit_of_privacy})
                                 for p in self.parts))

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

    def describe(self) -> str:
        """One line, e.g. "ε = 0.5, δ = 1e-06 (ε, unit of privacy: user)"."""
        who = f", unit of privacy: {self.unit_of_privacy}" if self.unit_of_privacy else ""
        return f"ε = {self.epsilon:.6g}, δ = {self.delta:.6g} ({self.unit}{who})"

    def to_dict(self) -> dict:
        return {"epsilon": self.epsilon, "delta": self.delta, "unit": self.unit,
                "unit_of_privacy": self.unit_of_privacy,
                "parts": [p.to_dict() for p in self.parts]}

    @classmethod
    def from_dict(cls, d: dict) -> "PrivacyCost":
        return cls(tuple(CostPart.from_dict(p) for p in d.get("parts", [])))


@dataclass(frozen=True)
class Budget:
    """A total (ε, δ) a dataset may spend over all its releases, in one unit."""

    epsilon: float
    delta: float = 0.0
    unit: str = EPSILON_UNIT
    unit_of_privacy: str = ""

    def __post_init__(self):
        check_epsilon(self.epsilon, "budget epsilon")
        check_delta(self.delta, "budget delta")

    def allows(self, epsilon: float, delta: float) -> bool:
        return _within(epsilon, self.epsilon) and _within(delta, self.delta)

    def describe(self) -> str:
        who = f", unit of privacy: {self.unit_of_privacy}" if self.unit_of_privacy else ""
        return f"ε = {self.epsilon:g}, δ = {self.delta:g} ({self.unit}{who})"

    def to_dict(self) -> dict:
        return {"epsilon": self.epsilon, "delta": self.delta, "unit": self.unit,
                "unit_of_privacy": self.unit_of_privacy}

    @classmethod
    def from_dict(cls, d: dict) -> "Budget":
        """Ledgers written before units existed hold plain-ε budgets."""
        return cls(d["epsilon"], d.get("delta", 0.0), d.get("unit") or EPSILON_UNIT,
                   d.get("unit_of_privacy") or "")


class Release:
    """What a dpcore release returns: four separate things.

    * ``values``: the noisy values (publishable);
    * ``cost``: the :class:`PrivacyCost` of the mechanisms that ran;
    * ``public``: facts that depend only on public parameters and on the
      noisy values (noise scales, parameters), safe for the publishable
      report;
    * ``internal``: anything computed from the raw data (true counts, the
      data's extent, utility against ground truth): internal report only.
    """

    __slots__ = ("values", "cost", "public", "internal")

    def __init__(self, values: Any, cost: PrivacyCost, public: Optional[dict] = None,
                 internal: Optional[dict] = None):
        self.values = values
        self.cost = cost
        self.public = dict(public or {})
        self.internal = dict(internal or {})

    def __repr__(self) -> str:
        return (f"Release(cost={self.cost.describe()}, public={sorted(self.public)}, "
                f"internal={sorted(self.internal)})")


def dataset_id(source: str) -> str:
    """The default ledger dataset id of a data source: its normalised absolute path.

    ``source`` is a path, a ``file://`` URL (query such as ``?delimiter=,``
    dropped) or an OGR/GDAL URI with ``|layername=...`` decorations (dropped),
    so the same file gets the same id whichever engine or layer name reads it.
    Sources that are not files (databases, memory layers) are returned as given.
    """
    text = str(source).strip()
    if not text:
        raise ValueError("an empty data source has no dataset id")
    if text.lower().startswith("file:"):
        text = urllib.parse.unquote(urllib.parse.urlparse(text).path)
    path = os.path.abspath(os.path.expanduser(text.split("|")[0].strip()))
    if not os.path.exists(path):
        return str(source).strip()
    return os.path.normcase(os.path.realpath(path))


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
         "datasets": {"<id>": {"budget": {"epsilon", "delta", "unit", "unit_of_privacy"},
                               "entries": [{"id", "time", "label", "status", "unit",
                                            "unit_of_privacy", "epsilon", "delta",
                                            "parts"}]}}}

    ``status`` is ``"reserved"`` while a release runs and ``"spent"`` after it.
    Reserved entries count against the budget. Ledgers written before units
    existed read as plain-ε budgets with no stated unit of privacy.
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
        """Atomic replace, then fsync of the file and of its directory (the rename)."""
        directory = os.path.dirname(self.path) or "."
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=2, sort_keys=True, ensure_ascii=False)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _fsync_directory(directory)

    # -- queries -----------------------------------------------------------
    def spent(self, dataset_id: str) -> tuple:
        """(ε, δ) spent or reserved so far on ``dataset_id`` (in its budget's unit)."""
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return _spent(ds)

    def budget(self, dataset_id: str) -> Optional[Budget]:
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return None if ds is None else Budget.from_dict(ds["budget"])

    def entries(self, dataset_id: str) -> list:
        with _locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return [] if ds is None else list(ds["entries"])

    # -- two-phase spending -----------------------------------------------
    def reserve(self, dataset_id: str, epsilon, delta: float = 0.0,
                budget: Optional[Budget] = None, label: str = "", *,
                unit: Optional[str] = None,
                unit_of_privacy: Optional[str] = None) -> "Reservation":
        """Reserve (ε, δ) for a release, or raise :class:`BudgetExceeded`.

        ``epsilon`` may be the release's planned :class:`PrivacyCost`, which
        then gives δ, the unit and the unit of privacy. The first release on a
        dataset fixes its total budget (``budget`` is then required, in the
        release's unit; an unstated unit of privacy is taken from the
        release); later calls may omit it or must give the same one. Spending in one unit (or unit of privacy) against a budget kept
        in another is refused.
        """
        if isinstance(epsilon, PrivacyCost):
            planned = epsilon
            epsilon, delta = planned.epsilon, planned.delta
            unit = unit or planned.unit
            unit_of_privacy = unit_of_privacy or planned.unit_of_privacy
        unit = unit or EPSILON_UNIT
        unit_of_privacy = unit_of_privacy or ""
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
                _check_units(dataset_id, budget, unit, unit_of_privacy)
                if not budget.unit_of_privacy:
                    budget = Budget(budget.epsilon, budget.delta, budget.unit, unit_of_privacy)
                data["datasets"][dataset_id] = {"budget": budget.to_dict(), "entries": []}
            ds = data["datasets"][dataset_id]
            stored = Budget.from_dict(ds["budget"])
            _check_units(dataset_id, stored, unit, unit_of_privacy)
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
                    f"δ={used_delta:g} of ε={stored.epsilon:g}, δ={stored.delta:g} "
                    f"({stored.unit}); this release needs ε={epsilon:g}, δ={delta:g}. "
                    "No noise was drawn.")
            ds["entries"].append({"id": entry_id, "time": _now(), "label": label,
                                  "status": "reserved", "unit": unit,
                                  "unit_of_privacy": unit_of_privacy,
                                  "epsilon": float(epsilon), "delta": float(delta), "parts": []})
            self._write(data)
        return Reservation(self, dataset_id, entry_id, float(epsilon), float(delta), unit)

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


def _check_units(dataset_id: str, budget: Budget, unit: str, unit_of_privacy: str) -> None:
    """Refuse a release whose unit (or unit of privacy) differs from the budget's."""
    if unit != budget.unit or (unit_of_privacy and budget.unit_of_privacy
                               and unit_of_privacy != budget.unit_of_privacy):
        who = f" per {unit_of_privacy}" if unit_of_privacy else ""
        raise ValueError(
            f"dataset '{dataset_id}' keeps its budget in {budget.describe()}; this release "
            f"spends {unit}{who}. A cost in one unit cannot be charged against a budget in "
            "another: use a separate dataset id (and budget) for it. No noise was drawn.")


def _fsync_directory(directory: str) -> None:
    """Make a rename in ``directory`` durable (POSIX; a no-op where unsupported)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:  # pragma: no cover - Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on directories
        pass
    finally:
        os.close(fd)


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
                 epsilon: float, delta: float, unit: str = EPSILON_UNIT):
        self.ledger, self.dataset_id, self.entry_id = ledger, dataset_id, entry_id
        self.epsilon, self.delta, self.unit = epsilon, delta, unit
        self.done = False

    def commit(self, cost: PrivacyCost) -> None:
        if self.done:
            raise ValueError("this ledger reservation was already committed or cancelled")
        if cost.parts and cost.unit != self.unit:
            raise ValueError(f"release spent {cost.unit} but reserved {self.unit}")
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
