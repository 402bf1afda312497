"""Privacy costs and budgets, each in one unit and for one unit of privacy.

Every release returns a cost built from the mechanisms it actually called
(sequential composition: ε and δ add up, Dwork & Roth 2014, Thm. 3.16).
Every cost part and every budget carries its unit (:data:`EPSILON_UNIT` "ε",
or :data:`EPSILON_PER_METRE` "ε per metre" for geo-indistinguishability) and
its unit of privacy ("user", "vehicle", "reported point", ...): costs in
different units never add up, and the ledger refuses to charge one unit
against a budget kept in another.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Optional

from ..reporting.messages import Message
from .checks import check_delta, check_epsilon
from .units import PrivacyUnit

#: Relative slack for float sums when comparing a cost with a budget. It is
#: relative, not absolute: δ budgets are tiny (1e-9 is a typical δ), and a
#: pure ε budget (δ = 0) must refuse any δ > 0.
REL_TOLERANCE = 1e-9


#: Units of a privacy loss. Plain ε: the ratio bound holds between datasets
#: differing in one unit of privacy. ε per metre (geo-indistinguishability,
#: Andrés et al. 2013): the bound is ε·d for inputs d metres apart.
EPSILON_UNIT = "ε"
EPSILON_PER_METRE = "ε per metre"


def within(value: float, limit: float) -> bool:
    """value ≤ limit up to float rounding (relative)."""
    return value <= limit * (1.0 + REL_TOLERANCE)


_PART_FIELDS = ("mechanism", "epsilon", "delta", "sensitivity", "protects", "note", "unit",
                "unit_of_privacy", "granularity", "bound")


class BudgetExceeded(ValueError):
    """The release would spend more than the budget it draws on has left."""


def upper_sum(values) -> float:
    """The exact sum of floats rounded *up* to a float (a composed ε is never understated;
    ``math.fsum`` rounds to nearest). Non-finite values: their ``fsum``."""
    values = [float(v) for v in values]
    if not all(map(math.isfinite, values)):
        return math.fsum(values)
    exact = sum(map(Fraction, values), Fraction(0))
    near = float(exact)
    return math.nextafter(near, math.inf) if Fraction(near) < exact else near


def rest(total: float, *taken: float) -> float:
    """The ε left of ``total`` once the parts ``taken`` are spent: the float r for which the
    parts add up to exactly ``total`` (:func:`upper_sum`), so a release at ε = 1 is charged
    1, not 0.9999999999999999 (``total − sum`` is rounded once more). r is the rounded
    difference moved by ulps: the sums that round up to ``total`` fill a half-open interval
    as wide as the ulp below ``total``, no narrower than r's ulp (r ≤ total), so one r hits it."""
    total = float(total)
    r = total - math.fsum(taken)
    for _ in range(8):
        s = upper_sum([*taken, r])
        if s == total:
            break
        r = math.nextafter(r, -math.inf if s > total else math.inf)
    return r


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
    unit_of_privacy: PrivacyUnit = ""
    granularity: Optional[float] = None
    bound: Optional[float] = None

    def __post_init__(self):
        object.__setattr__(self, "unit_of_privacy", PrivacyUnit.of(self.unit_of_privacy))

    def to_dict(self) -> dict:
        return {k: str(getattr(self, k)) if k == "unit_of_privacy" else getattr(self, k)
                for k in _PART_FIELDS}

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
        def opt(v):
            return None if v is None else float(v)
        return cls((CostPart(mechanism, float(epsilon), float(delta), opt(sensitivity),
                             protects, note, unit, unit_of_privacy, opt(granularity),
                             opt(bound)),))

    @property
    def epsilon(self) -> float:
        """The parts' ε composed (their sum, rounded up: :func:`upper_sum`)."""
        return upper_sum(p.epsilon for p in self.parts)

    @property
    def delta(self) -> float:
        return math.fsum(p.delta for p in self.parts)

    @property
    def unit(self) -> str:
        """The unit of :attr:`epsilon` (plain ε for an empty cost)."""
        return _common((p.unit for p in self.parts), "unit") or EPSILON_UNIT

    @property
    def unit_of_privacy(self) -> PrivacyUnit:
        """The parts' one unit of privacy ("" when none states it)."""
        return _common((p.unit_of_privacy for p in self.parts), "unit of privacy")

    def with_unit_of_privacy(self, unit_of_privacy: PrivacyUnit) -> "PrivacyCost":
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
    unit_of_privacy: PrivacyUnit = ""

    def __post_init__(self):
        check_epsilon(self.epsilon, "budget epsilon")
        check_delta(self.delta, "budget delta")
        object.__setattr__(self, "unit_of_privacy", PrivacyUnit.of(self.unit_of_privacy))

    def allows(self, epsilon: float, delta: float) -> bool:
        return within(epsilon, self.epsilon) and within(delta, self.delta)

    def describe(self) -> str:
        """One line, e.g. "ε = 5, δ = 0 (ε, unit of privacy: user)" (translatable)."""
        if self.unit_of_privacy:
            return Message("ε = {epsilon:g}, δ = {delta:g} ({unit}, unit of privacy: {who})",
                           epsilon=self.epsilon, delta=self.delta, unit=self.unit,
                           who=self.unit_of_privacy)
        return Message("ε = {epsilon:g}, δ = {delta:g} ({unit})", epsilon=self.epsilon,
                       delta=self.delta, unit=self.unit)

    def to_dict(self) -> dict:
        return {"epsilon": self.epsilon, "delta": self.delta, "unit": self.unit,
                "unit_of_privacy": str(self.unit_of_privacy)}

    @classmethod
    def from_dict(cls, d: dict) -> "Budget":
        """Ledgers written before units existed hold plain-ε budgets."""
        return cls(d["epsilon"], d.get("delta", 0.0), d.get("unit") or EPSILON_UNIT,
                   d.get("unit_of_privacy") or "")

