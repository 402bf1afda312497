"""The public pooling of the ``visits`` density release: which slots one noise draw covers.

Strategy of the release of :mod:`.visit_release` (public: the slots' length, the period's
start, ε): slots are pooled before the noise into *columns* (:func:`pooling`): the same block
of hours of the day (:func:`block_hours`: 8 h below ε = 0.5, else 4 h) on every weekday
together, and on every weekend day together (days of 24 h from the start; a day is a weekend
day when its midday, UTC, is a Saturday or Sunday). A week of hours becomes 2 × 3 (or 2 × 6)
columns, each summing 5 (or 2) days × 8 (or 4) hours of counts under one draw of noise. The
density is Acs & Castelluccia's (KDD 2014, §4.1); the pooling is this release's own strategy,
measured in benchmarks/density.py.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..accounting.checks import check_epsilon

#: Hours of the day pooled into one column: :data:`LOW_EPSILON_BLOCK_HOURS` below ε =
#: :data:`BLOCK_RULE_EPSILON`, else :data:`BLOCK_HOURS` (public rule, :func:`block_hours`).
BLOCK_HOURS = 4
LOW_EPSILON_BLOCK_HOURS = 8
BLOCK_RULE_EPSILON = 0.5
DAY_SECONDS = 86400.0


@dataclass(frozen=True)
class Pooling:
    """Which slots one noise draw covers (public: from the period only).

    ``column[t]`` is slot t's column of the measured matrix, ``fine[t]`` its
    entry of the global profile (day type × slot of the day); ``block`` the
    slots of a day per column (1: no pooling within the day). ``neighbours[t]``
    are the columns of the same day type whose centres bracket slot t's
    centre (the day wraps around), ``weight[t]`` the share of the second.
    """

    column: np.ndarray
    fine: np.ndarray
    block: int
    day_types: bool
    neighbours: Optional[np.ndarray] = None
    weight: Optional[np.ndarray] = None

    @property
    def n_columns(self) -> int:
        return int(self.column.max()) + 1

    @property
    def n_fine(self) -> int:
        return int(self.fine.max()) + 1

    @property
    def profiled(self) -> bool:
        """Does a column hold several slots of one day (then the profile is measured)?"""
        return self.block > 1


def _dense(codes) -> np.ndarray:
    return np.unique(np.asarray(codes), return_inverse=True)[1].ravel().astype(np.int64)


def block_hours(epsilon: float) -> int:
    """Hours per column: 8 below ε = 0.5 (less noise per column), else 4 (public rule).

    Measured on the synthetic week (benchmarks/density.py, 5 runs, with the
    interpolating :func:`spread`): with 250,000 people, blocks of 8 h gave a
    mean relative error of 0.186 / 0.150 / 0.147 at ε = 0.1 / 0.3 / 1 against
    0.21 / 0.154 / 0.146 for 4 h; with 2 million (3 runs), 0.065 / 0.064 /
    0.063 against 0.062 / 0.059 / 0.058.
    """
    return LOW_EPSILON_BLOCK_HOURS if check_epsilon(epsilon) < BLOCK_RULE_EPSILON else BLOCK_HOURS


def pooling(n_slots: int, slot_seconds: float = 3600.0, start: Optional[float] = None,
            block_hours: int = BLOCK_HOURS) -> Pooling:
    """The columns of the ``visits`` release for ``n_slots`` slots of ``slot_seconds`` from ``start``.

    Days are 24 h from ``start`` (epoch seconds; ``None``: every day of one
    type); a day is a weekend day when its midday (UTC) is a Saturday or
    Sunday. A slot length that does not divide a day pools nothing.
    """
    n_slots = int(n_slots)
    if n_slots < 1:
        raise ValueError("at least one slot is needed")
    slots = np.arange(n_slots)
    per_day = DAY_SECONDS / float(slot_seconds)
    if not (per_day >= 1 and per_day == round(per_day)):
        return Pooling(slots, slots, 1, False)
    per_day = int(round(per_day))
    day, of_day = slots // per_day, slots % per_day
    if start is None:
        kind = np.zeros(n_slots, dtype=np.int64)
    else:
        weekday = np.array([_dt.datetime.fromtimestamp(float(start) + d * DAY_SECONDS
                                                       + DAY_SECONDS / 2,
                                                       _dt.timezone.utc).weekday()
                            for d in range(int(day.max()) + 1)])
        kind = (weekday[day] >= 5).astype(np.int64)
    block = max(1, int(round(block_hours * 3600.0 / float(slot_seconds))))
    n_blocks = -(-per_day // block)
    code = kind * n_blocks + of_day // block
    column = _dense(code)
    lookup = np.full(2 * n_blocks, -1, dtype=np.int64)
    lookup[code] = column
    position = (of_day + 0.5) / block - 0.5            # block centres at 0, 1, 2, …
    low = np.floor(position).astype(np.int64)
    pair = np.stack([lookup[kind * n_blocks + low % n_blocks],
                     lookup[kind * n_blocks + (low + 1) % n_blocks]], axis=1)
    pair = np.where(pair < 0, column[:, None], pair)   # a block absent from the period
    return Pooling(column, _dense(kind * per_day + of_day), block, start is not None,
                   pair, position - low)
