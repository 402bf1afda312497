"""What a scheme releases on noise alone: the histograms' margin of error and total check.

The per-timestamp histograms (Chen et al. 2019) have no closed-form margin once the sparse
vector technique reuses old histograms and Alg. 3 rounds and clips: a release of 168 hourly
slots over thousands of cells released 110,540 user-hours for 412 true, most of it clipped
noise. The noise floor is simulated from public facts only: the same method, parameters, ε
and shape run on counts of zero (nobody at all) :data:`DRAWS` times, from a fixed public
seed (no data is read, so it costs nothing and protects no one). Its median mean absolute
value per cell is the release's typical error where a cell is empty; the 95th percentile of
its totals is what noise alone can add to the released total (the totals of noise-only
releases vary several-fold: the sparse vector technique refreshes at random timestamps); a
released total within 2× of that floor may be off by more than 2×, and
:func:`floor_warnings` says so. Inside :func:`.release.release_histograms`
the floor is computed before any noise is drawn.
"""
from __future__ import annotations

import numpy as np

from ..random.rng import make_rng

DRAWS = 20
SEED = 20_191_001


def noise_floor(run, shape, history_days: int = 0) -> dict:
    """``run(counts, history, rng)`` → released values; the 95th percentile of the totals and
    the median mean absolute value per cell of :data:`DRAWS` noise-only releases of ``shape``
    (slots, cells)."""
    rng = make_rng(SEED)
    totals, maes = [], []
    zeros = np.zeros(shape, dtype=np.int64)
    history = np.zeros((history_days, *shape), dtype=np.int64) if history_days else None
    for _ in range(DRAWS):
        values = np.asarray(run(zeros, history, rng), dtype=float)
        totals.append(float(values.sum()))
        maes.append(float(np.abs(values).mean()))
    return {"noise_only_total": float(np.quantile(totals, 0.95)),
            "noise_only_mae_per_cell": float(np.median(maes))}


def floor_warnings(released_total: float, floor: dict) -> list:
    """A sentence when the released total is within 2× of what noise alone releases."""
    noise = floor["noise_only_total"]
    if noise > 0 and released_total <= 2 * noise:
        return [f"The released total ({released_total:,.0f} user-timestamps) is within 2× of "
                f"what this method can release on noise alone ({noise:,.0f}: 95 % of "
                "releases with nobody in any cell stay below it): it may be off by more "
                "than 2×; fewer timestamps or cells, a larger ε or the threshold method "
                "release less noise."]
    return []
